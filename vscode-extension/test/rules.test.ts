import { strict as assert } from "node:assert";
import { test } from "node:test";
import { docsUrl, parseRulesTable, ruleOf } from "../src/rules";

test("agis-lint rules' table", () => {
  const table = ["| code | name | pass | kinds | summary |", "|---|---|---|---|---|",
    "| AGIS301 | http-method | 3 | agis | GET/POST/... are not AGTP methods |",
    "| MCPT002 | tool-name | - | mcp | a | with a pipe |", "not a row"].join("\n");
  assert.deepEqual(parseRulesTable(table), [
    { code: "AGIS301", name: "http-method", summary: "GET/POST/... are not AGTP methods" },
    { code: "MCPT002", name: "tool-name", summary: "a | with a pipe" },
  ]);
});

test("a diagnostic's code: ours or not, with its link", () => {
  assert.deepEqual(ruleOf("AGTP103"), { code: "AGTP103" });
  assert.deepEqual(ruleOf({ value: "AGIS301", target: { toString: () => "file:///c/AGIS301.md" } }),
    { code: "AGIS301", href: "file:///c/AGIS301.md" });
  assert.equal(ruleOf("E501"), undefined);
  assert.equal(ruleOf(1234), undefined);
  assert.equal(ruleOf(undefined), undefined);
});

test("docsBaseUrl as the server applies it", () => {
  assert.equal(docsUrl("AGIS301", "https://x.org/rules/"), "https://x.org/rules/AGIS301");
  assert.equal(docsUrl("AGIS301", "https://x.org/r/{code}.html"), "https://x.org/r/AGIS301.html");
  assert.equal(docsUrl("AGIS301", " "), undefined);
});
