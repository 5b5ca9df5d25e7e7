// What every game's view has on the board (mapkit/engine/view.py, version 2), drawn for any
// family: track on edges or as tiles on hexes, cities as they stand, tokens (goods), pawns.
// A family without a drawing of its own gets this; a family's module may call it
// (ctx.drawView(ctx)) and add its own marks.
const f = (v) => (Math.round(v * 100) / 100).toString();

const TOKEN_COLOURS = { red: "#c62828", blue: "#1565c0", purple: "#6a1b9a", yellow: "#f9a825",
  black: "#212121", grey: "#9e9e9e", gray: "#9e9e9e", green: "#2e7d32", orange: "#ef6c00",
  white: "#ffffff", pink: "#ec407a", brown: "#6d4c41" };
const fill = (c) => (c && TOKEN_COLOURS[String(c).toLowerCase()]) || "#757575";

function strands(ctx, t, w) {
  const owners = t.owners || [];
  if (owners.length) return owners.map((p, i) => [`track p${p}`, ctx.colour(p), (i - (owners.length - 1) / 2) * w, w]);
  if (t.double) return [-0.4 * w, 0.4 * w].map((o) => ["track shared", "#37474f", o, 0.45 * w]);
  return [["track shared", "#37474f", 0, w]];
}

export function drawView(ctx) {
  const v = ctx.view;
  const board = ctx.board;
  const over = ctx.clear(board.layers.overlay);
  const marks = ctx.clear(board.layers.marks);
  const k = ctx.geometry.hex_mm / 14;
  const w = 1.3 * k;
  const at = (name) => board.centre(board.hexIndex(name));
  for (const t of v.board.track || []) {
    let a, b, mid = null;
    if (t.edge) {
      const [x, y] = t.edge.split("/");
      a = at(x); b = at(y);
    } else {
      const c = at(t.hex);
      [a, b] = t.joins.map((n) => { const o = at(n); return [(c[0] + o[0]) / 2, (c[1] + o[1]) / 2]; });
      mid = c;
    }
    const dx = b[0] - a[0], dy = b[1] - a[1], ln = Math.hypot(dx, dy) || 1, nx = -dy / ln, ny = dx / ln;
    for (const [cls, colour, off, width] of strands(ctx, t, w)) {
      const ox = nx * off, oy = ny * off;
      const d = mid ? `M${f(a[0] + ox)},${f(a[1] + oy)} Q${f(mid[0] + ox)},${f(mid[1] + oy)} ${f(b[0] + ox)},${f(b[1] + oy)}`
        : `M${f(a[0] + ox)},${f(a[1] + oy)} L${f(b[0] + ox)},${f(b[1] + oy)}`;
      const attrs = { class: cls, d, fill: "none", stroke: colour, "stroke-width": f(width), "stroke-opacity": "0.85" };
      if (t.edge) attrs["data-edge"] = t.edge; else attrs["data-hex"] = t.hex;
      if (t.finished === false) attrs["stroke-dasharray"] = `${f(1.2 * w)},${f(0.8 * w)}`;
      over.append(ctx.svg("path", attrs));
    }
  }
  for (const c of v.board.cities || []) {
    const [x, y] = at(c.hex);
    marks.append(ctx.svg("circle", { class: "city-now", cx: f(x), cy: f(y), r: f(0.42 * ctx.geometry.hex_mm),
      fill: "none", stroke: fill(c.colour), "stroke-width": f(0.9 * k), "data-city": c.name }));
  }
  const row = new Map();
  for (const t of v.board.tokens || []) {
    const [x, y] = at(t.hex);
    const side = 1.6 * k;
    for (let n = 0; n < Math.min(t.count, 5); n++) {
      const i = row.get(t.hex) || 0;
      row.set(t.hex, i + 1);
      marks.append(ctx.svg("rect", { class: `token ${t.kind}`, x: f(x - 4 * side + i * 1.2 * side),
        y: f(y - 0.32 * ctx.geometry.hex_mm), width: f(side), height: f(side), fill: fill(t.colour),
        stroke: "#000", "stroke-width": f(0.15 * k), "data-hex": t.hex, "data-colour": t.colour || "" }));
    }
  }
  for (const p of v.board.pawns || []) {
    const [x, y] = at(p.hex);
    const attrs = p.kind === "train"
      ? { class: `train p${p.seat}`, cx: f(x), cy: f(y), r: f(2.4 * k), fill: ctx.colour(p.seat), stroke: "#000" }
      : { class: `start p${p.seat}`, cx: f(x), cy: f(y), r: f((0.56 + 0.07 * p.seat) * ctx.geometry.hex_mm),
        fill: "none", stroke: ctx.colour(p.seat), "stroke-width": f(0.7 * k) };
    marks.append(ctx.svg("circle", attrs));
  }
}
