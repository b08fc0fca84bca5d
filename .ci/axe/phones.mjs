// A club night with two phones and the organiser's tablet, in real Chromium (puppeteer-core,
// Debian's chromium): the tablet signs in with a token, checks players in by tapping, makes
// a join code and draws; the phones join with the code, one enters a Mensch result by
// taps and the other confirms it; a Rangeln result entered round by round is rejected and
// settled by the organiser; an entry made with the network off is sent once when it
// returns; the projector's page follows it all without reloading. Every page is audited
// with axe (light and dark, 360 px and 320 px). Run by api/tests/it/browser.rs:
//   node .ci/axe/phones.mjs CONFIG.json    (CONFIG: {base, token, night, league, shots})
// It prints one JSON report on stdout; the Rust test asserts on it.
import { readFileSync } from "node:fs";
import { harness, newReport, phone, tabletView } from "./harness.mjs";

const config = JSON.parse(readFileSync(process.argv[2], "utf8"));
const report = newReport();
const step = (text) => report.steps.push(text);
const { browser, watched, shot, audit, press, shows } = await harness({
  base: config.base,
  shots: config.shots,
  prefix: "phones",
  report,
});

const count = async (status) => {
  const response = await fetch(`${config.base}/api/v1/leagues/${config.league}/results?status=${status}&per_page=500`);
  return (await response.json()).total;
};

try {
  // The organiser's tablet signs in with the token.
  const tablet = await browser.createBrowserContext();
  const desk = await watched(tablet, "tablet", tabletView);
  await desk.goto(`${config.base}/app/sign-in`, { waitUntil: "networkidle2" });
  await audit(tablet, `${config.base}/app/sign-in`, "sign-in");
  await desk.type('input[name="token"]', config.token);
  await Promise.all([desk.waitForNavigation({ waitUntil: "networkidle2" }), desk.tap('button[type="submit"]')]);
  if (!desk.url().endsWith("/app/organiser")) throw new Error(`signed in to ${desk.url()}`);
  step("the tablet signed in");
  await audit(tablet, `${config.base}/app/organiser`, "organiser");
  const nightPage = `${config.base}/app/organiser/nights/${config.night}`;
  await desk.goto(nightPage, { waitUntil: "networkidle2" });
  // Check-in by tapping.
  for (const name of ["Anna", "Ben", "Cleo"]) await press(desk, "button.choice", name);
  step("three players checked in by tapping");
  await press(desk, 'form[action$="/join-code"] button', "");
  const code = await desk.$eval("section.join .code strong", (e) => e.textContent.trim());
  step(`a join code: ${code}`);
  // The projector's page, on the tablet's second screen: it must never reload.
  const projector = await watched(tablet, "projector", { width: 1280, height: 800, deviceScaleFactor: 1 });
  await projector.goto(`${config.base}/embed/events/${config.night}/tables`, { waitUntil: "networkidle2" });
  await projector.evaluate(() => (window.__notReloaded = true));
  // The draw: Mensch at one table of three.
  await desk.select('select[name="game"]', "mensch-aergere-dich-nicht");
  await desk.select('select[name="size"]', "3");
  await press(desk, 'form[action$="/rounds"] button', "");
  step("round 1 drawn");
  await shot(desk, "tablet");
  await audit(tablet, nightPage, "organiser's night");
  await shows(projector, "Tisch 1");

  // Two phones join with the code.
  const phones = {};
  for (const name of ["Anna", "Ben"]) {
    const context = await browser.createBrowserContext();
    const page = await watched(context, name, phone);
    await page.goto(`${config.base}/n/${code}`, { waitUntil: "networkidle2" });
    if (name === "Anna") await audit(context, `${config.base}/n/${code}`, "join");
    await press(page, "button.choice", name);
    await shows(page, "Dein Tisch");
    phones[name] = { context, page };
  }
  step("two phones joined");
  const anna = phones.Anna.page;
  const ben = phones.Ben.page;
  await audit(phones.Anna.context, anna.url(), "member's night");
  await shot(anna, "anna-table");

  // Anna enters the Mensch result by taps: Ben first, then Anna, then Cleo.
  const tapOrder = async (page, order) => {
    for (const name of order) {
      const names = await page.$$(".player .name");
      for (const element of names) {
        if ((await element.evaluate((e) => e.textContent)).includes(name)) await element.tap();
      }
    }
  };
  await tapOrder(anna, ["Ben", "Anna", "Cleo"]);
  await Promise.all([anna.waitForNavigation({ waitUntil: "networkidle2" }), anna.tap("form.entry button.primary")]);
  await shows(anna, "wartet auf Bestätigung");
  await shows(projector, "wartet auf Bestätigung");
  step("a Mensch result entered; the projector shows it waiting");
  await audit(phones.Anna.context, anna.url(), "member's night, waiting");
  // Ben's page follows the stream and shows the confirmation.
  await shows(ben, "Stimmt so");
  await audit(phones.Ben.context, ben.url(), "member's night, to confirm");
  await shot(ben, "ben-confirm");
  await press(ben, 'form[action$="/confirm"] button', "Stimmt so");
  await shows(ben, "Zählt");
  await shows(projector, "gespielt");
  step("confirmed by the tablemate");
  if ((await count("confirmed")) !== 1) throw new Error("the confirmed result does not count");

  // Rangeln, round by round: each round checked by the server before it is sent.
  await desk.goto(nightPage, { waitUntil: "networkidle2" });
  await desk.select('select[name="game"]', "rangeln");
  await desk.select('select[name="size"]', "3");
  await press(desk, 'form[action$="/rounds"] button', "");
  await shows(anna, "Runde 3");
  const scores = [[7, 6, 1], [6, 6, 1], [6, 6, 1]];
  for (let round = 1; round <= 3; round++) {
    for (let seat = 1; seat <= 3; seat++) {
      await anna.type(`input[name="score-${round}-${seat}"]`, String(scores[round - 1][seat - 1]));
    }
    await anna.$eval(`fieldset[data-round="${round}"]`, (f) => f.dispatchEvent(new Event("change", { bubbles: true })));
    await anna.waitForFunction((r) => document.querySelector(`fieldset[data-round="${r}"] .totals`).textContent.includes("Summe"), {}, round);
  }
  step("three Rangeln rounds checked by the server's scoring");
  await audit(phones.Anna.context, anna.url(), "Rangeln form");
  await Promise.all([anna.waitForNavigation({ waitUntil: "networkidle2" }), anna.tap("form.entry button.primary")]);
  await shows(anna, "wartet auf Bestätigung");
  // Ben rejects it; the organiser settles it.
  await shows(ben, "Stimmt nicht");
  await ben.tap("details summary");
  await ben.type('textarea[name="reason"]', "Cleo hatte 7 Punkte");
  await press(ben, 'form[action$="/reject"] button', "Stimmt nicht");
  await shows(ben, "Abgelehnt");
  await desk.goto(nightPage, { waitUntil: "networkidle2" });
  await shows(desk, "Cleo hatte 7 Punkte");
  await press(desk, 'form[action$="/accept"] button', "");
  await shows(projector, "gespielt");
  step("a rejected Rangeln result settled by the organiser");
  if ((await count("confirmed")) !== 2) throw new Error("the settled result does not count");

  // A result entered with the network off waits on the phone and is sent once.
  await press(desk, 'form[action$="/rounds"] button', "");
  await shows(anna, "Ergebnis eintragen");
  const before = await count("all");
  await anna.setOfflineMode(true);
  await tapOrder(anna, ["Cleo", "Ben", "Anna"]);
  await anna.tap("form.entry button.primary");
  await shows(anna, "Kein Netz");
  await shot(anna, "anna-offline");
  if ((await count("all")) !== before) throw new Error("sent while offline");
  const waiting = await anna.evaluate(
    () =>
      new Promise((resolve) => {
        const open = indexedDB.open("spielstand", 1);
        open.onsuccess = () => {
          const all = open.result.transaction("outbox").objectStore("outbox").getAll();
          all.onsuccess = () => resolve(all.result.length);
        };
      }),
  );
  if (waiting !== 1) throw new Error(`${waiting} entries wait on the phone`);
  step("an entry kept on the phone without a network");
  await Promise.all([anna.waitForNavigation({ waitUntil: "networkidle2", timeout: 20000 }), anna.setOfflineMode(false)]);
  await shows(anna, "wartet auf Bestätigung");
  // Opening the page again sends nothing more.
  await anna.reload({ waitUntil: "networkidle2" });
  await new Promise((resolve) => setTimeout(resolve, 500));
  if ((await count("all")) !== before + 1) throw new Error(`${(await count("all")) - before} results from one offline entry`);
  step("sent exactly once when the network returned");

  const notReloaded = await projector.evaluate(() => window.__notReloaded === true);
  if (!notReloaded) throw new Error("the projector's page reloaded");
  await shot(projector, "projector");
  step("the projector followed without a reload");
  await audit(tablet, `${config.base}/embed/events/${config.night}/tables`, "projector");
  await audit(phones.Anna.context, `${config.base}/`, "start page");
} catch (error) {
  report.errors.push(String(error && error.stack ? error.stack : error));
} finally {
  await browser.close();
  process.stdout.write(JSON.stringify(report));
}
