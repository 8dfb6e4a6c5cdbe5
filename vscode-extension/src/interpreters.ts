// Which Python runs the server: the order of the Python tools extensions (black, ruff, pylint).
// No `vscode` import here, so that tests run it under plain Node (test/interpreters.test.ts).
import * as path from "path";

export type Source = "setting" | "workspace-venv" | "python-extension" | "PATH" | "private-env";

export const SOURCE_LABEL: Record<Source, string> = {
  setting: "agis.server.pythonPath",
  "workspace-venv": "the workspace's virtual environment",
  "python-extension": "the Python extension's interpreter",
  PATH: "PATH",
  "private-env": "the extension's private environment",
};

export interface Interpreter {
  /** argv[0] for `<python> -m agis_lsp.lsp` */
  command: string;
  /** where it came from, for the output channel and the status item */
  source: Source;
}

export interface DiscoveryInput {
  /** `agis.server.pythonPath`, already expanded; empty: not set */
  setting: string;
  /** the workspace folders' paths, first folder first */
  folders: string[];
  platform: NodeJS.Platform;
  /** whether a file exists (fs.existsSync; a fake in tests) */
  exists: (file: string) => boolean;
  /** the Python extension's selected interpreter, when it is installed */
  pythonExtension: () => Promise<string | undefined>;
}

function pathFor(platform: NodeJS.Platform): path.PlatformPath {
  return platform === "win32" ? path.win32 : path.posix;
}

/** The interpreter inside a virtual environment `dir`. */
export function venvPython(dir: string, platform: NodeJS.Platform): string {
  const p = pathFor(platform);
  return platform === "win32" ? p.join(dir, "Scripts", "python.exe") : p.join(dir, "bin", "python");
}

/** Where a workspace folder's own virtual environment would be, in the order they are tried. */
export function workspaceVenvCandidates(folder: string, platform: NodeJS.Platform): string[] {
  const p = pathFor(platform);
  return [".venv", "venv"].map((name) => venvPython(p.join(folder, name), platform));
}

/** The setting; else a workspace `.venv` / `venv`; else the Python extension's; else python3 (python) on PATH. */
export async function discover(input: DiscoveryInput): Promise<Interpreter> {
  if (input.setting.trim()) return { command: input.setting.trim(), source: "setting" };
  for (const folder of input.folders) {
    const found = workspaceVenvCandidates(folder, input.platform).find((f) => input.exists(f));
    if (found) return { command: found, source: "workspace-venv" };
  }
  const fromExt = await input.pythonExtension();
  if (fromExt) return { command: fromExt, source: "python-extension" };
  return { command: input.platform === "win32" ? "python" : "python3", source: "PATH" };
}

/** The extension's own environment (a venv under its global storage) and its interpreter. */
export function privateEnvDir(storageDir: string, platform: NodeJS.Platform): string {
  return pathFor(platform).join(storageDir, "server-env");
}
