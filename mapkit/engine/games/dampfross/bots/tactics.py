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
* **Ferries** (option ``ferries``): it buys a line when the special races still to come are
  expected to pay for it: the number of special races left, times the chance that the table
  gives a target the line lands in (and the bot cannot reach over land), times half the
  winner's prize, must exceed ``FERRY_PAYBACK`` times the price.
"""

from __future__ import annotations

from itertools import product

from .. import special
from ..racetables import race_tables
from .plan import extension, network_fares, route_info

__all__ = ["propose_joint_track", "answer_joint_track", "propose_joint_race", "accept_joint_race", "buy_ferry",
           "JOINT_MARGIN", "FERRY_PAYBACK"]

JOINT_MARGIN = 1.0        # money a joint race must be worth above racing alone
FERRY_PAYBACK = 1.5       # expected gain over price needed to buy a ferry line
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


def buy_ferry(bot, g, p: int):
    """A ferry line worth its price to ``p`` now, or None."""
    names = g.ferry_options(p)
    if not names:
        return None
    left = _special_races_left(g)
    if not left:
        return None
    board = g.board
    table = race_tables(board).special_races["table"]
    chances = _entry_chances(board)
    by_land = network_fares(g, p)
    prize = g.rules.prize_of_place(board, 0, None, 1, distance=10)
    best = None
    for name in names:
        f = next(x for x in board.ferries if x.name == name)
        landing = board.hex_names[f.to]
        chance = 0.0
        for key, pr in chances.items():
            hexes = table[key].get("hexes", [])
            if landing in hexes and not any(board.hex_id(h) in by_land for h in hexes):
                chance += pr
        gain = left * chance * prize / 2
        pays = gain > FERRY_PAYBACK * f.cost and g.accounts[p] - f.cost >= FERRY_RESERVE
        if pays and (best is None or gain > best[0]):
            best = (gain, name)
    if best is None:
        return None
    return {"type": "ferry", "player": p, "ferry": best[1]}

