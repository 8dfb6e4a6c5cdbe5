// What of the server's output reaches the AGIS output channel. No `vscode` import (unit-tested).
//
// The server's own log records arrive as window/logMessage at info and above. pygls logs a few
// protocol events at WARNING ("Cancel notification for unknown message id", sent by every client
// that cancels a request the server has already answered); with no handler on the `pygls` logger,
// Python prints them on stderr, which vscode-languageclient copies into the channel. They say
// nothing to a user: shown only while `agis.trace.server` is `messages` or `verbose`.

/** pygls' protocol bookkeeping (pygls/protocol/json_rpc.py, language_server.py). */
export const PROTOCOL_NOISE: RegExp[] = [
  /^Cancel notification for unknown message id\b/,
  /^Cancelled request with id\b/,
  /^Received response to unknown message id\b/,
  /^Ignoring notification for unknown method\b/,
  /^Ignoring work done progress cancel for unknown token\b/,
  /^Sending data: /,
  /^\[Debug - [^\]]*\]/, // window/logMessage below info (MessageType.Debug)
];

export function isProtocolNoise(line: string): boolean {
  const text = line.replace(/\r$/, "");
  return PROTOCOL_NOISE.some((re) => re.test(text));
}

/**
 * Filters text that arrives in chunks (stderr) line by line: a line is judged once it is complete.
 * `keep(line)` decides; `push` returns the text to forward now.
 */
export class LineFilter {
  private partial = "";

  constructor(private readonly keep: (line: string) => boolean) {}

  push(chunk: string): string {
    const text = this.partial + chunk;
    const end = text.lastIndexOf("\n");
    if (end < 0) {
      this.partial = text;
      return "";
    }
    this.partial = text.slice(end + 1);
    return text
      .slice(0, end + 1)
      .split(/(?<=\n)/)
      .filter((line) => this.keep(line.replace(/\r?\n$/, "")))
      .join("");
  }

  /** The incomplete last line, if it is to be kept (when the stream ends or the channel is cleared). */
  flush(): string {
    const rest = this.partial;
    this.partial = "";
    return rest && this.keep(rest) ? rest : "";
  }
}

/** The filter for a trace setting: everything while tracing, no protocol noise otherwise. */
export function keepLine(trace: string | undefined): (line: string) => boolean {
  const tracing = trace === "messages" || trace === "verbose";
  return (line) => tracing || !isProtocolNoise(line);
}
