"""The greedy bot's deals and purchases: joint track, joint races and ferries (docs/rules.md, Options).

Each is proposed or accepted when it pays by the greedy bot's own measures
(:mod:`~.greedy`):

* **Joint track** (option ``joint_track``): at the start of its turn the bot proposes a joint
  track to a player who builds later in this round when, from a hex where their networks
  meet, 3/4 of both players' points reach a city nobody has reached yet that neither of them
  reaches alone this turn (so both share a bonus that neither would get now). The partner
  accepts on the same test from his side (his points: the round's roll, or 3.5 per die when
  each throws his own), and declines otherwise.
* **Joint race** (option ``joint_races``): the bot proposes a joint train to a player who
  declares later when half the expected prize of the best route over both players' track,
  less half the fares to others, beats what it expects racing alone by ``JOINT_MARGIN``. It
  accepts an offer when its half of the offered route's value beats racing alone.
* **Ferries** (option ``ferries``), by value: a line is bought when what it is expected to
  earn in races exceeds its price (the money spent is score lost) and ``FERRY_RESERVE`` stays
  on the account. A line serves the special races whose target it lands in (on the bundled
  maps the only races beyond the sea); its expected earnings are the special races left times,
  for each table entry the line lands in, the chance that a special race goes there times what
  that race brings the buyer that he would not have without the line
  (:func:`ferry_value`: the first prize less his share of the race thrown instead, when only
  the line makes the race possible; his share of the prizes, when others' track reaches the
  target and his does not; nothing, when his track reaches it already).

The other purchases of these games are decided by value elsewhere: a race's fares against its
expected prize (:meth:`~.greedy.GreedyBot.route_values`), post-race track against the fares it
saves (:meth:`~.greedy.GreedyBot._post_build`); building fees in the build phase are weighed
against build points (``FEE_WEIGHT``).
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from itertools import product

from .....search import INF, dial
from .. import special
from ..racetables import race_tables
from .plan import extension
from .routes import network_fares, route_info

__all__ = ["propose_joint_track", "answer_joint_track", "propose_joint_race", "accept_joint_race", "buy_ferry",
           "ferry_value", "FerryValue", "JOINT_MARGIN", "FERRY_RESERVE"]

JOINT_MARGIN = 1.0        # money a joint race must be worth above racing alone
FERRY_RESERVE = 2         # money the bot keeps on the account after buying a line


def _expected_points(g) -> float:
    return 3.5 * g.options.build_dice


def _unreached_cities(g) -> dict:
    """hex -> city index of the numbered cities nobody has reached yet."""
    b = g.board
    return {c.hex: i for i, c in enumerate(b.cities) if i not in g.reached and c.numbers and b.adj[c.hex]}


def _reaches(g, p: int, hexes, points: float, sources=None, team=()) -> set:
    """The hexes among ``hexes`` that ``p`` (with ``team``) reaches from ``sources`` (default
    his network) with ``points`` build points, fees weighed as the greedy bot weighs them."""
    if not hexes or points <= 0:
        return set()
    ext = extension(g, p, 1.5, limit=points * 2.5, sources=sources, team=team)
    return {h for h in hexes if h in ext.dist and ext.points[h] <= points}


def _joint_gain(g, p: int, q: int, at_hexes, joint_pts: int, alone_pts: float, partner_pts: float):
    """A city hex the joint track reaches from ``at_hexes`` that neither reaches alone, or None."""
    cities = _unreached_cities(g)
    together = _reaches(g, p, cities, joint_pts, sources=at_hexes, team=(q,))
    if not together:
        return None
    by_me = _reaches(g, p, together, alone_pts)
    by_him = _reaches(g, q, together, partner_pts)
    left = sorted(together - by_me - by_him)
    return left[0] if left else None


def propose_joint_track(bot, g, p: int):
    o = g.options
    if not o.joint_track or g.turn_built or g.joint or g.step != "build":
        return None
    n = g.num_players
    later = [(g.round_first + i) % n for i in range(g.turn_in_round + 1, n)]
    theirs = g.round_roll if g.rules.shared_roll() and g.round_roll is not None else _expected_points(g)
    joint_pts = g.rules.joint_points(g.points, int(theirs))
    for q in later:
        if q in g.skip or g.starts[q] is None:
            continue
        meet = g.nodes[p] & g.nodes[q]
        if not meet:
            continue
        if _joint_gain(g, p, q, meet, joint_pts, g.points, theirs) is None:
            continue
        at = min(meet, key=lambda h: (h not in g.board.city_at, h))
        a = {"type": "joint", "player": p, "with": q, "at": g.board.hex_names[at]}
        if g.is_legal(a):
            return a
    return None


def answer_joint_track(bot, g, p: int) -> dict:
    j = g.joint
    proposer = g.turn_player
    mine = g.round_roll if g.rules.shared_roll() and g.round_roll is not None else _expected_points(g)
    joint_pts = g.rules.joint_points(j["own"], int(mine))
    if _joint_gain(g, p, proposer, {j["at"]}, joint_pts, mine, j["own"]) is not None:
        return {"type": "accept", "player": p}
    return {"type": "decline", "player": p}


def propose_joint_race(bot, g, p: int, alone: float):
    if not g.options.joint_races:
        return None
    r = g.race_status()
    later = list(r.decl_order[r.decl_idx + 1:])
    best = None
    for q in later:
        if q in r.offers:
            continue
        vals = bot.route_values(g, p, team=(q,), rivals=bot.rivals(g, p, skip=(q,)))
        if not vals:
            continue
        share = vals[0][0] / 2
        if share > max(alone, 0.0) + JOINT_MARGIN and (best is None or share > best[0]):
            best = (share, q, vals[0][1])
    if best is None:
        return None
    _, q, route = best
    return {"type": "race", "player": p, "route": [g.board.hex_names[h] for h in route], "partner": q}


def accept_joint_race(bot, g, p: int, proposer: int, alone: float) -> bool:
    """Whether ``p``'s half of the proposer's joint train beats racing alone."""
    from .greedy import finish_chances

    view = g.race_view() or {}
    hexes = view.get("routes", {}).get(g.players[proposer])
    if not hexes:
        return alone <= 0
    route = [g.board.hex_id(h) for h in hexes]
    travel, fares, _ = route_info(g, proposer, route, team=(p,))
    rivals = bot.rivals(g, p, skip=(proposer,))
    first, second = finish_chances(travel, rivals)
    if not rivals:
        second = 0.0
    share = (first * g.race_prize(1) + second * g.race_prize(2) - fares) / 2
    return share > max(alone, 0.0)


# -- ferries -------------------------------------------------------------------------------
def _entry_chances(board) -> dict:
    """Special-race table key -> the chance that a special race's target is that entry (a roll
    the table has no entry for is rolled again, so the chances add up to 1)."""
    sr = race_tables(board).special_races or {}
    table = sr.get("table") or {}
    layout = sr.get("dice") or "one-die"
    out: dict = {}
    for dice in product(range(1, 7), repeat=special.dice_of(layout)):
        key = special.key_of(list(dice), table, layout)
        if key is not None:
            out[key] = out.get(key, 0) + 1
    total = sum(out.values())
    return {k: v / total for k, v in out.items()}


def _special_races_left(g) -> int:
    every = g.tables.special_every
    races = g.options.races
    if not every:
        return 0
    last = races if races is not None else g.race_no + 5
    return sum(1 for k in range(g.race_no + 1, last + 1) if k % every == 0)


@dataclass(frozen=True)
class FerryValue:
    """What a ferry line is worth to a player now (:func:`ferry_value`): ``gain``, the money
    the special races still to come are expected to bring him through it, against ``cost``;
    ``races`` special races left, and per table entry the line lands in ``(key, chance,
    worth)``: the chance that a special race goes there and what such a race is worth to him."""

    line: str
    cost: int
    gain: float
    races: int
    entries: tuple

    @property
    def pays(self) -> bool:
        return self.gain > self.cost


def _entry_hexes(board) -> dict:
    """Special-race table key -> the set of its target hexes (hex ids), once per board."""
    found = _ENTRY_HEXES.get(board)
    if found is None:
        table = (race_tables(board).special_races or {}).get("table") or {}
        found = _ENTRY_HEXES[board] = {k: frozenset(board.hex_id(h) for h in e.get("hexes", []))
                                       for k, e in table.items()}
    return found


_ENTRY_HEXES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _special_prizes(g, hexes: frozenset) -> tuple[float, float]:
    """The expected first and second prizes of a special race to ``hexes``: the rules'
    prizes, with Expres's table prizes (2x and 1x the steps from the start to the nearest
    target hex) averaged over the start cities, each as often as it has race numbers."""
    board, rules = g.board, g.rules
    if g.options.prizes != "table":
        return rules.prize_of_place(board, 0, None, 1, 0), rules.prize_of_place(board, 0, None, 2, 0)
    steps = dial(g.tables.unit_adjacency(board), sorted(hexes), max_weight=1)
    starts = [(len(c.numbers), 0 if steps[c.hex] >= INF else steps[c.hex]) for c in board.cities if c.numbers]
    weight = sum(k for k, _ in starts) or 1
    return tuple(sum(k * rules.prize_of_place(board, 0, None, place, d) for k, d in starts) / weight
                 for place in (1, 2))


def ferry_value(g, p: int, k: int) -> FerryValue:
    """What ferry line ``k`` is worth to player ``p`` now: expected earnings in races against
    its price (see the module notes). A line serves the special races to a table entry whose
    target it lands in; per such race (``P1``, ``P2``: the expected prizes, ``n`` players):

    * ``p`` already reaches the target over built track: the line adds nothing (0);
    * no track reaches the target at all: the race is run only because of the line (without
      it the target is thrown again), and ``p``, the one player with his own way there, takes
      the first prize instead of his share of the race thrown in its place: ``P1 - (P1 + P2)
      / n``;
    * others' track reaches it and not ``p``'s: the race is run anyway and the line lets him
      race it, against the ``r`` rivals whose networks reach the target: ``(P1 + P2) / (1 + r)``.

    ``gain`` = special races left x the sum over the entries of (chance x worth)."""
    board = g.board
    f = board.ferries[k]
    left = _special_races_left(g)
    hexes = _entry_hexes(board)
    reached = network_fares(g, p)
    n = g.num_players
    entries = []
    gain = 0.0
    for key, chance in sorted(_entry_chances(board).items()):
        target = hexes.get(key, frozenset())
        if f.to not in target:
            continue
        p1, p2 = _special_prizes(g, target)
        if any(h in reached for h in target):
            worth = 0.0
        else:
            rivals = sum(1 for q in range(n) if q != p and not g.nodes[q].isdisjoint(target))
            track = rivals or any(g.hex_owners[h] for h in target)
            worth = (p1 + p2) / (1 + max(rivals, 1)) if track else p1 - (p1 + p2) / n
        entries.append((key, chance, worth))
        gain += left * chance * worth
    return FerryValue(f.name, f.cost, gain, left, tuple(entries))


def buy_ferry(bot, g, p: int):
    """The ferry line worth most to ``p`` now (:func:`ferry_value`), when its expected
    earnings exceed its price and ``FERRY_RESERVE`` stays on the account; else None."""
    names = g.ferry_options(p)
    if not names or not _special_races_left(g):
        return None
    board = g.board
    best = None
    for name in names:
        k = next(i for i, x in enumerate(board.ferries) if x.name == name)
        v = ferry_value(g, p, k)
        if v.pays and g.accounts[p] - v.cost >= FERRY_RESERVE and (best is None or v.gain - v.cost > best[0]):
            best = (v.gain - v.cost, name)
    if best is None:
        return None
    return {"type": "ferry", "player": p, "ferry": best[1]}
