// The map editor: paint terrain, place and number cities, draw rivers, borders and ridges on
// hex sides, group hexes into regions, change the grid; beside the map, live, what the server's
// analysis says (validation, distances, forbidden races and prizes, a heat map on demand).
// The board shown is the printed board (mapkit.render) of the last analysed state; edits made
// since are drawn over it until the next picture arrives.
import { api, el, svg, clear, toast, t, download, plural, BoardView, zoomButtons } from "/static/common.js";
import { lang } from "/static/i18n.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const EDGE_COLOURS = { rivers: "#1565c0", borders: "#c62828", ridges: "#6d4c41" };
const EDGE_PROMPTS = { rivers: t("Name of the new river (may be empty)"),
  borders: t("Name of the new border (may be empty)"), ridges: t("Name of the new ridge (may be empty)") };
const EDGE_WORDS = { rivers: t("river"), borders: t("border"), ridges: t("ridge") };
const TERRAINS = ["plain", "mountain", "water", "foreign", "off"];

const E = {
  doc: null, geo: null, board: null, tool: "mountain", undo: [], redo: [], version: 0, saved: 0,
  shown: null, inflight: false, timer: null, lastTable: null, city: null, set: { rivers: 0, borders: 0, ridges: 0 },
  region: 0, stroke: null, heat: null, mapId: params.get("map"), colours: {},
};
window.mapkitEditor = E;

const clone = (x) => JSON.parse(JSON.stringify(x));

// -- loading --------------------------------------------------------------------------------
async function load() {
  let doc;
  if (E.mapId) {
    const r = await api(`/api/maps/${encodeURIComponent(E.mapId)}/doc`);
    doc = r.doc;
    if (r.bundled) E.mapId = null;      // a bundled map is saved as a new map of the server
  } else {
    doc = (await api("/api/edit/blank", { json: { columns: 20, rows: 15 } })).doc;
  }
  await setDoc(doc);
  E.saved = E.version;
  markDirty();
}

async function setDoc(doc) {
  for (const k of ["rivers", "borders", "ridges", "cities", "regions"]) doc[k] = doc[k] || [];
  doc.terrain = doc.terrain || {};
  E.doc = doc;
  $("map-name").value = doc.name || "";
  fillGridForm();
  await setGeometry();
  E.shown = null;
  analyseNow();
  renderTools();
}

async function setGeometry() {
  const geo = await api("/api/edit/geometry", { json: { grid: E.doc.grid } });
  E.geo = geo;
  const wrap = clear($("boardwrap"));
  E.board = new BoardView(wrap, geo);
  wrap.append(zoomButtons(E.board));
  E.board.on("paintStart", (i, ev) => strokeStart(i, ev));
  E.board.on("paint", (i, ev) => strokeMove(i, ev));
  E.board.on("paintEnd", () => strokeEnd());
  E.board.on("click", (i) => {});
  E.board.on("hover", (i) => { $("tool-help").dataset.hex = E.geo.hexes[i][0]; });
  E.heat = null;
  drawHeat();
  usePanTool(E.tool === "pan");
}

function fillGridForm() {
  const g = E.doc.grid;
  $("g-columns").value = g.columns; $("g-rows").value = g.rows;
  $("g-orientation").value = g.orientation; $("g-offset").value = g.offset; $("g-hex").value = g.hex_mm || 14;
}

// -- editing --------------------------------------------------------------------------------
function edit(fn) {
  E.undo.push(JSON.stringify(E.doc));
  if (E.undo.length > 200) E.undo.shift();
  E.redo = [];
  fn(E.doc);
  changed();
}

function changed() {
  E.version++;
  markDirty();
  if (["rivers", "borders", "ridges", "regions"].includes(E.tool) && !E.stroke) renderTools();
  drawPending();
  renderInspector();
  schedule();
}

function markDirty() {
  $("dirty").textContent = E.version === E.saved ? "" : t("(not saved)");
}

function undo() {
  if (!E.undo.length) return;
  E.redo.push(JSON.stringify(E.doc));
  restore(E.undo.pop());
}

function redo() {
  if (!E.redo.length) return;
  E.undo.push(JSON.stringify(E.doc));
  restore(E.redo.pop());
}

async function restore(text) {
  const doc = JSON.parse(text);
  const gridChanged = JSON.stringify(doc.grid) !== JSON.stringify(E.doc.grid);
  E.doc = doc;
  $("map-name").value = doc.name || "";
  if (gridChanged) { fillGridForm(); await setGeometry(); E.shown = null; }
  renderTools();
  changed();
}

const hexName = (i) => E.geo.hexes[i][0];

function cityAt(name) { return E.doc.cities.find((c) => c.hex === name); }

function strokeStart(i, ev) {
  const tool = E.tool;
  if (tool === "pan") return;
  E.undo.push(JSON.stringify(E.doc));
  E.redo = [];
  E.stroke = { last: null, mode: null, changedAny: false };
  strokeMove(i, ev, true);
}

function strokeMove(i, ev, first = false) {
  if (!E.stroke) return;
  const tool = E.tool;
  const name = hexName(i);
  const doc = E.doc;
  if (TERRAINS.includes(tool)) {
    if ((doc.terrain[name] || "plain") === tool) return;
    if (tool === "plain") delete doc.terrain[name]; else doc.terrain[name] = tool;
    E.stroke.changedAny = true;
    changed();
  } else if (tool === "rivers" || tool === "borders" || tool === "ridges") {
    const e = nearestEdge(i, ev);
    if (!e || e === E.stroke.last) return;
    E.stroke.last = e;
    const sets = doc[tool];
    const has = sets.findIndex((s) => s.edges.includes(e));
    if (E.stroke.mode === null) E.stroke.mode = has >= 0 ? "remove" : "add";
    if (E.stroke.mode === "remove" && has >= 0) sets[has].edges = sets[has].edges.filter((x) => x !== e);
    else if (E.stroke.mode === "add" && has < 0) {
      if (!sets.length) sets.push({ name: tool === "rivers" ? "River" : null, edges: [] });
      const k = Math.min(E.set[tool], sets.length - 1);
      sets[k].edges.push(e);
    } else return;
    for (let k = sets.length - 1; k >= 0; k--) if (!sets[k].edges.length && sets.length > 1) sets.splice(k, 1);
    E.stroke.changedAny = true;
    changed();
  } else if (tool === "regions") {
    const regions = doc.regions;
    if (!regions.length) { toast(t("add a region first (its name below)")); return; }
    const r = regions[Math.min(E.region, regions.length - 1)];
    const has = r.hexes.includes(name);
    if (E.stroke.mode === null) E.stroke.mode = has ? "remove" : "add";
    if (E.stroke.mode === "add" && !has) r.hexes.push(name);
    else if (E.stroke.mode === "remove" && has) r.hexes = r.hexes.filter((x) => x !== name);
    else return;
    E.stroke.changedAny = true;
    changed();
  } else if (tool === "city" && first) {
    let c = cityAt(name);
    if (!c) {
      let n = doc.cities.length + 1;
      while (doc.cities.some((x) => x.name === `City ${n}`)) n++;
      c = { name: `City ${n}`, hex: name, numbers: [] };
      doc.cities.push(c);
      E.stroke.changedAny = true;
    }
    E.city = c.name;
    changed();
  }
}

function strokeEnd() {
  if (E.stroke && !E.stroke.changedAny) E.undo.pop();
  E.stroke = null;
  if (["rivers", "borders", "ridges"].includes(E.tool)) renderTools();
}

// The hex side nearest the pointer, among the sides of the hex it is over.
function nearestEdge(i, ev) {
  const [px, py] = E.board.toBoard(ev.clientX, ev.clientY);
  let best = null;
  let bd = Infinity;
  for (const [j, name] of E.geo.neighbours[i]) {
    const [x1, y1, x2, y2] = E.board.side(i, j);
    const d = Math.hypot((x1 + x2) / 2 - px, (y1 + y2) / 2 - py);
    if (d < bd) { bd = d; best = name; }
  }
  return best;
}

// -- what changed since the picture: drawn over it --------------------------------------------
function drawPending() {
  const layer = clear(E.board.layers.overlay);
  const shown = E.shown || { terrain: {}, rivers: [], borders: [], ridges: [], cities: [], regions: [] };
  const doc = E.doc;
  const b = E.board;
  const colours = E.geo.terrain_colours || {};
  const names = new Set([...Object.keys(doc.terrain), ...Object.keys(shown.terrain || {})]);
  for (const name of names) {
    const now = doc.terrain[name] || "plain", then = (shown.terrain || {})[name] || "plain";
    if (now === then) continue;
    const i = b.hexIndex(name);
    if (i === undefined) continue;
    layer.append(svg("polygon", { points: b.points(i), class: `pending-terrain ${now}`,
      fill: now === "off" ? "#e9ecef" : colours[now] || "#fff", stroke: "#999", "stroke-width": 0.2 }));
  }
  const k = E.geo.hex_mm / 14;
  for (const kind of ["rivers", "borders", "ridges"]) {
    const edgesNow = new Set(doc[kind].flatMap((s) => s.edges));
    const edgesThen = new Set((shown[kind] || []).flatMap((s) => s.edges));
    for (const e of new Set([...edgesNow, ...edgesThen])) {
      const on = edgesNow.has(e);
      if (on === edgesThen.has(e)) continue;
      const [a, c] = e.split("/").map((n) => b.hexIndex(n));
      if (a === undefined || c === undefined) continue;
      const [x1, y1, x2, y2] = b.side(a, c);
      layer.append(svg("line", { x1, y1, x2, y2, class: `pending-edge ${kind}`, stroke: on ? EDGE_COLOURS[kind] : "#fff",
        "stroke-width": (kind === "rivers" ? 1.2 : 0.9) * k, "stroke-linecap": "round",
        "stroke-dasharray": kind === "borders" && on ? `${2 * k},${1 * k}` : null }));
    }
  }
  const key = (c) => `${c.name}@${c.hex}:${(c.numbers || []).join(",")}`;
  const before = new Set((shown.cities || []).map(key));
  for (const c of doc.cities) {
    if (before.has(key(c))) continue;
    const i = b.hexIndex(c.hex);
    if (i === undefined) continue;
    const [x, y] = b.centre(i);
    layer.append(svg("polygon", { points: b.points(i, 0.8), fill: "#fff", stroke: "#d63638", "stroke-width": 0.8 * k,
      class: "pending-city" }));
    const label = svg("text", { x, y: y + 1.2 * k, "font-size": 3.2 * k, "text-anchor": "middle", fill: "#000" });
    label.textContent = (c.numbers || []).join(" ") || "·";
    layer.append(label);
  }
  drawMarks();
}

// Region members and the selected city, over everything.
function drawMarks() {
  const layer = clear(E.board.layers.marks);
  const b = E.board;
  if (E.tool === "regions" && E.doc.regions.length) {
    const r = E.doc.regions[Math.min(E.region, E.doc.regions.length - 1)];
    for (const name of r.hexes) {
      const i = b.hexIndex(name);
      if (i !== undefined) layer.append(svg("polygon", { points: b.points(i, 0.92), fill: "rgba(106,27,154,0.25)",
        stroke: "#6a1b9a", "stroke-width": 0.3, class: "region-hex" }));
    }
  }
  const c = E.tool === "city" && E.city && E.doc.cities.find((x) => x.name === E.city);
  if (c) {
    const i = b.hexIndex(c.hex);
    if (i !== undefined) layer.append(svg("polygon", { points: b.points(i, 1.05), fill: "none", stroke: "#2271b1",
      "stroke-width": 0.9, class: "selected-city" }));
  }
}

// -- the analysis -------------------------------------------------------------------------------
function schedule() {
  clearTimeout(E.timer);
  E.timer = setTimeout(analyseNow, 300);
}

async function analyseNow() {
  if (E.inflight) { E.again = true; return; }
  E.inflight = true;
  E.again = false;
  const sent = clone(E.doc);
  const version = E.version;
  try {
    const r = await api("/api/edit/analyse", { json: { doc: sent, metric: $("metric").value } });
    if (r.fatal) {
      clear($("issues")).append(el("li.error", {}, r.fatal));
      $("issue-count").textContent = t("(the map cannot be read)");
    } else {
      if (JSON.stringify(sent.grid) === JSON.stringify(E.doc.grid)) {
        E.board.setPrinted(r.svg);
        E.shown = sent;
      }
      renderIssues(r);
      renderRaces(r);
      renderTable(r);
      E.analysed = version;
      document.body.dataset.analysed = String(version);
      if (E.heat) $("heat-note").textContent = t("(drawn before the last edits: show it again)");
    }
  } catch (e) {
    toast(e.message, "error");
  } finally {
    E.inflight = false;
  }
  drawPending();
  if (E.again || E.version !== version) schedule();
}

function renderIssues(r) {
  const list = clear($("issues"));
  const warnings = r.issues.length - r.errors;
  // English counts agree with their number; the other languages' messages are worded as labels
  $("issue-count").textContent = lang === "en" ? `(${plural(r.errors, "error")}, ${plural(warnings, "warning")})`
    : t("({errors} errors, {warnings} warnings)", { errors: r.errors, warnings });
  if (!r.issues.length) list.append(el("li.ok", {}, t("no problems")));
  for (const i of r.issues) {
    list.append(el(`li.${i.severity}`, { "data-code": i.code, title: i.at.length ? t("show it on the map") : "",
      onclick: () => { if (i.at.length) E.board.focus(i.at); } },
      `${i.code} ${i.where ? `[${i.where}] ` : ""}${i.message}`));
  }
}

function renderRaces(r) {
  const box = clear($("races"));
  if (!r.races) { box.append(el("p.muted", {}, r.note || "")); return; }
  const x = r.races;
  const pct = x.drawn_forbidden === null ? "–" : `${Math.round(x.drawn_forbidden * 100)} %`;
  box.append(el("table", { id: "race-figures" }, el("tbody", {},
    el("tr", {}, el("td", {}, t("race numbers")), el("td.num", {}, String(x.numbers))),
    el("tr", {}, el("td", {}, t("forbidden races (under {n} steps)", { n: x.min_distance })),
      el("td.num", { id: "forbidden" }, t("{n} of {total}", { n: x.forbidden, total: x.pairs }))),
    el("tr", {}, el("td", {}, t("drawn races forbidden")), el("td.num", {}, pct)),
    el("tr", {}, el("td", {}, t("winner's prize (Expres), allowed races")),
      el("td.num", { id: "prizes" }, x.prize_min === null ? "–" : `${x.prize_min} – ${x.prize_max}`)),
    el("tr", {}, el("td", {}, t("expected winner's prize")),
      el("td.num", {}, x.expected_winner_prize === null ? "–" : x.expected_winner_prize.toFixed(1))))));
}

function renderTable(r) {
  const box = clear($("table"));
  if (!r.table) { box.append(el("p.muted", {}, r.note || "")); return; }
  const table = r.table;
  const prev = E.lastTable && E.lastTable.metric === table.metric ? E.lastTable : null;
  const prevAt = new Map();
  if (prev) prev.cities.forEach((a, i) => prev.cities.forEach((b, j) => prevAt.set(`${a}\u0000${b}`, prev.matrix[i][j])));
  const head = el("tr", {}, el("th", {}, ""), ...table.cities.map((c) => el("th", { title: c }, c)));
  const rows = table.cities.map((a, i) => el("tr", {}, el("td", { style: "text-align:left" }, a),
    ...table.cities.map((b, j) => {
      const v = table.matrix[i][j];
      const key = `${a}\u0000${b}`;
      const was = prevAt.get(key);
      return el(`td${prev && prevAt.has(key) && was !== v ? ".changed" : ""}`, { "data-pair": `${a}|${b}` },
        v === null ? "–" : String(v));
    })));
  box.append(el("table.dist", { id: "distances" }, el("thead", {}, head), el("tbody", {}, rows)));
  E.lastTable = table;
}

// -- tools and the inspector -----------------------------------------------------------------------
const HELP = {
  plain: t("Click or drag over hexes to paint them."), mountain: t("Click or drag over hexes to paint them."),
  water: t("Click or drag over hexes to paint them."), foreign: t("Neighbouring states: click or drag."),
  off: t("Hexes off the board: click or drag."), city: t("Click a hex to place a city or select one; edit it below."),
  rivers: t("Click near a hex side (or drag along sides) to draw or erase a river."),
  borders: t("Click near a hex side (or drag along sides) to draw or erase a border."),
  ridges: t("Click near a hex side (or drag along sides) to draw or erase a ridge."),
  regions: t("Click or drag to add hexes to the region (or take them out)."), pan: t("Drag to move the map; the wheel zooms."),
};

function usePanTool(on) {
  for (const h of ["paintStart", "paint", "paintEnd"]) {
    if (on) { E.board["_" + h] = E.board.handlers[h] || E.board["_" + h]; delete E.board.handlers[h]; }
    else if (E.board["_" + h]) E.board.handlers[h] = E.board["_" + h];
  }
}

function renderTools() {
  for (const b of document.querySelectorAll("#tools button")) b.classList.toggle("on", b.dataset.tool === E.tool);
  $("tool-help").textContent = `${HELP[E.tool]} ${t("Right-drag moves the map; the wheel zooms.")}`;
  const box = clear($("tool-options"));
  const tool = E.tool;
  if (tool === "rivers" || tool === "borders" || tool === "ridges") {
    const sets = E.doc[tool];
    const sel = el("select", { id: "edge-set", onchange: (ev) => {
      if (ev.target.value === "new") {
        const name = prompt(EDGE_PROMPTS[tool]) || null;
        edit((d) => { d[tool].push({ name, edges: [] }); });
        E.set[tool] = E.doc[tool].length - 1;
        renderTools();
      } else E.set[tool] = Number(ev.target.value);
    } }, ...sets.map((s, k) => el("option", { value: k }, s.name || `${EDGE_WORDS[tool]} ${k + 1}`)),
    el("option", { value: "new" }, t("new…")));
    sel.value = String(Math.min(E.set[tool], Math.max(0, sets.length - 1)));
    if (!sets.length) sel.value = "new";
    box.append(el("label", {}, `${t("Draw into:")} `, sel));
  }
  if (tool === "regions") {
    const regions = E.doc.regions;
    const sel = el("select", { id: "region-set", onchange: (ev) => { E.region = Number(ev.target.value); drawMarks(); } },
      ...regions.map((r, k) => el("option", { value: k }, `${r.name}${r.kind ? ` (${r.kind})` : ""}`)));
    sel.value = String(Math.min(E.region, Math.max(0, regions.length - 1)));
    const name = el("input", { id: "new-region", placeholder: t("new region's name"), size: 14 });
    const kind = el("select", { id: "new-region-kind" }, el("option", { value: "" }, t("kind: none")),
      el("option", { value: "home" }, t("home")), el("option", { value: "foreign" }, t("foreign")));
    box.append(regions.length ? el("label", {}, `${t("Region:")} `, sel) : el("span.muted", {}, `${t("No regions yet.")} `),
      el("div", {}, name, kind, el("button", { onclick: () => {
        const n = name.value.trim();
        if (!n) return;
        if (E.doc.regions.some((r) => r.name === n)) { toast(t("there is a region {name} already", { name: n }), "error"); return; }
        edit((d) => { const r = { name: n, hexes: [] }; if (kind.value) r.kind = kind.value; d.regions.push(r); });
        E.region = E.doc.regions.length - 1;
        renderTools();
      } }, t("add"))));
  }
  drawMarks();
}

function renderInspector() {
  const box = clear($("inspector"));
  const c = E.city && E.doc.cities.find((x) => x.name === E.city);
  if (!c || E.tool !== "city") return;
  const name = el("input", { id: "city-name", value: c.name });
  const numbers = el("input", { id: "city-numbers", value: (c.numbers || []).join(", "), placeholder: t("e.g. 11, 12") });
  const tags = el("input", { id: "city-tags", value: (c.tags || []).join(", "), placeholder: t("e.g. port") });
  const region = el("select", { id: "city-region" }, el("option", { value: "" }, t("none")),
    ...E.doc.regions.map((r) => el("option", { value: r.name }, r.name)));
  region.value = c.region || "";
  const applyCity = async () => {
    const nums = numbers.value.split(/[\s,;]+/).filter(Boolean).map(Number);
    if (nums.some((n) => !Number.isInteger(n))) { toast(t("race numbers are whole numbers such as 11 or 36"), "error"); return; }
    const newName = name.value.trim();
    if (!newName) { toast(t("a city needs a name"), "error"); return; }
    // a new name: the server renames the city and every reference of the map to it (ferries,
    // start cities, special races, city cards ...), so nothing points at the old name
    let renamed = null;
    if (newName !== c.name) {
      try {
        renamed = (await api("/api/edit/rename", { json: { doc: E.doc, old: c.name, new: newName } })).doc;
      } catch (e) { toast(e.message, "error"); return; }
    }
    edit((d) => {
      if (renamed) {
        for (const k of Object.keys(d)) delete d[k];
        Object.assign(d, renamed);
      }
      const city = d.cities.find((x) => x.name === newName) || c;
      city.name = newName;
      city.numbers = nums;
      const tg = tags.value.split(/[\s,;]+/).filter(Boolean);
      if (tg.length) city.tags = tg; else delete city.tags;
      if (region.value) city.region = region.value; else delete city.region;
    });
    E.city = newName;
  };
  box.append(el("div.panel", {}, el("h3", {}, t("City on {hex}", { hex: c.hex })), el("div.form", {},
    el("label", { for: "city-name" }, t("name")), name, el("label", { for: "city-numbers" }, t("race numbers")), numbers,
    el("label", { for: "city-tags" }, t("tags")), tags, el("label", { for: "city-region" }, t("region")), region),
  el("p", {}, el("button.primary", { id: "city-apply", onclick: applyCity }, t("apply")), " ",
    el("button", { id: "city-delete", onclick: () => {
      edit((d) => { d.cities = d.cities.filter((x) => x !== c); });
      E.city = null;
      renderInspector();
    } }, t("delete the city")))));
  for (const input of [name, numbers, tags]) input.addEventListener("keydown", (ev) => { if (ev.key === "Enter") applyCity(); });
}

// -- the grid, saving, downloads ------------------------------------------------------------------
function gridFromForm() {
  return { orientation: $("g-orientation").value, offset: $("g-offset").value, columns: Number($("g-columns").value),
    rows: Number($("g-rows").value), hex_mm: Number($("g-hex").value) };
}

async function applyGrid() {
  const grid = gridFromForm();
  try { await api("/api/edit/geometry", { json: { grid } }); } catch (e) { toast(e.message, "error"); return; }
  E.undo.push(JSON.stringify(E.doc));
  E.redo = [];
  E.doc.grid = grid;
  // hexes beyond the new grid lose their terrain; cities and lines there are left for the
  // validation list to point out
  await setGeometry();
  const known = new Set(E.geo.hexes.map((h) => h[0]));
  for (const h of Object.keys(E.doc.terrain)) if (!known.has(h)) delete E.doc.terrain[h];
  E.shown = null;
  changed();
}

async function newBlank() {
  if (E.version !== E.saved && !confirm(t("Start a new map? The changes not saved are lost."))) return;
  const g = gridFromForm();
  try {
    const r = await api("/api/edit/blank", { json: { ...g, name: t("New map") } });
    E.mapId = null;
    history.replaceState(null, "", "/edit");
    E.undo = []; E.redo = [];
    await setDoc(r.doc);
    E.saved = E.version;
    markDirty();
  } catch (e) { toast(e.message, "error"); }
}

function slugOf(text) {
  return (text || "map").normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
    .replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 60) || "map";
}

// The edit key of each map saved from this browser: the server replaces a saved map only for
// the key its first save gave; without it a save makes a new map (no one overwrites another's).
function editKeys() {
  try { return JSON.parse(localStorage.getItem("mapkit-edit-keys") || "{}"); } catch (e) { return {}; }
}
function keepEditKey(mapId, key) {
  const keys = editKeys();
  keys[mapId] = key;
  try { localStorage.setItem("mapkit-edit-keys", JSON.stringify(keys)); } catch (e) { /* private mode */ }
}

async function save() {
  const name = E.mapId && E.mapId.startsWith("my-") ? E.mapId.slice(3) : slugOf(E.doc.name);
  try {
    const key = E.mapId ? editKeys()[E.mapId] : undefined;
    const r = await api("/api/edit/save", { json: { doc: E.doc, name, key } });
    if (r.map.key) keepEditKey(r.map.id, r.map.key);
    E.mapId = r.map.id;
    E.saved = E.version;
    markDirty();
    history.replaceState(null, "", `/edit?map=${encodeURIComponent(r.map.id)}`);
    toast(r.map.valid ? t("saved as {name} ({id})", { name: r.map.name, id: r.map.id })
      : t("saved; not playable yet: {error}", { error: r.map.error }));
    document.body.dataset.saved = r.map.id;
    fillOpen();
  } catch (e) { toast(e.message, "error"); }
}

async function downloadYaml() {
  try {
    const text = await api("/api/edit/yaml", { json: { doc: E.doc } });
    download(`${slugOf(E.doc.name)}.yaml`, text, "application/x-yaml");
  } catch (e) { toast(e.message, "error"); }
}

async function downloadKit() {
  toast(t("drawing the kit…"));
  try {
    const res = await api("/api/edit/kit", { json: { doc: E.doc, rules: $("kit-rules").value || null, lang }, raw: true });
    download(`${slugOf(E.doc.name)}-kit.zip`, await res.blob());
  } catch (e) { toast(e.message, "error"); }
}

async function showHeat() {
  if (E.heat) { E.heat = null; drawHeat(); return; }
  $("heat-note").textContent = t("working…");
  try {
    E.heat = await api("/api/edit/heat", { json: { doc: E.doc } });
    $("heat-note").textContent = "";
  } catch (e) { $("heat-note").textContent = ""; toast(e.message, "error"); }
  drawHeat();
}

function drawHeat() {
  const layer = clear(E.board.layers.under);
  $("heat").textContent = E.heat ? t("hide the heat map") : t("show the heat map");
  if (!E.heat) return;
  for (const [name, [share, colour]] of Object.entries(E.heat.hexes)) {
    const i = E.board.hexIndex(name);
    if (i !== undefined) layer.append(svg("polygon", { points: E.board.points(i), fill: colour, "fill-opacity": 0.65,
      class: "heat", "data-share": share }));
  }
}

async function fillOpen() {
  const sel = $("open");
  const maps = (await api("/api/maps")).maps;
  clear(sel).append(el("option", { value: "" }, t("open a map…")),
    ...maps.map((m) => el("option", { value: m.id }, `${m.name}${m.source === "saved" ? ` (${t("saved")})` : ""}`)));
}

function main() {
  for (const b of document.querySelectorAll("#tools button")) {
    b.addEventListener("click", () => { E.tool = b.dataset.tool; usePanTool(E.tool === "pan"); renderTools(); renderInspector(); });
  }
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("save").addEventListener("click", save);
  $("download-yaml").addEventListener("click", downloadYaml);
  $("download-kit").addEventListener("click", downloadKit);
  $("grid-apply").addEventListener("click", applyGrid);
  $("new-blank").addEventListener("click", newBlank);
  $("heat").addEventListener("click", showHeat);
  $("metric").addEventListener("change", () => { E.lastTable = null; analyseNow(); });
  $("map-name").addEventListener("change", () => edit((d) => { d.name = $("map-name").value.trim() || "New map"; }));
  $("open").addEventListener("change", (ev) => {
    if (!ev.target.value) return;
    if (E.version !== E.saved && !confirm(t("Open another map? The changes not saved are lost."))) { ev.target.value = ""; return; }
    location.href = `/edit?map=${encodeURIComponent(ev.target.value)}`;
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.target.tagName === "INPUT") return;
    if ((ev.ctrlKey || ev.metaKey) && ev.key === "z") { ev.preventDefault(); undo(); }
    if ((ev.ctrlKey || ev.metaKey) && (ev.key === "y" || ev.key === "Z")) { ev.preventDefault(); redo(); }
  });
  window.addEventListener("beforeunload", (ev) => { if (E.version !== E.saved) { ev.preventDefault(); ev.returnValue = ""; } });
  fillOpen();
  load().catch((e) => toast(e.message, "error"));
}

main();
