// What the browser tests' scripts share (phones.mjs, lan-night.mjs): Debian's Chromium
// started as this machine allows (no background networking: the network is closed), pages
// that record their requests and console, axe on a page in light and dark at 360 and
// 320 px (with no sideways scrolling), tapping a button and waiting for the page it leads
// to, and waiting for a text. Everything found goes into `report`, which the script
// prints for the Rust test to assert on.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import puppeteer from "puppeteer-core";

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

export const phone = { width: 360, height: 740, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
export const tabletView = { width: 800, height: 1100, hasTouch: true, isMobile: true, deviceScaleFactor: 1 };

/// A report with every list the Rust test looks at.
export const newReport = () => ({ steps: [], violations: [], overflow: [], foreign: [], console: [], errors: [] });

/// Chromium, and the helpers bound to `base` (every request must stay on it), `shots` (the
/// folder of screenshots, `prefix` before their names) and `report`. `check(page, name)`,
/// when given, runs on every page `audit` opens (the German check of lan-night.mjs).
export async function harness({ base, shots, prefix, report, args = [], check = async () => {} }) {
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--force-device-scale-factor=1",
      ...args,
    ],
  });

  /// A page that records what it asks for and what its console says (a German phone: its
  /// browser asks for German).
  async function watched(context, name, viewport) {
    const page = await context.newPage();
    await page.setViewport(viewport);
    await page.setExtraHTTPHeaders({ "Accept-Language": "de-DE,de;q=0.9" });
    page.on("request", (request) => {
      const url = request.url();
      if (!url.startsWith(base) && !url.startsWith("data:")) report.foreign.push(`${name}: ${url}`);
    });
    page.on("console", (message) => {
      // A page without a network says so while it is off; nothing else may be an error.
      const offline = /ERR_INTERNET_DISCONNECTED|ERR_NETWORK_CHANGED/.test(message.text() + JSON.stringify(message.location()));
      if (message.type() === "error" && !offline) report.console.push(`${name}: ${message.text()} ${JSON.stringify(message.location())}`);
    });
    page.on("pageerror", (error) => report.console.push(`${name}: ${error.message}`));
    return page;
  }

  const shot = (page, name) => page.screenshot({ path: `${shots}/${prefix}-${name}.png`, fullPage: true });

  /// axe on `url` as `context` sees it (its cookies), light and dark, at 360 and 320 px;
  /// and no sideways scrolling at 320 px.
  async function audit(context, url, name) {
    for (const scheme of ["light", "dark"]) {
      for (const width of [360, 320]) {
        const page = await context.newPage();
        await page.setExtraHTTPHeaders({ "Accept-Language": "de-DE,de;q=0.9" });
        await page.setBypassCSP(true);
        await page.setViewport({ ...phone, width });
        await page.emulateMediaFeatures([{ name: "prefers-color-scheme", value: scheme }]);
        await page.goto(url, { waitUntil: "networkidle2" });
        await check(page, name);
        await page.addScriptTag({ content: axeSource });
        const found = await page.evaluate(async () => {
          const result = await window.axe.run(document, { resultTypes: ["violations"] });
          return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
        });
        for (const violation of found) report.violations.push(`${name} (${scheme}, ${width}px): ${violation}`);
        const wide = await page.evaluate(() => document.documentElement.scrollWidth);
        if (wide > width) report.overflow.push(`${name} (${scheme}): ${wide}px wide at ${width}px`);
        await page.close();
      }
    }
  }

  /// Taps the button matching `selector` whose text contains `text`, waiting for the page
  /// it leads to.
  async function press(page, selector, text) {
    // Several pages share one browser: taps reach the page in front only.
    await page.bringToFront();
    for (const button of await page.$$(selector)) {
      const label = await button.evaluate((b) => b.textContent);
      if (label.includes(text)) {
        await Promise.all([page.waitForNavigation({ waitUntil: "networkidle2" }), button.tap()]);
        return;
      }
    }
    throw new Error(`no ${selector} with ${text} on ${page.url()}`);
  }

  /// Waits until the page shows `text` (after the reloads and frames that bring it).
  async function shows(page, text, timeout = 15000) {
    await page.bringToFront();
    try {
      await page.waitForFunction((t) => document.body && document.body.innerText.includes(t), { timeout }, text);
    } catch (e) {
      throw new Error(`${page.url()} does not show "${text}": ${(await page.evaluate(() => document.body.innerText)).slice(0, 600)}`);
    }
  }

  return { browser, watched, shot, audit, press, shows };
}
