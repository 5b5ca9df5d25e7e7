// The lobby: start a game (map, rules, options, seats as people or bots), share the seats'
// links, see running and finished games, upload maps.
import { api, el, clear, toast, t, plural } from "/static/common.js";
import { lang } from "/static/i18n.js";

const $ = (id) => document.getElementById(id);
let info = null;
const hosted = JSON.parse(localStorage.getItem("mapkit-hosted") || "{}");

function preset() { return info.presets.find((p) => p.name === $("preset").value); }

// A seat: its name, person or bot, and for a bot that takes one (strong) its budget per
// decision: a number of rollouts (64, the same game from the same seed) or a time (200ms).
function seatRow(name, kind) {
  const p = preset();
  const [base, option] = kind.split(/:(.*)/s);
  const kindSel = el("select", { class: "kind" }, el("option", { value: "human" }, t("person")),
    ...p.bots.map((b) => el("option", { value: b }, t("bot: {name}", { name: b }))));
  kindSel.value = base;
  const budget = el("input", { class: "budget", value: option || "", size: 6, placeholder: t("budget"),
    title: t("rollouts per decision (64: the same game from the same seed) or a time per decision (200ms)") });
  const showBudget = () => { budget.hidden = !(p.bot_options || []).includes(kindSel.value); };
  kindSel.addEventListener("change", showBudget);
  showBudget();
  const row = el("div.seat-row", {},
    el("input", { class: "name", value: name, "aria-label": t("name") }), kindSel, budget,
    el("button", { title: t("remove this seat"), onclick: () => row.remove() }, "×"));
  return row;
}

function seatKind(row) {
  const kind = row.querySelector(".kind").value;
  const budget = row.querySelector(".budget");
  return budget && !budget.hidden && budget.value.trim() ? `${kind}:${budget.value.trim()}` : kind;
}

function fillSeats() {
  const rows = [...document.querySelectorAll("#seats .seat-row")];
  const old = rows.map((r) => [r.querySelector(".name").value, seatKind(r)]);
  const { bots, default_bot: bot } = preset();
  const seats = old.length ? old : [[t("You"), "human"], [t("Bot {n}", { n: 1 }), bot], [t("Bot {n}", { n: 2 }), bot]];
  clear($("seats")).append(...seats.map(([n, k]) => seatRow(n, k === "human" || bots.includes(k.split(":")[0]) ? k : bot)));
}

function fillOptions() {
  const p = preset();
  // (the descriptions and notes are the engine's English, marked for the catalogues there)
  $("preset-about").textContent = p.description ? t(p.description) : "";
  clear($("options"));
  for (const o of p.options) {
    const id = `opt-${o.name}`;
    let input;
    const choices = typeof o.default === "boolean" ? ["true", "false"] : o.choices;
    if (choices) {
      input = el("select", { id, "data-opt": o.name, "data-choice": o.choices ? "1" : null },
        ...choices.map((c) => el("option", { value: c }, c)));
      input.value = String(o.default);
    } else {
      input = el("input", { id, "data-opt": o.name, placeholder: o.default === null ? t("none") : String(o.default),
        title: o.kind });
    }
    input.dataset.default = JSON.stringify(o.default);
    const about = o.about ? t(o.about) : "";
    const label = el("label", { for: id, title: about ? `${about} (${o.kind})` : o.kind }, o.name);
    $("options").append(label, el("span.option", {}, input, about ? el("span.muted", {}, ` ${about}`) : null));
  }
}

// The presets the chosen map can be played with: TransAmerica's need a map with city cards.
function fillPresets() {
  const sel = $("preset");
  const map = (info.maps || []).find((m) => m.id === $("map").value);
  const current = sel.value;
  const offered = info.presets.filter((p) => !p.needs_cards || (map && map.cards));
  clear(sel).append(...offered.map((p) => el("option", { value: p.name }, p.name)));
  if (offered.some((p) => p.name === current)) sel.value = current;
  else if (offered.some((p) => p.name === info.default_preset)) sel.value = info.default_preset;
  if (sel.value !== current) { fillOptions(); fillSeats(); }
}

function optionValues() {
  const out = {};
  for (const input of document.querySelectorAll("#options [data-opt]")) {
    const raw = input.value.trim();
    if (raw === "") continue;
    let v = raw;
    if (input.dataset.choice) v = raw;                 // one of the option's words, as it is ("none" too)
    else if (raw === "true" || raw === "false") v = raw === "true";
    else if (raw === "none" || raw === "null") v = null;
    else if (/^-?\d+$/.test(raw)) v = Number(raw);
    if (JSON.stringify(v) !== input.dataset.default) out[input.dataset.opt] = v;
  }
  return out;
}

function linkRow(label, url) {
  const full = new URL(url, location.origin).href;
  const input = el("input", { value: full, readonly: true, onclick: (ev) => ev.target.select() });
  return el("tr", {}, el("td", {}, label), el("td.links", {}, input),
    el("td", {}, el("a", { href: full, target: "_blank" }, t("open"))));
}

async function start() {
  $("start-error").textContent = "";
  const seats = [...document.querySelectorAll("#seats .seat-row")].map((r) => ({
    name: r.querySelector(".name").value, kind: seatKind(r) }));
  const body = { map: $("map").value, preset: $("preset").value, options: optionValues(), seats,
    pace: Number($("pace").value) };
  if ($("seed").value !== "") body.seed = Number($("seed").value);
  try {
    const g = await api("/api/games", { json: body });
    hosted[g.id] = g.host;
    localStorage.setItem("mapkit-hosted", JSON.stringify(hosted));
    const rows = [linkRow(t("hot-seat / host"), g.host)];
    for (const s of g.seats) if (s.url) rows.push(linkRow(t("seat {n}: {name}", { n: s.seat + 1, name: s.name }), s.url));
    rows.push(linkRow(t("spectators"), g.spectate));
    clear($("created")).append(el("h3", {}, t("Game started: send each player his link")),
      el("table", { id: "links" }, el("tbody", {}, rows)),
      el("p", {}, el("a", { href: g.host, class: "open-host" }, t("Open the game (host, hot-seat)"))));
    loadGames();
  } catch (e) {
    $("start-error").textContent = e.message;
  }
}

async function loadGames() {
  const data = await api("/api/games");
  const body = clear($("games").tBodies[0]);
  if (!data.games.length) body.append(el("tr", {}, el("td.muted", {}, t("no games yet"))));
  for (const g of data.games) {
    const state = g.error || (g.over ? t("over: {winners} won", { winners: g.winners.join(", ") }) : g.phase);
    const who = g.players.map((p) => p.kind === "human" ? p.name : `${p.name} (${p.kind})`).join(", ");
    body.append(el("tr", { "data-game": g.id },
      el("td", {}, g.map), el("td", {}, g.preset), el("td", {}, who), el("td", {}, state),
      el("td.num", {}, `${g.actions}`),
      el("td", {}, el("a", { href: `/play/${g.id}` }, t("watch")), " ",
        hosted[g.id] ? el("a", { href: hosted[g.id] }, t("host")) : null)));
  }
  for (const b of data.broken) body.append(el("tr", {}, el("td.error", { colspan: 6 }, `${b.id}: ${b.error}`)));
}

function fillMaps(maps) {
  info.maps = maps;
  const sel = $("map");
  const current = sel.value;
  clear(sel);
  for (const m of maps) {
    if (m.valid) sel.append(el("option", { value: m.id }, `${m.name}${m.source === "saved" ? ` (${t("saved")})` : ""}`
      + `${m.cards ? ` · ${t("TransAmerica cards")}` : ""}`));
  }
  if (current) sel.value = current;
  if (!sel.value) { const cz = maps.find((m) => m.id === "czechia" && m.valid); if (cz) sel.value = cz.id; }
  const body = clear($("maps").tBodies[0]);
  for (const m of maps) {
    body.append(el("tr", {}, el("td", {}, m.name), el("td.muted", {}, m.source === "bundled" ? t("bundled") : m.source === "saved" ? t("saved") : m.source),
      el("td", {}, m.valid ? `${m.columns}×${m.rows}, ${lang === "en" ? plural(m.cities, "city", "cities") : t("{n} cities", { n: m.cities })}${m.cards ? `, ${t("TransAmerica's 35 city cards")}` : ""}`
        : el("span.error", {}, m.error)),
      el("td", {}, el("a", { href: `/edit?map=${encodeURIComponent(m.id)}` }, t("edit")), " ",
        m.valid ? el("a", { href: `/api/maps/${encodeURIComponent(m.id)}/yaml` }, "yaml") : null)));
  }
}

async function upload(ev) {
  const file = ev.target.files[0];
  if (!file) return;
  $("upload-result").textContent = "";
  if (file.size > info.max_upload) { $("upload-result").textContent = t("too large"); return; }
  try {
    const entry = await api(`/api/maps?name=${encodeURIComponent(file.name)}`, { method: "POST", body: await file.text() });
    $("upload-result").textContent = t("added: {name}", { name: entry.name });
    // the key that lets the editor in this browser save over the uploaded map (editor.js)
    try {
      const keys = JSON.parse(localStorage.getItem("mapkit-edit-keys") || "{}");
      keys[entry.id] = entry.key;
      localStorage.setItem("mapkit-edit-keys", JSON.stringify(keys));
    } catch (e) { /* private mode: the editor saves under a new name */ }
    fillMaps((await api("/api/maps")).maps);
    $("map").value = entry.id;
    fillPresets();
  } catch (e) {
    $("upload-result").className = "error";
    $("upload-result").textContent = e.message;
  }
  ev.target.value = "";
}

async function main() {
  info = await api("/api/info");
  fillMaps(info.maps);
  fillPresets();
  fillOptions();
  fillSeats();
  $("map").addEventListener("change", fillPresets);
  $("preset").addEventListener("change", () => { fillOptions(); fillSeats(); });
  $("add-seat").addEventListener("click", () => {
    const n = document.querySelectorAll("#seats .seat-row").length + 1;
    $("seats").append(seatRow(t("Player {n}", { n }), "human"));
  });
  $("start").addEventListener("click", start);
  $("upload").addEventListener("change", upload);
  await loadGames();
  setInterval(() => loadGames().catch(() => {}), 5000);
}

main().catch((e) => toast(e.message, "error"));
