// Which Python runs the server, and whether agis_lsp is importable there.
import { execFile } from "child_process";
import * as os from "os";
import * as path from "path";
import * as fs from "fs";
import * as vscode from "vscode";
import { discover, Interpreter } from "./interpreters";

export { Interpreter } from "./interpreters";

/** `bundled/tool/lsp_server.py` when this .vsix carries the server (bundled/libs), else undefined (a client-only build). */
export function bundledLauncher(extensionPath: string): string | undefined {
  const launcher = path.join(extensionPath, "bundled", "tool", "lsp_server.py");
  return fs.existsSync(launcher) && fs.existsSync(path.join(extensionPath, "bundled", "libs", "common")) ? launcher : undefined;
}

/** `agis.server.importStrategy`: the bundled server first (default), or the interpreter's own agis_lsp. */
export function importStrategy(): "useBundled" | "fromEnvironment" {
  const value = vscode.workspace.getConfiguration("agis").get<string>("server.importStrategy", "useBundled");
  return value === "fromEnvironment" ? "fromEnvironment" : "useBundled";
}

/** Expands `~` and `${workspaceFolder}` in the `agis.server.pythonPath` setting. */
export function expandPath(value: string, folder: vscode.WorkspaceFolder | undefined): string {
  let out = value.trim();
  if (out.startsWith("~")) out = path.join(os.homedir(), out.slice(1));
  const root = folder?.uri.fsPath ?? vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? "";
  out = out.replace(/\$\{workspaceFolder\}/g, root).replace(/\$\{userHome\}/g, os.homedir());
  return out;
}

/** The ms-python.python API, when that extension is installed (it is optional). */
async function fromPythonExtension(resource: vscode.Uri | undefined, log: vscode.OutputChannel): Promise<string | undefined> {
  const ext = vscode.extensions.getExtension("ms-python.python");
  if (!ext) return undefined;
  try {
    const api: any = ext.isActive ? ext.exports : await ext.activate();
    const envs = api?.environments;
    if (envs?.getActiveEnvironmentPath) {
      const active = envs.getActiveEnvironmentPath(resource);
      const resolved = await envs.resolveEnvironment(active);
      const exe: string | undefined = resolved?.executable?.uri?.fsPath ?? active?.path;
      if (exe) return exe;
    }
    // Older releases of the Python extension.
    const details = api?.settings?.getExecutionDetails?.(resource);
    const cmd: string[] | undefined = details?.execCommand;
    if (cmd && cmd.length === 1 && cmd[0]) return cmd[0];
  } catch (err) {
    log.appendLine(`Python extension: could not read its interpreter (${String(err)}); trying PATH.`);
  }
  return undefined;
}

/** Subscribes `listener` to the Python extension's interpreter changes, when it is installed. */
export async function onPythonInterpreterChanged(listener: () => void): Promise<vscode.Disposable | undefined> {
  const ext = vscode.extensions.getExtension("ms-python.python");
  if (!ext) return undefined;
  try {
    const api: any = ext.isActive ? ext.exports : await ext.activate();
    const event = api?.environments?.onDidChangeActiveEnvironmentPath ?? api?.settings?.onDidChangeExecutionDetails;
    return typeof event === "function" ? event(listener) : undefined;
  } catch {
    return undefined;
  }
}

/** agis.server.pythonPath; else the workspace's .venv / venv; else the Python extension's; else PATH. */
export async function resolveInterpreter(log: vscode.OutputChannel): Promise<Interpreter> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  const configured = vscode.workspace.getConfiguration("agis", folder?.uri).get<string>("server.pythonPath", "");
  return discover({
    setting: configured && configured.trim() ? expandPath(configured, folder) : "",
    folders: (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath),
    platform: process.platform,
    exists: (file) => fs.existsSync(file),
    pythonExtension: () => fromPythonExtension(folder?.uri, log),
  });
}

export interface ImportCheck {
  ok: boolean;
  detail: string;
}

/** Runs `<python> -c "import agis_lsp"`; ok=false with the reason when it fails. */
export function checkImport(python: string, timeoutMs = 30000): Promise<ImportCheck> {
  return checkRun(python, ["-c", "import agis_lsp; print(agis_lsp.__file__)"], timeoutMs);
}

/** Runs `<python> bundled/tool/lsp_server.py --check`: can this interpreter run the server bundled in the extension? */
export function checkBundled(python: string, launcher: string, timeoutMs = 30000): Promise<ImportCheck> {
  return checkRun(python, [launcher, "--check"], timeoutMs);
}

function checkRun(python: string, args: string[], timeoutMs: number): Promise<ImportCheck> {
  return new Promise((resolve) => {
    // cwd: a neutral directory, so that a source checkout in the current directory cannot pass for an installation.
    const options = { timeout: timeoutMs, cwd: os.tmpdir() };
    execFile(python, args, options, (err, stdout, stderr) => {
      if (!err) return resolve({ ok: true, detail: stdout.trim() });
      const e = err as NodeJS.ErrnoException & { killed?: boolean };
      if (e.code === "ENOENT") return resolve({ ok: false, detail: `${python}: not found` });
      if (e.killed) return resolve({ ok: false, detail: `${python}: no answer within ${timeoutMs / 1000} s` });
      const lines = (stderr || String(err)).trim().split(/\r?\n/);
      resolve({ ok: false, detail: lines[lines.length - 1] });
    });
  });
}
