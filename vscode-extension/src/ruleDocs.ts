// `AGIS: Show Rule Documentation`: the documentation of the rule of the diagnostic under the
// cursor (its codeDescription link, which the server renders to a markdown file or points at
// agis.docsBaseUrl), else of a rule chosen from every rule (`agis-lint rules`). Also a code action
// on each of our diagnostics.
import { execFile } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as vscode from "vscode";
import { DiagnosticCode, docsUrl, parseRulesTable, ruleOf, RuleInfo } from "./rules";

export const SHOW_RULE_DOCS = "agis.showRuleDocs";

/** Runs agis-lint (`argv` = `[python, -m, agis_lsp.cli]` or `[python, bundled/tool/lsp_server.py, --cli]`) with ARGS. */
function agisLint(argv: string[], args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(argv[0], [...argv.slice(1), ...args], { cwd: os.tmpdir(), timeout: 60000, maxBuffer: 8 << 20 }, (err, stdout, stderr) => {
      if (err) reject(new Error((stderr || String(err)).trim().split(/\r?\n/).pop()));
      else resolve(stdout);
    });
  });
}

export class RuleDocs implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];

  constructor(
    private readonly context: vscode.ExtensionContext,
    /** the command line of agis-lint beside the running server (undefined while none works) */
    private readonly python: () => string[] | undefined,
    private readonly log: vscode.OutputChannel,
  ) {}

  provideCodeActions(_doc: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const seen = new Set<string>();
    const actions: vscode.CodeAction[] = [];
    for (const diagnostic of context.diagnostics) {
      const rule = ruleOf(diagnostic.code as DiagnosticCode);
      if (!rule || seen.has(rule.code)) continue;
      seen.add(rule.code);
      const action = new vscode.CodeAction(`Show documentation for ${rule.code}`, vscode.CodeActionKind.QuickFix);
      action.command = { title: action.title, command: SHOW_RULE_DOCS, arguments: [rule] };
      action.diagnostics = [diagnostic];
      actions.push(action);
    }
    return actions;
  }

  /** The command: `arg` a rule code or {code, href}; without one, the diagnostic under the cursor or a pick. */
  async show(arg?: string | { code: string; href?: string }): Promise<void> {
    try {
      const rule = typeof arg === "string" ? { code: arg } : arg?.code ? arg : await this.choose();
      if (rule) await this.open(rule.code, rule.href);
    } catch (err) {
      void vscode.window.showErrorMessage(`AGIS: cannot show the rule's documentation (${err instanceof Error ? err.message : String(err)}).`);
    }
  }

  private async choose(): Promise<{ code: string; href?: string } | undefined> {
    const editor = vscode.window.activeTextEditor;
    if (editor) {
      const cursor = editor.selection.active;
      const here = vscode.languages
        .getDiagnostics(editor.document.uri)
        .filter((d) => d.range.contains(cursor) || (d.range.isEmpty && d.range.start.line === cursor.line))
        .map((d) => ({ rule: ruleOf(d.code as DiagnosticCode), message: d.message }))
        .filter((d): d is { rule: { code: string; href?: string }; message: string } => !!d.rule);
      const codes = [...new Map(here.map((d) => [d.rule.code, d])).values()];
      if (codes.length === 1) return codes[0].rule;
      if (codes.length > 1) {
        const pick = await vscode.window.showQuickPick(
          codes.map((d) => ({ label: d.rule.code, detail: d.message, rule: d.rule })),
          { title: "AGIS: documentation of which rule?" },
        );
        return pick?.rule;
      }
    }
    const rules = await this.allRules();
    const pick = await vscode.window.showQuickPick(
      rules.map((r) => ({ label: r.code, description: r.name, detail: r.summary })),
      { title: "AGIS: Show Rule Documentation", placeHolder: "rule code or name", matchOnDescription: true, matchOnDetail: true },
    );
    return pick ? { code: pick.label } : undefined;
  }

  private async allRules(): Promise<RuleInfo[]> {
    const python = this.python();
    if (!python) throw new Error("the language server is not running: no Python with agis_lsp to list the rules");
    const rules = parseRulesTable(await agisLint(python, ["rules"]));
    if (!rules.length) throw new Error("agis-lint rules listed no rule");
    return rules;
  }

  private async open(code: string, href?: string): Promise<void> {
    const link = href || docsUrl(code, vscode.workspace.getConfiguration("agis").get<string>("docsBaseUrl"));
    let uri: vscode.Uri;
    if (link) {
      uri = vscode.Uri.parse(link);
      if (uri.scheme !== "file") {
        await vscode.env.openExternal(uri);
        return;
      }
    } else {
      uri = await this.render(code);
    }
    this.log.appendLine(`Documentation of ${code}: ${uri.toString()}`);
    try {
      await vscode.commands.executeCommand("markdown.showPreview", uri);
    } catch {
      await vscode.window.showTextDocument(uri, { preview: true });
    }
  }

  /** `agis-lint rule CODE` written under the extension's storage (the server does the same for its links). */
  private async render(code: string): Promise<vscode.Uri> {
    const python = this.python();
    if (!python) throw new Error("the language server is not running: no Python with agis_lsp to render the rule");
    const text = await agisLint(python, ["rule", code]);
    const dir = path.join(this.context.globalStorageUri.fsPath, "rules");
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${code}.md`);
    fs.writeFileSync(file, text, "utf8");
    return vscode.Uri.file(file);
  }
}
