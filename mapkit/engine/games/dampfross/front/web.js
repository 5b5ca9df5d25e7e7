// Dampfross, Paluba and Expres on the game page: track, start cities, ferries, races and
// trains drawn over the printed board; building by clicking hexes (the path, its cost and
// fees shown before it is built, from the engine's own quote); race routes chosen on the
// board with their movement points and fares.
//
// The page (game.js) calls: init(ctx), draw(ctx), click(ctx, i), hover(ctx, i),
// panel(ctx, box) -> the set of action types it offers itself, raceBox(ctx, box),
// results(ctx, box), playerNote(ctx, player).

import { PathPlan } from "/static/pathplan.js";
import { t } from "/static/i18n.js";

const S = {
  pickedStart: null,   // a start city clicked once
  routes: null,        // race routes offered (answer of "routes"), for race S.routesFor
  routesFor: null,
  route: null,         // the route chosen (hex names)
  custom: [],          // a route clicked together (hex indices)
  customInfo: null,
  trains: new Map(),   // player name -> {g, at: hex name, x, y}
  marked: [],          // hit polygons given a class
};

const BUILD_STEPS = new Set(["build", "post_build"]);
// the path being built along (its hexes, the server's price of it)
const PLAN = new PathPlan({ network: (ctx) => network(ctx, ctx.seat), building: (ctx) => building(ctx),
  nothing: t("nothing on this path can be built now") });
const f = (v) => Math.round(v * 100) / 100;

function k(ctx) { return ctx.geometry.hex_mm / 14; }

function cityHexes(ctx) {
  if (!ctx._cityHexes) ctx._cityHexes = new Set(ctx.geometry.cities.map((c) => ctx.board.hexIndex(c.hex)));
  return ctx._cityHexes;
}

function cityAt(ctx, i) {
  const name = ctx.board.hexName(i);
  return ctx.geometry.cities.find((c) => c.hex === name) || null;
}

function edgeEnds(ctx, edge) {
  const [a, b] = edge.split("/");
  return [ctx.board.hexIndex(a), ctx.board.hexIndex(b)];
}

// The hexes of a seat's network: the ends of its pieces and its start city.
function network(ctx, seat) {
  const v = ctx.view;
  const out = new Set();
  for (const t of v.board.track) {
    if (t.owners.includes(seat)) for (const h of edgeEnds(ctx, t.edge)) out.add(h);
  }
  const start = v.board.starts[seat];
  if (start) out.add(ctx.board.hexIndex(start));
  return out;
}

function building(ctx) {
  return ctx.myTurn && BUILD_STEPS.has(ctx.view.step) && ctx.view.legal.some((a) => a.type === "build" || a.type === "done");
}

function declaring(ctx) {
  return ctx.myTurn && ctx.view.legal.some((a) => a.type === "race" || a.type === "pass");
}

function mark(ctx, i, cls) {
  const p = ctx.board.polygon(i);
  p.classList.add(cls);
  S.marked.push([p, cls]);
}

// The segment between two hex centres, stopping short of a city's centre (0.3 hex, as the
// printed game picture does: the city's race numbers stay readable).
function trimmed(ctx, a, b) {
  let [x1, y1] = ctx.board.centre(a);
  let [x2, y2] = ctx.board.centre(b);
  const dx = x2 - x1, dy = y2 - y1, ln = Math.hypot(dx, dy) || 1, trim = 0.3 * ctx.geometry.hex_mm;
  if (cityHexes(ctx).has(a)) { x1 += dx / ln * trim; y1 += dy / ln * trim; }
  if (cityHexes(ctx).has(b)) { x2 -= dx / ln * trim; y2 -= dy / ln * trim; }
  return [x1, y1, x2, y2];
}

function line(ctx, parent, a, b, attrs) {
  const [x1, y1] = ctx.board.centre(a), [x2, y2] = ctx.board.centre(b);
  parent.append(ctx.svg("line", { x1: f(x1), y1: f(y1), x2: f(x2), y2: f(y2), ...attrs }));
}

// -- drawing -----------------------------------------------------------------------------------
function draw(ctx) {
  const v = ctx.view;
  const board = ctx.board;
  const over = ctx.clear(board.layers.overlay);
  const marks = ctx.clear(board.layers.marks);
  for (const [p, cls] of S.marked) p.classList.remove(cls);
  S.marked = [];
  const kk = k(ctx);
  const w = 1.3 * kk;
  // track: the owners of a piece side by side, stopping short of a city's centre
  for (const t of v.board.track) {
    const [a, b] = edgeEnds(ctx, t.edge);
    const [x1, y1, x2, y2] = trimmed(ctx, a, b);
    const ln = Math.hypot(x2 - x1, y2 - y1) || 1;
    const nx = -(y2 - y1) / ln, ny = (x2 - x1) / ln;
    t.owners.forEach((p, i) => {
      const off = (i - (t.owners.length - 1) / 2) * w;
      over.append(ctx.svg("line", {
        class: `track p${p}`, "data-edge": t.edge, x1: f(x1 + nx * off), y1: f(y1 + ny * off),
        x2: f(x2 + nx * off), y2: f(y2 + ny * off), stroke: ctx.colour(p), "stroke-width": f(w),
        "stroke-opacity": 0.85, "stroke-linecap": "round" }));
    });
  }
  for (const fy of v.board.ferries || []) {
    fy.owners.forEach((p, i) => line(ctx, over, board.hexIndex(fy.port), board.hexIndex(fy.to), {
      class: `ferry p${p}`, stroke: ctx.colour(p), "stroke-width": f(0.8 * kk),
      "stroke-dasharray": `${f(2 * kk)},${f(1.5 * kk)}`, "stroke-dashoffset": f(i * kk) }));
  }
  v.board.starts.forEach((h, p) => {
    if (!h) return;
    const [x, y] = board.centre(board.hexIndex(h));
    over.append(ctx.svg("circle", { class: `start p${p}`, cx: f(x), cy: f(y),
      r: f((0.56 + 0.07 * p) * ctx.geometry.hex_mm), fill: "none", stroke: ctx.colour(p), "stroke-width": f(0.7 * kk) }));
  });
  drawRace(ctx, over, marks);
  drawChoices(ctx, marks);
}

function drawRace(ctx, over, marks) {
  const v = ctx.view;
  const r = v.race;
  const board = ctx.board;
  const kk = k(ctx);
  if (!r || !r.start_city) { clearTrains(ctx); return; }
  const ring = (h, dashed) => {
    const [x, y] = board.centre(h);
    over.append(ctx.svg("circle", { class: dashed ? "race-target" : "race-start", cx: f(x), cy: f(y),
      r: f(6.2 * kk), fill: "none", stroke: "#000", "stroke-width": f(0.6 * kk),
      "stroke-dasharray": dashed ? `${f(1.2 * kk)},${f(0.8 * kk)}` : null }));
  };
  const startCity = ctx.geometry.cities.find((c) => c.name === r.start_city);
  if (startCity) ring(board.hexIndex(startCity.hex), false);
  if (r.special) for (const h of r.target_hexes || []) ring(board.hexIndex(h), true);
  else {
    const t = ctx.geometry.cities.find((c) => c.name === r.target_city);
    if (t) ring(board.hexIndex(t.hex), true);
  }
  for (const [name, route] of Object.entries(r.routes || {})) {
    const p = ctx.seatOf(name);
    over.append(polyline(ctx, route.map((h) => board.hexIndex(h)), {
      class: `route p${p}`, stroke: ctx.colour(p), "stroke-width": f(0.5 * kk),
      "stroke-dasharray": `${f(1.5 * kk)},${f(1 * kk)}` }));
  }
  drawTrains(ctx, r);
}

function polyline(ctx, idx, attrs) {
  const pts = idx.map((i) => ctx.board.centre(i).map(f).join(",")).join(" ");
  return ctx.svg("polyline", { points: pts, fill: "none", "stroke-linejoin": "round", "stroke-linecap": "round", ...attrs });
}

function trainLayer(ctx) {
  if (!ctx._trains) {
    ctx._trains = ctx.svg("g", { class: "trains" });
    ctx.board.root.insertBefore(ctx._trains, ctx.board.hits);
  }
  return ctx._trains;
}

function clearTrains(ctx) {
  if (S.trains.size) { ctx.clear(trainLayer(ctx)); S.trains.clear(); }
}

// Trains move along their declared routes, a hex at a time.
function drawTrains(ctx, r) {
  const layer = trainLayer(ctx);
  const kk = k(ctx);
  const seen = new Set();
  for (const [name, at] of Object.entries(r.positions || {})) {
    seen.add(name);
    if (at === "at sea") continue;
    const p = ctx.seatOf(name);
    const i = ctx.board.hexIndex(at);
    let t = S.trains.get(name);
    if (!t) {
      const g = ctx.svg("g", { class: `train p${p}`, "data-player": name });
      g.append(ctx.svg("circle", { r: f(2.4 * kk), fill: ctx.colour(p), stroke: "#000", "stroke-width": f(0.3 * kk) }));
      const label = ctx.svg("text", { y: f(1.1 * kk), "font-size": f(3 * kk), fill: "#fff", "text-anchor": "middle",
        "font-weight": "bold" });
      label.textContent = String(p + 1);
      g.append(label);
      layer.append(g);
      const [x, y] = ctx.board.centre(i);
      t = { g, at, x, y };
      S.trains.set(name, t);
      place(t);
      continue;
    }
    if (t.at === at) continue;
    const route = (r.routes[name] || []).map((h) => ctx.board.hexIndex(h));
    const from = route.indexOf(ctx.board.hexIndex(t.at));
    const to = route.indexOf(i);
    const path = from >= 0 && to > from ? route.slice(from, to + 1) : [i];
    t.at = at;
    animate(ctx, t, path);
  }
  for (const [name, t] of S.trains) if (!seen.has(name)) { t.g.remove(); S.trains.delete(name); }
}

function place(t) { t.g.setAttribute("transform", `translate(${f(t.x)},${f(t.y)})`); }

function animate(ctx, t, path) {
  const pts = [[t.x, t.y], ...path.slice(1).map((i) => ctx.board.centre(i))];
  if (path.length === 1) pts.push(ctx.board.centre(path[0]));
  const per = 140;
  const start = performance.now();
  t.anim = start;
  const step = (now) => {
    if (t.anim !== start) return;
    // a frame's time may be a little before the start taken just now: clamp it at the start
    const u = Math.max(0, Math.min(pts.length - 1, (now - start) / per));
    const j = Math.min(pts.length - 2, Math.floor(u));
    const s = u - j;
    t.x = pts[j][0] + (pts[j + 1][0] - pts[j][0]) * s;
    t.y = pts[j][1] + (pts[j + 1][1] - pts[j][1]) * s;
    place(t);
    if (u < pts.length - 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

// What the player to move may click: start cities, the hexes one piece away, the plan.
function drawChoices(ctx, marks) {
  const v = ctx.view;
  const board = ctx.board;
  const kk = k(ctx);
  if (!ctx.myTurn) return;
  const seat = ctx.seat;
  for (const a of v.legal) {
    if (a.type === "start") {
      const c = ctx.geometry.cities.find((x) => x.name === a.city);
      if (c) mark(ctx, board.hexIndex(c.hex), "target");
    }
  }
  if (S.pickedStart !== null) mark(ctx, S.pickedStart, "picked");
  if (building(ctx)) {
    const net = network(ctx, seat);
    for (const a of v.legal) {
      if (a.type !== "build" || !a.pieces || a.pieces.length !== 1) continue;
      for (const h of edgeEnds(ctx, a.pieces[0])) if (!net.has(h)) mark(ctx, h, "target");
    }
    for (const i of PLAN.hexes) mark(ctx, i, "picked");
    drawPlan(ctx, marks, kk);
  }
  if (declaring(ctx)) {
    if (S.route) {
      const idx = S.route.map((h) => board.hexIndex(h));
      marks.append(polyline(ctx, idx, { stroke: "#fff", "stroke-width": f(2.4 * kk), "stroke-opacity": 0.85 }));
      marks.append(polyline(ctx, idx, { class: "chosen-route", stroke: "#000", "stroke-width": f(1 * kk),
        "stroke-dasharray": `${f(2 * kk)},${f(1 * kk)}` }));
    }
    if (S.custom.length) {
      marks.append(polyline(ctx, S.custom, { class: "custom-route", stroke: "#000", "stroke-width": f(0.9 * kk),
        "stroke-opacity": 0.7 }));
      for (const i of S.custom) mark(ctx, i, "picked");
    }
  }
}

function drawPlan(ctx, marks, kk) {
  const board = ctx.board;
  const plan = PLAN.hexes;
  if (plan.length < 2) return;
  const pieces = PLAN.current() ? PLAN.current().pieces : null;
  for (let j = 0; j + 1 < plan.length; j++) {
    const piece = pieces ? pieces[j] : null;
    const colour = !piece ? "#555" : piece.own ? "#999" : piece.ok ? "#00a32a" : "#d63638";
    const [x1, y1, x2, y2] = trimmed(ctx, plan[j], plan[j + 1]);
    marks.append(ctx.svg("line", { x1: f(x1), y1: f(y1), x2: f(x2), y2: f(y2),
      class: `plan-piece ${piece && piece.ok ? "ok" : "no"}`, stroke: colour, "stroke-width": f(1.1 * kk),
      "stroke-dasharray": `${f(1.6 * kk)},${f(0.9 * kk)}`, "stroke-linecap": "round" }));
    if (piece && !piece.own && piece.cost !== null) {
      const label = ctx.svg("text", { x: f((x1 + x2) / 2), y: f((y1 + y2) / 2 - 1.2 * kk), "font-size": f(3.2 * kk),
        "text-anchor": "middle", fill: colour, stroke: "#fff", "stroke-width": f(0.5 * kk), "paint-order": "stroke",
        "font-weight": "bold", class: "plan-cost" });
      label.textContent = piece.fees ? `${piece.cost}+${piece.fees}` : `${piece.cost}`;
      marks.append(label);
    }
  }
}

// -- clicks ------------------------------------------------------------------------------------
async function click(ctx, i) {
  const v = ctx.view;
  if (!ctx.myTurn) {
    if (v.you.length && !v.over) ctx.toast(t("It is {player}'s turn, not yours.", { player: ctx.name(v.current_player) }));
    return;
  }
  const start = v.legal.find((a) => a.type === "start" && cityAt(ctx, i) && a.city === cityAt(ctx, i).name);
  if (start) {
    if (S.pickedStart === i) { S.pickedStart = null; await ctx.act(start).catch(() => {}); return; }
    S.pickedStart = i;
    ctx.redraw();
    return;
  }
  if (building(ctx)) return PLAN.click(ctx, i);
  if (declaring(ctx)) return clickRoute(ctx, i);
}

function adjacent(ctx, a, b) { return ctx.board.edgeBetween(a, b) !== null; }

async function clickRoute(ctx, i) {
  const r = ctx.view.race;
  const start = ctx.geometry.cities.find((c) => c.name === r.start_city);
  const startIdx = start ? ctx.board.hexIndex(start.hex) : null;
  S.route = null;
  if (!S.custom.length) {
    S.custom = [startIdx];
    if (i !== startIdx) {
      if (adjacent(ctx, startIdx, i)) S.custom.push(i);
      else { ctx.toast(t("a route starts at the race's start city and goes hex by hex over built track")); }
    }
  } else {
    const at = S.custom.indexOf(i);
    if (at >= 0) S.custom = S.custom.slice(0, at + 1);
    else if (adjacent(ctx, S.custom[S.custom.length - 1], i)) S.custom = [...S.custom, i];
    else { ctx.toast(t("click the next hex of the route (a neighbour of the last one)")); return; }
  }
  S.customInfo = null;
  ctx.redraw();
  if (S.custom.length >= 2) {
    try {
      S.customInfo = await ctx.ask("route", { route: S.custom.map((x) => ctx.board.hexName(x)) });
    } catch (e) { S.customInfo = { ok: false, reason: e.message }; }
    ctx.redraw();
  }
}

// -- the action panel --------------------------------------------------------------------------
function panel(ctx, box) {
  const v = ctx.view;
  const handled = new Set();
  const el = ctx.el;
  const legal = (type) => v.legal.filter((a) => a.type === type);
  if (legal("start").length) {
    handled.add("start");
    box.append(el("h3", {}, t("Choose your start city")),
      el("p.muted", {}, t("Click a highlighted city twice, or a button.")));
    const list = el("div.actions", {});
    for (const a of legal("start")) {
      list.append(el("button", { "data-type": "start", class: S.pickedStart !== null && cityAt(ctx, S.pickedStart)
        && cityAt(ctx, S.pickedStart).name === a.city ? "primary" : null, onclick: () => ctx.act(a).catch(() => {}) }, a.city));
    }
    box.append(list);
  }
  if (building(ctx)) {
    handled.add("build");
    const post = v.step === "post_build";
    const turn = v.turn || {};
    box.append(el("h3", {}, post ? t("Building after the race: {budget} to spend", { budget: turn.budget })
      : t("Your build turn: {points} points", { points: turn.points })),
      el("p.muted", {}, t("Click a hex of your network, then the hexes to build to (or any hex for the cheapest way "
        + "there); click the last hex again or press Build.")));
    box.append(planTable(ctx));
    const p = PLAN.current();
    const buttons = el("div.actions", {});
    buttons.append(el("button.primary", { "data-act": "build", disabled: !(p && p.action),
      onclick: () => PLAN.commit(ctx) }, p && p.action
      ? `${p.action.pieces.length > 1 ? t("Build {n} pieces", { n: p.action.pieces.length }) : t("Build 1 piece")} `
        + `(${p.cost}${p.fees ? ` + ${t("{n} fees", { n: p.fees })}` : ""})`
      : t("Build")));
    buttons.append(el("button", { "data-act": "clear", onclick: () => { PLAN.clear(); ctx.redraw(); } }, t("Clear")));
    for (const a of legal("done")) { handled.add("done"); buttons.append(el("button", { "data-type": "done", onclick: () => ctx.act(a).catch(() => {}) }, t("Done: end the turn"))); }
    for (const a of legal("declare_end")) { handled.add("declare_end"); buttons.append(el("button", { "data-type": "declare_end", onclick: () => ctx.act(a).catch(() => {}) }, t("Declare the end of building"))); }
    if (ctx.hello.game.options.joint_track && !post) {
      // a joint track (option joint_track): proposed at the start of one's turn to a player
      // whose turn is still to come, at a hex where both networks meet (the engine checks)
      const who = el("select", { id: "joint-with" }, ...ctx.hello.game.players.filter((x) => x.seat !== ctx.seat)
        .map((x) => el("option", { value: x.seat }, x.name)));
      const at = el("input", { id: "joint-at", size: 4, placeholder: t("hex"),
        value: PLAN.hexes.length ? ctx.board.hexName(PLAN.hexes[0]) : "" });
      buttons.append(el("span", {}, `${t("joint track with")} `, who, ` ${t("at")} `, at, " ", el("button", { "data-act": "joint",
        onclick: () => ctx.act({ type: "joint", with: Number(who.value), at: at.value.trim().toUpperCase() }).catch(() => {}) },
      t("propose"))));
    }
    for (const a of legal("ferry")) { handled.add("ferry"); buttons.append(el("button", { "data-type": "ferry", onclick: () => ctx.act(a).catch(() => {}) }, t("Buy the ferry {ferry}", { ferry: a.ferry }))); }
    box.append(buttons);
  } else if (PLAN.hexes.length) {
    PLAN.clear();
  }
  if (declaring(ctx)) {
    handled.add("race"); handled.add("pass");
    racePanel(ctx, box);
  } else { S.routes = null; S.routesFor = null; S.custom = []; S.route = null; }
  return handled;
}

function planTable(ctx) {
  const el = ctx.el;
  const p = PLAN.current();
  if (PLAN.hexes.length < 2) return el("p", {}, PLAN.hexes.length ? t("From {hex}: click the next hex.", { hex: ctx.board.hexName(PLAN.hexes[0]) }) : "");
  if (!p) return el("p.muted", {}, t("pricing the path…"));
  const rows = p.pieces.map((x) => el(`tr${x.ok ? "" : ".error"}`, { "data-edge": x.edge },
    el("td", {}, x.edge), el("td.num", {}, x.own ? t("own") : x.cost === null ? "" : String(x.cost)),
    el("td.num", {}, x.fees ? `${x.fees}` : ""), el("td", {}, x.ok ? "" : x.reason || "")));
  return el("div", {}, el("table.plan", {}, el("thead", {}, el("tr", {}, el("th", {}, t("piece")),
    el("th.num", {}, p.money ? t("money") : t("points")), el("th.num", {}, t("fees")), el("th", {}, ""))), el("tbody", {}, rows)),
    el("p", { class: "plan-total" }, (p.money ? t("Total {cost} + {fees} in fees; {left} left after it.", { cost: p.cost, fees: p.fees, left: p.left })
      : t("Total {cost} points + {fees} in fees; {left} left after it.", { cost: p.cost, fees: p.fees, left: p.left }))));
}

function racePanel(ctx, box) {
  const el = ctx.el;
  const v = ctx.view;
  const key = `${v.race ? v.race.race : ""}:${ctx.seat}`;
  if (S.routesFor !== key) {
    S.routesFor = key;
    S.routes = null;
    ctx.ask("routes").then((r) => { if (S.routesFor === key) { S.routes = r.routes; ctx.redraw(); } })
      .catch((e) => ctx.toast(e.message, "error"));
  }
  box.append(el("h3", {}, `${t("Race {n}", { n: v.race.race })}: ${v.race.start_city} → ${v.race.target_city}`));
  if (!S.routes) box.append(el("p.muted", {}, t("finding routes…")));
  else if (!S.routes.length) box.append(el("p", {}, t("No built track leads from the start to the target.")));
  else {
    const list = el("ol.routes", {});
    S.routes.forEach((r, n) => {
      const sel = S.route && S.route.join() === r.route.join();
      list.append(el(`li${r.ok ? "" : ".bad"}${sel ? ".sel" : ""}`, { "data-route": n,
        onclick: () => { S.route = r.route; S.custom = []; ctx.redraw(); } },
        t("{travel} movement points, {fares} in fares, {own} own pieces ({steps} steps)",
          { travel: r.travel, fares: r.fares, own: r.own, steps: r.route.length - 1 }),
        r.ok ? null : el("span.muted", {}, ` — ${r.reason}`)));
    });
    box.append(list);
  }
  if (S.custom.length >= 2) {
    const c = S.customInfo;
    box.append(el("p", { class: "custom-info" }, t("Your route: {steps} steps", { steps: S.custom.length - 1 }),
      c && c.travel !== undefined ? `, ${t("{travel} movement points, {fares} in fares", { travel: c.travel, fares: c.fares })}` : "",
      c && !c.ok ? el("span.error", {}, ` — ${c.reason}`) : ""));
  } else box.append(el("p.muted", {}, t("Pick a route, or click hexes from the start city to draw your own.")));
  const chosen = S.custom.length >= 2 ? S.custom.map((i) => ctx.board.hexName(i)) : S.route;
  const buttons = el("div.actions", {});
  // a joint train (option joint_races) is proposed with the route to a player who declares
  // later; the engine says whether he may be asked
  let partner = null;
  if (ctx.hello.game.options.joint_races) {
    partner = el("select", { id: "partner" }, el("option", { value: "" }, t("alone")),
      ...ctx.hello.game.players.filter((x) => x.seat !== ctx.seat).map((x) => el("option", { value: x.seat }, t("jointly with {name}", { name: x.name }))));
    buttons.append(partner);
  }
  const raceAction = () => {
    const a = { type: "race", route: chosen };
    if (partner && partner.value !== "") a.partner = Number(partner.value);
    return a;
  };
  buttons.append(el("button.primary", { "data-act": "race", disabled: !chosen,
    onclick: () => ctx.act(raceAction()).then(() => { S.custom = []; S.route = null; }).catch(() => {}) }, t("Race this route")));
  for (const a of v.legal.filter((x) => x.type === "pass")) {
    buttons.append(el("button", { "data-type": "pass", onclick: () => ctx.act(a).catch(() => {}) }, t("Pass: do not race")));
  }
  if (S.custom.length) buttons.append(el("button", { onclick: () => { S.custom = []; ctx.redraw(); } }, t("Clear my route")));
  box.append(buttons);
}

// -- the race and the results ------------------------------------------------------------------
function raceBox(ctx, box) {
  const el = ctx.el;
  const v = ctx.view;
  const r = v.race;
  const turn = v.turn || {};
  const head = el("div.panel", { id: "race-box" });
  if (r && r.start_city) {
    head.append(el("h3", {}, `${t("Race {n}", { n: r.race })}${r.special ? ` (${t("special")})` : ""}: ${r.start} ${r.start_city} → ${r.target} ${r.target_city || ""}`));
    const rows = Object.entries(r.positions || {}).map(([n, at]) => el("div", {}, t("{name}: at {where}", { name: n, where: at })));
    if (rows.length) head.append(...rows);
    if (r.places && r.places.length) head.append(el("div", {}, t("places: {places}", { places: r.places.map((x) => x.join(" & ")).join(", ") })));
  } else if (v.phase === "build") {
    head.append(el("h3", {}, t("Build phase, round {n}", { n: turn.round })));
  } else return;
  box.append(head);
}

function results(ctx, box) {
  const el = ctx.el;
  const res = ctx.view.results || [];
  if (!res.length) return;
  const rows = res.map((r) => el("tr", {}, el("td.num", {}, String(r.race)),
    el("td", {}, `${r.start_city} → ${r.target_city}`),
    el("td", {}, (r.places || []).map((x) => x.join(" & ")).join(", ") || t("not run")),
    el("td", {}, Object.entries(r.prizes || {}).map(([n, m]) => `${n} +${m}`).join(", "))));
  box.append(el("h3", {}, t("Races")), el("table", { id: "race-results" }, el("tbody", {}, rows)));
}

function playerNote(ctx, p) {
  const bits = [];
  if (p.start) bits.push(p.start);
  if (p.pieces) bits.push(t("{n} pieces", { n: p.pieces }));
  if (p.chosen === true) bits.push(t("start chosen"));
  else if (p.chosen) bits.push(t("chose {city}", { city: p.chosen }));
  if (p.ferries && p.ferries.length) bits.push(t("ferries: {ferries}", { ferries: p.ferries.join(", ") }));
  return bits.join(" · ");
}

function hover() {}

export default { init() {}, draw, click, hover, panel, raceBox, results, playerNote };
