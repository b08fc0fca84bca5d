// spielstand's app, on top of plain HTML forms that work without it: results entered
// without a network wait on the phone (IndexedDB) and are sent exactly once when it
// returns (each with its Idempotency-Key); the night follows its live stream; places are
// set by tapping; Rangeln rounds are checked with the server's own scoring. No framework,
// nothing loaded from elsewhere.
(() => {
  "use strict";
  const de = document.documentElement.lang !== "en";
  const say = (deText, enText) => (de ? deText : enText);

  // ---- The offline queue -------------------------------------------------------------
  const DB = "spielstand";
  const STORE = "outbox";
  const open = () =>
    new Promise((resolve, reject) => {
      const request = indexedDB.open(DB, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "key" });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  const store = async (mode, work) => {
    const db = await open();
    return new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const result = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(result && result.result);
      tx.onerror = () => reject(tx.error);
    });
  };
  const all = () => store("readonly", (s) => s.getAll());
  const keep = (entry) => store("readwrite", (s) => s.put(entry));
  const drop = (key) => store("readwrite", (s) => s.delete(key));
  const newKey = () => {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  };

  let flushing = false;
  // Sends what waits, oldest first; each entry once: it leaves the queue only when the
  // server answered it (201, or a replay of the first answer), and a repeat carries the
  // same key, so the server counts it once whatever was lost on the way.
  const flush = async () => {
    if (flushing || !window.indexedDB) return;
    flushing = true;
    let sentAny = false;
    try {
      const waiting = (await all()).sort((a, b) => a.created - b.created);
      for (const entry of waiting) {
        let response;
        try {
          response = await fetch(entry.url, {
            method: "POST",
            credentials: "same-origin",
            headers: {
              "Content-Type": "application/x-www-form-urlencoded",
              "Idempotency-Key": entry.key,
              Accept: "application/json",
              // Refusals in the page's language, whatever the browser's own.
              "Accept-Language": de ? "de" : "en",
            },
            body: entry.body,
          });
        } catch (e) {
          show(entry.url, say("Kein Netz: gespeichert, wird gesendet, sobald das Netz wieder da ist.", "No network: kept, and sent as soon as the network is back."));
          break;
        }
        if (response.ok) {
          await drop(entry.key);
          sentAny = true;
        } else if (response.status === 429 || response.status >= 500 || response.status === 409 && (await peek(response)).type === "/problems/idempotency-key-in-progress") {
          break;
        } else {
          // Refused: the server says why, in the page's language; the entry is dropped
          // (the form shows it again to be corrected).
          const problem = await response.json().catch(() => ({}));
          await drop(entry.key);
          show(entry.url, problem.detail || String(response.status), true);
        }
      }
    } finally {
      flushing = false;
    }
    if (sentAny) location.reload();
  };
  const peek = (response) => response.clone().json().catch(() => ({}));
  const show = (url, text, error) => {
    for (const form of document.querySelectorAll("form.entry")) {
      if (form.getAttribute("action") !== url) continue;
      const line = form.querySelector(".queue");
      if (line) {
        line.textContent = text;
        line.classList.toggle("error", !!error);
        line.setAttribute("role", error ? "alert" : "status");
      }
    }
  };
  const showWaiting = async () => {
    if (!window.indexedDB) return;
    for (const entry of await all()) show(entry.url, say("Wartet auf das Netz …", "Waiting for the network …"));
  };

  document.addEventListener("submit", async (event) => {
    const form = event.target;
    if (!form.classList.contains("entry") || !window.indexedDB || !window.fetch) return;
    event.preventDefault();
    const body = new URLSearchParams(new FormData(form)).toString();
    await keep({ key: newKey(), url: form.getAttribute("action"), body, created: Date.now() });
    show(form.getAttribute("action"), say("wird gesendet …", "sending …"));
    flush();
  });
  window.addEventListener("online", flush);
  document.addEventListener("visibilitychange", () => document.visibilityState === "visible" && flush());

  // ---- Places by tapping --------------------------------------------------------------
  for (const form of document.querySelectorAll("form.entry")) {
    form.addEventListener("click", (event) => {
      const name = event.target.closest(".player .name");
      if (!name) return;
      const select = name.parentElement.querySelector('select[name^="place-"]');
      if (!select) return;
      const taken = Array.from(form.querySelectorAll('select[name^="place-"]')).map((s) => Number(s.value) || 0);
      select.value = select.value ? "" : String(Math.min(Math.max(0, ...taken) + 1, select.options.length - 1));
      select.dispatchEvent(new Event("change", { bubbles: true }));
    });
  }

  // ---- Rangeln: each round checked jointly by the server, with running totals ----------
  for (const form of document.querySelectorAll('form.entry[data-game="rangeln"]')) {
    const totals = {};
    const rounds = Array.from(form.querySelectorAll("fieldset.round"));
    const check = async (fieldset) => {
      const inputs = Array.from(fieldset.querySelectorAll('input[name^="score-"]'));
      if (!inputs.length || inputs.some((i) => i.value === "")) return;
      const players = inputs.map((i) => i.closest("label").querySelector("bdi").textContent);
      const scores = {};
      inputs.forEach((input, i) => (scores[players[i]] = Number(input.value)));
      const out = fieldset.querySelector(".totals");
      try {
        const response = await fetch("/api/v1/rangeln/score", {
          method: "POST",
          headers: { "Content-Type": "application/json", "Accept-Language": de ? "de" : "en" },
          body: JSON.stringify({ players, round: { scores } }),
        });
        const answer = await response.json();
        if (!response.ok) {
          out.textContent = answer.detail || String(response.status);
          out.classList.add("error");
          out.setAttribute("role", "alert");
          return;
        }
        out.classList.remove("error");
        out.removeAttribute("role");
        totals[fieldset.dataset.round] = scores;
        const sum = {};
        for (const round of Object.values(totals)) for (const [p, s] of Object.entries(round)) sum[p] = (sum[p] || 0) + s;
        out.textContent = say("Summe: ", "Total: ") + players.map((p) => `${p} ${sum[p]}`).join(", ");
      } catch (e) {
        out.textContent = say("Offline: die Runde wird beim Senden geprüft.", "Offline: the round is checked when sent.");
      }
    };
    rounds.forEach((fieldset) => fieldset.addEventListener("change", () => check(fieldset)));
  }

  // ---- The night, live ------------------------------------------------------------------
  // A page on its way to another (a form sent, a link followed) is not reloaded: the
  // reload would cancel the form's answer.
  let leaving = false;
  document.addEventListener("submit", (event) => (leaving = leaving || !event.defaultPrevented));
  window.addEventListener("beforeunload", () => (leaving = true));
  window.addEventListener("pageshow", () => (leaving = false));
  const live = document.getElementById("live");
  if (live && live.dataset.stream && window.EventSource) {
    const stream = new EventSource(live.dataset.stream);
    let first = true;
    let seen = null;
    stream.addEventListener("night", (event) => {
      const frame = JSON.parse(event.data);
      const html = frame.html && frame.html[live.dataset.lang || "de"];
      if (typeof html === "string") live.innerHTML = html;
      // The page's own parts (a table's state, what one can do) follow on a reload, unless
      // someone is typing into a form.
      const state = JSON.stringify((frame.report.rounds || []).map((r) => r.tables.map((t) => [t.result_id, t.result_status])));
      const active = document.activeElement;
      const typing =
        (active && active.matches && active.matches("main input, main textarea, main select")) ||
        Array.from(
          document.querySelectorAll('form.entry input:not([type="hidden"]):not([type="checkbox"]), form.entry select, textarea'),
        ).some((f) => f.value);
      // `data-reload="always"`: every change reloads (a pass waiting for the organiser, the
      // organiser's requests), not only a table's result.
      const always = live.dataset.reload === "always";
      if (!first && (always || state !== seen) && !typing && !leaving && document.querySelector(".mine, .table-state, [data-reload]")) location.reload();
      first = false;
      seen = state;
      if (frame.report.closed_at) stream.close();
      flush();
    });
  }

  // ---- The app shell offline ----------------------------------------------------------
  if ("serviceWorker" in navigator && document.body.classList.contains("app")) {
    const script = document.querySelector('script[src^="/app/app.js"]');
    const version = script ? new URL(script.src).searchParams.get("v") : "0";
    navigator.serviceWorker.register("/sw.js?v=" + version).catch(() => {});
  }
  showWaiting().then(flush);
})();
