// The AGIS extension: starts the server bundled in the .vsix (`<python> bundled/tool/lsp_server.py`,
// its libraries in bundled/libs: no pip install) or else `<python> -m agis_lsp.lsp`, over stdio, and lets
// vscode-languageclient do the rest (diagnostics, quick fixes, hover, completion,
// progress). Everything the server checks is decided by the server and its
// configuration; this file only finds Python (python.ts, interpreters.ts), installs the server
// into a private environment when asked (privateEnv.ts), starts, restarts and reports state.
import * as vscode from "vscode";
import {
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  State,
  TransportKind,
  WorkDoneProgress,
  WorkDoneProgressCreateRequest,
} from "vscode-languageclient/node";
import * as fs from "fs";
import { Interpreter, SOURCE_LABEL } from "./interpreters";
import { FilteredOutputChannel } from "./output";
import { installPrivateEnv, privateEnvPython } from "./privateEnv";
import { bundledLauncher, checkBundled, checkImport, importStrategy, onPythonInterpreterChanged, resolveInterpreter } from "./python";
import { RuleDocs, SHOW_RULE_DOCS } from "./ruleDocs";

const CLIENT_ID = "agis"; // also the prefix of the `agis.trace.server` setting
const CLIENT_NAME = "AGIS";

/** Files the server handles. TOML files keep their own language (`toml` or plain text). */
export const DOCUMENT_SELECTOR = [
  { scheme: "file", language: "agis" },
  { scheme: "untitled", language: "agis" },
  { scheme: "file", pattern: "**/endpoints/*.toml" },
  { scheme: "file", pattern: "**/agtp-server.toml" },
  { scheme: "file", pattern: "**/agtp-recipes.toml" },
  // A2T, ADP, AINP, MCP tool lists, agis.json: agis_lsp.formats.registry.watch_globs()
  // (kept equal by tests/formats/test_editor_patterns.py)
  { scheme: "file", pattern: "**/.well-known/agis.json" },
  { scheme: "file", pattern: "**/agis.json" },
  { scheme: "file", pattern: "**/*.agis-wellknown.json" },
  { scheme: "file", pattern: "**/*.a2t.json" },
  { scheme: "file", pattern: "**/*.a2t.yaml" },
  { scheme: "file", pattern: "**/*.a2t.yml" },
  { scheme: "file", pattern: "**/a2t-tools.json" },
  { scheme: "file", pattern: "**/a2t-tools.yaml" },
  { scheme: "file", pattern: "**/.well-known/agent" },
  { scheme: "file", pattern: "**/.well-known/agent.json" },
  { scheme: "file", pattern: "**/*.adp.json" },
  { scheme: "file", pattern: "**/*.adp.yaml" },
  { scheme: "file", pattern: "**/agent-manifest.json" },
  { scheme: "file", pattern: "**/*.adp-capability.json" },
  { scheme: "file", pattern: "**/*.adp-capability.yaml" },
  { scheme: "file", pattern: "**/api/capabilities/*.json" },
  { scheme: "file", pattern: "**/.ainp/manifest" },
  { scheme: "file", pattern: "**/.ainp/manifest.json" },
  { scheme: "file", pattern: "**/.ainp/manifest.yaml" },
  { scheme: "file", pattern: "**/.ainp/manifest.yml" },
  { scheme: "file", pattern: "**/*.ainp.yaml" },
  { scheme: "file", pattern: "**/*.ainp.yml" },
  { scheme: "file", pattern: "**/*.ainp.json" },
  { scheme: "file", pattern: "**/ainp-manifest.yaml" },
  { scheme: "file", pattern: "**/ainp-manifest.json" },
  { scheme: "file", pattern: "**/*.ainp-query.json" },
  { scheme: "file", pattern: "**/*.ainp-execute.json" },
  { scheme: "file", pattern: "**/.ainp/query.json" },
  { scheme: "file", pattern: "**/.ainp/execute.json" },
  { scheme: "file", pattern: "**/*.ainp-message.json" },
  { scheme: "file", pattern: "**/.vscode/mcp.json" },
  { scheme: "file", pattern: "**/.cursor/mcp.json" },
  { scheme: "file", pattern: "**/.mcp.json" },
  { scheme: "file", pattern: "**/.claude.json" },
  { scheme: "file", pattern: "**/claude_desktop_config.json" },
  { scheme: "file", pattern: "**/.codeium/windsurf/mcp_config.json" },
  { scheme: "file", pattern: "**/.continue/config.yaml" },
  { scheme: "file", pattern: "**/.continue/mcpServers/*.yaml" },
  { scheme: "file", pattern: "**/*.mcp.json" },
  { scheme: "file", pattern: "**/*.mcp.yaml" },
  { scheme: "file", pattern: "**/*.mcp.yml" },
  { scheme: "file", pattern: "**/mcp-tools.json" },
  { scheme: "file", pattern: "**/mcp-tools.yaml" },
  { scheme: "file", pattern: "**/tools-list.json" },
  { scheme: "file", pattern: "**/mcp/tools.json" },
  { scheme: "file", pattern: "**/mcp/tools" },
  // Agent Skills (SKILL.md) and agent instruction files: by exact name and place only
  { scheme: "file", pattern: "**/SKILL.md" },
  { scheme: "file", pattern: "**/skill.md" },
  { scheme: "file", pattern: "**/.claude/skills/*/SKILL.md" },
  { scheme: "file", pattern: "**/.codex/skills/*/SKILL.md" },
  { scheme: "file", pattern: "**/.agents/skills/*/SKILL.md" },
  { scheme: "file", pattern: "**/AGENTS.md" },
  { scheme: "file", pattern: "**/AGENTS.override.md" },
  { scheme: "file", pattern: "**/CLAUDE.md" },
  { scheme: "file", pattern: "**/CLAUDE.local.md" },
  { scheme: "file", pattern: "**/GEMINI.md" },
  { scheme: "file", pattern: "**/.cursorrules" },
  { scheme: "file", pattern: "**/.windsurfrules" },
  { scheme: "file", pattern: "**/.clinerules" },
  { scheme: "file", pattern: "**/.cursor/rules/*.mdc" },
  { scheme: "file", pattern: "**/.github/copilot-instructions.md" },
  { scheme: "file", pattern: "**/.github/instructions/*.instructions.md" },
  { scheme: "file", pattern: "**/.windsurf/rules/*.md" },
];

type Phase = "starting" | "running" | "stopped" | "failed";

class AgisExtension implements vscode.Disposable {
  private client: LanguageClient | undefined;
  private readonly output = vscode.window.createOutputChannel(CLIENT_NAME);
  private readonly status = vscode.window.createStatusBarItem("agis.status", vscode.StatusBarAlignment.Right, 100);
  private readonly disposables: vscode.Disposable[] = [];
  private queueTail: Promise<void> = Promise.resolve();
  /** the interpreter the running server uses */
  private python: Interpreter | undefined;
  /** agis-lint with the same interpreter and libraries as the running server (AGIS: Show Rule Documentation) */
  private lintArgv: string[] | undefined;
  private installing = false;

  constructor(private readonly context: vscode.ExtensionContext) {
    this.status.name = "AGIS language server";
    this.status.command = "agis.showOutput";
    this.setPhase("stopped");
  }

  register(context: vscode.ExtensionContext): void {
    const ruleDocs = new RuleDocs(context, () => this.lintArgv, this.output);
    context.subscriptions.push(
      this,
      vscode.commands.registerCommand("agis.restartServer", () => this.restart()),
      vscode.commands.registerCommand("agis.showOutput", () => this.output.show(true)),
      vscode.commands.registerCommand("agis.installServer", () => this.install()),
      vscode.commands.registerCommand(SHOW_RULE_DOCS, (arg?: string | { code: string; href?: string }) => ruleDocs.show(arg)),
      vscode.languages.registerCodeActionsProvider(DOCUMENT_SELECTOR, ruleDocs, { providedCodeActionKinds: RuleDocs.kinds }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration("agis.server.pythonPath") || e.affectsConfiguration("agis.server.importStrategy")) void this.restart();
      }),
      vscode.window.onDidChangeActiveTextEditor(() => this.updateVisibility()),
    );
    void onPythonInterpreterChanged(() => {
      const configured = vscode.workspace.getConfiguration("agis").get<string>("server.pythonPath", "");
      if (!configured) void this.restart();
    }).then((d) => d && context.subscriptions.push(d));
  }

  /** Serialises start/stop so that a restart issued during a start waits for it. */
  private queue(step: () => Promise<void>): Promise<void> {
    this.queueTail = this.queueTail.then(step, step);
    return this.queueTail;
  }

  start(): Promise<void> {
    return this.queue(() => this.doStart());
  }

  restart(): Promise<void> {
    return this.queue(async () => {
      await this.doStop();
      await this.doStart();
    });
  }

  stop(): Promise<void> {
    return this.queue(() => this.doStop());
  }

  private async doStart(): Promise<void> {
    this.setPhase("starting");
    this.python = undefined;
    this.lintArgv = undefined;
    const found = await resolveInterpreter(this.output);
    this.output.appendLine(`Python (${SOURCE_LABEL[found.source]}): ${found.command}`);
    const launcher = importStrategy() === "useBundled" ? bundledLauncher(this.context.extensionPath) : undefined;
    if (launcher) {
      const bundled = await checkBundled(found.command, launcher);
      if (bundled.ok) {
        this.output.appendLine(`agis_lsp (bundled with the extension): ${bundled.detail}`);
        return this.launch(found, [launcher], "bundled");
      }
      this.output.appendLine(`The bundled server cannot run with ${found.command}: ${bundled.detail}; trying its own agis_lsp.`);
    }
    let python = found;
    let check = await checkImport(found.command);
    if (!check.ok) {
      this.output.appendLine(`agis_lsp cannot be imported by ${found.command}: ${check.detail}`);
      const privatePython = privateEnvPython(this.context);
      const privateCheck = fs.existsSync(privatePython) ? await checkImport(privatePython) : undefined;
      if (!privateCheck?.ok) {
        this.setPhase("failed", `agis_lsp is not installed for ${found.command}`);
        void this.offerInstall(found.command, check.detail);
        return;
      }
      python = { command: privatePython, source: "private-env" };
      check = privateCheck;
      this.output.appendLine(`Python (${SOURCE_LABEL[python.source]}): ${python.command}`);
    }
    this.output.appendLine(`agis_lsp: ${check.detail}`);
    await this.launch(python, ["-m", "agis_lsp.lsp"], "-m agis_lsp.lsp");
  }

  /** Starts `<python> <args>` over stdio; `how` names it in the status item (`bundled` or `-m agis_lsp.lsp`). */
  private async launch(python: Interpreter, args: string[], how: string): Promise<void> {
    const serverOptions: ServerOptions = {
      command: python.command,
      args,
      transport: TransportKind.stdio,
      options: { env: { ...process.env, PYTHONUNBUFFERED: "1", LS_IMPORT_STRATEGY: "useBundled" } },
    };
    const clientOptions: LanguageClientOptions = {
      documentSelector: DOCUMENT_SELECTOR,
      // stderr and window/logMessage, without pygls' protocol noise unless agis.trace.server is on
      outputChannel: new FilteredOutputChannel(this.output),
      traceOutputChannel: this.output,
      initializationOptions: currentSettings(),
      synchronize: { configurationSection: "agis" },
    };
    const client = new LanguageClient(CLIENT_ID, CLIENT_NAME, serverOptions, clientOptions);
    this.client = client;
    this.python = python;
    this.lintArgv = how === "bundled" ? [python.command, args[0], "--cli"] : [python.command, "-m", "agis_lsp.cli"];
    client.onDidChangeState((e) => {
      if (this.client !== client) return;
      if (e.newState === State.Running) this.setPhase("running", `${python.command} ${how} (${SOURCE_LABEL[python.source]})`);
      else if (e.newState === State.Starting) this.setPhase("starting");
      else this.setPhase("stopped");
    });
    try {
      await client.start();
      this.trackProgress(client);
    } catch (err) {
      this.output.appendLine(`The server did not start: ${String(err)}`);
      this.setPhase("failed", String(err));
      void vscode.window.showErrorMessage(`AGIS: the language server did not start (${String(err)}).`, "Show Output").then((choice) => {
        if (choice) this.output.show(true);
      });
    }
  }

  /**
   * Server-initiated progress (`window/workDoneProgress/create` + `$/progress`, e.g. "Loading the
   * AGIS semantic model"): shown in the status bar item and as a window progress. This replaces
   * vscode-languageclient's own handler, which shows the same progress but offers no hook to see it.
   */
  private trackProgress(client: LanguageClient): void {
    client.onRequest(WorkDoneProgressCreateRequest.type, ({ token }) => {
      let finish: () => void = () => undefined;
      const done = new Promise<void>((resolve) => (finish = resolve));
      let report: ((value: { message?: string; increment?: number }) => void) | undefined;
      let percentage = 0;
      const handler = client.onProgress(WorkDoneProgress.type, token, (value) => {
        if (value.kind === "begin") {
          this.setBusy(value.title);
          void vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: `AGIS: ${value.title}` }, (progress) => {
            report = (v) => progress.report(v);
            if (value.message) progress.report({ message: value.message });
            return done;
          });
        } else if (value.kind === "report") {
          const increment = value.percentage !== undefined ? Math.max(0, value.percentage - percentage) : undefined;
          if (value.percentage !== undefined) percentage = value.percentage;
          report?.({ message: value.message, increment });
        } else {
          this.setBusy(undefined, value.message);
          finish();
          handler.dispose();
        }
      });
      return null;
    });
  }

  private busy: string | undefined;

  private setBusy(title: string | undefined, message?: string): void {
    this.busy = title;
    if (title) this.output.appendLine(`${title}…`);
    else if (message) this.output.appendLine(message);
    this.setPhase(this.phase);
  }

  private async doStop(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (client) {
      try {
        await client.stop(5000);
      } catch (err) {
        this.output.appendLine(`Stopping the server: ${String(err)}`);
      }
      await client.dispose().catch(() => undefined);
    }
    this.setPhase("stopped");
  }

  /** agis_lsp is missing: offer to install it into the extension's private environment, or to choose a Python. */
  private async offerInstall(python: string, detail: string): Promise<void> {
    if (this.installing) return;
    const install = "Install agis-lsp";
    const settings = "Choose Python…";
    const missingPython = /: not found$/.test(detail);
    const choice = await vscode.window.showErrorMessage(
      missingPython
        ? `AGIS: no Python to run the language server (${detail}). Set agis.server.pythonPath.`
        : `AGIS: the agis-lsp package is not installed for ${python} (${detail}). Install it into a private environment of this extension?`,
      ...(missingPython ? [settings] : [install, settings]),
    );
    if (choice === install) await this.install(python);
    else if (choice === settings) await vscode.commands.executeCommand("workbench.action.openSettings", "agis.server.pythonPath");
  }

  /** `AGIS: Install agis-lsp into a Private Environment`: with `base` (default: the interpreter found), then restart. */
  private async install(base?: string): Promise<void> {
    if (this.installing) return;
    this.installing = true;
    try {
      const python = base ?? (await resolveInterpreter(this.output)).command;
      const result = await installPrivateEnv(this.context, python, this.output);
      if (!result.ok) {
        this.output.appendLine(`Installing agis-lsp failed: ${result.detail}`);
        const show = "Show Output";
        const settings = "Choose Python…";
        const choice = await vscode.window.showErrorMessage(`AGIS: installing agis-lsp failed: ${result.detail}`, show, settings);
        if (choice === show) this.output.show(true);
        else if (choice === settings) await vscode.commands.executeCommand("workbench.action.openSettings", "agis.server.pythonPath");
        return;
      }
      void vscode.window.showInformationMessage(`AGIS: agis-lsp is installed in ${result.detail}; starting the server.`);
    } finally {
      this.installing = false;
    }
    await this.restart();
  }

  private setPhase(phase: Phase, detail?: string): void {
    const icon = { starting: "$(loading~spin)", running: "$(check)", stopped: "$(circle-slash)", failed: "$(error)" }[phase];
    if (phase !== "running") this.busy = undefined;
    this.status.text = this.busy ? `$(loading~spin) AGIS: ${this.busy}` : `${icon} AGIS`;
    if (detail !== undefined || phase !== this.phase) this.detail = detail;
    this.status.tooltip = `AGIS language server: ${phase}${this.detail ? `\n${this.detail}` : ""}\nClick to show the output.`;
    this.status.backgroundColor = phase === "failed" ? new vscode.ThemeColor("statusBarItem.errorBackground") : undefined;
    this.phase = phase;
    this.updateVisibility();
  }

  private phase: Phase = "stopped";
  private detail: string | undefined;

  private updateVisibility(): void {
    const doc = vscode.window.activeTextEditor?.document;
    const relevant = !!doc && vscode.languages.match(DOCUMENT_SELECTOR, doc) > 0;
    if (relevant || this.busy || this.phase === "failed" || this.phase === "starting") this.status.show();
    else this.status.hide();
  }

  dispose(): void {
    void this.doStop();
    this.status.dispose();
    this.output.dispose();
    this.disposables.forEach((d) => d.dispose());
  }
}

/** The `agis` settings as sent in initializationOptions (the server also pulls them). */
function currentSettings(): Record<string, unknown> {
  const config = vscode.workspace.getConfiguration("agis");
  const keys = ["level", "semantic", "catalogPath", "severity", "docsBaseUrl", "debounceMs"];
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const value = config.get(key);
    if (value !== undefined && value !== null) out[key] = value;
  }
  return out;
}

let extension: AgisExtension | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  extension = new AgisExtension(context);
  extension.register(context);
  await extension.start();
}

export async function deactivate(): Promise<void> {
  await extension?.stop();
  extension = undefined;
}
