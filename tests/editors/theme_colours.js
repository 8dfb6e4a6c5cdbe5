// The colour VS Code gives each token of a text under a colour theme, computed the way VS Code
// does it: vscode-textmate + oniguruma (vscode-extension/node_modules, from vscode-tmgrammar-test)
// tokenize with the AGIS grammar and resolve the theme's tokenColors (with its "include" chain).
//
// Usage: node theme_colours.js SPEC.json   SPEC = {nodeModules, grammar, scopeName, text,
//          themes: {label: path/to/theme.json}}
// Prints JSON: {label: [[tokenText, "#RRGGBB", fontStyleBits, "scope scope ..."], ...]}
const fs = require("fs"), path = require("path");
const spec = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const tm = require(path.join(spec.nodeModules, "vscode-textmate"));
const onig = require(path.join(spec.nodeModules, "vscode-oniguruma"));

/** VS Code's theme files are JSON with comments and trailing commas. */
function readJsonc(file) {
  const text = fs.readFileSync(file, "utf8")
    .replace(/("(?:[^"\\]|\\.)*")|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (m, s) => s || "")
    .replace(/,(\s*[}\]])/g, "$1");
  return JSON.parse(text);
}

/** tokenColors of a theme, its includes' first (a theme's own rules come later and win ties). */
function tokenColors(file) {
  const theme = readJsonc(file);
  const inherited = theme.include ? tokenColors(path.resolve(path.dirname(file), theme.include)) : { rules: [], colors: {} };
  return { rules: [...inherited.rules, ...(theme.tokenColors || [])], colors: { ...inherited.colors, ...(theme.colors || {}) } };
}

(async () => {
  const wasm = fs.readFileSync(path.join(spec.nodeModules, "vscode-oniguruma", "release", "onig.wasm"));
  await onig.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const onigLib = Promise.resolve({ createOnigScanner: (p) => new onig.OnigScanner(p), createOnigString: (s) => new onig.OnigString(s) });
  const registry = new tm.Registry({
    onigLib,
    loadGrammar: async (scope) => (scope === spec.scopeName ? tm.parseRawGrammar(fs.readFileSync(spec.grammar, "utf8"), spec.grammar) : null),
  });
  const grammar = await registry.loadGrammar(spec.scopeName);
  const out = {};
  for (const [label, file] of Object.entries(spec.themes)) {
    const { rules, colors } = tokenColors(file);
    const fg = colors["editor.foreground"] || (/light/i.test(label) ? "#000000" : "#D4D4D4");
    registry.setTheme({ settings: [{ settings: { foreground: fg, background: colors["editor.background"] || "#1E1E1E" } }, ...rules] });
    const colorMap = registry.getColorMap();
    const tokens = [];
    let state = tm.INITIAL;
    for (const line of spec.text.split("\n")) {
      const r2 = grammar.tokenizeLine2(line, state);
      const r1 = grammar.tokenizeLine(line, state);   // the scopes, for the failure message
      for (let i = 0; i < r2.tokens.length; i += 2) {
        const start = r2.tokens[i], end = i + 2 < r2.tokens.length ? r2.tokens[i + 2] : line.length;
        const meta = r2.tokens[i + 1];
        const colour = colorMap[(meta & 16744448) >>> 15]    // MetadataConsts.FOREGROUND_MASK, _OFFSET;
        const fontStyle = (meta & 30720) >>> 11;                // FONT_STYLE_MASK, _OFFSET: 4 = underline
        const scopes = r1.tokens.find((t) => t.startIndex <= start && start < t.endIndex)?.scopes.join(" ") || "";
        tokens.push([line.slice(start, end), colour.toUpperCase(), fontStyle, scopes]);
      }
      state = r2.ruleStack;
    }
    out[label] = tokens;
  }
  process.stdout.write(JSON.stringify(out));
})().catch((e) => { console.error(e.stack || String(e)); process.exit(1); });
