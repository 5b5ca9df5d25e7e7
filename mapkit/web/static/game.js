// The game page: the printed board, the live state from the server (the engine's view()),
// and the actions of the seat(s) this link holds. Everything here works for any game from
// view() and its legal actions; a game family's own drawing and controls live in
// /families/<family>.js (the family's web_script) (draw, click, panel, raceBox, results, playerNote).
import { api, el, svg, clear, toast, t, BoardView, zoomButtons } from "/static/common.js";
import { drawView } from "/static/viewdraw.js";
import { lang, say } from "/static/i18n.js";

const $ = (id) => document.getElementById(id);
const gid = location.pathname.split("/").filter(Boolean).pop();
const token = new URLSearchParams(location.search).get("t") || "";

const ctx = {
  gid, token, board: null, hello: null, view: null, n: 0, family: null, seatsHeld: [],
  el, svg, clear, toast, t, drawView,
  name(seat) { return this.hello ? this.hello.game.players[seat].name : t("seat {n}", { n: seat + 1 }); },
  colour(seat) { const c = this.hello.game.colours; return c[seat % c.length]; },
  seatOf(name) { return this.hello.game.players.findIndex((p) => p.name === name); },
  // The seat this screen acts for now (a hot-seat screen: whoever of its seats is to move).
  get seat() {
    const v = this.view;
    if (!v || !v.you.length) return null;
    return v.you.includes(v.current_player) ? v.current_player : v.you[0];
  },
  get myTurn() { return this.view && this.view.legal.length > 0; },
  send(action) { return request({ type: "act", action }); },
  ask(name, payload = {}) { return request({ type: "ask", ask: name, ...payload }); },
  redraw() { render(); },
};
window.mapkitGame = ctx;      // for the browser tests and the curious

// -- the live channel ----------------------------------------------------------------------
let ws = null;
let nextId = 1;
const pending = new Map();
let retry = 500;

function request(msg) {
  return new Promise((resolve, reject) => {
    if (!ws || ws.readyState !== WebSocket.OPEN) { reject(new Error(t("not connected to the server"))); return; }
    const id = nextId++;
    pending.set(id, { resolve, reject });
    ws.send(JSON.stringify({ ...msg, id }));
  });
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${proto}://${location.host}/ws/${gid}${token ? `?t=${encodeURIComponent(token)}` : ""}`);
  ws.onopen = () => { retry = 500; setConn(true); };
  ws.onmessage = (ev) => onMessage(JSON.parse(ev.data));
  ws.onclose = (ev) => {
    setConn(false);
    for (const p of pending.values()) p.reject(new Error(t("the connection was lost")));
    pending.clear();
    if (ev.code === 4403) return;
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  };
}

function setConn(up) {
  $("conn").textContent = up ? "" : t("reconnecting…");
  $("conn").className = up ? "conn" : "conn down";
}

async function onMessage(msg) {
  if (msg.type === "hello") {
    ctx.hello = msg;
    await setup();
    return;
  }
  if (msg.type === "state") {
    ctx.view = msg.view;
    ctx.n = msg.n;
    ctx.stateAt = performance.now();
    if (ctx.board) render();
    return;
  }
  const p = msg.id !== undefined && msg.id !== null ? pending.get(msg.id) : null;
  if (p) pending.delete(msg.id);
  if (msg.type === "error") {
    if (p) p.reject(new Error(msg.message)); else toast(msg.message, "error");
    if (msg.fatal) { $("title").textContent = msg.message; }
    return;
  }
  if (p) p.resolve(msg);
}

// -- set-up --------------------------------------------------------------------------------
let setupDone = null;
function setup() {
  if (!setupDone) setupDone = doSetup();
  return setupDone;
}

async function doSetup() {
  const g = ctx.hello.game;
  document.title = `${g.map} · ${g.preset} · mapkit`;
  const [payload, family] = await Promise.all([
    api(`/api/games/${gid}/board`),
    import(`/families/${encodeURIComponent(g.family)}.js`).then((m) => m.default).catch(() => null),
  ]);
  ctx.family = family;
  ctx.geometry = payload.geometry;
  const wrap = $("boardwrap");
  ctx.board = new BoardView(wrap, payload.geometry);
  ctx.board.setPrinted(payload.svg);
  wrap.append(zoomButtons(ctx.board));
  ctx.board.on("click", (i, ev) => { if (ctx.family && ctx.family.click) ctx.family.click(ctx, i, ev); });
  ctx.board.on("hover", (i, ev) => { if (ctx.family && ctx.family.hover) ctx.family.hover(ctx, i, ev); });
  if (ctx.family && ctx.family.init) ctx.family.init(ctx);
  $("undo").addEventListener("click", undo);
  $("record").href = `/api/games/${gid}/record${token ? `?t=${encodeURIComponent(token)}` : ""}`;
  if (g.host) showLinks();
  if (ctx.view) render();
  setInterval(tick, 250);
}

async function showLinks() {
  try {
    const links = await api(`/api/games/${gid}/links?t=${encodeURIComponent(token)}`);
    const rows = links.seats.filter((s) => s.url).map((s) => el("tr", {}, el("td", {}, s.name),
      el("td", {}, el("input", { value: new URL(s.url, location.origin).href, readonly: true,
        onclick: (ev) => ev.target.select() }))));
    rows.push(el("tr", {}, el("td", {}, t("spectators")), el("td", {}, el("input", {
      value: new URL(links.spectate, location.origin).href, readonly: true, onclick: (ev) => ev.target.select() }))));
    clear($("links")).append(el("details", {}, el("summary", {}, t("Links to send to the players")),
      el("table.links", {}, el("tbody", {}, rows))));
  } catch (e) { /* not the host */ }
}

async function undo() {
  try {
    const r = await request({ type: "undo" });
    toast(t("took back: {action}", { action: describe(r.action) }));
  } catch (e) { toast(e.message, "error"); }
}

// -- drawing the state ---------------------------------------------------------------------
export function describe(a) {
  const bits = [];
  for (const [k, v] of Object.entries(a)) {
    if (k === "type" || k === "player") continue;
    let s = v;
    if (Array.isArray(v)) s = v.length > 6 ? `${v.slice(0, 3).join(" ")} … ${v.slice(-2).join(" ")}` : v.join(" ");
    else if (k === "with" && typeof v === "number") s = ctx.name(v);
    else if (v && typeof v === "object") s = JSON.stringify(v);
    bits.push(`${k} ${s}`);
  }
  return `${a.type.replace(/_/g, " ")}${bits.length ? `: ${bits.join(", ")}` : ""}`;
}

function render() {
  const v = ctx.view;
  const g = ctx.hello.game;
  $("title").textContent = `${g.map} · ${g.preset}`;
  const turn = $("turn");
  if (ctx.hello.game.error) turn.textContent = ctx.hello.game.error;
  else if (v.over) turn.textContent = t("game over: {winners} won", { winners: v.winners.join(", ") });
  else if (v.chance) turn.textContent = t("the dice are rolled…");
  else {
    turn.textContent = t("{player} to play ({step})", { player: ctx.name(v.current_player),
      step: say(v.step_label || v.step.replace(/_/g, " "), v.said) });
  }
  turn.className = ctx.myTurn ? "turn mine" : "turn";
  $("you").textContent = v.you.length
    ? (g.host ? t("You play {seats} (host).", { seats: v.you.map((s) => ctx.name(s)).join(", ") })
      : t("You play {seats}.", { seats: v.you.map((s) => ctx.name(s)).join(", ") }))
    : t("You are watching (no seat).");
  $("undo").hidden = !v.you.length || v.over;
  $("record").hidden = !(v.over || g.host);
  renderPlayers(v);
  if (ctx.family && ctx.family.draw) ctx.family.draw(ctx);
  else drawView(ctx);
  renderAction(v);
  const race = clear($("race"));
  if (ctx.family && ctx.family.raceBox) ctx.family.raceBox(ctx, race);
  else if (v.period) race.append(el("div.panel", {}, el("h3", {}, t("Now")), el("pre", {}, JSON.stringify(v.period, null, 1))));
  renderLog(v);
  const res = clear($("results"));
  if (ctx.family && ctx.family.results) ctx.family.results(ctx, res);
  document.body.dataset.n = String(ctx.n);
  document.body.dataset.step = v.step;
  document.body.dataset.ready = "1";
  if (!window.mapkitReadyAt) window.mapkitReadyAt = performance.now();
}

function renderPlayers(v) {
  const body = clear($("players").tBodies[0]);
  for (const p of v.players) {
    const seat = p.seat;
    const kind = ctx.hello.game.players[seat].kind;
    // the figure the game ranks by; both when the game has money and a score (view version 2)
    const money = p.money !== null && p.score !== null && p.money !== undefined && p.score !== undefined
      ? t("{score} VP · {money}", { score: p.score, money: p.money }) : p.account;
    const note = ctx.family && ctx.family.playerNote ? ctx.family.playerNote(ctx, p) : "";
    body.append(el(`tr${seat === v.current_player ? ".current" : ""}`, { "data-seat": seat },
      el("td.swatch", {}, el("span", { style: `background:${ctx.colour(seat)}` })),
      el("td", {}, p.name, kind !== "human" ? el("span.muted", {}, ` (${kind})`) : null,
        v.you.includes(seat) ? el("span.muted", {}, ` · ${t("you")}`) : null),
      el("td.num", { "data-money": seat }, money === undefined || money === null ? "" : String(money)),
      el("td.muted", {}, note)));
  }
}

function renderAction(v) {
  const box = clear($("action"));
  box.className = ctx.myTurn ? "panel mine" : "panel";
  if (v.over) { box.append(el("b", {}, t("The game is over: {winners} won.", { winners: v.winners.join(", ") }))); return; }
  if (!ctx.myTurn) {
    box.append(el("span.muted", {}, v.chance ? t("Dice are being rolled.") : v.you.length
      ? t("Waiting for {player}.", { player: ctx.name(v.current_player) })
      : (ctx.name(v.current_player) === "You" && lang === "en" ? "You are to play."
        : t("{player} is to play.", { player: ctx.name(v.current_player) }))));
    return;
  }
  const handled = ctx.family && ctx.family.panel ? ctx.family.panel(ctx, box) : new Set();
  const rest = v.legal.filter((a) => !handled.has(a.type));
  if (rest.length) {
    const list = el("div.actions", {});
    for (const a of rest.slice(0, 60)) {
      list.append(el("button", { "data-type": a.type, onclick: () => act(a) }, describe(a)));
    }
    if (rest.length > 60) list.append(el("span.muted", {}, ` ${t("and {n} more", { n: rest.length - 60 })}`));
    box.append(list);
  }
  const hints = el("div.hints", {});
  box.append(el("button.hint", { title: t("the best moves with the parts of their score"),
    onclick: () => showHints(hints) }, t("Hint")), hints);
}

// A figure as the hint shows it: whole numbers plain, others with two decimals.
function figure(x) { return Number.isInteger(x) ? String(x) : x.toFixed(2); }

// The best few moves for the seat to move, from the server (the game family's, worked out from
// the seat's own observation), each with its score and the parts of it; a click plays one.
async function showHints(box) {
  try {
    const r = await ctx.ask("hint");
    const list = el("ol.hint-list", {});
    for (const m of r.moves) {
      const what = m.what ? t(m.what, m.args) : describe(m.action);
      const parts = m.parts.map((p) => `${t(p.label)} ${figure(p.value)}`).join(", ");
      list.append(el("li", { "data-greedy": m.greedy ? "1" : null },
        el("button", { onclick: () => act(m.action) }, what), ` ${figure(m.score)}`,
        parts ? el("span.muted", {}, ` (${parts})`) : null,
        m.greedy ? el("span.muted", {}, ` · ${t("the greedy bot's move")}`) : null));
    }
    clear(box).append(r.moves.length ? list : el("span.muted", {}, t("no moves to suggest")));
  } catch (e) { toast(e.message, "error"); }
}

export async function act(action) {
  try {
    await ctx.send(action);
  } catch (e) {
    toast(e.message, "error");
    throw e;
  }
}
ctx.act = act;

function renderLog(v) {
  // (the lines are the game's English; say() gives them in the page's language)
  clear($("log")).append(...[...v.messages].reverse().map((m) => el("div", {}, say(m, v.said))));
  const who = (p) => (p === -1 ? t("bank") : ctx.name(p));
  clear($("ledger")).append(...[...(v.ledger || [])].reverse().map(([a, b, amount, why]) =>
    el("div", {}, `${who(a)} → ${who(b)}: ${amount}`, el("span.muted", {}, ` ${say(why, v.said)}`))));
}

function tick() {
  const v = ctx.view;
  const timer = $("timer");
  const limit = ctx.hello && ctx.hello.game.timer;
  if (!v || !limit || v.over || v.chance || !v.turn) { timer.textContent = ""; return; }
  const elapsed = (v.turn.elapsed || 0) + (performance.now() - ctx.stateAt) / 1000;
  const left = Math.max(0, Math.ceil(limit - elapsed));
  timer.textContent = `⏱ ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  timer.className = left <= 10 ? "timer low" : "timer";
}

connect();
