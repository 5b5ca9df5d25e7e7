"""The greedy TransAmerica bot: it builds its cheapest completion, one move deep.

It is given its seat's observation (the public state and its own cards; the others' hands
are a sample, except under open hand) and reads no other player's cards, not even the sample;
its random generator only breaks ties, so the same seed plays the same game. How it decides:

**Start marker.** For every junction ``v`` it may use, the cost of the cheapest network that
joins its five cities *and* ``v`` (:func:`mapkit.steiner.tree_costs`); it takes the cheapest,
on a tie the most central one (the smallest farthest distance to its cities), so that it can
build towards several cities at once.

**Building.** Its plan is the cheapest completion of its network (the same exact Steiner tree
the scoring uses: track already on the board, its own or others', costs nothing). Of the plan's
pieces that touch its network and are legal now it lays first those *farthest from the other
players' networks*: where another network is growing, the other player may well lay the pieces
both need, and then they cost the bot nothing (others' networks pay for them). A double line is
laid only as a turn's first piece; after one single piece it lays a second single of the plan,
or ends the turn. When no piece of the plan is legal (quarantine, ELE, restricted connection),
it lays the legal piece nearest to an unconnected city.

**Other decisions.** Maturita: the standard rules. Super Changer: bought while the bot keeps
more than ``CHANGER_MARGIN`` points above the barrier. Card passing: it gives away the card
whose city is dearest to join to its other cities. Broken bridge: the double line farthest
from its own cities. Mission TA II: it takes a card instead of building while it holds fewer
than two.

>>> from mapkit.engine import load_engine_map, new_game
>>> import pathlib
>>> board = load_engine_map(pathlib.Path(__file__).parents[5] / "maps" / "czechia.yaml")
>>> g = new_game(board, "transamerica", ["A", "B"], {"first_player": 0})
>>> for city in ("Cheb", "Tábor", "Kolín", "Brno", "Opava", "Karlovy Vary", "Plzeň", "Praha", "Třebíč", "Zlín"):
...     g.apply({"type": "deal", "city": city})
>>> GreedyBot(seed=0).decide(g)     # between Kolín and Jihlava, on the cheapest net of A's cities
{'type': 'start', 'player': 0, 'at': 'S13'}
"""

from __future__ import annotations

from .....search import INF, dial
from .....steiner import steiner_tree, tree_costs
from ....bots.base import Bot
from ..cards import board_cards

__all__ = ["GreedyBot", "CHANGER_MARGIN", "AWAY_HORIZON"]

# A Super Changer is bought while the score stays this much above the barrier after paying.
CHANGER_MARGIN = 6
# How far (in pieces) another network counts as near when choosing which planned piece to lay.
AWAY_HORIZON = 8


class GreedyBot(Bot):
    """See the module notes."""

    name = "greedy"

    def act(self, s) -> dict:
        p = s.current_player()
        step = s.step
        if step == "variant":
            return {"type": "variant", "player": p, "variant": "standard"}
        if step == "changer":
            buy = any(a.get("buy") for a in s.legal_actions()) and (
                s.scores[p] - s.rules.CHANGER_PRICE - CHANGER_MARGIN > s.barrier)
            return {"type": "changer", "player": p, "buy": buy}
        if step in ("pass", "pass_all"):
            return self._pass(s, p)
        if step == "block":
            return self._block(s, p)
        if step == "place":
            return self._place(s, p)
        if step == "build":
            return self._build(s, p)
        return self.fallback(s)

    # -- helpers -----------------------------------------------------------------------------
    @staticmethod
    def _costs(s) -> list:
        from ..scoring import board_costs

        return board_costs(s)

    def _pass(self, s, p) -> dict:
        acts = s.legal_actions()
        cards = board_cards(s.board)
        adj = s.tables.cost_adj
        hexes = [cards[k].hex for k in s.hands[p]]

        def dearness(a):
            h = cards[s.card_of(a["city"])].hex
            others = [x for x in hexes if x != h]
            d = dial(adj, [h], targets=others, max_weight=2)
            return sum(d[x] for x in others)
        return max(acts, key=lambda a: (dearness(a), a["city"]))

    def _block(self, s, p) -> dict:
        acts = s.legal_actions()
        cards = board_cards(s.board)
        mine = [cards[k].hex for k in s.hands[p]]
        d = dial(s.tables.cost_adj, mine, max_weight=2)
        b = s.board
        rng = self.rng(s)

        def far(a):
            x, y = b.parse_edge(a["edge"])
            return min(d[x], d[y])
        best = max(far(a) for a in acts)
        return rng.choice([a for a in acts if far(a) == best])

    def _place(self, s, p) -> dict:
        from ..track import closed_hexes, marker_choices

        b = s.board
        cards = board_cards(b)
        terminals = [[cards[k].hex] for k in s.hands[p]]
        if s.has("seat_connect"):
            terminals.append(sorted(s.tables.seats))
        allowed = set(marker_choices(s, p))     # the hexes of the legal start actions
        adj = self._costs(s)

        blocked = closed_hexes(s) if s.closed else None
        spots = []
        if not terminals:       # Mission TA: no card yet; somewhere central, apart from others
            return self._central(s, p, allowed)
        if len(terminals) > 1:
            # every node of a cheapest network of its cities is a cheapest start
            tree = steiner_tree(adj, terminals[:-1], root=terminals[-1], max_weight=2, blocked=blocked)
            if tree is not None:
                spots = sorted(tree.nodes & allowed)
        if spots:
            rows: dict = {}
            for x, y in tree.edges:
                w = adj[x][[nb for nb, _ in adj[x]].index(y)][1]
                rows.setdefault(x, []).append((y, w))
                rows.setdefault(y, []).append((x, w))
            far = {h: 0 for h in spots}
            for t in terminals:
                d = dial(rows, [x for x in t if x in tree.nodes], size=len(b.hex_names), max_weight=2)
                for h in spots:
                    far[h] = max(far[h], d[h])
            h = min(spots, key=lambda h: (far[h], h))
        else:
            costs = tree_costs(adj, terminals, max_weight=2, blocked=blocked) if terminals else [0] * len(adj)
            h = min(allowed, key=lambda h: (costs[h], h))
        return {"type": "start", "player": p, "at": b.hex_names[h]}

    def _central(self, s, p, allowed) -> dict:
        """A start without cards: the junction nearest (in sum) to the card cities in play,
        not on another player's marker."""
        b = s.board
        cards = board_cards(b)
        total = [0] * len(b.hex_names)
        for k in s.tables.in_play:
            for h, x in enumerate(dial(s.tables.cost_adj, [cards[k].hex], max_weight=2)):
                total[h] += x
        taken = {s.net.hex_of(x) for x in s.net.markers.values()}
        h = min(allowed, key=lambda h: (h in taken, total[h], h))
        return {"type": "start", "player": p, "at": b.hex_names[h]}

    def _build(self, s, p) -> dict:
        legal = s.legal_pieces(p)
        done = {"type": "done", "player": p}
        if s.rules.mission() == "two" and len(s.hands[p]) < 2 and any(
                a["type"] == "draw" for a in s.legal_actions()):
            return {"type": "draw", "player": p}
        if not legal:
            return done
        b = s.board
        names = b.edge_names
        plan = self._plan(s, p)
        if plan is not None:
            pieces = self._from_plan(s, p, legal, plan)
            if pieces:
                return {"type": "build", "player": p, "pieces": [names[e] for e in pieces]}
            if s.turn_singles:
                return done
        # nothing of the plan can be laid: the legal piece nearest to an unconnected city
        if s.turn_singles:
            return done
        cards = board_cards(b)
        targets = [cards[k].hex for k in s.missing(p)] or sorted(s.net.network_hexes(p))
        d = dial(self._costs(s), targets, max_weight=2)
        e = min(legal, key=lambda e: (min(d[h] for h in b.edge_ends[e]), e))
        return {"type": "build", "player": p, "pieces": [names[e]]}

    def _from_plan(self, s, p, legal, plan) -> list:
        """The pieces of the plan to lay now, best first (see the module notes): one, or a
        second single one that the first makes legal or leaves legal."""
        key = self._lay_order(s, p)

        def best(options, net):
            return max(options, key=lambda e: key(e, net)) if options else None

        net = s.net.network_hexes(p)
        first = best(plan.intersection(legal), net)     # the key tells every piece apart
        if first is None:
            return []
        from ..steps.turns import goes_on
        from ..track import after, check_piece, grown, legal_pieces, now

        size = s.tables.size
        if size[first] == 2 or s.rules.mission() or not goes_on(s, p, s.used + 1, s.turn_singles + 1,
                                                                     s.turn_double):
            return [first]
        ends = check_piece(s, p, first)
        listing = grown(s, p, legal, first, ends)       # the listing once the first is laid
        if listing is None:     # narrowed by a variant: listed in the position the first leaves
            pos = after(s, p, now(s), first, ends)
            listing = legal_pieces(s, p, pos), pos.net.network_hexes(p)
        second = best([e for e in plan.intersection(listing[0]) if size[e] == 1], listing[1])
        return [first] if second is None else [first, second]

    def _lay_order(self, s, p):
        """The order in which the plan's pieces are laid: ``key(piece, network)``, the greatest
        first -- the piece's new junctions farthest from the other networks, on a tie the lower
        edge id (see the module notes)."""
        b = s.board
        away = self._away_from_others(s, p)

        def key(e, net):
            far = [away[h] for h in b.edge_ends[e] if h not in net]
            return (min(far) if far else -1, -e)
        return key

    @staticmethod
    def _plan(s, p):
        """The edge ids of the free pieces of the cheapest completion (None: complete or
        impossible)."""
        from ..track import closed_hexes

        cards = board_cards(s.board)
        terminals = [[cards[k].hex] for k in s.missing(p)]
        if s.needs_seat(p):
            terminals.append(sorted(s.tables.seats))
        if not terminals:
            return None
        adj = GreedyBot._costs(s)
        net = sorted(s.net.network_hexes(p))
        blocked = closed_hexes(s) if s.closed else None
        tree = steiner_tree(adj, terminals, root=net, max_weight=2, blocked=blocked)
        if tree is None:
            return None
        pieces = s.net.pieces
        # a tree edge (a, b), a < b as edge_ends has it, is the piece edge_id names
        return {e for e in map(s.board.edge_id.get, tree.edges) if e is not None and e not in pieces}

    @staticmethod
    def _away_from_others(s, p) -> list:
        """Steps from every hex to the nearest hex of another player's network."""
        mine = s.net.network_hexes(p)
        others = set().union(*[s.net.network_hexes(q) for q in s.active() if q != p]) - mine
        if not others:
            return [INF] * len(s.board.hex_names)
        return dial(s.tables.cost_adj, sorted(others), max_weight=2, limit=AWAY_HORIZON)
