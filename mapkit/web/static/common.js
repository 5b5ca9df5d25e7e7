// Shared by the lobby, the game page and the editor: requests, small DOM helpers, and the
// board view (the printed board from mapkit.render with layers on top, zoom and pan).
"use strict";

// Every page speaks the player's language: i18n.js loads its catalogue before this module runs.
import { t } from "/static/i18n.js";

export { t };

export const SVGNS = "http://www.w3.org/2000/svg";

export async function api(url, options = {}) {
  const opts = { ...options };
  if (opts.json !== undefined) {
    opts.method = opts.method || "POST";
    opts.headers = { "Content-Type": "application/json", ...(opts.headers || {}) };
    opts.body = JSON.stringify(opts.json);
    delete opts.json;
  }
  const res = await fetch(url, opts);
  const type = res.headers.get("Content-Type") || "";
  if (!res.ok) {
    let message = `${res.status} ${res.statusText}`;
    if (type.includes("json")) {
      const body = await res.json();
      if (body && body.error) message = body.error;
    }
    throw new Error(message);
  }
  if (opts.raw) return res;
  return type.includes("json") ? res.json() : res.text();
}

// el("div.cls#id", {attr: value, onclick: fn}, child, "text", ...)
export function el(spec, attrs = {}, ...children) {
  const m = spec.match(/^([a-z0-9]+)((?:[.#][\w-]+)*)$/i);
  const node = document.createElement(m ? m[1] : spec);
  if (m && m[2]) {
    for (const part of m[2].match(/[.#][\w-]+/g)) {
      if (part[0] === ".") node.classList.add(part.slice(1)); else node.id = part.slice(1);
    }
  }
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

export function svg(tag, attrs = {}) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) node.setAttribute(k, v);
  return node;
}

/** A count with its noun in the right number: plural(1, "error") is "1 error", plural(2, "city", "cities") "2 cities". */
export function plural(n, word, words) { return `${n} ${n === 1 ? word : (words || word + "s")}`; }

export function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); return node; }

let toastTimer = null;
export function toast(message, kind = "info") {
  let box = document.getElementById("toast");
  if (!box) { box = el("div#toast"); document.body.append(box); }
  box.textContent = message;
  box.className = `show ${kind}`;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { box.className = ""; }, kind === "error" ? 6000 : 3000);
}

export function download(name, data, type) {
  const blob = data instanceof Blob ? data : new Blob([data], { type });
  const a = el("a", { href: URL.createObjectURL(blob), download: name });
  document.body.append(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

const f = (v) => Math.round(v * 100) / 100;

// The board: the printed SVG, then layers ("under", "overlay", "marks") and a layer of hex
// polygons that take the clicks. Coordinates are the printed board's millimetres.
export class BoardView {
  constructor(container, geometry) {
    this.container = container;
    this.g = geometry;
    this.index = new Map(geometry.hexes.map((h, i) => [h[0], i]));
    this.root = svg("svg", { class: "board", viewBox: `0 0 ${geometry.width} ${geometry.height}` });
    this.printed = svg("g", { class: "printed" });
    this.layers = {};
    this.root.append(this.printed);
    for (const name of ["under", "overlay", "marks"]) {
      this.layers[name] = svg("g", { class: name });
      this.root.append(this.layers[name]);
    }
    this.hits = svg("g", { class: "hits" });
    this.root.append(this.hits);
    const pts = geometry.corners;
    geometry.hexes.forEach(([name, x, y], i) => {
      this.hits.append(svg("polygon", {
        points: pts.map(([dx, dy]) => `${f(x + dx)},${f(y + dy)}`).join(" "), "data-i": i, "data-hex": name,
      }));
    });
    container.append(this.root);
    this.view = { x: 0, y: 0, w: geometry.width, h: geometry.height };
    this.handlers = {};
    this.panButton = 0;
    this._events();
    this.fit();
  }

  on(name, fn) { this.handlers[name] = fn; }

  setPrinted(svgText) {
    const doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
    const node = document.importNode(doc.documentElement, true);
    node.setAttribute("x", 0); node.setAttribute("y", 0);
    node.setAttribute("width", this.g.width); node.setAttribute("height", this.g.height);
    clear(this.printed).append(node);
  }

  centre(i) { const h = this.g.hexes[i]; return [h[1], h[2]]; }
  hexIndex(name) { return this.index.get(name); }
  hexName(i) { return this.g.hexes[i][0]; }
  polygon(i) { return this.hits.children[i]; }
  points(i, scale = 1) {
    const [x, y] = this.centre(i);
    return this.g.corners.map(([dx, dy]) => `${f(x + dx * scale)},${f(y + dy * scale)}`).join(" ");
  }
  neighbours(i) { return this.g.neighbours[i]; }
  edgeBetween(a, b) { const n = this.g.neighbours[a].find(([j]) => j === b); return n ? n[1] : null; }
  // The side two neighbouring hexes share, as a segment.
  side(a, b) {
    const [x1, y1] = this.centre(a), [x2, y2] = this.centre(b);
    const mx = (x1 + x2) / 2, my = (y1 + y2) / 2, dx = x2 - x1, dy = y2 - y1;
    const len = Math.hypot(dx, dy) || 1, half = len / Math.sqrt(3) / 2;
    return [mx - dy / len * half, my + dx / len * half, mx + dy / len * half, my - dx / len * half];
  }

  // -- zoom and pan --------------------------------------------------------------------------
  apply() {
    const v = this.view;
    this.root.setAttribute("viewBox", `${f(v.x)} ${f(v.y)} ${f(v.w)} ${f(v.h)}`);
  }
  fit() {
    this.view = { x: 0, y: 0, w: this.g.width, h: this.g.height };
    this.apply();
  }
  zoom(factor, cx, cy) {
    const v = this.view;
    if (cx === undefined) { cx = v.x + v.w / 2; cy = v.y + v.h / 2; }
    const w = Math.min(this.g.width * 4, Math.max(this.g.hex_mm * 3, v.w / factor));
    const k = w / v.w;
    this.view = { x: cx - (cx - v.x) * k, y: cy - (cy - v.y) * k, w, h: v.h * k };
    this.apply();
  }
  toBoard(clientX, clientY) {
    const pt = this.root.createSVGPoint();
    pt.x = clientX; pt.y = clientY;
    const p = pt.matrixTransform(this.root.getScreenCTM().inverse());
    return [p.x, p.y];
  }
  focus(names) {
    const idx = names.map((n) => this.hexIndex(n)).filter((i) => i !== undefined);
    if (!idx.length) return;
    const xs = idx.map((i) => this.centre(i)[0]), ys = idx.map((i) => this.centre(i)[1]);
    const cx = (Math.min(...xs) + Math.max(...xs)) / 2, cy = (Math.min(...ys) + Math.max(...ys)) / 2;
    const w = Math.max(this.g.hex_mm * 10, Math.max(...xs) - Math.min(...xs) + this.g.hex_mm * 4);
    const h = w * (this.view.h / this.view.w);
    this.view = { x: cx - w / 2, y: cy - h / 2, w, h };
    this.apply();
    for (const i of idx) {
      const p = this.polygon(i);
      p.classList.remove("flash"); void p.getBBox(); p.classList.add("flash");
      setTimeout(() => p.classList.remove("flash"), 2500);
    }
  }

  _events() {
    const root = this.root;
    let down = null;
    root.addEventListener("wheel", (ev) => {
      ev.preventDefault();
      const [x, y] = this.toBoard(ev.clientX, ev.clientY);
      this.zoom(ev.deltaY < 0 ? 1.2 : 1 / 1.2, x, y);
    }, { passive: false });
    root.addEventListener("contextmenu", (ev) => ev.preventDefault());
    root.addEventListener("pointerdown", (ev) => {
      const i = ev.target.dataset ? ev.target.dataset.i : undefined;
      down = { x: ev.clientX, y: ev.clientY, view: { ...this.view }, moved: false, button: ev.button,
               i: i === undefined ? null : Number(i) };
      const pan = ev.button === 2 || ev.button === 1 || this.panButton === ev.button && !this.handlers.paint;
      down.pan = pan;
      if (!pan && this.handlers.paintStart && down.i !== null) {
        down.painting = true;
        this.handlers.paintStart(down.i, ev);
      }
    });
    root.addEventListener("pointermove", (ev) => {
      const t = ev.target.dataset ? ev.target.dataset.i : undefined;
      if (t !== undefined && this.handlers.hover) this.handlers.hover(Number(t), ev);
      if (!down) return;
      const dx = ev.clientX - down.x, dy = ev.clientY - down.y;
      if (Math.abs(dx) + Math.abs(dy) > 4) down.moved = true;
      if (down.painting) {
        if (t !== undefined && this.handlers.paint) this.handlers.paint(Number(t), ev);
        return;
      }
      if (down.pan && down.moved) {
        const k = this.view.w / root.clientWidth;
        this.view = { ...down.view, x: down.view.x - dx * k, y: down.view.y - dy * k };
        this.apply();
      }
    });
    const up = (ev) => {
      if (!down) return;
      const d = down;
      down = null;
      if (d.painting) { if (this.handlers.paintEnd) this.handlers.paintEnd(ev); return; }
      if (!d.moved && d.button === 0 && d.i !== null && this.handlers.click) this.handlers.click(d.i, ev);
    };
    window.addEventListener("pointerup", up);
  }
}

export function zoomButtons(board) {
  return el("div.zoom", {},
    el("button", { title: t("zoom in"), onclick: () => board.zoom(1.4), "data-act": "zoom-in" }, "+"),
    el("button", { title: t("zoom out"), onclick: () => board.zoom(1 / 1.4), "data-act": "zoom-out" }, "−"),
    el("button", { title: t("the whole board"), onclick: () => board.fit(), "data-act": "zoom-fit" }, "⤢"));
}
