// A German club's Thursday night on the club's own network, in real Chromium: the
// server is reached by a host name of the network (`club.lan`, mapped to 127.0.0.1 by
// Chromium's --host-resolver-rules, so no byte leaves this machine), where pages are not
// a secure context and no service worker runs. The organiser's tablet signs in with the
// QR code of `spielstand-api token create --qr`, starts the night, checks members in by
// tapping and draws; four phones join from the QR code's own link; a result is entered
// and confirmed, another rejected; a Rangeln entry made without the network is sent once;
// a phone that lost its cookie moves its pass with the tablet's yes; a revoked member is
// kept out; the tablet closes the night after seeing what still waits, and the phones
// show the final table. Every label of every form sits beside its own box at 320, 360
// and 800 px; every page is in German and audited with axe. Run by
// api/tests/it/browser.rs:
//   node .ci/axe/lan-night.mjs CONFIG.json   (CONFIG: {base, port, signIn, players, shots})
// It prints one JSON report on stdout; the Rust test asserts on it.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { harness, newReport, phone, tabletView } from "./harness.mjs";

const require = createRequire(import.meta.url);
const config = JSON.parse(readFileSync(process.argv[2], "utf8"));
const jsqrSource = readFileSync(require.resolve("jsqr/dist/jsQR.js"), "utf8");
const report = { ...newReport(), english: [], labels: [] };
const step = (text) => report.steps.push(text);
const base = config.base;

// Whole words only, by Unicode letters ("Käthe" holds no "the").
const ENGLISH = ["the", "your", "has", "please", "joined", "token", "waiting", "night", "pass", "is not"].map(
  (word) => new RegExp(`(?<!\\p{L})${word}(?!\\p{L})`, "iu"),
);

/// The page's text holds no English sentence.
async function german(page, name) {
  const text = await page.evaluate(() => document.body.innerText);
  for (const word of ENGLISH) {
    const found = text.match(word);
    if (found) {
      const at = text.indexOf(found[0]);
      report.english.push(`${name}: "${text.slice(Math.max(0, at - 40), at + 40).replace(/\s+/g, " ")}"`);
    }
  }
}

/// Each label of a form beside its own box: its text and its control on one line (their
/// vertical middles less than 12 px apart), the control to the right of the text, and no
/// other control nearer to the text than its own. At `width`.
async function labels(context, url, name, width) {
  const page = await context.newPage();
  await page.setExtraHTTPHeaders({ "Accept-Language": "de-DE,de;q=0.9" });
  await page.setViewport({ ...phone, width, isMobile: width < 600 });
  await page.goto(url, { waitUntil: "networkidle2" });
  const found = await page.evaluate(() => {
    const out = [];
    const controls = Array.from(document.querySelectorAll("main input:not([type=hidden]), main select, main textarea"));
    for (const label of document.querySelectorAll("main label.field")) {
      const control = label.querySelector("input, select, textarea");
      const text = label.querySelector(":scope > span");
      if (!control || !text) continue;
      const t = text.getBoundingClientRect();
      const c = control.getBoundingClientRect();
      const middle = (r) => r.top + r.height / 2;
      const distance = (r) => Math.hypot(Math.max(0, r.left - t.right, t.left - r.right), Math.max(0, r.top - t.bottom, t.top - r.bottom));
      const own = distance(c);
      const nearer = controls.filter((other) => other !== control).find((other) => distance(other.getBoundingClientRect()) < own);
      const wide = label.classList.contains("wide");
      const beside = wide ? c.top >= t.bottom - 1 && c.top - t.bottom < 16 : Math.abs(middle(t) - middle(c)) < 12 && c.left >= t.left;
      out.push({ label: text.innerText.trim(), beside, own: Math.round(own), nearer: nearer ? nearer.name : null, height: Math.round(c.height) });
    }
    const round = document.querySelector("fieldset.round");
    return { fields: out, round: round ? Math.round(round.getBoundingClientRect().height) : null, viewport: window.innerHeight };
  });
  for (const field of found.fields) {
    if (!field.beside || field.nearer) report.labels.push(`${name} at ${width}px: "${field.label}" ${JSON.stringify(field)}`);
  }
  if (found.round !== null && found.round > found.viewport) {
    report.labels.push(`${name} at ${width}px: a Rangeln round is ${found.round}px tall, the screen ${found.viewport}px`);
  }
  await page.close();
  return found.fields.length;
}

// Chromium on the club's network: its host name, and nothing else.
const { browser, watched, shot, audit, press, shows } = await harness({
  base,
  shots: config.shots,
  prefix: "lan",
  report,
  args: ["--host-resolver-rules=MAP club.lan 127.0.0.1, EXCLUDE localhost"],
  check: german,
});

const api = async (path) => (await fetch(`http://127.0.0.1:${config.port}${path}`)).json();

try {
  const [first, second, third, fourth] = config.players;
  // The tablet signs in with the QR code's link: a one-time code of a record token.
  const tablet = await browser.createBrowserContext();
  const desk = await watched(tablet, "tablet", tabletView);
  if (!config.signIn.startsWith(`${base}/app/sign-in/`)) throw new Error(`the QR code's link: ${config.signIn}`);
  await desk.goto(config.signIn, { waitUntil: "networkidle2" });
  await german(desk, "sign-in by code");
  await press(desk, "button", "Anmelden");
  if (!desk.url().startsWith(`${base}/app/organiser`)) throw new Error(`signed in to ${desk.url()}: ${await desk.evaluate(() => document.body.innerText)}`);
  const secure = await desk.evaluate(() => window.isSecureContext);
  if (secure) throw new Error("club.lan over http is a secure context?");
  step("the tablet signed in from the QR code's link, on a plain-HTTP LAN origin");
  // It starts the night itself, so it is that night's organiser.
  await press(desk, 'form[action$="/nights"] button', "Abend beginnen");
  await shows(desk, "Der Abend hat begonnen.");
  const nightPage = desk.url().split("?")[0];
  const night = Number(nightPage.split("/").pop());
  await german(desk, "organiser's night");
  // Names in German order.
  const order = await desk.$$eval("section[aria-labelledby=present] button.choice bdi", (names) => names.map((n) => n.textContent));
  const sorted = [...order].sort((a, b) => a.localeCompare(b, "de"));
  if (JSON.stringify(order) !== JSON.stringify(sorted)) throw new Error(`names not in German order: ${order}`);
  for (const name of config.players) {
    await press(desk, "section[aria-labelledby=present] button.choice", name);
    await shows(desk, "Eingecheckt.");
  }
  step(`four members checked in by tapping, listed as German readers expect: ${order.join(", ")}`);
  await press(desk, 'form[action$="/join-code"] button', "");
  // The QR code read as a phone's camera reads it: drawn, then decoded (on a page of its
  // own, which lets the decoder's script in).
  const reader = await tablet.newPage();
  await reader.setBypassCSP(true);
  await reader.goto(nightPage, { waitUntil: "networkidle2" });
  await reader.addScriptTag({ content: jsqrSource });
  const link = await reader.evaluate(async () => {
    const svg = document.querySelector("section.join .qr svg");
    const image = new Image();
    image.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg.outerHTML);
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 400;
    const context = canvas.getContext("2d");
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, 400, 400);
    context.drawImage(image, 20, 20, 360, 360);
    const pixels = context.getImageData(0, 0, 400, 400);
    const read = window.jsQR(pixels.data, 400, 400);
    return read ? read.data : null;
  });
  await reader.close();
  if (!link || !link.startsWith(`${base}/n/`)) throw new Error(`the QR code's link names ${link}`);
  step(`the QR code, read as a camera reads it, names the club's network: ${link}`);
  await desk.select('select[name="game"]', "mensch-aergere-dich-nicht");
  await desk.select('select[name="size"]', "2");
  await press(desk, 'form[action$="/rounds"] button', "");
  await shows(desk, "Die Runde ist ausgelost.");
  for (const width of [320, 360, 800]) await labels(tablet, nightPage, "the draw", width);
  await audit(tablet, nightPage, "organiser's night");
  await shot(desk, "tablet");

  // Four phones join from the QR code's own link.
  const phones = {};
  for (const name of config.players) {
    const context = await browser.createBrowserContext();
    const page = await watched(context, name, phone);
    await page.goto(link, { waitUntil: "networkidle2" });
    await press(page, "button.choice", name);
    await shows(page, "Dein Tisch");
    phones[name] = { context, page };
  }
  const workers = await phones[first].page.evaluate(async () => (navigator.serviceWorker ? (await navigator.serviceWorker.getRegistrations()).length : 0));
  if (workers !== 0) throw new Error("a service worker on a plain-HTTP origin");
  step("four phones joined from the link; no service worker on the LAN origin");
  await audit(phones[first].context, `${base}/n/${link.split("/").pop()}`, "join");

  // Each table: who sits together.
  const rounds = await api(`/api/v1/events/${night}/rounds`);
  const tables = rounds[0].tables.map((t) => t.seats.map((s) => s.player));
  const [a, b] = tables[0];
  const [c, d] = tables[1];
  const tapOrder = async (page, order) => {
    for (const name of order) {
      for (const element of await page.$$(".player .name")) {
        if ((await element.evaluate((e) => e.textContent)).includes(name)) await element.tap();
      }
    }
  };
  // Table 1: entered and confirmed.
  await tapOrder(phones[a].page, [b, a]);
  await Promise.all([phones[a].page.waitForNavigation({ waitUntil: "networkidle2" }), phones[a].page.tap("form.entry button.primary")]);
  await shows(phones[a].page, "wartet auf Bestätigung");
  await shows(phones[b].page, "Stimmt so");
  await press(phones[b].page, 'form[action$="/confirm"] button', "Stimmt so");
  await shows(phones[b].page, "Zählt");
  step(`table 1: ${a} entered, ${b} confirmed`);
  // Table 2: entered and rejected.
  await tapOrder(phones[c].page, [c, d]);
  await Promise.all([phones[c].page.waitForNavigation({ waitUntil: "networkidle2" }), phones[c].page.tap("form.entry button.primary")]);
  await shows(phones[d].page, "Stimmt nicht");
  await phones[d].page.tap("details summary");
  await phones[d].page.type('textarea[name="reason"]', `${d} war Erste`);
  await press(phones[d].page, 'form[action$="/reject"] button', "Stimmt nicht");
  await shows(phones[d].page, "Abgelehnt");
  await desk.goto(nightPage, { waitUntil: "networkidle2" });
  await shows(desk, `${d} war Erste`);
  step(`table 2: ${c} entered, ${d} rejected; the tablet shows why`);

  // Round 2, Rangeln: every name beside its own box; an entry made offline is sent once.
  await desk.select('select[name="game"]', "rangeln");
  await desk.select('select[name="size"]', "4");
  await press(desk, 'form[action$="/rounds"] button', "");
  await shows(desk, "Die Runde ist ausgelost.");
  await shows(phones[a].page, "Runde 2");
  const rangeln = (await api(`/api/v1/events/${night}/rounds`))[1].tables;
  const entering = rangeln[0].seats[0].player;
  const enterer = phones[entering].page;
  await enterer.reload({ waitUntil: "networkidle2" });
  for (const width of [320, 360, 800]) {
    const fields = await labels(phones[entering].context, enterer.url(), "the Rangeln form", width);
    if (fields < 16) throw new Error(`the Rangeln form has ${fields} labelled fields`);
  }
  await shot(enterer, "rangeln");
  const before = (await api(`/api/v1/leagues/${config.league}/results?status=all`)).total;
  await enterer.setOfflineMode(true);
  const scores = [[4, 2, 1, 0], [6, 4, 2, 1], [3, 1, 0, -1], [5, 3, 2, 1]];
  for (let round = 1; round <= 4; round++) {
    for (let seat = 1; seat <= 4; seat++) await enterer.type(`input[name="score-${round}-${seat}"]`, String(scores[round - 1][seat - 1]));
  }
  await enterer.tap("form.entry button.primary");
  await shows(enterer, "Kein Netz");
  if ((await api(`/api/v1/leagues/${config.league}/results?status=all`)).total !== before) throw new Error("sent while offline");
  await Promise.all([enterer.waitForNavigation({ waitUntil: "networkidle2", timeout: 20000 }), enterer.setOfflineMode(false)]);
  await shows(enterer, "wartet auf Bestätigung");
  await enterer.reload({ waitUntil: "networkidle2" });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const after = (await api(`/api/v1/leagues/${config.league}/results?status=all`)).total;
  if (after !== before + 1) throw new Error(`${after - before} results from one offline entry`);
  step("a Rangeln entry made without the network, on the LAN origin without a service worker, sent once");
  // Its tablemate sees every round of what they confirm.
  const mate = rangeln[0].seats[1].player;
  await phones[mate].page.reload({ waitUntil: "networkidle2" });
  const rows = await phones[mate].page.$$eval("table.rounds tbody tr", (r) => r.length);
  if (rows !== 4) throw new Error(`the confirming player sees ${rows} rounds`);
  step(`${mate} sees all four rounds before confirming`);

  // A phone lost its cookie (a QR scanner's own browser, then the real one).
  const lost = b;
  const again = await browser.createBrowserContext();
  const newPhone = await watched(again, `${lost} (new phone)`, phone);
  await newPhone.goto(link, { waitUntil: "networkidle2" });
  await press(newPhone, "button.choice", lost);
  await shows(newPhone, "schon auf einem anderen Gerät");
  await german(newPhone, "joined on another phone");
  await press(newPhone, "button.primary", "verlegen");
  await shows(newPhone, "wartet auf die Spielleitung");
  await audit(again, newPhone.url(), "waiting for the organiser");
  await desk.goto(nightPage, { waitUntil: "networkidle2" });
  await shows(desk, `${lost} möchte auf ein neues Gerät wechseln`);
  await audit(tablet, nightPage, "organiser's requests");
  await press(desk, 'form[action$="/approve"] button', "Zulassen");
  await shows(desk, "Zugang zugelassen.");
  // The new phone goes on by itself; the old one's pass has ended.
  await shows(newPhone, "Dein Tisch", 20000);
  await phones[lost].page.reload({ waitUntil: "networkidle2" });
  await shows(phones[lost].page, "gilt nicht mehr");
  step(`${lost}'s pass moved to a new phone with one tap on the tablet`);

  // A revoked member is kept out until the organiser lets them back in.
  const kept = d;
  const players = await api("/api/v1/players");
  const keptId = players.find((p) => p.name === kept).id;
  await press(desk, `form[action$="/passes/${keptId}/revoke"] button`, "");
  await shows(desk, "Zugang beendet");
  const outside = await browser.createBrowserContext();
  const outsider = await watched(outside, `${kept} (revoked)`, phone);
  await outsider.goto(link, { waitUntil: "networkidle2" });
  await press(outsider, "button.choice", kept);
  await shows(outsider, "hat den Zugang von");
  const asks = await outsider.$$('input[name="ask"]');
  if (asks.length) throw new Error("a revoked member is offered to ask for a pass");
  await german(outsider, "kept out");
  step(`${kept}, revoked, is kept out`);
  // A name nobody has is explained and offered to the organiser.
  await outsider.type('input[name="name"]', "Bärbl");
  await press(outsider, "form.stacked button", "Beitreten");
  await shows(outsider, "steht nicht in der Spielerliste");
  await desk.goto(nightPage, { waitUntil: "networkidle2" });
  await shows(desk, "„Bärbl“ steht nicht in der Liste.");
  step("a name not on the list is explained, and offered to the tablet");

  // The tablet closes the night: first it sees what still waits.
  await press(desk, 'form[action$="/close"] button', "Abend abschließen");
  await shows(desk, "warten noch auf Bestätigung");
  await german(desk, "close the night?");
  await audit(tablet, `${nightPage}`, "organiser's night before closing");
  await press(desk, 'form[action$="/close"] button', "Trotzdem schließen");
  await shows(desk, "Der Abend ist geschlossen.");
  step("the tablet closed the night it started, after seeing what still waited");
  // The phones show the final table, and so does the code's link.
  await phones[a].page.reload({ waitUntil: "networkidle2" });
  await shows(phones[a].page, "Der Abend ist beendet");
  await german(phones[a].page, "the night is over");
  await newPhone.goto(link, { waitUntil: "networkidle2" });
  await shows(newPhone, "Der Abend ist beendet");
  await audit(phones[a].context, link, "the night is over");
  await shot(phones[a].page, "over");
  step("after closing, the phones and the code's link show the final table");
} catch (error) {
  report.errors.push(String(error && error.stack ? error.stack : error));
} finally {
  await browser.close();
  process.stdout.write(JSON.stringify(report));
}
