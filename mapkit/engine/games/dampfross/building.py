"""Building track (docs/rules.md: The board, Paluba, Options): costs, fees, bonuses, and the pieces a
player may build now
(ferry lines are bought in :mod:`.ferries`).

A build action is checked piece by piece in order (:func:`plan_build`) without changing
anything, then carried out (:func:`commit_build`). In the build phase pieces are paid with
dice points and fees from the account; after a race both come out of the post-race budget
(the rule of the preset). Fees follow the "Decision" of docs/rules.md, Paluba: a new piece has
one end where the builder already had track; at the other end (``far``) he pays the joining
or crossing fee to every other player with track there (not in a city, not to the owners of
the piece he runs parallel to, who get the parallel fee instead).

Listing the legal single pieces (:func:`listed_actions`) runs over the player's *frontier*
(:class:`~mapkit.engine.network.OwnedTrack` keeps it as pieces are built). Each frontier edge
keeps its price (cost and fees), priced again only where a piece brought a new owner or a
network grew (:func:`~.listing.track_changed`, :func:`~.listing.reprice`), and the edges stay
sorted beside their actions and a byte naming the price (:class:`~.listing.Listing`): listing
looks up which of the game's prices fit the points and money (:func:`~.listing.fit_table`),
then picks the edges whose price fits, with no walk over the network and no sorting.
"""

from __future__ import annotations

from itertools import compress

from ...errors import IllegalAction
from ....i18n import N_
from ....i18n.said import said
from ...ledger import BANK
from . import ferries
from .listing import JUDGED, OTHER, fit_table, fits_now, reprice, track_changed

__all__ = ["edge_of", "pieces_of", "plan_build", "commit_build", "quote_now", "single_pieces", "listed_actions",
           "act_build", "split"]


def split(amount: int, a: int, b: int, accounts) -> tuple[int, int]:
    """Split ``amount`` between partners ``a`` and ``b``: the richer pays the odd point.

    Equal accounts: ``a`` (the proposer) pays it.

    >>> split(5, 0, 1, [10, 4]), split(5, 0, 1, [4, 10]), split(4, 0, 1, [4, 10])
    ((3, 2), (2, 3), (2, 2))
    """
    half, odd = divmod(amount, 2)
    if not odd:
        return half, half
    return (half + 1, half) if accounts[a] >= accounts[b] else (half, half + 1)


def edge_of(s, text) -> int:
    """The edge id of an edge name (``"C4/C5"``) or a pair of hexes; IllegalAction if none."""
    b = s.board
    if type(text) is str:
        eid = b.edge_by_name.get(text)
        if eid is not None:
            return eid
    try:
        ha, hb = b.parse_edge(text)
    except ValueError as exc:
        raise IllegalAction("build.edge", str(exc)) from None
    eid = b.edge_between(ha, hb)
    if eid is None:
        if ha == hb or not b.grid.adjacent(b.grid.hex_at(ha), b.grid.hex_at(hb)):
            raise IllegalAction("build.edge", f"{b.hex_names[ha]} and {b.hex_names[hb]} are not adjacent")
        raise IllegalAction("build.edge", f"no track can be built between {b.hex_names[ha]} and "
                                          f"{b.hex_names[hb]} (water, off the board or a state border; "
                                          f"docs/rules.md, The board)")
    return eid


def pieces_of(action: dict) -> list:
    """The pieces of a build action: ``pieces`` as given, or the steps of ``path``."""
    if "path" in action:
        path = action["path"]
        if not isinstance(path, list) or len(path) < 2:
            raise IllegalAction("build.shape", "'path' is a list of at least two hexes")
        return [(path[i], path[i + 1]) for i in range(len(path) - 1)]
    pieces = action.get("pieces")
    if not isinstance(pieces, list) or not pieces:
        raise IllegalAction("build.shape", "'pieces' is a non-empty list of edges like 'C4/C5'")
    return pieces


def builders(s, p: int) -> tuple:
    """Who builds now: the player, or the player and his partner on a joint track."""
    if s.joint and s.step == "build":
        return (p, s.joint["with"])
    return (p,)


def act_build(s, p: int, action: dict):
    pieces = pieces_of(action)
    names = s.board.edge_names
    if len(pieces) == 1:        # what bots and the listing build: one piece
        eid = edge_of(s, pieces[0])
        effect = _plain_piece(s, p, eid) if s.step == "build" and not s.joint else None
        effects = [effect] if effect is not None else plan_build(s, p, [eid])
        norm = {"type": "build", "player": p, "pieces": [names[eid]]}
    else:
        eids = [edge_of(s, x) for x in pieces]
        what = ("build", p, tuple(eids))
        effects = s.recall_check(what)          # checked before in this position (a bot's own check)
        if effects is None:
            effects = plan_build(s, p, eids)
            s.keep_check(what, effects)
        norm = {"type": "build", "player": p, "pieces": [names[e] for e in eids]}
    return norm, lambda: commit_build(s, p, effects)


def _plain_piece(s, p: int, eid: int):
    """The effect :func:`plan_build` gives one piece of a player building alone with dice
    points, when the piece is plainly legal (not his already, touching his network, no map
    rule to ask, the points and his money suffice); else None, and the full check decides
    (and words the refusal). Most pieces of a game are such."""
    net = s.net
    t = s.tables
    owners = net.owners_of[eid]
    if p in owners or t.build_checks:
        return None
    a, c = s.board.edge_ends[eid]
    nodes = net.nodes[p]
    in_a, in_c = a in nodes, c in nodes
    cost = t.piece_cost[eid]
    if not (in_a or in_c) or cost > s.points:
        return None
    far = (None if in_c else c) if in_a else a
    payers = []
    if owners or far is not None:
        fees = _fees(s, eid, far, 1 << p)
        if fees:
            if sum([f for _, f, _ in fees]) > s.money.accounts[p]:
                return None
            payers = [(p, q, f, kind) for q, f, kind in fees]
    bonus = None
    if far is not None and s.board.is_city[far] and s.board.city_at[far] not in s.reached:
        bonus = s.board.city_at[far]        # the first track arriving in a city
    return eid, cost, cost, payers, bonus


def _direction_refusal(s, p: int, eid: int) -> str | None:
    """France's rule: players who start in one city leave it in different directions, one
    direction each (docs/rules.md, Paluba: "every player must leave Paris in a different direction")."""
    a, c = s.board.edge_ends[eid]
    home = s.starts[p]
    if home not in (a, c):
        return None
    name = s.board.cities[s.start_city[p]].name
    for q, h in enumerate(s.starts):
        if q != p and h == home and q in s.net.owners_of[eid]:
            return f"{s.players[q]} already leaves {name} in this direction; every player leaves it in another"
    for _, e in s.board.adj[home]:
        if e != eid and p in s.net.owners_of[e]:
            return f"you already leave {name} by {s.board.edge_name(e)}; each player leaves it in one direction"
    return None


# The ledger's reason of each kind of payment for a piece (its English: "parallel fee C4/C5";
# "build": a piece after a race) or a city's bonus, made once per board for an edge or a city
# (_reason).
REASONS = {"joining/crossing": N_("joining/crossing fee {edge}"), "parallel": N_("parallel fee {edge}"),
           "build": N_("build {edge}"), "bonus": N_("city bonus {city}")}


def _reason(s, kind: str, key: int):
    """The ledger's reason of a payment of ``kind`` for a piece on edge ``key``, or of the
    bonus of city ``key`` (the same words each time: made once per board, as a random bot's
    game pays thousands of fees and every game its bonuses)."""
    reasons = s.tables.reasons
    why = reasons.get((kind, key))
    if why is None:
        board = s.board
        named = {"city": board.cities[key].name} if kind == "bonus" else {"edge": board.edge_names[key]}
        why = reasons[kind, key] = said(REASONS[kind], **named)
    return why


def _fees(s, eid: int, far, bits: int) -> list:
    """``(owner, fee, kind)`` of a piece on ``eid`` whose builders are the seats of ``bits``:
    joining or crossing at the far end (not in a city, not to the owners of the piece),
    parallel to every owner of the edge (docs/rules.md, Paluba, the Decision on fees)."""
    t = s.tables
    owners = s.net.owners_of[eid]
    out = []
    fee = t.join_fee_at[far] if far is not None else 0
    if fee:
        m = s.net.hex_owners[far] & ~bits
        q = 0
        while m:
            if m & 1 and q not in owners:
                out.append((q, fee, "joining/crossing"))
            m >>= 1
            q += 1
    if owners and t.par_fee[eid]:
        out += [(q, t.par_fee[eid], "parallel") for q in owners]
    return out


def plan_build(s, p: int, eids: list) -> list:
    """Check a sequence of pieces; return their effects without changing anything:
    ``(edge id, points or budget used, build cost, payments, city of a bonus or None)``."""
    plan = _Plan(s, p)
    return [plan.piece(eid) for eid in eids]


class _Plan:
    """The pieces of one build action, checked in order: where they may go, what they cost,
    who pays whom, and the money each builder would have left (nobody builds on debt)."""

    __slots__ = ("s", "p", "who", "joint", "bits", "conn", "mine", "post", "left", "fees_budget", "new_hexes",
                 "new_edges", "reached_now", "spent", "paid", "got")

    def __init__(self, s, p: int):
        self.s, self.p = s, p
        self.who = builders(s, p)
        self.joint = len(self.who) == 2
        self.bits = (1 << self.who[0] | 1 << self.who[1]) if self.joint else 1 << p
        net = s.net
        if self.joint:
            self.conn = {s.joint["at"]} | s.joint["hexes"]
            self.mine = set().union(*(net.nodes[q] for q in self.who))
        else:
            self.conn = self.mine = net.nodes[p]
        self.post = s.step == "post_build"
        self.left = s.budget if self.post else s.points
        self.fees_budget = self.post and s.rules.fees_from_budget()
        self.new_hexes: set = set()
        self.new_edges: set = set()
        self.reached_now: set = set()
        self.spent = 0                         # dice points, or budget in the post-race building
        self.paid = dict.fromkeys(self.who, 0)  # money leaving each builder's account
        self.got: dict = {}                    # money received by each owner from these pieces

    def piece(self, eid: int) -> tuple:
        s = self.s
        board = s.board
        name = board.edge_names[eid]
        a, c = board.edge_ends[eid]
        far = self._placed(eid, name, a, c)
        cost = s.tables.piece_cost[eid]
        fees = self._fees(eid, far)
        fee_total = sum([f for _, f, _ in fees]) if fees else 0
        need = cost + (fee_total if self.fees_budget else 0)
        if need > self.left - self.spent:
            free = self.left - self.spent
            if self.post:
                raise IllegalAction("build.budget", f"{name} costs {cost}"
                                    + (f" + {fee_total} fees" if self.fees_budget and fee_total else "")
                                    + f"; the post-race budget has {free} left "
                                    f"({s.options.post_race} rule, docs/rules.md, Paluba and Options)")
            raise IllegalAction("build.points", f"{name} costs {cost} build points; "
                                                f"{free} left this turn (docs/rules.md, The board and Paluba)")
        payers = self._charge(name, cost, fees)
        self.spent += need
        # The bonus goes to the first track *arriving* in a city. A builder's own start
        # city is in his network, so it is never the far end: it never pays him a bonus,
        # and once he builds out of it, it has its railway and pays nobody.
        bonus = None
        if s.step == "build" and far is not None and board.is_city[far]:
            ci = board.city_at[far]
            if ci not in s.reached and ci not in self.reached_now:
                bonus = ci
        for h in (a, c):
            if board.is_city[h]:
                self.reached_now.add(board.city_at[h])
        self.new_hexes.update((a, c))
        self.new_edges.add(eid)
        return eid, need, cost, payers, bonus

    def _placed(self, eid: int, name: str, a: int, c: int):
        """Check where the piece goes; its far end: where no builder had track (None: both)."""
        s = self.s
        owners = s.net.owners_of[eid]
        new = self.new_hexes
        if eid in self.new_edges or (owners and any(q in owners for q in self.who)):
            raise IllegalAction("build.own-piece", f"{name}: you already have a piece there")
        in_a, in_c = a in self.conn or a in new, c in self.conn or c in new
        if not (in_a or in_c):
            where = "the shared track's meeting hex or the shared track" if self.joint else "your network"
            raise IllegalAction("build.connected", f"{name} does not touch {where}; every new piece must "
                                                   f"touch existing track or the start city (docs/rules.md, Paluba)")
        why = s.rules.check_build(s, self.p, eid, a if in_a else c)
        if why is None and s.tables.distinct_directions:
            why = _direction_refusal(s, self.p, eid)
        if why:
            raise IllegalAction("build.map-rule", f"{name}: {why}")
        ma, mc = a in self.mine or a in new, c in self.mine or c in new
        return None if (ma and mc) else (c if ma else a)

    def _fees(self, eid: int, far) -> list:
        return _fees(self.s, eid, far, self.bits)

    def _charge(self, name: str, cost: int, fees: list) -> list:
        """Who pays the fees (joint: split, the richer pays the odd point); refuse debt."""
        if not fees and not self.post:
            return []       # nothing more to pay; accounts are never negative: nothing to refuse
        s = self.s
        accounts = s.money.accounts
        who = self.who
        payers = []
        for q, f, kind in fees:
            if self.joint:
                sa, sb = split(f, who[0], who[1], accounts)
                payers += [(who[0], q, sa, kind), (who[1], q, sb, kind)]
            else:
                payers.append((self.p, q, f, kind))
        for payer, _, f, _ in payers:
            self.paid[payer] += f
        if self.post:
            self.paid[self.p] += cost
        for payer in who:
            if self.paid[payer] > accounts[payer] + self.got.get(payer, 0):
                raise IllegalAction("fees.account", f"{name}: {s.players[payer]} would pay {self.paid[payer]} "
                                                    f"but has {accounts[payer]} on the account; nobody "
                                                    f"builds on debt (docs/rules.md, Paluba)")
        for _, q, f, _ in payers:
            self.got[q] = self.got.get(q, 0) + f
        return payers


def commit_build(s, p: int, effects: list) -> None:
    """Carry out checked pieces: payments, track, bonuses, connected cities; end the turn at 0."""
    board = s.board
    rules = s.rules
    who = builders(s, p)
    joint = len(who) == 2
    post = s.step == "post_build"
    counts_fees = post and rules.budget_counts_fees()
    hex_owners = s.net.hex_owners
    bits = 1 << who[0] | (1 << who[1] if joint else 0)
    for eid, need, cost, payers, bonus in effects:
        a, c = board.edge_ends[eid]
        for payer, q, f, kind in payers:
            s.pay(payer, q, f, _reason(s, kind, eid))
            if counts_fees and q not in s.pb_started:
                s.pb_extra[q] = s.pb_extra.get(q, 0) + f
        if post:
            s.pay(p, BANK, cost, _reason(s, "build", eid))
            s.budget -= need
        else:
            s.points -= need
        # where every builder had a piece already, nobody's prices change but the laid edge's
        new_a, new_c = hex_owners[a] & bits != bits, hex_owners[c] & bits != bits
        changed = ((a, c) if new_c else (a,)) if new_a else (c,) if new_c else ()
        s.net.add_piece(who, eid)
        track_changed(s, changed, laid=eid)
        if joint:
            s.joint["hexes"] = s.joint["hexes"] | {a, c}
        if bonus is not None:
            amount = rules.city_bonus()
            why = _reason(s, "bonus", bonus)
            if joint:
                # split the bonus; the poorer gets the odd point
                s0, s1 = split(amount, who[0], who[1], s.money.accounts)
                s.pay(BANK, who[0], s1, why)
                s.pay(BANK, who[1], s0, why)
            else:
                s.pay(BANK, p, amount, why)
        for h in (a, c):
            if board.is_city[h]:
                ci = board.city_at[h]
                if ci not in s.reached:
                    s.reached.add(ci)
                    if ci in s.must_connect:
                        s.unconnected -= 1
                        if s.unconnected <= 1 and s.second_last_turn is None and s.step == "build":
                            s.second_last_turn = s.turn_index
        s.turn_built += 1
    if (s.budget if post else s.points) <= 0:
        s.current_step().turn_over(s)          # nothing left to build with


def quote_now(s, edge, player: int | None = None):
    """``(cost, fees)`` of one piece on ``edge`` for the player to move, or None (illegal)."""
    p = s.current_player() if player is None else player
    if s.step not in ("build", "post_build") or p != s.current_player():
        return None
    if isinstance(edge, int):
        eid = edge
    else:
        try:
            eid = edge_of(s, edge)
        except IllegalAction:
            return None
    if len(builders(s, p)) == 2:
        try:
            (_, need, cost, payers, _), = plan_build(s, p, [eid])
        except IllegalAction:
            return None
        return cost, sum(f for _, _, f, _ in payers)
    return _quote(s, p, eid)


def _quote(s, p: int, eid: int):
    net = s.net
    owners = net.owners_of[eid]
    if p in owners:
        return None
    a, c = s.board.edge_ends[eid]
    nodes = net.nodes[p]
    in_a = a in nodes
    in_c = c in nodes
    if not (in_a or in_c):
        return None
    t = s.tables
    cost = t.piece_cost[eid]
    post = s.step == "post_build"
    left = s.budget if post else s.points
    if cost > left:
        return None
    fee_total = 0
    if not (in_a and in_c):
        far = c if in_a else a
        m = net.hex_owners[far] & ~(1 << p) & ~net.owner_bits[eid]
        if m:
            fee_total = t.join_fee_at[far] * m.bit_count()
    if owners:
        fee_total += t.par_fee[eid] * len(owners)
    account = s.money.accounts[p]
    if post:
        if s.rules.fees_from_budget() and cost + fee_total > left:
            return None
        if cost + fee_total > account:
            return None
    elif fee_total > account:
        return None
    if t.build_checks and _refused(s, p, eid, a if in_a else c):
        return None
    return cost, fee_total


def _refused(s, p: int, eid: int, frm: int) -> bool:
    if s.rules.check_build(s, p, eid, frm):
        return True
    return bool(s.tables.distinct_directions and _direction_refusal(s, p, eid))


def single_pieces(s, p: int) -> list:
    """Edge ids of every single piece the player to move could build now (sorted)."""
    if len(builders(s, p)) == 2:
        pieces: set[int] = set()
        for h in {s.joint["at"]} | s.joint["hexes"]:
            for _, eid in s.board.adj[h]:
                if eid not in pieces:
                    try:
                        plan_build(s, p, [eid])
                    except IllegalAction:
                        continue
                    pieces.add(eid)
        return sorted(pieces)
    return _affordable(s, p, False)


def _affordable(s, p: int, actions: bool) -> list:
    """:func:`single_pieces` of a player building alone (``actions``: their build actions)."""
    reprice(s, p)
    post = s.step == "post_build"
    left = s.budget if post else s.points
    account = s.money.accounts[p]
    listing = s._listing[p]
    seq = listing.actions if actions else listing.edges
    codes = listing.codes
    if JUDGED in codes or OTHER in codes:
        # some edges are judged one by one (a map rule), or their price has no code
        fits = fits_now(post, left, account, post and s.rules.fees_from_budget())
        cls = s._cls[p]
        return list(compress(seq, [fits(v) if (v := cls[e]) >= 0 else _quote(s, p, e) is not None
                                   for e in listing.edges]))
    return list(compress(seq, codes.translate(fit_table(s, post, left, account))))


def listed_actions(s, p: int) -> list:
    """The build step's listed actions: each single piece, each ferry to buy, ``done``."""
    if len(builders(s, p)) == 1:
        out = _affordable(s, p, True)
    else:
        cached = s.tables.piece_actions[p]
        names = s.board.edge_names
        out = []
        for e in single_pieces(s, p):
            if e not in cached:
                cached[e] = {"type": "build", "player": p, "pieces": [names[e]]}
            out.append(cached[e])
    for k in ferries.ferries_to_buy(s, p):
        out.append({"type": "ferry", "player": p, "ferry": s.board.ferries[k].name})
    out.append({"type": "done", "player": p})
    return out

