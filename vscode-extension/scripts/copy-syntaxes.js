// Copies the repository's TextMate grammars (../syntaxes) into out/syntaxes, where
// package.json's "grammars" point, so that `vsce package` puts them in the .vsix.
const fs = require("fs");
const path = require("path");

const src = path.resolve(__dirname, "..", "..", "syntaxes");
const dst = path.resolve(__dirname, "..", "out", "syntaxes");
fs.mkdirSync(dst, { recursive: true });
const names = fs.readdirSync(src).filter((n) => n.endsWith(".tmLanguage.json"));
if (names.length < 2) throw new Error(`expected the AGIS grammars in ${src}, found: ${names.join(", ") || "none"}`);
for (const name of names) fs.copyFileSync(path.join(src, name), path.join(dst, name));
console.log(`copied ${names.length} grammars to ${path.relative(process.cwd(), dst) || dst}`);
