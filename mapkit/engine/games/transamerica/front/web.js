// TransAmerica on the game page (docs/rules.md, TransAmerica): the shared networks, single and double lines,
// the start markers, the viewer's own cards and their cities, the round and the score track
// with its barrier, drawn over TransAmerica's printed board (a dot on every junction, the card
// cities ringed in their colours). Start markers and pieces are placed by clicking junctions;
// what the engine would do is shown before anything is sent (the server's "check" and
// "preview"), and a refusal carries the engine's own reason. The variants' decisions (buy a
// Super Changer, pass a card, break a bridge, choose the round's variant, draw the top card)
// are buttons with plain words.
//
// Only what the view holds is shown: a seat's view has its own hand and nobody else's (all
// hands under the open-hand variant and when the game is over); a spectator's has none.
//
// The page (game.js) calls: init(ctx), draw(ctx), click(ctx, i), panel(ctx, box) -> the set
// of action types it offers itself, raceBox(ctx, box), results(ctx, box), playerNote(ctx, p).

import { PathPlan } from "/static/pathplan.js";
import { say, t } from "/static/i18n.js";

const S = {
  facts: null,         // the "board" answer: junctions, doubles, regions, cards
  junctions: null,     // Set of hex indices
  doubles: null,       // Set of edge names
  picked: null,        // a junction clicked once for the start marker
  refusal: null,       // {hex, reason, n}: the engine's word on the last refused click (state n)
  bridge: null,        // a double line picked to break (broken bridge)
  bridgeFrom: null,    // the first hex of a bridge being picked
  completion: null,    // the viewer's cheapest completion, {n, cost, pieces}
  completionAsked: -1,
  showCompletion: false,
  marked: [],          // hit polygons given a class
};

const f = (v) => Math.round(v * 100) / 100;
// the pieces being planned (their junctions, the engine's word on them)
const PLAN = new PathPlan({ network: (ctx) => networkHexes(ctx, ctx.seat), building: (ctx) => building(ctx),
  nothing: t("nothing on this path can be laid now") });

// Plain words for the variants (docs/rules.md, TransAmerica), for maturita's choice and the round's line.
const VARIANTS = {
  standard: t("Standard rules"),
  open_hand: t("Open hand: every hand is shown"),
  card_passing_1: t("Card passing I: one colour passed on in turn"),
  card_passing_2: t("Card passing II: everybody passes a card at once"),
  seat_start: t("Start in a seat"),
  seat_connect: t("Must also connect a seat"),
  restricted_connection: t("Restricted connection"),
  ele: t("ELE TA: track grows only at its ends"),
  super_changer: t("Super Changer: 3 points for 3 single pieces a turn"),
  broken_bridge: t("Broken bridge: each blocks a double line"),
  quarantine: t("Quarantine: a city's holder enters it first"),
  nuclear: t("Nuclear TA: a city of each colour closed"),
  fixed_start: t("Fixed start markers"),
  unique_region_start: t("Start in a colour region of one's own"),
  one_colour: t("One colour: every start in a drawn card's region"),
};

// Card colours as the printed board rings the card cities (the board's geometry says).
const INKS = {};
function cardColour(name) { return INKS[name] || name; }

function k(ctx) { return ctx.geometry.hex_mm / 14; }

function edgeEnds(ctx, edge) {
  const [a, b] = edge.split("/");
  return [ctx.board.hexIndex(a), ctx.board.hexIndex(b)];
}

function placeName(ctx, hex) {
  const c = ctx.geometry.cities.find((x) => x.hex === hex);
  return c ? `${hex} (${c.name})` : hex;
}

function me(ctx) {
  const seat = ctx.seat;
  return seat === null ? null : ctx.view.players.find((p) => p.seat === seat) || null;
}

// The hexes of a seat's network: its marker and those of the seats joined to it, and the ends
// of the pieces of that network.
function networkHexes(ctx, seat) {
  const v = ctx.view;
  const out = new Set();
  const p = v.players.find((x) => x.seat === seat);
  if (!p || !p.marker) return out;
  for (const q of v.players) if (q.marker && p.network.includes(q.seat)) out.add(ctx.board.hexIndex(q.marker));
  for (const t of v.board.track) {
    if (t.network.includes(seat)) for (const h of edgeEnds(ctx, t.edge)) out.add(h);
  }
  return out;
}

const legalOf = (ctx, type) => (ctx.myTurn ? ctx.view.legal.filter((a) => a.type === type) : []);
function building(ctx) { return ctx.myTurn && ctx.view.step === "build" && legalOf(ctx, "build").length > 0; }
function placing(ctx) { return legalOf(ctx, "start").length > 0; }
function blocking(ctx) { return legalOf(ctx, "block").length > 0; }

function mark(ctx, i, cls) {
  const p = ctx.board.polygon(i);
  if (!p) return;
  p.classList.add(cls);
  S.marked.push([p, cls]);
}

// A piece's rails: one line for a single, two side by side for a double.
function rails(ctx, parent, a, b, attrs, double, width) {
  const [x1, y1] = ctx.board.centre(a), [x2, y2] = ctx.board.centre(b);
  const ln = Math.hypot(x2 - x1, y2 - y1) || 1;
  const nx = -(y2 - y1) / ln, ny = (x2 - x1) / ln;
  const offs = double ? [-0.75 * width, 0.75 * width] : [0];
  for (const o of offs) {
    parent.append(ctx.svg("line", { x1: f(x1 + nx * o), y1: f(y1 + ny * o), x2: f(x2 + nx * o), y2: f(y2 + ny * o),
      "stroke-width": f(double ? width * 0.6 : width), "stroke-linecap": "round", ...attrs }));
  }
}

// -- set-up ------------------------------------------------------------------------------------
async function init(ctx) {
  for (const c of ctx.geometry.cities) if (c.colour && c.ink) INKS[c.colour] = c.ink;
  try {
    S.facts = await ctx.ask("board");
    S.junctions = new Set(S.facts.junctions.map((h) => ctx.board.hexIndex(h)));
    S.doubles = new Set(S.facts.doubles);
  } catch (e) {
    ctx.toast(e.message, "error");
  }
  if (ctx.view) ctx.redraw();
}

// -- drawing -----------------------------------------------------------------------------------
function draw(ctx) {
  const v = ctx.view;
  const board = ctx.board;
  const over = ctx.clear(board.layers.overlay);
  const marks = ctx.clear(board.layers.marks);
  const under = ctx.clear(board.layers.under);
  for (const [p, cls] of S.marked) p.classList.remove(cls);
  S.marked = [];
  const kk = k(ctx);
  const hexMm = ctx.geometry.hex_mm;
  if (!building(ctx)) PLAN.clear();
  if (!placing(ctx)) S.picked = null;
  if (!blocking(ctx)) { S.bridge = null; S.bridgeFrom = null; }
  drawRegions(ctx, under);
  // the networks: a band in the colour of each seat whose network a piece is part of (under
  // the rails for one seat; beside them, on alternate sides, where networks are shared), and
  // the piece's rails over it
  const band = 1.0 * kk;
  const railWidth = 0.75 * kk;
  for (const t of v.board.track) {
    const [a, b] = edgeEnds(ctx, t.edge);
    const [x1, y1] = board.centre(a), [x2, y2] = board.centre(b);
    const ln = Math.hypot(x2 - x1, y2 - y1) || 1;
    const nx = -(y2 - y1) / ln, ny = (x2 - x1) / ln;
    const g = ctx.svg("g", { class: `piece${t.double ? " double" : " single"}`, "data-edge": t.edge,
      "data-network": t.network.join(",") });
    const core = (t.double ? 2.1 : 1) * railWidth;
    t.network.forEach((p, j) => {
      const n = t.network.length;
      const off = n === 1 ? 0 : (j % 2 ? -1 : 1) * (core / 2 + band / 2 + Math.floor(j / 2) * band);
      g.append(ctx.svg("line", { class: `band p${p}`, x1: f(x1 + nx * off), y1: f(y1 + ny * off), x2: f(x2 + nx * off),
        y2: f(y2 + ny * off), stroke: ctx.colour(p), "stroke-width": f(n === 1 ? core + 2 * band : band),
        "stroke-opacity": 0.7, "stroke-linecap": "round" }));
    });
    rails(ctx, g, a, b, { stroke: "#263238", class: "rail" }, t.double, railWidth);
    over.append(g);
  }
  for (const e of v.board.blocked || []) drawBlocked(ctx, over, e);
  drawMarkers(ctx, over, hexMm, kk);
  drawHands(ctx, over, hexMm, kk);
  for (const name of v.board.closed || []) {
    const c = ctx.geometry.cities.find((x) => x.name === name);
    if (!c) continue;
    const [x, y] = board.centre(board.hexIndex(c.hex));
    const r = 0.32 * hexMm;
    for (const [dx, dy] of [[1, 1], [1, -1]]) {
      over.append(ctx.svg("line", { class: "closed", x1: f(x - r * dx), y1: f(y - r * dy), x2: f(x + r * dx),
        y2: f(y + r * dy), stroke: "#000", "stroke-width": f(0.9 * kk) }));
    }
  }
  if (S.showCompletion && S.completion && S.completion.n === ctx.n) {
    for (const e of S.completion.pieces) {
      const [a, b] = edgeEnds(ctx, e);
      rails(ctx, marks, a, b, { stroke: "#546e7a", "stroke-dasharray": `${f(0.6 * kk)},${f(0.9 * kk)}`,
        class: "completion" }, S.doubles && S.doubles.has(e), 0.6 * kk);
    }
  }
  drawChoices(ctx, marks, kk);
}

function drawRegions(ctx, under) {
  // where the round's variant puts the start markers: the drawn colour's region (one colour),
  // or the regions (start in a colour region of one's own), while the markers are placed
  const v = ctx.view;
  const facts = S.facts;
  if (!facts || v.step !== "place" || placing(ctx)) return;      // the one placing sees his choices lit
  const variants = v.round.variants || [];
  const board = ctx.board;
  const shade = (hexes, colour, opacity) => {
    for (const h of hexes) {
      under.append(ctx.svg("polygon", { class: "region", points: board.points(board.hexIndex(h), 0.98),
        fill: cardColour(colour), "fill-opacity": opacity }));
    }
  };
  if (variants.includes("one_colour") && v.round.colour) shade(facts.regions[v.round.colour] || [], v.round.colour, 0.22);
  else if (variants.includes("unique_region_start")) {
    for (const [colour, hexes] of Object.entries(facts.regions)) shade(hexes, colour, 0.12);
  }
}

function drawBlocked(ctx, over, edge) {
  const [a, b] = edgeEnds(ctx, edge);
  const kk = k(ctx);
  const [x1, y1] = ctx.board.centre(a), [x2, y2] = ctx.board.centre(b);
  const mx = (x1 + x2) / 2, my = (y1 + y2) / 2, r = 1.6 * kk;
  over.append(ctx.svg("line", { class: "blocked", "data-edge": edge, x1: f(x1), y1: f(y1), x2: f(x2), y2: f(y2),
    stroke: "#d63638", "stroke-width": f(0.5 * kk), "stroke-dasharray": `${f(0.8 * kk)},${f(0.8 * kk)}` }));
  for (const [dx, dy] of [[1, 1], [1, -1]]) {
    over.append(ctx.svg("line", { x1: f(mx - r * dx), y1: f(my - r * dy), x2: f(mx + r * dx), y2: f(my + r * dy),
      stroke: "#d63638", "stroke-width": f(0.9 * kk), "stroke-linecap": "round" }));
  }
}

function drawMarkers(ctx, over, hexMm, kk) {
  const board = ctx.board;
  const at = new Map();
  for (const p of ctx.view.players) {
    if (!p.marker) continue;
    if (!at.has(p.marker)) at.set(p.marker, []);
    at.get(p.marker).push(p);
  }
  for (const [hex, ps] of at) {
    const [x, y] = board.centre(board.hexIndex(hex));
    ps.forEach((p, j) => {
      const dx = (j - (ps.length - 1) / 2) * 0.36 * hexMm;
      const g = ctx.svg("g", { class: `marker p${p.seat}`, "data-seat": p.seat, "data-hex": hex });
      g.append(ctx.svg("circle", { cx: f(x + dx), cy: f(y), r: f(0.22 * hexMm), fill: ctx.colour(p.seat),
        stroke: "#fff", "stroke-width": f(0.5 * kk) }));
      g.append(ctx.svg("circle", { cx: f(x + dx), cy: f(y), r: f(0.22 * hexMm + 0.35 * kk), fill: "none",
        stroke: "#000", "stroke-width": f(0.3 * kk) }));
      const label = ctx.svg("text", { x: f(x + dx), y: f(y + 1.1 * kk), "text-anchor": "middle", fill: "#fff",
        "font-size": f(3 * kk), "font-weight": "bold" });
      label.textContent = (p.name || "?").slice(0, 1).toUpperCase();
      g.append(label);
      over.append(g);
    });
  }
}

// The cities of the hands the view holds (the viewer's own; every hand under the open hand
// and when the game is over): a ring in the card's colour, filled once the network joins it.
function drawHands(ctx, over, hexMm, kk) {
  const board = ctx.board;
  const seat = ctx.seat;
  const shown = ctx.view.players.filter((p) => p.hand);
  for (const p of shown) {
    const own = p.seat === seat;
    for (const c of p.hand) {
      const [x, y] = board.centre(board.hexIndex(c.hex));
      const r = (own ? 0.42 : 0.36) * hexMm + (own ? 0 : 0.05 * p.seat * hexMm);
      const g = ctx.svg("g", { class: `hand-city${own ? " own" : ""}${c.joined ? " joined" : ""}`, "data-city": c.city,
        "data-seat": p.seat });
      if (own) {
        g.append(ctx.svg("circle", { cx: f(x), cy: f(y), r: f(r), fill: c.joined ? cardColour(c.colour) : "none",
          "fill-opacity": 0.25, stroke: cardColour(c.colour), "stroke-width": f(1.4 * kk) }));
        g.append(ctx.svg("circle", { cx: f(x), cy: f(y), r: f(r + 1.0 * kk), fill: "none", stroke: "#000",
          "stroke-width": f(0.35 * kk), "stroke-dasharray": c.joined ? null : `${f(1 * kk)},${f(0.7 * kk)}` }));
      } else {
        g.append(ctx.svg("circle", { cx: f(x), cy: f(y), r: f(r), fill: "none", stroke: ctx.colour(p.seat),
          "stroke-width": f(0.7 * kk), "stroke-dasharray": c.joined ? null : `${f(1.2 * kk)},${f(0.8 * kk)}` }));
      }
      over.append(g);
    }
  }
}

function drawChoices(ctx, marks, kk) {
  const board = ctx.board;
  if (placing(ctx)) {
    const starts = legalOf(ctx, "start");
    // the allowed junctions are highlighted when a variant narrows them (else: any junction)
    if (!S.junctions || starts.length < S.junctions.size) {
      for (const a of starts) mark(ctx, board.hexIndex(a.at), "target");
    }
    if (S.picked !== null) {
      mark(ctx, S.picked, "picked");
      const [x, y] = board.centre(S.picked);
      marks.append(ctx.svg("circle", { class: "picked-marker", cx: f(x), cy: f(y), r: f(0.22 * ctx.geometry.hex_mm),
        fill: ctx.colour(ctx.seat), "fill-opacity": 0.6, stroke: "#000", "stroke-width": f(0.3 * kk),
        "stroke-dasharray": `${f(0.8 * kk)},${f(0.5 * kk)}` }));
    }
  }
  if (building(ctx)) {
    const net = networkHexes(ctx, ctx.seat);
    for (const a of legalOf(ctx, "build")) {
      for (const h of edgeEnds(ctx, a.pieces[0])) if (!net.has(h)) mark(ctx, h, "reach");
    }
    for (const i of PLAN.hexes) mark(ctx, i, "picked");
    drawPath(ctx, marks, kk);
  }
  if (blocking(ctx)) {
    for (const a of legalOf(ctx, "block")) {
      const [x, y] = edgeEnds(ctx, a.edge);
      const sel = S.bridge === a.edge;
      const [x1, y1] = board.centre(x), [x2, y2] = board.centre(y);
      marks.append(ctx.svg("line", { class: `bridge${sel ? " sel" : ""}`, "data-edge": a.edge, x1: f(x1), y1: f(y1),
        x2: f(x2), y2: f(y2), stroke: sel ? "#d63638" : "#ff8f00", "stroke-width": f((sel ? 1.6 : 0.9) * kk),
        "stroke-opacity": 0.85, "stroke-dasharray": sel ? null : `${f(1.2 * kk)},${f(0.8 * kk)}` }));
    }
    if (S.bridgeFrom !== null) mark(ctx, S.bridgeFrom, "picked");
  }
  if (S.refusal && S.refusal.n === ctx.n) mark(ctx, S.refusal.hex, "flash");
}

function drawPath(ctx, marks, kk) {
  const path = PLAN.hexes;
  if (path.length < 2) return;
  const pieces = PLAN.current() ? PLAN.current().pieces : null;
  for (let j = 0; j + 1 < path.length; j++) {
    const piece = pieces ? pieces[j] : null;
    const colour = !piece ? "#555" : piece.laid ? "#999" : piece.ok ? "#00a32a" : "#d63638";
    rails(ctx, marks, path[j], path[j + 1], { class: `plan-piece ${piece && piece.ok ? "ok" : "no"}`,
      stroke: colour, "stroke-dasharray": `${f(1.4 * kk)},${f(0.8 * kk)}` }, piece && piece.double, 1.0 * kk);
  }
}

// -- clicks ------------------------------------------------------------------------------------
async function click(ctx, i) {
  const v = ctx.view;
  if (!ctx.myTurn) {
    if (v.you.length && !v.over) ctx.toast(t("It is {player}'s turn, not yours.", { player: ctx.name(v.current_player) }));
    return;
  }
  if (placing(ctx)) return clickMarker(ctx, i);
  if (building(ctx)) { S.refusal = null; return PLAN.click(ctx, i); }
  if (blocking(ctx)) return clickBridge(ctx, i);
}

async function clickMarker(ctx, i) {
  const hex = ctx.board.hexName(i);
  const legal = legalOf(ctx, "start").find((a) => a.at === hex);
  if (legal && S.picked === i) { await place(ctx, legal); return; }
  if (legal) { S.picked = i; S.refusal = null; ctx.redraw(); return; }
  // not allowed: the engine says why
  S.picked = null;
  try {
    const r = await ctx.ask("check", { action: { type: "start", at: hex } });
    S.refusal = r.ok ? null : { hex: i, reason: r.reason, n: ctx.n };
    if (r.ok) S.picked = i;
    else ctx.toast(r.reason, "error");
  } catch (e) { ctx.toast(e.message, "error"); }
  ctx.redraw();
}

async function place(ctx, action) {
  S.picked = null;
  await ctx.act(action).catch(() => {});
}

// A bridge to break: two junctions of a double line clicked one after the other (or one
// junction with a single such line); the last junction clicked again breaks it.
async function clickBridge(ctx, i) {
  const legal = legalOf(ctx, "block");
  const ends = (a) => edgeEnds(ctx, a.edge);
  const chosen = S.bridge && legal.find((a) => a.edge === S.bridge);
  if (chosen && S.bridgeFrom === i && ends(chosen).includes(i)) {
    S.bridge = null;
    S.bridgeFrom = null;
    await ctx.act(chosen).catch(() => {});
    return;
  }
  const between = S.bridgeFrom !== null ? legal.find((a) => ends(a).includes(S.bridgeFrom) && ends(a).includes(i)) : null;
  const touching = legal.filter((a) => ends(a).includes(i));
  if (between) S.bridge = between.edge;
  else if (touching.length === 1) S.bridge = touching[0].edge;
  else if (!touching.length) {
    ctx.toast(t("no double line you may break touches this junction (those you may break are orange)"), "error");
    S.bridge = null;
  }
  S.bridgeFrom = i;
  ctx.redraw();
}

// -- the action panel --------------------------------------------------------------------------
function panel(ctx, box) {
  const v = ctx.view;
  const el = ctx.el;
  const handled = new Set();
  const act = (a) => ctx.act(a).catch(() => {});
  if (placing(ctx)) {
    handled.add("start");
    const starts = legalOf(ctx, "start");
    const narrowed = S.junctions && starts.length < S.junctions.size;
    box.append(el("h3", {}, t("Place your start marker")),
      el("p.muted", {}, narrowed
        ? t("Click a junction (one of the {n} highlighted), then click it again or press the button. Your cities are "
          + "ringed in their colours.", { n: starts.length })
        : t("Click a junction, then click it again or press the button. Your cities are ringed in their colours.")));
    if (S.picked !== null) {
      const hex = ctx.board.hexName(S.picked);
      const a = starts.find((x) => x.at === hex);
      if (a) box.append(el("div.actions", {}, el("button.primary", { "data-act": "place", onclick: () => place(ctx, a) },
        t("Place the marker on {place}", { place: placeName(ctx, hex) })), el("button", { onclick: () => { S.picked = null; ctx.redraw(); } }, t("Clear"))));
    }
    if (S.refusal && S.refusal.n === ctx.n) box.append(el("p.error.refusal", {}, S.refusal.reason));
  }
  if (building(ctx) || (v.step === "build" && legalOf(ctx, "done").length)) {
    handled.add("build");
    handled.add("done");
    handled.add("draw");
    buildPanel(ctx, box, act);
  }
  const variants = legalOf(ctx, "variant");
  if (variants.length) {
    handled.add("variant");
    box.append(el("h3", {}, t("Choose the variant of round {n}", { n: v.round.round })),
      el("div.actions", {}, variants.map((a) => el("button", { "data-type": "variant", "data-variant": a.variant,
        onclick: () => act(a) }, VARIANTS[a.variant] || a.variant))));
  }
  const changer = legalOf(ctx, "changer");
  if (changer.length) {
    handled.add("changer");
    box.append(el("h3", {}, "Super Changer"), el("p.muted", {}, t("Three single pieces a turn for the rest of the game, "
      + "for 3 points off your score now.")),
    el("div.actions", {}, changer.map((a) => el("button", { "data-type": "changer", "data-buy": String(a.buy),
      class: a.buy ? "primary" : null, onclick: () => act(a) },
    a.buy ? t("Buy a Super Changer (3 points)") : t("No Super Changer")))));
  }
  const passes = legalOf(ctx, "pass_card");
  if (passes.length) {
    handled.add("pass_card");
    const hand = (me(ctx) || {}).hand || [];
    const left = nextSeat(ctx, ctx.seat);
    box.append(el("h3", {}, t("Pass a card to {player}", { player: ctx.name(left) })),
      el("div.actions", {}, passes.map((a) => {
        const c = hand.find((x) => x.city === a.city);
        return el("button", { "data-type": "pass_card", "data-city": a.city, onclick: () => act(a),
          style: c ? `border-color:${cardColour(c.colour)};border-width:2px` : null },
        `${t("Pass {city}", { city: a.city })}${c ? ` (${t(c.colour)})` : ""}`);
      })));
  }
  const blocks = legalOf(ctx, "block");
  if (blocks.length) {
    handled.add("block");
    const sel = el("select", { id: "bridge" }, blocks.map((a) => el("option", { value: a.edge }, a.edge)));
    if (S.bridge) sel.value = S.bridge;
    sel.addEventListener("change", () => { S.bridge = sel.value; ctx.redraw(); });
    box.append(el("h3", {}, t("Break a bridge for this round")),
      el("p.muted", {}, t("Click the two junctions of an orange double line, or pick it here.")),
      el("div.actions", {}, sel, el("button.primary", { "data-act": "block",
        onclick: () => act({ type: "block", edge: sel.value }) }, t("Break this bridge"))));
  }
  return handled;
}

function nextSeat(ctx, seat) {
  const ps = ctx.view.players;
  for (let j = 1; j <= ps.length; j++) {
    const q = ps[(seat + j) % ps.length];
    if (!q.out) return q.seat;
  }
  return seat;
}

function buildPanel(ctx, box, act) {
  const el = ctx.el;
  const v = ctx.view;
  const r = v.round || {};
  const canLay = building(ctx);
  const allowance = r.double_allowed ? t("You may lay {n} single pieces or 1 double line.", { n: r.singles_left })
    : r.singles_left === 1 ? t("You may lay 1 more single piece.")
      : t("You may lay {n} more single pieces.", { n: r.singles_left });
  box.append(el("h3", {}, t("Your turn: lay track")),
    el("p", { class: "allowance" }, canLay ? allowance : t("No piece can be laid now.")));
  if (canLay) {
    box.append(el("p.muted", {}, t("Click a junction next to your network (highlighted) for the piece that joins it, "
      + "or a junction of your network and then its neighbours; a far junction plans the cheapest way there. "
      + "Click the last junction again, or press the button, to lay.")));
    box.append(pathTable(ctx));
  }
  const p = PLAN.current();
  const buttons = el("div.actions", {});
  if (canLay) {
    const n = p && p.action ? p.action.pieces.length : 0;
    const doubles = p ? p.pieces.filter((x) => x.ok && !x.laid && x.double).length : 0;
    buttons.append(el("button.primary", { "data-act": "lay", disabled: !n, onclick: () => PLAN.commit(ctx) },
      n ? `${doubles ? t("Lay the double line") : n > 1 ? t("Lay {n} pieces", { n }) : t("Lay 1 piece")}`
        + `${p.turn_over ? ` (${t("ends your turn")})` : ""}` : t("Lay")));
    buttons.append(el("button", { "data-act": "clear", onclick: () => { PLAN.clear(); ctx.redraw(); } }, t("Clear")));
  }
  for (const a of legalOf(ctx, "done")) {
    buttons.append(el("button", { "data-type": "done", onclick: () => act(a) },
      canLay ? t("Done: end the turn") : t("Pass: end the turn")));
  }
  for (const a of legalOf(ctx, "draw")) {
    buttons.append(el("button", { "data-type": "draw", onclick: () => act(a) }, t("Take the top card instead of building")));
  }
  box.append(buttons);
}

function leftAfter(singles, n) {
  if (n > 1) return singles === 1 ? t("1 single piece left after them") : t("{n} single pieces left after them", { n: singles });
  return singles === 1 ? t("1 single piece left after it") : t("{n} single pieces left after it", { n: singles });
}

function pathTable(ctx) {
  const el = ctx.el;
  const p = PLAN.current();
  const path = PLAN.hexes;
  if (path.length < 2) return el("p", {}, path.length ? t("From {place}: click the next junction.", { place: placeName(ctx, ctx.board.hexName(path[0])) }) : "");
  if (!p) return el("p.muted", {}, t("asking the engine…"));
  const rows = p.pieces.map((x) => el(`tr${x.ok ? "" : ".error"}`, { "data-edge": x.edge },
    el("td", {}, x.edge), el("td", {}, x.double ? t("double") : t("single")),
    el("td", {}, x.laid ? t("on the board") : x.ok ? t("can be laid") : x.reason || "")));
  const n = p.action ? p.action.pieces.length : 0;
  return el("div", {}, el("table.plan", {}, el("tbody", {}, rows)),
    el("p", { class: "plan-total" }, n
      ? `${n > 1 ? t("{n} pieces now", { n }) : t("1 piece now")}; ${p.turn_over ? t("then your turn is over")
        : leftAfter(p.singles_left, n)}.`
      : t("Nothing on this path can be laid now.")));
}

// -- beside the board: the round, the viewer's cards ---------------------------------------------
function raceBox(ctx, box) {
  const el = ctx.el;
  const v = ctx.view;
  const r = v.round;
  if (!r) return;
  const head = el("div.panel", { id: "round-box" });
  const lines = [];
  if (r.round) {
    head.append(el("h3", {}, `${t("Round {n}", { n: r.round })}${r.start_player ? ` · ${t("{player} has the start player card", { player: r.start_player })}` : ""}`));
    if (r.pieces_left !== null && r.pieces_left !== undefined) {
      lines.push(t("{used} pieces laid, {left} of {total} left this round", { used: r.pieces_used, left: r.pieces_left,
        total: r.pieces_used + r.pieces_left }));
    } else lines.push(t("{used} pieces laid", { used: r.pieces_used }));
  }
  const variants = (r.variants || []).map((x) => VARIANTS[x] || x);
  if (variants.length) lines.push(t("In force: {variants}", { variants: variants.join("; ") }));
  if (r.colour) lines.push(t("One colour: every start marker in the {colour} region", { colour: t(r.colour) }));
  if (r.top_colour !== undefined) lines.push(t("Deck: {n} cards; the top card is {colour}", { n: r.deck, colour: r.top_colour ? t(r.top_colour) : t("not drawn yet") }));
  if ((v.board.closed || []).length) lines.push(t("Closed this round: {cities}", { cities: v.board.closed.join(", ") }));
  if ((v.board.blocked || []).length) lines.push(t("Broken bridges: {bridges}", { bridges: v.board.blocked.join(", ") }));
  const last = (v.results || [])[v.results.length - 1];
  if (last) lines.push(t("Round {n} ended: {end}", { n: last.round, end: say(last.end, v.said) }));
  head.append(...lines.map((x) => el("div", {}, x)));
  box.append(head);
  box.append(handBox(ctx));
}

function handBox(ctx) {
  const el = ctx.el;
  const v = ctx.view;
  const mine = me(ctx);
  const box = el("div.panel", { id: "hand" });
  if (!mine) {
    box.append(el("h3", {}, t("Cards")), el("p.muted", {}, t("Each player sees only his own cards.")));
    const open = v.players.filter((p) => p.hand);
    for (const p of open) box.append(el("div", {}, `${p.name}: `, cardList(ctx, p.hand)));
    return box;
  }
  const hand = mine.hand || [];
  const joined = hand.filter((c) => c.joined).length;
  box.append(el("h3", {}, `${t("Your cards")}${hand.length ? ` · ${t("{n} of {total} joined", { n: joined, total: hand.length })}` : ""}`));
  if (!hand.length) box.append(el("p.muted", {}, t("No cards yet.")));
  else box.append(cardList(ctx, hand));
  if (mine.laid && mine.laid.length) box.append(el("div.muted", {}, t("Laid down: {cities}", { cities: mine.laid.join(", ") })));
  // other hands the view shows (open hand; the game over)
  for (const p of v.players.filter((x) => x.hand && x.seat !== mine.seat)) {
    box.append(el("div.other-hand", {}, `${p.name}: `, cardList(ctx, p.hand)));
  }
  // the cheapest completion: what the round's end would cost now (the terminal's "cost");
  // Mission TA scores cities, not pieces: there it is only the way to one's cards
  const mission = (ctx.hello.game.options.mission || "none") !== "none";
  if (mine.marker && hand.length && !v.over) {
    if (S.completionAsked !== ctx.n) {
      S.completionAsked = ctx.n;
      const n = ctx.n;
      ctx.ask("completion").then((c) => { if (ctx.n === n) { S.completion = { ...c, n }; ctx.redraw(); } }).catch(() => {});
    }
    const c = S.completion && S.completion.n === ctx.n ? S.completion : null;
    const toggle = el("input", { type: "checkbox", id: "show-completion", checked: S.showCompletion,
      onchange: (ev) => { S.showCompletion = ev.target.checked; ctx.redraw(); } });
    box.append(el("div", { class: "completion-note" }, !c ? "…" : c.complete ? t("Your network joins all your cities.")
      : c.cost === null ? t("No track can join all your cities any more.")
        : mission ? `${c.cost === 1 ? t("Your cities are 1 piece away (singles 1, doubles 2).")
          : t("Your cities are {n} pieces away (singles 1, doubles 2).", { n: c.cost })} `
          : `${c.cost === 1 ? t("If the round ended now you would lose 1 point (your cheapest completion).")
            : t("If the round ended now you would lose {n} points (your cheapest completion).", { n: c.cost })} `,
    c && c.pieces && c.pieces.length ? el("label", {}, toggle, ` ${t("show it")}`) : null));
  }
  return box;
}

function cardList(ctx, hand) {
  const el = ctx.el;
  return el("div.cards", {}, hand.map((c) => el("span", { class: `card${c.joined ? " joined" : ""}`, "data-city": c.city,
    title: `${c.city} (${t(c.colour)}, ${c.hex})${c.joined ? `: ${t("joined")}` : ""}`,
    style: `border-color:${cardColour(c.colour)};${c.joined ? `background:${cardColour(c.colour)}22` : ""}`,
    onclick: () => ctx.board.focus([c.hex]) },
  el("span", { class: "dot", style: `background:${cardColour(c.colour)}` }), `${c.joined ? "✓ " : ""}${c.city}`)));
}

// -- the score track and the rounds --------------------------------------------------------------
function results(ctx, box) {
  const el = ctx.el;
  const v = ctx.view;
  const opts = ctx.hello.game.options || {};
  if ((opts.mission || "none") !== "none") {
    box.append(el("h3", {}, "Mission TA"), el("p.muted", {}, t("A point for each city joined (its card laid down); "
      + "at the end one lost for each card held and not joined. The game ends when a player has laid down all he "
      + "holds and the deck is empty.")));
    return;
  }
  const start = opts.start_points || 13;
  const barrier = v.round ? v.round.barrier : 0;
  const noBarrier = opts.no_barrier || opts.mega;
  const low = Math.min(0, ...v.players.map((p) => p.score));
  const high = Math.max(start, ...v.players.map((p) => p.score));
  const cells = [];
  for (let s = high; s >= low; s--) {
    const here = v.players.filter((p) => p.score === s);
    const passed = noBarrier ? s < 0 : s <= barrier;
    cells.push(el(`td${passed ? ".passed" : ""}${!noBarrier && s === barrier + 1 ? ".before-barrier" : ""}`,
      { "data-score": s },
    el("div.n", {}, String(s)), ...here.map((p) => el("span.loco", { style: `background:${ctx.colour(p.seat)}`,
      title: `${p.name}: ${p.score}`, "data-seat": p.seat }, p.name.slice(0, 1).toUpperCase()))));
  }
  box.append(el("h3", {}, t("Score track")),
    el("table", { id: "score-track" }, el("tbody", {}, el("tr", {}, cells))),
    el("p.muted", {}, noBarrier ? t("No barrier: the game ends when a locomotive falls below 0.")
      : t("The barrier stands before {n}: a locomotive at {n} or below ends the game.", { n: barrier })));
  const res = v.results || [];
  if (!res.length) return;
  const names = v.players.map((p) => p.name);
  const rows = res.map((r) => el("tr", { "data-round": r.round }, el("td.num", {}, String(r.round)),
    el("td", {}, say(r.end, v.said)), ...names.map((n) => el("td.num", {}, r.lost && r.lost[n] !== undefined ? `−${r.lost[n]}` : ""))));
  box.append(el("h3", {}, t("Rounds")), el("table", { id: "round-results" },
    el("thead", {}, el("tr", {}, el("th", {}, ""), el("th", {}, t("how it ended")), ...names.map((n) => el("th.num", {}, n)))),
    el("tbody", {}, rows)));
}

function playerNote(ctx, p) {
  const bits = [];
  if (p.marker) bits.push(t("marker {hex}", { hex: p.marker }));
  if (p.cards !== undefined) bits.push(p.cards === 1 ? t("1 card") : t("{n} cards", { n: p.cards }));
  const shared = (p.network || []).filter((q) => q !== p.seat);
  if (shared.length) bits.push(t("network shared with {players}", { players: shared.map((q) => ctx.name(q)).join(", ") }));
  if (p.changer) bits.push("Super Changer");
  if (p.out) bits.push(t("out"));
  if (p.laid && p.laid.length) bits.push(t("{n} laid down", { n: p.laid.length }));
  return bits.join(" · ");
}

export default { init, draw, click, panel, raceBox, results, playerNote };
