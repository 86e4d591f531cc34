// Firefox ESR for the engine lanes, driven over stdin/stdout with the same JSON-line commands as
// e2e/engines/webkit_host.py (goto, reload, call, click, messages, shot, quit):
//
//   node e2e/engines/firefox_bridge.mjs --profile DIR --width 390 --height 844 [--init-script FILE]
//
// Debian's firefox-esr through puppeteer-core over WebDriver BiDi (no geckodriver). The profile
// folder persists across reloads: local storage, Cache Storage, the service worker. Init scripts
// run before the page's own (evaluateOnNewDocument). Console errors, page errors and crashes are
// recorded across navigations and handed out by "messages".
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const FIREFOX = process.env.HOTSEAT_FIREFOX || "/usr/bin/firefox-esr";

function options(argv) {
  const out = { profile: null, width: 390, height: 844, initScripts: [] };
  for (let i = 2; i < argv.length; i += 2) {
    const [name, value] = [argv[i], argv[i + 1]];
    if (value === undefined) throw new Error(`${name} needs a value`);
    if (name === "--profile") out.profile = value;
    else if (name === "--width") out.width = Number(value);
    else if (name === "--height") out.height = Number(value);
    else if (name === "--init-script") out.initScripts.push(readFileSync(value, "utf8"));
    else throw new Error(`unknown option ${name}`);
  }
  if (!out.profile) throw new Error("--profile DIR is required");
  return out;
}

function answer(id, ok, value) {
  process.stdout.write(JSON.stringify(ok ? { id, ok, value: value ?? null } : { id, ok, error: String(value) }) + "\n");
}

const opts = options(process.argv);
const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath: FIREFOX,
  headless: true,
  userDataDir: opts.profile,
  defaultViewport: { width: opts.width, height: opts.height },
  // an exit of this bridge (its driver gone) takes Firefox with it
  handleSIGINT: true,
  handleSIGTERM: true,
  handleSIGHUP: true,
});
const pages = await browser.pages();
const page = pages.length ? pages[0] : await browser.newPage();
// defaultViewport reaches new pages only, not the first tab
await page.setViewport({ width: opts.width, height: opts.height });
for (const source of opts.initScripts) await page.evaluateOnNewDocument(source);

let records = [];
page.on("console", (message) => {
  if (message.type() === "error") records.push({ kind: "console.error", text: message.text(), url: page.url() });
});
page.on("pageerror", (error) => {
  records.push({ kind: "pageerror", text: String((error && error.stack) || error), url: page.url() });
});
page.on("error", (error) => records.push({ kind: "crash", text: String(error), url: page.url() }));

const NAV_TIMEOUT_MS = 120_000;

async function run(request) {
  const { id = 0, cmd } = request;
  try {
    if (cmd === "goto") {
      await page.goto(request.url, { waitUntil: "load", timeout: NAV_TIMEOUT_MS });
      answer(id, true, page.url());
    } else if (cmd === "reload") {
      await page.reload({ waitUntil: "load", timeout: NAV_TIMEOUT_MS });
      answer(id, true, page.url());
    } else if (cmd === "call") {
      // the same shape as the WebKit host: an async function body that sees `arg`
      const source = `(async (arg) => { ${request.body}\n})(${JSON.stringify(request.arg ?? null)})`;
      const value = await page.evaluate(`(async () => JSON.stringify(await ${source}) ?? "null")()`);
      answer(id, true, JSON.parse(value));
    } else if (cmd === "click") {
      await page.mouse.click(Number(request.x), Number(request.y), { count: 1 });
      answer(id, true);
    } else if (cmd === "messages") {
      const out = records;
      records = [];
      answer(id, true, out);
    } else if (cmd === "shot") {
      await page.screenshot({ path: request.path });
      answer(id, true, request.path);
    } else if (cmd === "quit") {
      await browser.close();
      answer(id, true);
      process.exit(0);
    } else {
      answer(id, false, `unknown command ${JSON.stringify(cmd)}`);
    }
  } catch (error) {
    answer(id, false, (error && error.message) || error);
  }
}

const lines = createInterface({ input: process.stdin });
lines.on("line", (line) => {
  if (!line.trim()) return;
  let request;
  try {
    request = JSON.parse(line);
  } catch (error) {
    answer(0, false, `unreadable command: ${error.message}`);
    return;
  }
  run(request);
});
lines.on("close", async () => {
  // the driver went away: close Firefox and leave
  await browser.close().catch(() => {});
  process.exit(0);
});
answer(0, true, `ready ${await browser.version()}`);
