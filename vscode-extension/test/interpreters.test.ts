import { strict as assert } from "node:assert";
import { test } from "node:test";
import { discover, DiscoveryInput, privateEnvDir, venvPython, workspaceVenvCandidates } from "../src/interpreters";

function input(over: Partial<DiscoveryInput>, files: string[] = []): DiscoveryInput {
  return { setting: "", folders: ["/ws"], platform: "linux", exists: (f) => files.includes(f), pythonExtension: async () => undefined, ...over };
}

test("the setting wins over everything", async () => {
  const found = await discover(input({ setting: " /opt/py/bin/python3 ", pythonExtension: async () => "/ext/python" }, ["/ws/.venv/bin/python"]));
  assert.deepEqual(found, { command: "/opt/py/bin/python3", source: "setting" });
});

test("the workspace .venv before venv, before the Python extension", async () => {
  const ext = async () => "/ext/python";
  assert.deepEqual(await discover(input({ pythonExtension: ext }, ["/ws/.venv/bin/python", "/ws/venv/bin/python"])),
    { command: "/ws/.venv/bin/python", source: "workspace-venv" });
  assert.deepEqual(await discover(input({ pythonExtension: ext }, ["/ws/venv/bin/python"])),
    { command: "/ws/venv/bin/python", source: "workspace-venv" });
});

test("a .venv of a later workspace folder counts when the first has none", async () => {
  const found = await discover(input({ folders: ["/a", "/b"] }, ["/b/.venv/bin/python"]));
  assert.deepEqual(found, { command: "/b/.venv/bin/python", source: "workspace-venv" });
});

test("without a venv: the Python extension's interpreter, else PATH", async () => {
  assert.deepEqual(await discover(input({ pythonExtension: async () => "/ext/python" })), { command: "/ext/python", source: "python-extension" });
  assert.deepEqual(await discover(input({})), { command: "python3", source: "PATH" });
  assert.deepEqual(await discover(input({ platform: "win32", folders: [] })), { command: "python", source: "PATH" });
});

test("the Python extension is not asked when a workspace venv exists", async () => {
  let asked = false;
  await discover(input({ pythonExtension: async () => ((asked = true), "/ext/python") }, ["/ws/.venv/bin/python"]));
  assert.equal(asked, false);
});

test("Windows layout: Scripts\\python.exe", async () => {
  assert.deepEqual(workspaceVenvCandidates("C:\\ws", "win32"), ["C:\\ws\\.venv\\Scripts\\python.exe", "C:\\ws\\venv\\Scripts\\python.exe"]);
  const found = await discover(input({ platform: "win32", folders: ["C:\\ws"] }, ["C:\\ws\\venv\\Scripts\\python.exe"]));
  assert.deepEqual(found, { command: "C:\\ws\\venv\\Scripts\\python.exe", source: "workspace-venv" });
  assert.equal(venvPython(privateEnvDir("C:\\store", "win32"), "win32"), "C:\\store\\server-env\\Scripts\\python.exe");
  assert.equal(venvPython(privateEnvDir("/store", "linux"), "linux"), "/store/server-env/bin/python");
});
