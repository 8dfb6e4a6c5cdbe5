// The channel vscode-languageclient writes to (server stderr, window/logMessage, its own errors):
// the AGIS output channel without pygls' protocol noise unless `agis.trace.server` asks for it.
import * as vscode from "vscode";
import { keepLine, LineFilter } from "./logFilter";

function trace(): string | undefined {
  return vscode.workspace.getConfiguration("agis").get<string>("trace.server");
}

export class FilteredOutputChannel implements vscode.OutputChannel {
  private readonly filter = new LineFilter((line) => keepLine(trace())(line));

  constructor(private readonly target: vscode.OutputChannel) {}

  get name(): string {
    return this.target.name;
  }

  append(value: string): void {
    const out = this.filter.push(value);
    if (out) this.target.append(out);
  }

  appendLine(value: string): void {
    this.append(`${value}\n`);
  }

  replace(value: string): void {
    this.filter.flush();
    this.target.replace(value);
  }

  clear(): void {
    this.filter.flush();
    this.target.clear();
  }

  show(preserveFocus?: boolean | vscode.ViewColumn, preserveFocus2?: boolean): void {
    if (typeof preserveFocus === "boolean" || preserveFocus === undefined) this.target.show(preserveFocus);
    else this.target.show(preserveFocus, preserveFocus2);
  }

  hide(): void {
    this.target.hide();
  }

  dispose(): void {
    // the target belongs to the extension (it outlives one client)
    const rest = this.filter.flush();
    if (rest) this.target.append(rest);
  }
}
