// Rule codes and their documentation. No `vscode` import (unit-tested).

export interface RuleInfo {
  code: string;
  name: string;
  summary: string;
}

/** AGIS301, AGTP103, MCPT002, ...: the codes agis-lint's rules carry. */
export const RULE_CODE = /^[A-Z][A-Z0-9]{2,5}\d{3}$/;

/** The rows of `agis-lint rules` (a markdown table: | code | name | pass | kinds | summary |). */
export function parseRulesTable(markdown: string): RuleInfo[] {
  const rules: RuleInfo[] = [];
  for (const line of markdown.split(/\r?\n/)) {
    const parts = line.trim().replace(/^\|/, "").replace(/\|$/, "").split("|");
    if (parts.length < 5 || !RULE_CODE.test(parts[0].trim())) continue;
    // the summary is the rest of the row (it may hold a "|" of its own)
    rules.push({ code: parts[0].trim(), name: parts[1].trim(), summary: parts.slice(4).join("|").trim() });
  }
  return rules;
}

/** A diagnostic's `code` as VS Code gives it: a string, a number, or {value, target}. */
export type DiagnosticCode = string | number | { value: string | number; target: { toString(): string } } | undefined;

/** The rule code of a diagnostic and its documentation link (codeDescription.href), if it is one of ours. */
export function ruleOf(code: DiagnosticCode): { code: string; href?: string } | undefined {
  if (code === undefined) return undefined;
  if (typeof code === "object") {
    const value = String(code.value);
    return RULE_CODE.test(value) ? { code: value, href: code.target?.toString() } : undefined;
  }
  const value = String(code);
  return RULE_CODE.test(value) ? { code: value } : undefined;
}

/** `agis.docsBaseUrl` applied as the server does: `{code}` replaced, else `/CODE` appended. */
export function docsUrl(code: string, baseUrl: string | undefined): string | undefined {
  const base = (baseUrl || "").trim();
  if (!base) return undefined;
  return base.includes("{code}") ? base.replace(/\{code\}/g, code) : `${base.replace(/\/+$/, "")}/${code}`;
}
