"""Start markers and build turns of a TransAmerica round (docs/rules.md, TransAmerica), and Mission TA's cards.

**Markers**: each player in turn from the start player places his marker on a junction (a
fixed start marker stays where it stood in the round it was fixed). **Turns**: one or two
single pieces, or one double line alone (a Super Changer: up to three singles); at least one
piece; ``done`` ends the turn after a single one. As soon as a piece leaves some player with
all his cities joined, the round ends with the mover's turn (he may still lay his second
single piece, the seed's "Important" case; decided in ``docs/engine.md`` for any player so
completed), or at once when the round's 84th piece is laid. A player who can lay no piece
passes with ``done``; when every player in a row has passed, the round ends.

**Mission TA**: markers first, then one card each and a top card (its colour public). A card
whose city a player's network reaches is laid down at once (1 point), and he takes the top
card (Mission II: he may also take it instead of building, holding at most 3). The game ends
when a player has laid down all he holds and the deck is empty.
"""

from __future__ import annotations

from ....actions import hex_path
from ....errors import IllegalAction
from ....ledger import BANK
from ....steps import Step
from .. import scoring, track
from ..cards import board_cards
from .rounds import DeckDraw, InTurn
from .....i18n import N_
from .....i18n.said import said, said_and
from .....wording import who

__all__ = ["PlaceStep", "BuildStep", "TopStep", "OverStep", "start_place", "begin_turns", "end_turn",
           "goes_on", "MISSION_HAND"]

RULES = "docs/rules.md, TransAmerica"
# Mission TA II: a player holds at most this many cards.
MISSION_HAND = 3


class PlaceStep(InTurn):
    """Start markers, in turn from the start player."""

    name = "place"
    label = N_("placing start markers")
    phase = "round"
    stage = "place"

    def legal_actions(self, s, p):
        names = s.board.hex_names
        return [{"type": "start", "player": p, "at": names[h]} for h in track.marker_choices(s, p)]

    def act_start(self, s, p, action):
        h, node = track.check_marker(s, p, action.get("at"))

        def go():
            place_marker(s, p, h, node)
            s.queue.pop(0)
            if not s.queue:
                from .rounds import next_stage

                next_stage(s)
        return {"type": "start", "player": p, "at": s.board.hex_names[h]}, go


def place_marker(s, p: int, h: int, node: int) -> None:
    joined = s.net.add_marker(p, h, node)
    if s.has("fixed_start") and p not in s.fixed:
        s.fixed[p] = h
    if s.has("quarantine") and s.tables.card_at.get(h) in s.hands[p]:
        s.opened.add(h)
    b = s.board
    city = b.cities[b.city_at[h]].name if h in b.city_at else None
    english = f"{who(s.players[p], 'place')} the start marker on {b.hex_names[h]}" + (f" ({city})" if city else "")
    if city:
        s.say(N_("{player} places the start marker on {hex} ({city})"), english, player=s.players[p],
              hex=b.hex_names[h], city=city)
    else:
        s.say(N_("{player} places the start marker on {hex}"), english, player=s.players[p], hex=b.hex_names[h])
    if joined:
        s.say(N_("the networks of {players} are joined"), players=said_and(s.players[q] for q in joined))


def start_place(s, order) -> list:
    """Place the fixed start markers; the seats that still place theirs, in turn."""
    out = []
    for p in order:
        if p in s.fixed:
            h = s.fixed[p]
            place_marker(s, p, h, h if h not in s.net.parent or not s.has("restricted_connection")
                         else track.check_marker(s, p, s.board.hex_names[h])[1])
        else:
            out.append(p)
    return out


class BuildStep(Step):
    """A build turn: pieces, ``done``; Mission TA II also ``draw``."""

    name = "build"
    label = N_("building")
    phase = "round"
    stage = "build"

    def decider(self, s):
        return s.turn_player

    def legal_actions(self, s, p):
        names = s.board.edge_names
        out = [{"type": "build", "player": p, "pieces": [names[e]]} for e in track.legal_pieces(s, p)]
        if _may_draw(s, p):
            out.append({"type": "draw", "player": p})
        if s.turn_singles or not out:
            out.append({"type": "done", "player": p})
        return out

    def act_build(self, s, p, action):
        pieces = _pieces(s, action)
        singles = s.rules.singles_per_turn(p in s.changer)
        if len(pieces) > singles - s.turn_singles:
            raise IllegalAction("build.allowance", f"{singles} single pieces a turn ({RULES})")
        if len(pieces) == 1:
            checked: list | None = [track.check_piece(s, p, pieces[0])]
        elif s.rules.mission():
            _try_pieces(s, p, pieces)
            checked = None      # checked again as they are laid, after the cards between them
        else:
            checked = _check_pieces(s, p, pieces)

        names = [s.board.edge_names[e] for e in pieces]

        def go():
            s.say(N_("{player} builds {pieces}"), f"{who(s.players[p], 'build')} {' '.join(names)}",
                  player=s.players[p], pieces=" ".join(names))
            for i, e in enumerate(pieces):
                lay_piece(s, p, e, track.check_piece(s, p, e) if checked is None else checked[i])
        return {"type": "build", "player": p, "pieces": names}, go

    def act_done(self, s, p, action):
        if not s.turn_singles and track.legal_pieces(s, p):
            raise IllegalAction("done.no-piece", f"at least one piece a turn ({RULES})")
        return {"type": "done", "player": p}, lambda: end_turn(s)

    def act_draw(self, s, p, action):
        if not _may_draw(s, p):
            raise IllegalAction("draw.not-allowed", f"a card is taken instead of building, at the start of one's "
                                                    f"turn, holding fewer than {MISSION_HAND} cards, while the deck "
                                                    f"has one (Mission TA II, {RULES})")

        def go():
            s.hands[p].append(s.top)
            s.top = None
            s.drew = True
            s.say(N_("{player} takes the top card"), f"{who(s.players[p], 'take')} the top card", player=s.players[p])
            if s.deck:
                s.resume = "end_turn"
                s.go("top")
            elif not mission_cards(s, p):
                end_turn(s)
        return {"type": "draw", "player": p}, go


def _check_pieces(s, p: int, pieces: list) -> list:
    """Check a turn's pieces in order, each in the position the ones before would leave
    (outside Mission TA: nothing happens between them but the track and the turn growing):
    the nodes each joins, or IllegalAction for the first that may not be laid."""
    pos = track.now(s)
    out = []
    for i, e in enumerate(pieces):
        if i and not goes_on(s, p, pos.used, pos.singles, pos.double):
            raise _turn_over(s, e)
        out.append(track.check_piece(s, p, e, pos))
        if i + 1 < len(pieces):
            pos = track.after(s, p, pos, e, out[-1])
    return out


def _try_pieces(s, p: int, pieces: list) -> None:
    """Mission TA: lay a turn's pieces on a copy of the game, where a card may be drawn or
    laid down between them; IllegalAction for the first that may not be laid."""
    trial = s.clone()
    for e in pieces:
        if trial.step == "top":
            raise IllegalAction("build.one-by-one", f"a card is drawn before {s.board.edge_names[e]}: lay "
                                                    f"the pieces one at a time (Mission TA, {RULES})")
        if trial.step != "build" or trial.turn_player != p:
            raise _turn_over(s, e)
        lay_piece(trial, p, e, track.check_piece(trial, p, e))


def _turn_over(s, e: int) -> IllegalAction:
    return IllegalAction("build.turn-over", f"the turn or round is over before {s.board.edge_names[e]} ({RULES})")


def _may_draw(s, p) -> bool:
    return (s.rules.mission() == "two" and not s.turn_singles and not s.turn_double and s.top is not None
            and len(s.hands[p]) < MISSION_HAND)


def _pieces(s, action) -> list:
    b = s.board
    if "path" in action:
        ids = hex_path(b, action["path"], "build.path", "'path' must list at least two hexes")
        pairs = list(zip(ids, ids[1:], strict=False))
    else:
        pieces = action.get("pieces")
        if not isinstance(pieces, list) or not pieces:
            raise IllegalAction("build.pieces", "'pieces' must list edges like 'K7/K8' (or give a 'path')")
        known = b.edge_by_name
        if all(isinstance(x, str) and x in known for x in pieces):
            return [known[x] for x in pieces]       # the board's own names (what the listing gives)
        try:
            pairs = [b.parse_edge(x) for x in pieces]
        except (ValueError, TypeError) as exc:
            raise IllegalAction("build.pieces", str(exc)) from None
    out = []
    for x, y in pairs:
        e = b.edge_between(x, y)
        if e is None:
            raise IllegalAction("build.edge", f"no track can lie between {b.hex_names[x]} and {b.hex_names[y]} "
                                              f"(not neighbours, water, off the board or a closed border)")
        out.append(e)
    return out


def lay_piece(s, p: int, e: int, ends) -> None:
    """Lay a checked piece, then whatever follows: cards (Mission TA), the end of the round or
    of the turn."""
    track.lay(s, p, e, ends)
    if s.rules.mission():
        if mission_cards(s, p):
            if not s.is_terminal():
                s.resume = "turn"
            return
    else:
        for q in s.active():
            if q not in s.ending and s.complete(q):
                s.ending.append(q)
                s.say(N_("{player} has joined all the cities of the hand: {cities}"),
                      f"{who(s.players[q], 'have', 'has')} joined all the cities of the hand: " + ", ".join(s.hand(q)),
                      player=s.players[q], cities=", ".join(s.hand(q)))
    continue_turn(s)


def continue_turn(s) -> None:
    if s.is_terminal():
        return
    if _round_full(s, s.used):
        scoring.score_round(s, said(N_("all {n} pieces are used"), n=s.rules.pieces_per_round()))
        return
    if _turn_full(s, s.turn_player, s.turn_singles, s.turn_double):
        end_turn(s)
    else:
        s.go("build")


def goes_on(s, p: int, used: int, singles: int, double: bool) -> bool:
    """Whether ``p``'s build turn goes on (he builds again) once the round has ``used``
    pieces and his turn ``singles`` single pieces (``double``: a double line), outside Mission
    TA: what :func:`continue_turn` will decide when pieces not laid yet are laid."""
    return not _round_full(s, used) and not _turn_full(s, p, singles, double)


def _round_full(s, used: int) -> bool:
    """Whether ``used`` pieces are all the round's pieces."""
    limit = s.rules.pieces_per_round()
    return limit is not None and used >= limit


def _turn_full(s, p: int, singles: int, double: bool) -> bool:
    """Whether a turn with ``singles`` single pieces (``double``: a double line) is over."""
    return double or singles >= s.rules.singles_per_turn(p in s.changer)


def begin_turns(s) -> None:
    s.turn_index = 0
    s.resume = None
    _begin_turn(s, s.round_first)
    if s.rules.mission() and mission_cards(s, s.round_first) and not s.is_terminal():
        s.resume = "turn"       # a card dealt for a city already joined (a marker on it)


def _begin_turn(s, p: int) -> None:
    s.turn_player = p
    s.turn_singles = 0
    s.turn_double = False
    s.drew = False
    s.go("build")


def end_turn(s) -> None:
    """The turn is over: the end of the round (someone is complete, or nobody can build), or
    the next player's turn."""
    if s.is_terminal():
        return
    s.idle = 0 if (s.turn_singles or s.turn_double or s.drew) else s.idle + 1
    mission = s.rules.mission()
    if s.ending and not mission:
        names = ", ".join(s.players[q] for q in s.ending)
        scoring.score_round(s, said(N_("{players} joined all cities"), players=names))
        return
    if s.idle >= len(s.active()):
        if mission:
            scoring.end_mission(s, None, said(N_("no player can lay a piece")))
        else:
            scoring.score_round(s, said(N_("no player can lay a piece")))
        return
    s.turn_index += 1
    _begin_turn(s, s.next_seat(s.turn_player))


class TopStep(DeckDraw):
    """Mission TA: the deck's new top card (drawn now; its colour shows, its city does not)."""

    name = "top"
    label = N_("drawing the top card")
    phase = "round"
    stage = "top"

    def drawn(self, s, k: int) -> None:
        s.deck.remove(k)
        s.top = k
        resume = s.resume
        s.resume = None
        if resume is None:
            from .rounds import next_stage

            next_stage(s)
            return
        if mission_cards(s, s.turn_player):
            if not s.is_terminal():
                s.resume = resume
            return
        if resume == "turn":
            continue_turn(s)
        else:
            end_turn(s)


def mission_cards(s, mover: int) -> bool:
    """Mission TA: lay down every held card whose city is joined, hand out top cards to those
    owed one; True when a new top card must be drawn first (or the game ended)."""
    cards = board_cards(s.board)
    while True:
        for q in s.in_turn_from(mover):
            net = s.net.network_hexes(q)
            for k in [k for k in s.hands[q] if cards[k].hex in net]:
                s.hands[q].remove(k)
                s.laid[q].append(k)
                s.owed.append(q)
                s.score.pay(BANK, q, 1, said(N_("{city} connected"), city=cards[k].name))
                s.say(N_("{player} lays down {city}"), f"{who(s.players[q], 'lay')} down {cards[k].name}",
                      player=s.players[q], city=cards[k].name)
        if not s.owed:
            return False
        q = s.owed.pop(0)
        if s.top is not None:
            s.hands[q].append(s.top)
            s.top = None
            if s.deck:
                s.go("top")
                return True
            continue
        if not s.hands[q]:
            s.say(N_("{player} has joined all the cities of the hand and the deck is empty"),
                  f"{who(s.players[q], 'have', 'has')} joined all the cities of the hand and the deck is empty",
                  player=s.players[q])
            scoring.end_mission(s, q, said(N_("a player joined all the cities of the hand and the deck is empty")))
            return True


class OverStep(Step):
    name = "over"
    label = N_("game over")
    phase = "over"
    stage = "over"
    terminal = True
