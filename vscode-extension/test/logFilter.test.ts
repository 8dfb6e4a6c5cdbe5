import { strict as assert } from "node:assert";
import { test } from "node:test";
import { isProtocolNoise, keepLine, LineFilter } from "../src/logFilter";

test("pygls' protocol lines are noise; the server's own messages and tracebacks are not", () => {
  assert.ok(isProtocolNoise('Cancel notification for unknown message id "12"'));
  assert.ok(isProtocolNoise('Received response to unknown message id "3"\r'));
  assert.ok(isProtocolNoise("[Debug - 10:01:02] details"));
  assert.ok(!isProtocolNoise("[Info  - 10:01:02] Loading the AGIS semantic model"));
  assert.ok(!isProtocolNoise("Traceback (most recent call last):"));
  assert.ok(!isProtocolNoise('  File "x.py", line 1 -- Cancel notification for unknown message id'));
});

test("stderr in chunks: lines judged whole, noise dropped unless tracing", () => {
  const f = new LineFilter(keepLine("off"));
  let out = f.push('Cancel notification for unkn');
  assert.equal(out, "");
  out += f.push('own message id "7"\nreal problem\nCancel notification for unknown message id "8"\r\npartial');
  assert.equal(out, "real problem\n");
  assert.equal(f.flush(), "partial");
  assert.equal(f.flush(), "");
});

test("with agis.trace.server messages or verbose everything is kept", () => {
  for (const trace of ["messages", "verbose"]) {
    const f = new LineFilter(keepLine(trace));
    assert.equal(f.push('Cancel notification for unknown message id "1"\n'), 'Cancel notification for unknown message id "1"\n');
  }
  const off = new LineFilter(keepLine(undefined));
  assert.equal(off.push('Cancel notification for unknown message id "1"\n'), "");
});
