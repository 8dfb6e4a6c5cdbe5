// Drives real VS Code (code-server from install_editors.sh) in headless Chromium through one
// user story: open an AGIS file with a known defect, see the server's diagnostic in the
// Problems panel, apply its quick fix with Ctrl+., save, see the diagnostic go away.
// Based on shared/tools/vscode-web/smoke.js (fresh user-data-dir, open from the Explorer,
// kill code-server's whole process group at the end).
//
// Usage: node vscode_e2e.js SPEC.json      SPEC = {webDir, extDir, workspace, file, code,
//          fixTitle, absentCodes, settings, screenshot, result, pidFile, expectNotification,
//          clickButton, ruleDocs, readOutput, env, story, scanLens}
// Writes RESULT (JSON: ok, steps with ms, problems, text, error) and exits 0 only if every step passed.
const { spawn } = require("child_process"), net = require("net"), path = require("path"), fs = require("fs");
const spec = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const { chromium } = require(path.join(spec.webDir, "node_modules", "playwright-core"));

const freePort = () => new Promise((res, rej) => { const s = net.createServer().listen(0, "127.0.0.1", () => { const p = s.address().port; s.close(() => res(p)); }); s.on("error", rej); });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls fn() every `every` ms until it returns a truthy value; throws after `ms`. */
async function until(what, fn, ms, every = 250) {
  const end = Date.now() + ms;
  let last;
  while (Date.now() < end) {
    last = await fn();
    if (last) return last;
    await sleep(every);
  }
  throw new Error(`timed out after ${ms} ms waiting for ${what}`);
}

// ---- The editing story: semantic colours, inlay hints, Auto Fix, Fix All, rename ----------------
const editorLines = (page) => page.$$eval(".editor-instance .view-lines .view-line", (rows) =>
  rows.map((r) => ({ top: parseFloat(r.style.top) || 0, text: r.textContent.replace(/\u00a0/g, " ") }))
    .sort((a, b) => a.top - b.top).map((r) => r.text));
/** The computed colour of the first rendered span whose text is each of `words`. */
const colours = (page, words) => page.$$eval(".editor-instance .view-lines .view-line span span", (spans, words) => {
  const out = {};
  for (const s of spans) {
    const t = s.textContent.trim();
    if (words.includes(t) && !(t in out)) out[t] = getComputedStyle(s).color;
  }
  return out;
}, words);
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** Sets a user setting the way a user does: Preferences: Open User Settings (JSON), the whole
 *  text replaced, saved, closed. (Rewriting settings.json behind code-server's back is not seen.) */
async function setSetting(page, runCommand, udd, key, value) {
  const file = path.join(udd, "User", "settings.json");
  const settings = JSON.parse(fs.readFileSync(file, "utf8"));
  settings[key] = value;
  await runCommand("Preferences: Open User Settings (JSON)");
  await page.locator(".tabs-container .tab.active", { hasText: "settings.json" }).first().waitFor({ timeout: 15000 });
  await sleep(500);
  await page.keyboard.press("Control+A");
  await page.keyboard.insertText(JSON.stringify(settings));
  await page.keyboard.press("Shift+Control+End");   // what auto-closing added after the cursor
  await page.keyboard.press("Delete");
  await page.keyboard.press("Control+S");
  await until("settings.json to be saved", () => { try { return JSON.parse(fs.readFileSync(file, "utf8"))[key] === value; } catch { return false; } }, 15000);
  await page.keyboard.press("Control+W");
  await sleep(500);
}

async function storyOf(page, spec, result, { step, runCommand, udd }) {
  const story = spec.story;
  const editor = page.locator(".editor-instance .monaco-editor textarea").first();
  const goTo = async (line, column) => {   // Go to Line/Column through Quick Open's ":" mode
    await page.keyboard.press("F1");
    const input = page.locator(".quick-input-widget input");
    await input.waitFor({ timeout: 15000 });
    await input.fill(`:${line}:${column}`);
    await sleep(300);
    await page.keyboard.press("Enter");
    await sleep(300);
  };
  const saved = async (what, ok) => {       // Ctrl+S, then wait for the file on disk to satisfy ok()
    await editor.focus();
    await page.keyboard.press("Control+S");
    return until(what, () => { const t = fs.readFileSync(spec.file, "utf8"); return ok(t) ? t : null; }, 30000, 250);
  };

  // 1. Semantic tokens: the colours of the words with semantic highlighting on (settled: the same on
  //    two reads 1 s apart, the server's tokens have arrived), then off, then on again.
  const words = story.colourWords;
  const settled = async (what, differentFrom) => until(what, async () => {
    const a = await colours(page, words);
    await sleep(1000);
    const b = await colours(page, words);
    return same(a, b) && Object.keys(a).length === words.length && (!differentFrom || !same(a, differentFrom)) ? a : null;
  }, 30000, 500);
  await sleep(2000);
  result.coloursOn = await settled("the colours with semantic highlighting on");
  result.hintLines = (await editorLines(page)).filter((l) => /method:|path:/.test(l));
  if (story.shotHints) await page.locator(".editor-instance").first().screenshot({ path: story.shotHints });
  await setSetting(page, runCommand, udd, "editor.semanticHighlighting.enabled", false);
  result.coloursOff = await settled("the colours to change with semantic highlighting off", result.coloursOn).catch(() => null);
  if (result.coloursOff && story.shotSemanticOff) await page.locator(".editor-instance").first().screenshot({ path: story.shotSemanticOff });
  await setSetting(page, runCommand, udd, "editor.semanticHighlighting.enabled", true);
  result.coloursOnAgain = await settled("the colours with semantic highlighting on again", result.coloursOff);
  step("semantic colours read");

  // 2. Auto Fix (editor.action.autoFix) with the cursor on a method: its safe preferred fix, no menu.
  await goTo(...story.autoFixAt);
  await runCommand("Auto Fix");
  result.afterAutoFix = await saved("Auto Fix to change and save the file", (t) => t.includes(story.autoFixExpect));
  step("Auto Fix applied and saved");

  // 3. Fix All (editor.action.fixAll: the server's source.fixAll.agis).
  await editor.focus();
  await runCommand("Fix All");
  result.afterFixAll = await saved("Fix All to change and save the file", (t) => t.includes(story.fixAllExpect));
  step("Fix All applied and saved");

  // 4. Rename (F2) on a method: the rename box holds the server's placeholder; type, Enter.
  await goTo(...story.renameAt);
  await editor.focus();
  await page.keyboard.press("F2");
  const box = page.locator(".rename-box input, .rename-box .rename-input").first();
  await box.waitFor({ timeout: 15000 });
  result.renamePlaceholder = await until("the rename box's value", async () => (await box.inputValue().catch(() => "")) || null, 10000);
  await box.fill(story.newName);
  await sleep(500);
  if (story.shotRename) await page.locator(".editor-instance").first().screenshot({ path: story.shotRename });
  await page.keyboard.press("Enter");
  result.afterRename = await saved("the rename to change and save the file", (t) => !t.includes(story.renameOld) && t.includes(story.newName));
  step("renamed and saved");
}

(async () => {
  const t0 = Date.now(), result = { ok: false, steps: [], problems: [] };
  const step = (name) => { result.steps.push({ name, ms: Date.now() - t0 }); };
  const port = await freePort();
  const udd = fs.mkdtempSync(path.join(spec.webDir, "tmp", "udd-"));            // fresh profile every run
  fs.mkdirSync(path.join(udd, "User"), { recursive: true });
  const base = { "workbench.startupEditor": "none", "security.workspace.trust.enabled": false, "telemetry.telemetryLevel": "off",
    "update.mode": "none", "extensions.autoCheckUpdates": false, "workbench.tips.enabled": false, "chat.disableAIFeatures": true,
    "editor.lightbulb.enabled": "on", "editor.codeActionWidget.showHeaders": true, "workbench.colorTheme": "Default Dark Modern" };
  fs.writeFileSync(path.join(udd, "User", "settings.json"), JSON.stringify({ ...base, ...(spec.settings || {}) }));
  const cs = spawn(path.join(spec.webDir, "node_modules/.bin/code-server"), ["--config", path.join(spec.webDir, "config.yaml"),
    "--bind-addr", `127.0.0.1:${port}`, "--auth", "none", "--user-data-dir", udd, "--extensions-dir", spec.extDir,
    "--disable-telemetry", "--disable-update-check", "--disable-workspace-trust", spec.workspace],
    { detached: true, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, TMPDIR: path.join(spec.webDir, "tmp"), ...(spec.env || {}) } });
  if (spec.pidFile) fs.writeFileSync(spec.pidFile, String(cs.pid));   // the caller kills the group if we die
  let log = ""; cs.stdout.on("data", (d) => (log += d)); cs.stderr.on("data", (d) => (log += d));
  let browser, page;
  try {
    await until("code-server to listen", () => /HTTP server listening/.test(log), 30000, 100);
    step("code-server listening");
    browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(spec.workspace)}`);
    await page.waitForSelector(".monaco-workbench", { timeout: 60000 });
    step("workbench loaded");
    // Record every state of the status bar items that mention AGIS (starting, loading the model, running).
    await page.evaluate(() => {
      const seen = (window.__agisStatus = []);
      const record = () => document.querySelectorAll(".part.statusbar .statusbar-item").forEach((el) => {
        const label = (el.getAttribute("aria-label") || el.textContent || "").trim();
        if (/AGIS/.test(label) && !seen.includes(label)) seen.push(label);
      });
      new MutationObserver(record).observe(document.querySelector(".part.statusbar"), { subtree: true, childList: true, characterData: true, attributes: true });
      record();
    });

    // Open from the Explorer (Quick Open is flaky): expand each folder on the way, then click the file.
    const segments = path.relative(spec.workspace, spec.file).split(path.sep);
    for (const name of segments) {
      const row = page.locator(`.explorer-folders-view .monaco-list-row[aria-label*="${name}"]`);
      await row.first().waitFor({ timeout: 30000 });
      await row.first().click();
    }
    await page.waitForSelector(".editor-instance .monaco-editor .view-lines", { timeout: 30000 });
    step("file opened");

    // Language mode from the status bar (the extension's `agis` language), our status item.
    result.languageMode = await until(`the language mode ${spec.languageMode}`, async () => {
      const t = ((await page.locator("#status\\.editor\\.mode").textContent().catch(() => null)) || "").trim();
      return t && (!spec.languageMode || t === spec.languageMode) ? t : null;
    }, 30000);

    // Runs a command from the palette (F1), by its title.
    const runCommand = async (title) => {
      await page.keyboard.press("F1");
      const input = page.locator(".quick-input-widget input");
      await input.waitFor({ timeout: 15000 });
      await input.fill(`>${title}`);
      await page.locator(".quick-input-list .monaco-list-row", { hasText: title }).first().waitFor({ timeout: 15000 });
      await page.keyboard.press("Enter");
    };
    // The AGIS output channel's text (what is in view: the first lines of a short channel).
    const readOutput = async () => {
      await runCommand("AGIS: Show Output");
      await page.waitForSelector(".part.panel .monaco-editor .view-lines", { timeout: 15000 });
      await sleep(1000);
      await page.locator(".part.panel .monaco-editor .view-lines").first().click();
      await page.keyboard.press("Control+Home");   // the channel's first lines (it scrolls to its end)
      await sleep(500);
      return page.$$eval(".part.panel .monaco-editor .view-lines .view-line", (rows) =>
        rows.map((r) => ({ top: parseFloat(r.style.top) || 0, text: r.textContent.replace(/\u00a0/g, " ") }))
          .sort((a, b) => a.top - b.top).map((r) => r.text).join("\n"));
    };

    if (spec.expectNotification) {   // e.g. the "agis_lsp is not installed" error
      const toast = page.locator(".notifications-toasts .notification-toast", { hasText: spec.expectNotification });
      await toast.first().waitFor({ timeout: 60000 });
      result.notification = (await toast.first().locator(".notification-list-item-message").textContent()).trim();
      result.buttons = await toast.first().locator(".notification-list-item-buttons-container .monaco-button").allTextContents();
      step("notification shown");
      if (spec.screenshot) await page.screenshot({ path: spec.screenshot });
      if (!spec.clickButton) {     // check it and stop here
        result.ok = true;
        return;
      }
      await toast.first().locator(".notification-list-item-buttons-container .monaco-button", { hasText: spec.clickButton }).click();
      step(`clicked ${spec.clickButton}`);
    }
    if (spec.scanLens) {   // "Scan this server" on an MCP client configuration: click the lens, see the scan's findings
      const lens = page.locator(".monaco-editor .codelens-decoration a", { hasText: spec.scanLens });
      await lens.first().waitFor({ timeout: 90000 });
      result.lenses = await page.locator(".monaco-editor .codelens-decoration a").allTextContents();
      step("code lens shown");
      await lens.first().click();
      result.notification = await until("the scan's notification", async () => {
        const texts = await page.locator(".notifications-toasts .notification-list-item-message").allTextContents().catch(() => []);
        return texts.map((t) => t.trim()).find((t) => /agis-lsp: (server '.*' scanned|the scan of server)/.test(t)) || null;
      }, 240000, 500);
      step("scan notification shown");
      await page.keyboard.press("Control+Shift+M");
      result.problems = await until(`the Problems panel to show ${spec.code}`, async () => {
        const p = await page.$$eval(".markers-panel .monaco-list-row", (rows) => rows.map((r) => r.textContent.trim()));
        return p.some((x) => x.includes(spec.code)) ? p : null;
      }, 60000, 500);
      step("scan findings shown");
      if (spec.screenshot) await page.screenshot({ path: spec.screenshot });
      result.ok = true;
      return;
    }
    await page.keyboard.press("Control+Shift+M");
    const problemsNow = () => page.$$eval(".markers-panel .monaco-list-row", (rows) => rows.map((r) => r.textContent.trim()));
    result.problems = await until(`the Problems panel to show ${spec.code}`, async () => {
      const p = await problemsNow();
      return p.some((x) => x.includes(spec.code)) ? p : null;
    }, 90000, 500);
    step("diagnostic shown");
    if (spec.screenshotDiagnostic) {   // the squiggle, the Problems row and the colours, before anything else opens
      await sleep(1000);
      await page.screenshot({ path: spec.screenshotDiagnostic });
    }
    if (spec.readOutput) result.output = await readOutput();
    result.statusTexts = await page.evaluate(() => window.__agisStatus);
    result.statusItem = await page.locator('[id="agis-lsp.agis-lsp.agis.status"], .statusbar-item[aria-label*="AGIS"]').first()
      .textContent({ timeout: 5000 }).catch(() => null);
    // Token colours: the method verb and an ordinary key must be coloured differently.
    result.tokenClasses = await page.$$eval(".editor-instance .view-lines .view-line span span", (spans) =>
      spans.filter((s) => ["GET", "method", "/reservation/", "{id}", "retrieval", "intent", '"1.0"'].includes(s.textContent.trim()))
        .map((s) => [s.textContent.trim(), s.className]));

    if (spec.story) {   // Auto Fix, Fix All, rename and the server's semantic tokens (test_editing_story_in_vscode)
      await storyOf(page, spec, result, { step, runCommand, udd });
      result.ok = true;
      return;
    }

    // Put the cursor on the defect (the Problems row reveals it in the editor), then Ctrl+. in the editor.
    const toDefect = async () => {
      await page.keyboard.press("Control+Shift+M");
      await page.locator(".markers-panel .monaco-list-row", { hasText: spec.code }).first().dblclick();
      await sleep(300);
    };
    if (spec.ruleDocs) {   // AGIS: Show Rule Documentation with the cursor on the diagnostic: its rule's page
      await toDefect();
      await runCommand("AGIS: Show Rule Documentation");
      const tab = page.locator(".tabs-container .tab", { hasText: spec.ruleDocs });
      await tab.first().waitFor({ timeout: 30000 });
      result.ruleDocsTab = (await tab.first().getAttribute("aria-label")) || (await tab.first().textContent());
      result.ruleDocsText = await until(`the preview of ${spec.ruleDocs}`, async () => {
        for (const frame of page.frames()) {
          if (frame === page.mainFrame()) continue;     // the preview is a webview (an iframe)
          const text = await frame.evaluate(() => (document.body ? document.body.innerText : "")).catch(() => "");
          if (text.includes(spec.ruleDocs)) return text;
        }
        return null;
      }, 30000, 500);
      step("rule documentation shown");
      if (spec.screenshotDocs) await page.screenshot({ path: spec.screenshotDocs });
      if (!spec.fixTitle) {
        result.ok = true;
        return;
      }
      await page.locator(".tabs-container .tab", { hasText: path.basename(spec.file) }).first().click();
    }
    if (spec.hover) {   // the server's hover on the defect (editor.action.showHover: Ctrl+K Ctrl+I)
      await toDefect();
      await page.locator(".editor-instance .monaco-editor textarea").first().focus();
      await page.keyboard.press("Control+K");
      await page.keyboard.press("Control+I");
      result.hover = await until(`a hover with "${spec.hover}"`, async () => {
        const texts = await page.locator(".monaco-hover-content").allTextContents().catch(() => []);
        const text = texts.join("\n");
        return text.includes(spec.hover) ? text : null;
      }, 30000, 500);
      step("hover shown");
      await page.keyboard.press("Escape");
    }
    if (!spec.fixTitle) {   // the diagnostic was the point
      result.ok = true;
      return;
    }
    await toDefect();
    await page.locator(".editor-instance .monaco-editor textarea").first().focus();
    await page.keyboard.press("Control+Period");
    const action = page.locator(".action-widget .monaco-list-row", { hasText: spec.fixTitle });
    await action.first().waitFor({ timeout: 30000 });
    result.actions = await page.$$eval(".action-widget .monaco-list-row", (rows) => rows.map((r) => r.textContent.trim()));
    step("quick fix offered");
    await sleep(300);   // let the squiggle and the menu paint: the screenshot shows diagnostic + fix
    if (spec.screenshot) await page.screenshot({ path: spec.screenshot });
    // Pointer events go to the widget's pointer block in headless Chromium: choose with the keyboard.
    const focused = () => page.$eval(".action-widget .monaco-list-row.focused", (r) => r.textContent.trim()).catch(() => "");
    for (let i = 0; i < result.actions.length && !(await focused()).includes(spec.fixTitle); i++) await page.keyboard.press("ArrowDown");
    if (!(await focused()).includes(spec.fixTitle)) throw new Error(`could not select "${spec.fixTitle}" in ${JSON.stringify(result.actions)}`);
    await page.keyboard.press("Enter");
    await page.keyboard.press("Control+S");
    await until(`${spec.code} to leave the Problems panel`, async () => {
      const p = await problemsNow();
      result.problemsAfter = p;
      return !p.some((x) => x.includes(spec.code));
    }, 60000, 500);
    step("diagnostic gone after the fix");
    result.text = fs.readFileSync(spec.file, "utf8");
    await until("the fix to be saved to disk", () => (result.text = fs.readFileSync(spec.file, "utf8")).includes(spec.fixedText), 15000);
    step("fix saved");
    if (spec.screenshotAfter) await page.screenshot({ path: spec.screenshotAfter });
    const unexpected = (result.problems || []).filter((p) => (spec.absentCodes || []).some((c) => p.includes(c)));
    if (unexpected.length) throw new Error(`settings not applied, these should be off: ${unexpected.join(" | ")}`);
    result.ok = true;
  } catch (e) {
    result.error = e.message;
    result.log = log.slice(-4000);
    if (page && spec.screenshot) await page.screenshot({ path: spec.screenshot.replace(/\.png$/, "-failure.png") }).catch(() => {});
  } finally {
    result.ms = Date.now() - t0;
    fs.writeFileSync(spec.result, JSON.stringify(result, null, 2));
    if (browser) await browser.close().catch(() => {});
    try { process.kill(-cs.pid, "SIGTERM"); } catch {}
    await sleep(1500);
    try { process.kill(-cs.pid, "SIGKILL"); } catch {}
    fs.rmSync(udd, { recursive: true, force: true });
    process.exitCode = result.ok ? 0 : 1;
  }
})();
