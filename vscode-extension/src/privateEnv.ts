// The extension's own environment for the server: a venv under its global storage, created with a
// found interpreter's `-m venv`, then `pip install agis-lsp` (as the Python tools extensions do
// when a tool is missing). Runs as a progress notification; every line of output goes to the channel.
import { spawn } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as vscode from "vscode";
import { privateEnvDir, venvPython } from "./interpreters";
import { checkImport } from "./python";

export function privateEnvPython(context: vscode.ExtensionContext): string {
  return venvPython(privateEnvDir(context.globalStorageUri.fsPath, process.platform), process.platform);
}

/** What to give `pip install`: `agis-lsp`, unless the test-only setting `agis.server.installSource` says otherwise. */
export function installArgs(): string[] {
  const source = vscode.workspace.getConfiguration("agis").get<string[]>("server.installSource", []);
  return Array.isArray(source) && source.length ? source.map(String) : ["agis-lsp"];
}

interface RunResult {
  code: number | null;
  lastLine: string;
}

/** Runs a command, its output line by line into `log`; cancellation kills it. */
function runLogged(command: string, args: string[], log: vscode.OutputChannel, token: vscode.CancellationToken): Promise<RunResult> {
  return new Promise((resolve) => {
    log.appendLine(`> ${[command, ...args].join(" ")}`);
    let lastLine = "";
    const child = spawn(command, args, { cwd: os.tmpdir(), env: { ...process.env, PIP_DISABLE_PIP_VERSION_CHECK: "1" } });
    const onData = (data: Buffer) => {
      const text = data.toString();
      log.append(text);
      const lines = text.split(/\r?\n/).filter((l) => l.trim());
      if (lines.length) lastLine = lines[lines.length - 1].trim();
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    const cancel = token.onCancellationRequested(() => child.kill());
    child.on("error", (err) => {
      cancel.dispose();
      resolve({ code: null, lastLine: `${command}: ${err.message}` });
    });
    child.on("close", (code) => {
      cancel.dispose();
      resolve({ code: token.isCancellationRequested ? null : code, lastLine: token.isCancellationRequested ? "cancelled" : lastLine });
    });
  });
}

export interface InstallResult {
  ok: boolean;
  /** the private environment's interpreter when ok; what went wrong otherwise */
  detail: string;
}

/** Creates (or re-creates) the private environment with `basePython -m venv` and installs agis-lsp into it. */
export function installPrivateEnv(context: vscode.ExtensionContext, basePython: string, log: vscode.OutputChannel): Thenable<InstallResult> {
  const dir = privateEnvDir(context.globalStorageUri.fsPath, process.platform);
  const python = privateEnvPython(context);
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: "AGIS: installing agis-lsp", cancellable: true },
    async (progress, token): Promise<InstallResult> => {
      log.appendLine(`Installing agis-lsp into the extension's private environment ${dir} (with ${basePython})`);
      progress.report({ message: "creating a virtual environment…" });
      fs.rmSync(dir, { recursive: true, force: true });
      fs.mkdirSync(context.globalStorageUri.fsPath, { recursive: true });
      const venv = await runLogged(basePython, ["-m", "venv", dir], log, token);
      if (venv.code !== 0) return { ok: false, detail: `${basePython} -m venv failed: ${venv.lastLine}` };
      progress.report({ message: "pip install agis-lsp…" });
      const pip = await runLogged(python, ["-m", "pip", "install", ...installArgs()], log, token);
      if (pip.code !== 0) return { ok: false, detail: `pip install failed: ${pip.lastLine}` };
      const check = await checkImport(python);
      if (!check.ok) return { ok: false, detail: `installed, but agis_lsp cannot be imported: ${check.detail}` };
      log.appendLine(`Installed: ${check.detail}`);
      return { ok: true, detail: python };
    },
  );
}
