// Railroad Tycoon on the game page (docs/rules.md, Railroad Tycoon): the links (the view's tiles drawn by
// ctx.drawView, links between neighbouring cities and the Western Links added here), the goods,
// the cities as they stand, the free-build hexes; the auction for first player (bid and pass
// buttons), the action cards laid out and one's own held cards and task card.
//
// A link is built by clicking hexes (/static/pathplan.js): a city, then the hexes its tiles lie
// on, then the city it runs into (a far hex plans the cheapest new track there); the server's
// "preview" prices the path tile by tile with the engine's reasons, and the last hex clicked
// again (or the button) lays what one action can. A good is delivered by clicking its city
// (again: its next colour) and then a highlighted target city; the server's "deliveries" finds
// the links, best first for the asker.
//
// Only what the view holds is shown: a seat's view has its own task and held cards and
// nobody else's (the others' held cards as a count); a spectator's has none.
//
// The page (game.js) calls: init(ctx), draw(ctx), click(ctx, i), hover(ctx, i), panel(ctx, box)
// -> the set of action types it offers itself, raceBox(ctx, box), results(ctx, box),
// playerNote(ctx, p).

import { PathPlan } from "/static/pathplan.js";
import { say, t } from "/static/i18n.js";

const S = {
  cat: null,           // the "cards" answer: {cards: {id: {kind, title, points}}, tasks: {...}}
  good: null,          // {city, hex, colour}: the good picked to deliver
  options: null,       // {key, n, list}: the server's deliveries of the picked good
  planN: -1,           // the state the path's preview was asked in
  free: false,         // the free-build card is played with the path
  found: null,         // a grey city clicked to found
  marked: [],          // hit polygons given a class
};

const f = (v) => Math.round(v * 100) / 100;
const GOODS = { red: "#c62828", blue: "#1565c0", purple: "#6a1b9a", yellow: "#f9a825", black: "#212121" };
// the colours' names as a player reads them (the view's colours stay the keys)
const COLOURS = { red: t("red"), blue: t("blue"), purple: t("purple"), yellow: t("yellow"), black: t("black"),
  grey: t("grey") };
const colourName = (c) => COLOURS[c] || c;
// the parts of a round (the view's period.part) as a player reads them
const PARTS = { setup: t("setup"), auction: t("auction"), income: t("income"), over: t("over") };

const legalOf = (ctx, type) => (ctx.myTurn ? ctx.view.legal.filter((a) => a.type === type) : []);
const acting = (ctx) => ctx.myTurn && ctx.view.step === "act";
const building = (ctx) => acting(ctx) && legalOf(ctx, "build").length > 0;
function k(ctx) { return ctx.geometry.hex_mm / 14; }
// a card's title in the page's language (the catalogue's titles are the game's English)
function title(id) { return S.cat && S.cat.cards[id] ? say(S.cat.cards[id].title, S.cat.said) : id; }
function me(ctx) { const s = ctx.seat; return s === null ? null : ctx.view.players.find((p) => p.seat === s) || null; }
function cityAt(ctx, hex) { return ctx.view.board.cities.find((c) => c.hex === hex) || null; }
function cityHex(ctx, name) { const c = ctx.view.board.cities.find((x) => x.name === name); return c ? c.hex : null; }

// Where a path may start: every city, and the last tile of the seat's own unfinished links.
function network(ctx) {
  const out = new Set(ctx.view.board.cities.map((c) => ctx.board.hexIndex(c.hex)));
  for (const l of ctx.view.board.links) {
    if (l.owner === ctx.seat && !l.finished && l.path.length > 2) out.add(ctx.board.hexIndex(l.path[l.path.length - 2]));
  }
  return out;
}

const PLAN = new PathPlan({ network, building, nothing: t("nothing on this path can be built now") });
// PathPlan keeps the path from its first piece that is not "ok": an unfinished link goes on
// from its last tile, so the step to the hex it points at is not "ok" for it.
const _update = PLAN.update.bind(PLAN);
PLAN.update = async (ctx) => {
  await _update(ctx);
  const p = PLAN.preview;
  if (p && !p.pieces) {
    const upto = p.action ? p.action.path.length : 0;
    p.pieces = p.steps.map((s, j) => ({ ...s, ok: s.ok && (p.finished || j < upto - 2) }));
    ctx.redraw();
  }
};

// The goods the seat may deliver now: city name -> colours.
function deliverable(ctx) {
  const out = new Map();
  for (const a of legalOf(ctx, "deliver")) {
    if (!out.has(a.from)) out.set(a.from, []);
    if (!out.get(a.from).includes(a.colour)) out.get(a.from).push(a.colour);
  }
  return out;
}

function mark(ctx, i, cls) {
  const p = ctx.board.polygon(i);
  if (!p) return;
  p.classList.add(cls);
  S.marked.push([p, cls]);
}

// -- set-up ----------------------------------------------------------------------------------
async function init(ctx) {
  try {
    S.cat = await ctx.ask("cards");
  } catch (e) {
    ctx.toast(e.message, "error");
  }
  if (ctx.view) ctx.redraw();
}

// -- drawing ---------------------------------------------------------------------------------
function draw(ctx) {
  const v = ctx.view;
  const board = ctx.board;
  ctx.drawView(ctx);
  const over = board.layers.overlay;
  const marks = board.layers.marks;
  const under = ctx.clear(board.layers.under);
  for (const [p, cls] of S.marked) p.classList.remove(cls);
  S.marked = [];
  const kk = k(ctx);
  for (const h of v.board.free_build || []) {
    under.append(ctx.svg("polygon", { class: "free-build", points: board.points(board.hexIndex(h), 0.96),
      fill: "#66bb6a", "fill-opacity": 0.18, "data-hex": h }));
  }
  for (const l of v.board.links) {
    if (l.path.length !== 2) continue;          // a link of two neighbouring cities lays no tile
    const [a, b] = l.path.map((h) => board.centre(board.hexIndex(h)));
    over.append(ctx.svg("line", { class: `track p${l.owner} direct`, "data-link": l.link, x1: f(a[0]), y1: f(a[1]),
      x2: f(b[0]), y2: f(b[1]), stroke: ctx.colour(l.owner), "stroke-width": f(1.3 * kk), "stroke-opacity": 0.85 }));
  }
  for (const tok of v.board.tokens) {
    if (tok.kind !== "western_link") continue;
    const [x, y] = board.centre(board.hexIndex(tok.hex));
    over.append(ctx.svg("circle", { class: `western p${tok.owner}`, cx: f(x), cy: f(y), r: f(0.5 * ctx.geometry.hex_mm),
      fill: "none", stroke: ctx.colour(tok.owner), "stroke-width": f(0.8 * kk), "stroke-dasharray": `${f(1.5 * kk)},${f(0.8 * kk)}` }));
  }
  for (const c of v.board.cities) if (c.empty) drawEmpty(ctx, over, c, kk);
  if (!acting(ctx)) { S.good = null; S.free = false; }
  if (building(ctx) && PLAN.hexes.length >= 2 && S.planN !== ctx.n) {
    S.planN = ctx.n;
    PLAN.update(ctx);
  }
  drawChoices(ctx, marks, kk);
}

function drawEmpty(ctx, over, c, kk) {
  const [x, y] = ctx.board.centre(ctx.board.hexIndex(c.hex));
  const r = 0.22 * ctx.geometry.hex_mm;
  over.append(ctx.svg("path", { class: "empty-city", "data-city": c.name, d: `M${f(x - r)},${f(y - r)} L${f(x + r)},${f(y + r)} `
    + `M${f(x - r)},${f(y + r)} L${f(x + r)},${f(y - r)}`, stroke: "#555", "stroke-width": f(0.6 * kk) }));
}

function drawChoices(ctx, marks, kk) {
  const board = ctx.board;
  if (acting(ctx)) {
    if (!S.good && !PLAN.hexes.length) {
      for (const name of deliverable(ctx).keys()) mark(ctx, board.hexIndex(cityHex(ctx, name)), "reach");
    }
    if (S.good) {
      mark(ctx, board.hexIndex(S.good.hex), "picked");
      for (const o of goodOptions(ctx)) mark(ctx, board.hexIndex(o.hex), "target");
    }
  }
  if (PLAN.hexes.length) drawPath(ctx, marks, kk);
}

function drawPath(ctx, marks, kk) {
  const path = PLAN.hexes;
  for (const i of path) mark(ctx, i, "picked");
  const p = PLAN.current();
  for (let j = 0; j + 1 < path.length; j++) {
    const step = p ? p.steps[j] : null;
    const colour = !step ? "#555" : !step.ok ? "#d63638" : step.tile || p.finished ? "#00a32a" : "#ff8f00";
    const [x1, y1] = ctx.board.centre(path[j]), [x2, y2] = ctx.board.centre(path[j + 1]);
    marks.append(ctx.svg("line", { class: `plan-step ${step && step.ok ? "ok" : "no"}`, x1: f(x1), y1: f(y1), x2: f(x2),
      y2: f(y2), stroke: colour, "stroke-width": f(0.9 * kk), "stroke-dasharray": `${f(1.4 * kk)},${f(0.7 * kk)}`,
      "stroke-linecap": "round", opacity: building(ctx) ? 1 : 0.4 }));
  }
}

// -- clicks ----------------------------------------------------------------------------------
async function click(ctx, i) {
  if (!ctx.myTurn) return;
  const v = ctx.view;
  const city = cityAt(ctx, ctx.board.hexName(i));
  if (v.step === "choose") { choose(ctx, city); return; }
  if (v.step !== "act") return;
  if (S.good && city) {
    const o = goodOptions(ctx).find((x) => x.to === city.name);
    if (o) { await deliver(ctx, o.action); return; }
    if (city.name === S.good.city) {
      const colours = deliverable(ctx).get(city.name) || [];
      const next = colours[(colours.indexOf(S.good.colour) + 1) % colours.length];
      if (colours.length > 1) { pickGood(ctx, city.name, next); return; }
      S.good = null;
      PLAN.hexes = [i];
      await PLAN.update(ctx);
      return;
    }
  }
  const colours = city ? deliverable(ctx).get(city.name) : null;
  if (city && colours && !PLAN.hexes.length && !S.good) { pickGood(ctx, city.name, colours[0]); return; }
  S.good = null;
  await PLAN.click(ctx, i);
}

function choose(ctx, city) {
  if (!city) return;
  const a = legalOf(ctx, "place").find((x) => x.city === city.name);
  if (a) ctx.act(a).catch(() => {});
  else if (legalOf(ctx, "found").some((x) => x.city === city.name)) { S.found = city.name; ctx.redraw(); }
}

async function pickGood(ctx, city, colour) {
  PLAN.clear();
  S.good = { city, hex: cityHex(ctx, city), colour };
  const key = `${city}/${colour}`;
  S.options = null;
  ctx.redraw();
  try {
    const r = await ctx.ask("deliveries", { from: city, colour });
    if (S.good && `${S.good.city}/${S.good.colour}` === key) S.options = { key, n: ctx.n, list: r.options };
  } catch (e) { ctx.toast(e.message, "error"); }
  ctx.redraw();
}

function goodOptions(ctx) {
  const o = S.options;
  if (!S.good || !o || o.key !== `${S.good.city}/${S.good.colour}` || o.n !== ctx.n) return [];
  // the best delivery to each city (the list is best first)
  const seen = new Set();
  return o.list.filter((x) => !seen.has(x.to) && seen.add(x.to));
}

async function deliver(ctx, action) {
  S.good = null;
  S.options = null;
  await ctx.act(action).catch(() => {});
}

function hover(ctx, i) {
  const line = document.getElementById("rt-hover");
  if (!line || !ctx.view) return;
  const hex = ctx.board.hexName(i);
  const c = cityAt(ctx, hex);
  const goods = ctx.view.board.tokens.filter((x) => x.hex === hex && x.kind === "goods")
    .map((x) => `${x.count > 1 ? `${x.count} ` : ""}${colourName(x.colour)}`);
  const fields = { city: c ? c.name : "", colour: c ? colourName(c.colour) : "", goods: goods.join(", ") || t("no goods") };
  line.textContent = c ? (c.empty ? t("{city} ({colour}, empty): {goods}", fields) : t("{city} ({colour}): {goods}", fields)) : hex;
}

// -- the action panel ------------------------------------------------------------------------
function panel(ctx, box) {
  const v = ctx.view;
  const handled = new Set();
  if (v.step === "auction") auctionPanel(ctx, box, handled);
  else if (v.step === "choose") choosePanel(ctx, box, handled);
  else if (v.step === "act") actPanel(ctx, box, handled);
  return handled;
}

function auctionPanel(ctx, box, handled) {
  const el = ctx.el;
  const a = ctx.view.auction || {};
  ["bid", "pass", "issue"].forEach((x) => handled.add(x));
  const bids = legalOf(ctx, "bid");
  const mine = me(ctx);
  box.append(el("h3", {}, t("Auction for first player")),
    el("p", { class: "auction-now" }, a.leader !== null && a.leader !== undefined
      ? t("{player} bids {bid}.", { player: ctx.name(a.leader), bid: a.bid }) : t("No bid yet."),
    ` ${t("You have {money}.", { money: mine ? mine.money : 0 })}`));
  const input = el("input", { type: "number", id: "bid-amount", step: 1000, min: bids.length ? bids[0].amount : 0,
    value: bids.length ? bids[0].amount : "" });
  const row = el("div.actions", {});
  if (bids.length) {
    row.append(el("button.primary", { "data-act": "bid", onclick: () => ctx.act(bids[0]).catch(() => {}) }, t("Bid {amount}", { amount: bids[0].amount })),
      input, el("button", { "data-act": "bid-other", onclick: () => ctx.act({ type: "bid", amount: Number(input.value) })
        .catch(() => {}) }, t("Bid this")));
  }
  for (const p of legalOf(ctx, "pass")) row.append(el("button", { "data-type": "pass", onclick: () => ctx.act(p).catch(() => {}) }, t("Pass")));
  row.append(issueButton(ctx));
  box.append(row);
}

function issueButton(ctx) {
  const a = legalOf(ctx, "issue")[0];
  return a ? ctx.el("button", { "data-type": "issue", onclick: () => ctx.act(a).catch(() => {}) }, t("Issue a share (+5000)")) : "";
}

function choosePanel(ctx, box, handled) {
  const el = ctx.el;
  handled.add("place");
  handled.add("found");
  const places = legalOf(ctx, "place");
  if (places.length) {
    const sel = el("select", { id: "place-city" }, places.map((a) => el("option", { value: a.city }, a.city)));
    box.append(el("h3", {}, t("Place the two goods")), el("p.muted", {}, t("Click a city, or choose it here.")),
      el("div.actions", {}, sel, el("button.primary", { "data-act": "place",
        onclick: () => ctx.act({ type: "place", city: sel.value }).catch(() => {}) }, t("Place them here"))));
  }
  if (legalOf(ctx, "found").length) foundBox(ctx, box, t("Found a city (free)"));
}

function foundBox(ctx, box, head) {
  const el = ctx.el;
  const found = legalOf(ctx, "found");
  const cities = [...new Set(found.map((a) => a.city))];
  const colours = [...new Set(found.map((a) => a.colour))];
  const city = el("select", { id: "found-city" }, cities.map((c) => el("option", { value: c }, c)));
  if (S.found && cities.includes(S.found)) city.value = S.found;
  const colour = el("select", { id: "found-colour" }, colours.map((c) => el("option", { value: c }, colourName(c))));
  box.append(el("h3", {}, head), el("div.actions", {}, city, colour, el("button", { "data-act": "found",
    onclick: () => ctx.act({ type: "found", city: city.value, colour: colour.value }).catch(() => {}) }, t("Found"))));
}

function actPanel(ctx, box, handled) {
  const el = ctx.el;
  const v = ctx.view;
  ["build", "deliver", "take", "loco", "western", "found", "issue", "pass"].forEach((x) => handled.add(x));
  const mine = me(ctx);
  box.append(el("h3", {}, t("Action {n} of 3 · you have {money}", { n: Math.min(v.period.action, 3), money: mine ? mine.money : 0 })));
  deliverBox(ctx, box);
  if (building(ctx)) buildBox(ctx, box);
  const more = el("div.actions", {});
  for (const a of legalOf(ctx, "take")) {
    more.append(el("button", { "data-type": "take", "data-card": a.card, onclick: () => ctx.act(a).catch(() => {}) },
      t("Take: {card}", { card: title(a.card) })));
  }
  for (const a of legalOf(ctx, "loco")) {
    more.append(el("button", { "data-type": "loco", onclick: () => ctx.act(a).catch(() => {}) }, t("Locomotive {n}", { n: mine.loco + 1 })));
  }
  for (const a of legalOf(ctx, "western")) {
    more.append(el("button", { "data-type": "western", onclick: () => ctx.act(a).catch(() => {}) }, t("Western Link at {city}", { city: a.city })));
  }
  more.append(issueButton(ctx));
  for (const a of legalOf(ctx, "pass")) {
    more.append(el("button", { "data-type": "pass", onclick: () => ctx.act(a).catch(() => {}) }, t("Pass this action")));
  }
  box.append(el("h3", {}, t("Other actions")), more);
  if (legalOf(ctx, "found").length) foundBox(ctx, box, t("Found a city (10000)"));
}

function deliverBox(ctx, box) {
  const el = ctx.el;
  const goods = deliverable(ctx);
  if (!goods.size) return;
  const chips = el("div.actions", {});
  for (const [city, colours] of goods) {
    for (const c of colours) {
      chips.append(el("button", { class: `good${S.good && S.good.city === city && S.good.colour === c ? " sel" : ""}`,
        "data-act": "good", "data-city": city, "data-colour": c, onclick: () => pickGood(ctx, city, c) },
      el("span", { class: "dot", style: `background:${GOODS[c] || c}` }), ` ${t("{colour} in {city}", { colour: colourName(c), city })}`));
    }
  }
  box.append(el("h3", {}, t("Deliver a good")), el("p.muted", {}, t("Click a city with goods (highlighted), "
    + "then a highlighted city of the good's colour.")), chips);
  if (!S.good) return;
  const opts = goodOptions(ctx);
  box.append(el("div.actions", { id: "deliveries" }, opts.length ? opts.map((o) => el("button", { "data-act": "deliver",
    "data-to": o.to, onclick: () => deliver(ctx, o.action) },
  o.links > 1 ? t("{colour} to {city} over {n} links: +{points} VP", { colour: colourName(S.good.colour), city: o.to, n: o.links,
    points: o.points }) : t("{colour} to {city} over 1 link: +{points} VP", { colour: colourName(S.good.colour), city: o.to,
    points: o.points }))) : el("span.muted", {}, "…")));
}

function buildBox(ctx, box) {
  const el = ctx.el;
  const p = PLAN.current();
  box.append(el("h3", {}, t("Build a link")), el("p.muted", {}, t("Click a city and then the hexes for the tiles, ending in a "
    + "city (or a far hex: the cheapest way there); click the last hex again, or press Build.")));
  if (PLAN.hexes.length >= 2) box.append(pathTable(ctx, p));
  const row = el("div.actions", {});
  const n = p && p.action ? p.tiles : 0;
  row.append(el("button.primary", { "data-act": "lay", disabled: !(p && p.action), onclick: () => layPath(ctx) },
    p && p.action ? `${n === 1 ? t("Build 1 tile for {cost}", { cost: p.cost }) : t("Build {n} tiles for {cost}", { n, cost: p.cost })}`
      + `${p.finished ? "" : ` ${t("(unfinished)")}`}` : t("Build")));
  row.append(el("button", { "data-act": "clear", onclick: () => { PLAN.clear(); ctx.redraw(); } }, t("Clear")));
  const held = (me(ctx) || {}).cards;
  if (Array.isArray(held) && held.includes("free-build")) {
    row.append(el("label", {}, el("input", { type: "checkbox", id: "free-build", checked: S.free,
      onchange: (ev) => { S.free = ev.target.checked; PLAN.update(ctx); } }), ` ${t("free build (green hexes)")}`));
  }
  box.append(row);
}

async function layPath(ctx) {
  const p = PLAN.current();
  if (p && p.action && !p.affordable) {
    ctx.toast(t("the track costs {cost}; you have {money}: issue shares first", { cost: p.cost, money: p.money }), "error");
    return;
  }
  if (p && p.action && S.free) p.action = { ...p.action, free: true };
  await PLAN.commit(ctx);
}

function pathTable(ctx, p) {
  const el = ctx.el;
  if (!p) return el("p.muted", {}, t("asking the engine…"));
  const rows = p.steps.map((s) => el(`tr${s.ok ? "" : ".error"}`, { "data-hex": s.hex }, el("td", {}, s.hex),
    el("td", {}, !s.ok ? s.reason || "" : s.tile ? t("tile {cost}", { cost: s.cost }) : p.finished ? t("the city") : t("the link points here"))));
  return el("div", {}, el("table.plan", {}, el("tbody", {}, rows)),
    el("p", { class: "plan-total" }, p.action ? `${p.tiles === 1 ? t("1 tile for {cost}", { cost: p.cost })
      : t("{n} tiles for {cost}", { n: p.tiles, cost: p.cost })}`
      + `${p.finished ? t(", a finished link") : t(", an unfinished link (finish it this round)")}`
      + `${p.affordable ? "." : t(": you have {money}, issue shares first.", { money: p.money })}`
      : t("Nothing on this path can be built now.")));
}

// -- beside the board ------------------------------------------------------------------------
function raceBox(ctx, box) {
  const el = ctx.el;
  const v = ctx.view;
  const per = v.period || {};
  const head = el("div.panel", { id: "round-box" });
  head.append(el("h3", {}, `${t("Round {n}", { n: per.number })} · ${per.part === "actions"
    ? t("action {n} of 3", { n: Math.min(per.action, 3) }) : PARTS[per.part] || per.part}`));
  if (v.auction) {
    head.append(el("div", {}, t("Auction: {bid}; still in: {players}", { bid: v.auction.leader !== null
      ? t("{bid} by {player}", { bid: v.auction.bid, player: ctx.name(v.auction.leader) }) : t("no bid yet"),
    players: v.auction.active.map((s) => ctx.name(s)).join(", ") })));
  }
  const empty = v.board.cities.filter((c) => c.empty).length;
  head.append(el("div", {}, t("{n} of {limit} empty cities end the game", { n: empty, limit: v.empty_to_end })),
    el("div.muted", { id: "rt-hover" }, ""));
  box.append(head);
  const cards = el("div.panel", { id: "cards-out" }, el("h3", {}, t("Cards laid out")));
  for (const c of v.cards) {
    const goal = c.kind === "green" || c.kind === "s";
    cards.append(el("div", { class: `card ${c.kind}`, "data-card": c.card }, say(c.title, v.said),
      goal && S.cat ? el("span.muted", {}, ` ${t("({points} VP to the first)", { points: S.cat.cards[c.card].points })}`) : null));
  }
  box.append(cards, handBox(ctx));
}

function handBox(ctx) {
  const el = ctx.el;
  const mine = me(ctx);
  const box = el("div.panel", { id: "hand" });
  if (!mine) {
    box.append(el("h3", {}, t("Cards")), el("p.muted", {}, t("Each player sees only his own task card.")));
    return box;
  }
  const task = mine.task && S.cat ? S.cat.tasks[mine.task] : null;
  box.append(el("h3", {}, t("Your cards")),
    el("div", { class: "task", "data-task": mine.task || "" }, `${t("Task:")} `, task
      ? t("{task} ({points} VP)", { task: say(task.title, S.cat.said), points: task.points }) : mine.task || t("none yet")),
    el("div", { class: "held" }, `${t("Held:")} `, (mine.cards || []).map((c) => el("span", { class: "card", "data-card": c }, title(c), " ")),
      (mine.cards || []).length ? "" : t("none")));
  return box;
}

function results(ctx, box) {
  const el = ctx.el;
  const v = ctx.view;
  const rows = v.players.map((p) => el("tr", { "data-seat": p.seat }, el("td", {}, p.name), el("td.num", {}, String(p.score)),
    el("td.num", {}, String(p.money)), el("td.num", {}, String(p.shares)), el("td.num", {}, String(p.loco)),
    el("td.num", {}, String(v.board.links.filter((l) => l.owner === p.seat && l.finished).length)),
    el("td.num", {}, p.final !== undefined ? String(p.final) : "")));
  box.append(el("h3", {}, v.over ? t("Final scores (VP − shares + task)") : t("Railroads")),
    el("table", { id: "rt-scores" }, el("thead", {}, el("tr", {}, ["", t("VP"), t("money"), t("shares"), t("loco"), t("links"),
      t("final")].map((h) => el("th", {}, h)))), el("tbody", {}, rows)));
}

function playerNote(ctx, p) {
  const n = Array.isArray(p.cards) ? p.cards.length : p.cards;
  return [t("loco {n}", { n: p.loco }), p.shares === 1 ? t("1 share") : t("{n} shares", { n: p.shares }),
    n === 1 ? t("1 card") : t("{n} cards", { n })].join(" · ");
}

export default { init, draw, click, hover, panel, raceBox, results, playerNote };
