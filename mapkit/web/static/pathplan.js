// A path of hexes clicked on the board to lay track along, checked by the server before
// anything is sent: shared by the families that build hex to hex (Dampfross, TransAmerica).
// The family's server module answers "preview" (the path piece by piece, the "action" that
// lays what can be laid now, each piece "ok" or not) and "plan" (the cheapest path from the
// player's network to a far hex).
//
// Clicks: a hex of one's network starts a path; a hex next to the network starts with the
// piece that joins it (the first legal "build" action touching it); a neighbour of the path's
// last hex extends it; a hex of the path cuts it back there; any other hex plans the cheapest
// way there; the last hex again lays what can be laid (the rest of the path is kept).

export class PathPlan {
  // network(ctx) -> Set of hex indices; building(ctx) -> whether the player lays track now;
  // nothing: the word when nothing on the path can be laid.
  constructor({ network, building, nothing }) {
    this.network = network;
    this.building = building;
    this.nothing = nothing;
    this.hexes = [];
    this.key = "";
    this.preview = null;
  }

  // The server's answer for the path as it is now, or null while it is asked.
  current() { return this.preview && this.preview.key === this.key ? this.preview : null; }

  clear() { this.hexes = []; this.key = ""; this.preview = null; }

  static ends(ctx, edge) {
    const [a, b] = edge.split("/");
    return [ctx.board.hexIndex(a), ctx.board.hexIndex(b)];
  }

  async click(ctx, i) {
    const net = this.network(ctx);
    const path = this.hexes;
    if (path.length >= 2 && i === path[path.length - 1]) { await this.commit(ctx); return; }
    if (!path.length) {
      if (net.has(i)) this.hexes = [i];
      else {
        const piece = ctx.view.legal.find((a) => a.type === "build" && a.pieces && a.pieces.length === 1
          && PathPlan.ends(ctx, a.pieces[0]).includes(i));
        if (piece) this.hexes = PathPlan.ends(ctx, piece.pieces[0]).sort((x, y) => (x === i) - (y === i));
        else await this.planTo(ctx, i);
      }
    } else {
      const at = path.indexOf(i);
      if (at >= 0) this.hexes = path.slice(0, at + 1);
      else if (ctx.board.edgeBetween(path[path.length - 1], i) !== null) this.hexes = [...path, i];
      else if (net.has(i)) this.hexes = [i];
      else await this.planTo(ctx, i);
    }
    await this.update(ctx);
  }

  async planTo(ctx, i) {
    try {
      const r = await ctx.ask("plan", { to: ctx.board.hexName(i) });
      this.hexes = r.path.map((h) => ctx.board.hexIndex(h));
    } catch (e) {
      ctx.toast(e.message, "error");
    }
  }

  async update(ctx) {
    this.key = this.hexes.join(",");
    this.preview = null;
    ctx.redraw();
    if (this.hexes.length < 2) return;
    const key = this.key;
    try {
      const r = await ctx.ask("preview", { path: this.hexes.map((i) => ctx.board.hexName(i)) });
      if (key !== this.key) return;
      this.preview = { ...r, key };
    } catch (e) {
      ctx.toast(e.message, "error");
    }
    ctx.redraw();
  }

  async commit(ctx) {
    const p = this.current();
    if (!p || !p.action) {
      const bad = p && p.pieces.find((x) => !x.ok);
      ctx.toast(bad && bad.reason ? bad.reason : this.nothing, "error");
      return;
    }
    try {
      await ctx.send(p.action);
      // keep the rest of the path: the next piece or turn may go on from where this one stopped
      const stop = p.pieces.findIndex((x) => !x.ok);
      this.hexes = stop < 0 ? [] : this.hexes.slice(stop);
      if (this.hexes.length < 2) this.hexes = [];
      this.preview = null;
      this.key = "";
      if (this.hexes.length >= 2 && this.building(ctx)) await this.update(ctx);
      else ctx.redraw();
    } catch (e) {
      ctx.toast(e.message, "error");
    }
  }
}
