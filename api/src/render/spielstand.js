/* spielstand.js: draws a spielstand league table into every
 *   <div data-spielstand-league="ID"></div>
 * on the page. Optional attributes: data-spielstand-game, data-spielstand-as-of,
 * data-spielstand-lang (de, en), data-spielstand-theme (light, dark), data-spielstand-limit.
 * It reads the table from the server it was loaded from; names are inserted as text,
 * never as markup. Colours follow the --spielstand-* custom properties of the page. */
(function () {
  "use strict";
  var TEXT = __SPIELSTAND_LABELS__;
  var script = document.currentScript;
  // The API sits beside this script: <server>/embed/spielstand.js -> <server>/api/v1/
  var api = new URL("../api/v1/", script && script.src ? script.src : location.href).href;
  var CSS =
    ".spielstand-widget{container-type:inline-size;color:var(--spielstand-fg,inherit)}" +
    ".spielstand-widget.spielstand-dark{--spielstand-fg:#e8ebee;--spielstand-bg:#16191d;--spielstand-muted:#9aa5b0;" +
    "--spielstand-line:#2e353c;--spielstand-head-bg:#20262c;--spielstand-stripe:#1b1f24;--spielstand-accent:#54c79f;" +
    "background:var(--spielstand-bg);padding:8px}" +
    ".spielstand-widget table{width:100%;border-collapse:collapse;font-variant-numeric:tabular-nums}" +
    ".spielstand-widget caption{text-align:start;padding:0 0 8px}" +
    ".spielstand-widget caption .league{display:block;font-weight:700;font-size:1.15em;overflow-wrap:anywhere}" +
    ".spielstand-widget caption .scope{display:block;color:var(--spielstand-muted,#5b6671);font-size:.9em}" +
    ".spielstand-widget th,.spielstand-widget td{padding:6px 8px;border-bottom:1px solid var(--spielstand-line,#dde2e7);" +
    "text-align:end;white-space:nowrap}" +
    ".spielstand-widget thead th{background:var(--spielstand-head-bg,#eef2f5);color:var(--spielstand-muted,#5b6671);" +
    "font-size:.85em;font-weight:600}" +
    ".spielstand-widget tbody tr:nth-child(even){background:var(--spielstand-stripe,#f7f9fa)}" +
    ".spielstand-widget th.player{width:100%;text-align:start;white-space:normal;overflow-wrap:anywhere}" +
    ".spielstand-widget .points{font-weight:700}" +
    ".spielstand-widget tr.leader .place{color:var(--spielstand-accent,#0a6b4b);font-weight:700}" +
    ".spielstand-widget .note{margin:8px 0 0;color:var(--spielstand-muted,#5b6671);font-size:.85em}" +
    "@container (max-width:540px){.spielstand-widget th,.spielstand-widget td{padding:5px 4px}}" +
    "@container (max-width:420px){.spielstand-widget .avg,.spielstand-widget .rating{display:none}}" +
    "@container (max-width:360px){.spielstand-widget .wins{display:none}}";

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = String(text);
    return node;
  }

  function fixed(value, decimals, labels) {
    var shown = Number(value).toFixed(decimals);
    if (/^-[0.]+$/.test(shown)) shown = shown.slice(1);
    return shown.replace(".", labels.decimal);
  }

  function points(value, labels) {
    return fixed(value, 2, labels).replace(new RegExp("\\" + labels.decimal + "?0+$"), "");
  }

  function day(iso, labels) {
    var parts = iso.split("-");
    return labels.lang === "de" ? parts[2] + "." + parts[1] + "." + parts[0] : iso;
  }

  function addStyle() {
    if (document.getElementById("spielstand-style")) return;
    var style = element("style", "", CSS);
    style.id = "spielstand-style";
    (document.head || document.documentElement).appendChild(style);
  }

  function getJson(url) {
    return fetch(url, { headers: { Accept: "application/json" }, credentials: "omit" }).then(function (res) {
      if (!res.ok) throw new Error(url + ": " + res.status);
      return res.json();
    });
  }

  function draw(div, standings, league, labels, limit) {
    var rows = standings.rows;
    var shown = limit > 0 ? Math.min(limit, rows.length) : rows.length;
    var table = element("table", "spielstand");
    var caption = element("caption");
    var scope = standings.game ? TEXT.games[standings.game] || standings.game : labels.all_games;
    if (standings.as_of) scope += " · " + labels.as_of + " " + day(standings.as_of, labels);
    caption.appendChild(element("span", "league", league.name));
    caption.appendChild(document.createTextNode(" "));
    caption.appendChild(element("span", "scope", scope));
    table.appendChild(caption);
    var head = element("tr");
    [["place", labels.place], ["player", labels.player], ["played", labels.played], ["wins", labels.wins],
      ["points", labels.points], ["avg", labels.average_place], ["rating", labels.rating]].forEach(function (c) {
      var th = element("th", c[0], c[1]);
      th.scope = "col";
      head.appendChild(th);
    });
    table.appendChild(element("thead")).appendChild(head);
    var body = table.appendChild(element("tbody"));
    rows.slice(0, shown).forEach(function (r) {
      var tr = element("tr", r.place === 1 ? "leader" : r.ranked === false ? "unranked" : "");
      // A player short of the league's minimum games has no place.
      tr.appendChild(element("td", "place", r.place === null ? "\u2013" : r.place));
      var name = element("th", "player");
      name.scope = "row";
      name.appendChild(element("bdi", "", r.player));
      tr.appendChild(name);
      tr.appendChild(element("td", "played", r.played));
      tr.appendChild(element("td", "wins", r.wins));
      tr.appendChild(element("td", "points", points(r.points, labels)));
      tr.appendChild(element("td", "avg", fixed(r.average_place, 2, labels)));
      tr.appendChild(element("td", "rating", fixed(r.rating_display, 1, labels)));
      body.appendChild(tr);
    });
    var parts = [table];
    if (rows.length === 0) parts.push(element("p", "note", labels.empty));
    else if (shown < rows.length) {
      parts.push(element("p", "note", labels.shown_of.replace("{shown}", shown).replace("{total}", rows.length)));
    }
    div.replaceChildren.apply(div, parts);
  }

  /** Draws (or redraws) the table of one element; resolves when it is done. */
  function render(div) {
    var lang = div.getAttribute("data-spielstand-lang");
    var labels = lang === "en" ? TEXT.en : TEXT.de;
    var id = div.getAttribute("data-spielstand-league") || "";
    div.classList.add("spielstand-widget");
    div.classList.toggle("spielstand-dark", div.getAttribute("data-spielstand-theme") === "dark");
    div.setAttribute("lang", labels.lang);
    addStyle();
    if (!/^[0-9]+$/.test(id)) {
      div.replaceChildren(element("p", "note", labels.failed));
      return Promise.resolve();
    }
    var query = new URLSearchParams();
    var game = div.getAttribute("data-spielstand-game");
    var asOf = div.getAttribute("data-spielstand-as-of");
    if (game) query.set("game", game);
    if (asOf) query.set("as_of", asOf);
    var limit = parseInt(div.getAttribute("data-spielstand-limit") || "0", 10);
    var qs = query.toString();
    return Promise.all([
      getJson(api + "leagues/" + id + "/standings" + (qs ? "?" + qs : "")),
      getJson(api + "leagues/" + id),
    ]).then(
      function (got) {
        draw(div, got[0], got[1], labels, limit);
      },
      function (error) {
        div.replaceChildren(element("p", "note", labels.failed));
        if (window.console) console.warn("spielstand:", error);
      }
    );
  }

  function renderAll() {
    var all = document.querySelectorAll("[data-spielstand-league]");
    return Promise.all(Array.prototype.map.call(all, render));
  }

  window.spielstand = { render: render, renderAll: renderAll };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", renderAll);
  else renderAll();
})();
