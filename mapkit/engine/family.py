"""The one interface through which a game family plugs into mapkit: :class:`GameFamily`.

A family is a subclass whose instance a game package exports as ``FAMILY``; the registry
(:func:`mapkit.engine.game.load_families`) finds it in mapkit's own games folder
(:mod:`mapkit.engine.games`) and in the entry-point group ``mapkit.games`` of any installed
distribution, so a game may ship as a package of its own. Every hook has a default, so a
minimal family names its presets, its state class and perhaps a bot, and still plays in
``mapkit simulate``, ``replay``, ``play`` and ``serve``:

=========================  ====================================================================
the game                   ``name``, ``description``, ``presets``, ``State``
bots                       ``bots`` (name -> class, besides the engine's ``random``), ``default_bot``,
                           ``move_options`` (the moves ``easy``, ``strong`` and ``hint`` consider)
``mapkit simulate``        ``game_stats``, ``summarize``, ``seat_line``, ``report_lines``,
                           ``start_places``, ``start_action``, ``normal_end``
``mapkit replay``          ``summary`` (JSON), ``summary_lines`` (text)
``mapkit play``            ``terminal_front`` (commands, narration, the picture's title)
``mapkit serve``           ``web_requests``, ``public_requests``, ``option_notes``, ``needs_cards``,
                           ``refusal``, ``web_script``, ``board_look`` and ``board_art``
``mapkit sheets``          ``sheet_presets``, ``write_sheets``
``mapkit races``           ``kit_rules`` (how a kit judges and pays the races by number)
``mapkit balance``         ``balance_changes``
``mapkit design``          ``draft_settings``, ``draft_rules``, ``sized_draft``
the map's section          ``map_keys``, ``map_keys_since``, ``map_schema``, ``validate_map``,
                           ``plays_on``, ``compiles_every_map``, ``engine_schema``,
                           ``compile_extras``, ``board_part``, ``picture_map``
``mapkit validate``        ``fit_issues`` (with ``--rules``: the board's size for a preset's pieces)
=========================  ====================================================================

**The folder's conventions.** Where a hook only hands a question to a module of the family's
package, the default does it, by the module's name: a family need not say it (as a game in
18xx is a folder whose files are found by their names). The defaults look for:

=============================================  =========================================================
``bots/options.py``: ``move_options``           :meth:`GameFamily.move_options`
``stats.py``: ``game_stats``, ``summarize``,    the hooks of the same names (``mapkit simulate``)
``seat_line``, ``report_lines``
``view.py``: ``summary``, ``summary_lines``     the same (``mapkit replay``)
``front/web.py``: ``REQUESTS``, ``PUBLIC``,     :meth:`~GameFamily.web_requests`, :meth:`~GameFamily.public_requests`,
``OPTION_NOTES``, ``refusal``, ``board_art``    :meth:`~GameFamily.option_notes`, :meth:`~GameFamily.refusal`,
                                                :meth:`~GameFamily.board_art`
``front/web.js``                                :meth:`~GameFamily.web_script`
``front/sheets.py``: ``write_kit``              :meth:`~GameFamily.write_sheets`
``front/kit.py``: ``kit_rules``                 :meth:`~GameFamily.kit_rules`
``balancing.py``: ``balance_changes``           :meth:`~GameFamily.balance_changes`
``front/draft.py``: ``settings``,               :meth:`~GameFamily.draft_settings`, :meth:`~GameFamily.draft_rules`,
``with_rules``, ``sized``                       :meth:`~GameFamily.sized_draft`
=============================================  =========================================================

A module that is missing (or lacks the name) leaves the hook's plain default; an error inside
a module that exists is raised. A family overrides a hook where it decides more than where to
look (its presets, its map section, its terminal front's class).

A family's *map section* is the keys of a map's ``rules`` block it owns (``map_keys``;
TransAmerica's ``city_cards``): the map reader checks them against the family's
:meth:`~GameFamily.map_schema` part, ``mapkit validate`` asks its
:meth:`~GameFamily.validate_map`, ``mapkit export`` adds its
:meth:`~GameFamily.compile_extras` to the engine's document (checked by its
:meth:`~GameFamily.engine_schema` part) and the engine reads them back once per board with
:meth:`~GameFamily.board_part` (``board.part(NAME)``). The layers below the engine find the
families through :mod:`mapkit.plugins`: the map reader and ``mapkit validate`` only for a map
that has such a key, the export for every map (``compiles_every_map``, below). A map's hash
covers the section only when the map has it (the canonical text writes no absent key); a
map that gains a section keeps its hash without it among its earlier hashes
(``map_keys_since``, :func:`mapkit.engine.export.map_hashes`), so records played on it
before still replay.

A family may also compile a part of the engine's document from what every map has, with no
section of its own (``compiles_every_map``: the Dampfross family's race tables, from the
cities' race numbers and the core's ``rules`` fields): the export adds it for every map, the
engine map's schema requires its keys, and the core still reads none of them, so another
game on the same document never pays for them.

The engine core imports no front end: the hooks of the terminal, the browser and the printed
sheets import their modules (which may use :mod:`mapkit.play`, :mod:`mapkit.web` and
:mod:`mapkit.render`) only when asked.

>>> from mapkit.engine.game import FAMILIES
>>> fam = FAMILIES["dampfross"]
>>> isinstance(fam, GameFamily), fam.default_bot, sorted(fam.bot_classes())
(True, 'greedy', ['easy', 'greedy', 'random', 'strong'])
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from .game import GameRules
    from .state import State as BaseState

__all__ = ["GameFamily", "renamed", "SheetRequest", "PrintedSheets", "WebRequest"]

# A question a browser page asks about a game, answered for the asker's seat without changing
# the game: ``(state, seat, message) -> answer``.
WebRequest = Callable[[Any, int, dict], dict]


@dataclass(frozen=True)
class SheetRequest:
    """What ``mapkit sheets`` was asked for, the same for every family (a family reads what
    its kit uses and refuses what it cannot print)."""

    preset: str
    players: int = 6
    style: str = "colour"
    min_distance: int | None = None
    races: int | None = None
    light_foreign: bool = True
    inputs: tuple = ()
    source: str = "<map>"


class PrintedSheets(NamedTuple):
    """What a family's :meth:`GameFamily.write_sheets` wrote: every file, pages per PDF, the
    cities whose names found no place, and the line naming its index (in the kit's language)."""

    files: list
    pages: dict
    clashes: list
    index_note: str


def renamed(value: Any, old: str, new: str) -> Any:
    """``value`` with every string equal to ``old`` replaced by ``new``, in lists and in the
    values (not the keys) of dicts: for a map section whose every string names a city (a
    family's :meth:`GameFamily.rename_city`).

    >>> renamed({"red": {"cities": ["Kolín", {"name": "Kolín"}], "removed": ["Brno"]}}, "Kolín", "Kolín n. L.")
    {'red': {'cities': ['Kolín n. L.', {'name': 'Kolín n. L.'}], 'removed': ['Brno']}}
    """
    if isinstance(value, str):
        return new if value == old else value
    if isinstance(value, list):
        return [renamed(v, old, new) for v in value]
    if isinstance(value, dict):
        return {k: renamed(v, old, new) for k, v in value.items()}
    return value


class GameFamily:
    """A game family (see the module notes). Subclass it, set the class attributes, override
    the hooks the family has, and export an instance as ``FAMILY``."""

    name: str = ""
    description: str = ""
    presets: tuple[type[GameRules], ...] = ()
    State: type[BaseState]
    # Bot name -> class, besides the engine's random bot (which plays every game).
    bots: Mapping[str, type] = {}
    # The bot a seat gets when none is named, and the one ``hint`` asks.
    default_bot: str = "random"
    # The family plays only on maps that carry TransAmerica's deck of city cards.
    needs_cards: bool = False
    # The name of the printed board the browser shows; "board" is mapkit's board.
    board_look: str = "board"
    # The presets ``mapkit sheets`` prints a kit for.
    sheet_presets: tuple[str, ...] = ()
    # The keys of a map's ``rules`` block that are the family's map section, and when they
    # came to the map format (the number of the issue that added them; None: after every
    # other): a map's hashes without the keys of the later-come sections are the hashes that
    # records written before carry (mapkit.engine.export.later_key_groups).
    map_keys: tuple[str, ...] = ()
    map_keys_since: int | None = None
    # The family's part of the engine's document is compiled for every map, with a map
    # section or without (Dampfross's race tables: every map is a Dampfross board); its keys
    # are required in the document.
    compiles_every_map: bool = False

    def __repr__(self) -> str:
        return f"<game family {self.name}>"

    def bot_classes(self) -> dict[str, type]:
        """Bot name -> class for this family's games, the engine's random bot included."""
        from .bots.random import RandomBot

        return {"random": RandomBot, **self.bots}

    # -- the family's folder -------------------------------------------------------------
    @property
    def package(self) -> str:
        """The name of the package the family's class lives in (the class's own module when
        that is a package's ``__init__``)."""
        module = sys.modules[type(self).__module__]
        return module.__name__ if hasattr(module, "__path__") else module.__name__.rpartition(".")[0]

    def part_of_package(self, module: str, name: str) -> Any:
        """``name`` of the family package's module ``module`` (``"stats"``, ``"front.web"``),
        or None when the package has no such module or it no such name: what the hooks below
        find by the folder's conventions (see the module notes). An error inside a module that
        exists is raised, not taken for its absence."""
        if not self.package:
            return None
        full = f"{self.package}.{module}"
        try:
            found = importlib.import_module(full)
        except ModuleNotFoundError as e:
            if e.name is not None and (full == e.name or full.startswith(e.name + ".")):
                return None
            raise
        return getattr(found, name, None)

    def _conventional(self, module: str, name: str, *args: Any, default: Any = None) -> Any:
        """``module.name(*args)`` of the family's package when it has it, else ``default``."""
        found = self.part_of_package(module, name)
        return default if found is None else found(*args)

    # -- bots by level, hint -------------------------------------------------------------
    def move_options(self, state: BaseState, seed: int = 0) -> list:
        """The moves worth considering for the player to move in ``state`` (his seat's
        observation), best first, as :class:`mapkit.engine.bots.moves.Candidate` (the action,
        the family's score of it and the figures that make the score), the greedy bot's
        choice (with ``seed``) marked: what the ``easy`` bot chooses among, the ``strong`` bot
        searches and ``hint`` lists. By default ``bots.options.move_options`` of the family's
        package; without it none: ``easy`` and ``strong`` then play the policy's move and
        ``hint`` shows only the default bot's."""
        return self._conventional("bots.options", "move_options", state, seed, default=[])

    # -- mapkit simulate -----------------------------------------------------------------
    def game_stats(self, state: BaseState) -> dict[str, Any]:
        """The family's figures of one finished game (plain data, summed by :meth:`summarize`);
        by default the package's ``stats.game_stats``, else none."""
        return self._conventional("stats", "game_stats", state, default={})

    def summarize(self, board: Any, spec: Any, stats: list[dict], report: dict) -> None:
        """Add the family's figures over every game to ``report`` (in place): by default the
        package's ``stats.summarize``, else nothing."""
        self._conventional("stats", "summarize", board, spec, stats, report)

    def seat_line(self, seat: dict) -> str:
        """What the family adds to a seat's line of the text report (``stats.seat_line``), in
        the current language (:func:`mapkit.i18n.use_language`)."""
        return self._conventional("stats", "seat_line", seat, default="")

    def report_lines(self, report: dict) -> list[str]:
        """The family's lines at the end of the text report (``stats.report_lines``), in the
        current language."""
        return self._conventional("stats", "report_lines", report, default=[])

    def start_places(self, board: Any, rules: GameRules) -> list[str] | None:
        """The start cities a seat may be dealt under ``rules`` on ``board`` (``mapkit simulate
        --start-cities rotate``, and the report's list of every allowed start city); None: the
        family has no start city to deal."""
        return None

    def start_action(self, state: BaseState, seat: int, place: str) -> dict | None:
        """The action by which ``seat``, to decide now, starts in ``place`` (a dealt start
        city), or None when its decision now is no start choice."""
        return None

    def normal_end(self, reason: str | None) -> bool:
        """Whether a game that ended for ``reason`` (its ``end_reason``) ended by its rules,
        not cut off by a cap such as a round limit or stuck with nothing left to play: what
        the Completion metric counts (:mod:`mapkit.engine.fairness`)."""
        return True

    # -- mapkit replay -------------------------------------------------------------------
    def summary(self, state: BaseState) -> dict[str, Any]:
        """The final state as JSON for ``mapkit replay``: by default the package's
        ``view.summary``, else the phase, why the game ended, each player's account or score
        and the winners, from the generic view."""
        own = self.part_of_package("view", "summary")
        if own is not None:
            return own(state)
        v = state.view()
        players = [{"name": x["name"], **{k: x[k] for k in ("account", "score") if k in x}} for x in v["players"]]
        return {"phase": state.phase, "end": v.get("end"), "players": players, "winners": list(v["winners"])}

    def summary_lines(self, summary: dict) -> list[str]:
        """:meth:`summary` as lines of text (after the phase line): by default the package's
        ``view.summary_lines``, else each player's figures and the winners."""
        own = self.part_of_package("view", "summary_lines")
        if own is not None:
            return own(summary)
        lines = [f"{pl['name']}: " + ", ".join(f"{k} {pl[k]}" for k in ("account", "score") if k in pl)
                 for pl in summary["players"]]
        if summary["phase"] == "over":
            lines.append("winner: " + ", ".join(summary["winners"]))
        return lines

    # -- mapkit play ---------------------------------------------------------------------
    def terminal_front(self) -> Any:
        """The family's :class:`mapkit.play.fronts.Front` (what a person types, how an action is
        told); None: the generic front (legal actions by number)."""
        return None

    # -- mapkit serve --------------------------------------------------------------------
    def web_requests(self) -> Mapping[str, WebRequest]:
        """The questions a page may ask (name -> :data:`WebRequest`): ``front.web.REQUESTS``."""
        return self.part_of_package("front.web", "REQUESTS") or {}

    def public_requests(self) -> frozenset[str]:
        """The names of :meth:`web_requests` a spectator may ask (answers holding no secret):
        ``front.web.PUBLIC``."""
        return self.part_of_package("front.web", "PUBLIC") or frozenset()

    def option_notes(self) -> Mapping[str, str]:
        """Option name -> what it means in a few words, for the lobby: ``front.web.OPTION_NOTES``."""
        return self.part_of_package("front.web", "OPTION_NOTES") or {}

    def refusal(self, state: BaseState, seat: int, action: dict) -> tuple[str, str] | None:
        """``(message, rule)`` when an action must be refused before the engine sees it
        (because the engine's refusal would tell a secret), else None: ``front.web.refusal``."""
        return self._conventional("front.web", "refusal", state, seat, action)

    def web_script(self) -> Path | None:
        """The JavaScript module that draws the family's parts on the game page (served as
        ``/families/NAME.js``): the package's ``front/web.js``, or None without it (the page's
        generic buttons only)."""
        if not self.package:
            return None
        script = Path(sys.modules[self.package].__file__ or "").parent / "front" / "web.js"
        return script if script.is_file() else None

    def board_art(self, m: Any, style: str) -> tuple[Any, list[dict]]:
        """The family's printed board of map ``m`` (when ``board_look`` is its own) and the
        cities it shows (``[{name, hex, numbers, ...}]``): ``front.web.board_art``."""
        own = self.part_of_package("front.web", "board_art")
        if own is None:
            raise NotImplementedError(f"{self.name} prints mapkit's board")
        return own(m, style)

    # -- the map's section ---------------------------------------------------------------
    def map_schema(self) -> dict[str, Any]:
        """Key of :attr:`map_keys` -> its JSON Schema, added to ``rules.properties`` of the map
        format's schema (``mapkit/schemas/map.schema.json``) when a map has one of them."""
        return {}

    def validate_map(self, m: Any) -> list[Any]:
        """The problems of the family's section of map ``m`` (``mapkit validate``: each a
        :class:`mapkit.diagnostics.Issue` with a code of the family's own, registered with
        :func:`mapkit.diagnostics.register_codes`), asked only of a map that has one of
        :attr:`map_keys`."""
        return []

    def fit_issues(self, m: Any, preset: str) -> list[Any]:
        """Warnings on how map ``m``, which the family plays (:meth:`plays_on`), suits the
        pieces of its preset ``preset`` (``mapkit validate --rules``): W214 (the board too
        big) and W215 (too small), :class:`mapkit.diagnostics.Issue` objects saying what was
        measured against what. By default none: the family judges no board."""
        return []

    def plays_on(self, m: Any) -> bool:
        """Whether the family can play on map ``m`` (the browser's catalogue): by default every
        map, and, with ``needs_cards``, a map that has the family's section without a problem."""
        return not self.needs_cards or (bool(set(self.map_keys) & set(m.rules.extra))
                                        and not self.validate_map(m))

    def engine_schema(self) -> dict[str, Any]:
        """Top-level key of the engine's document -> its JSON Schema (added to
        ``mapkit/schemas/engine-map.schema.json``): the keys :meth:`compile_extras` writes."""
        return {}

    def compile_extras(self, m: Any) -> dict[str, Any]:
        """What the engine's document carries of the family's section of map ``m``: top-level
        keys of :meth:`engine_schema` (a new family: one key, its name), written after the
        core's; nothing for a map without the section (asked of every map when
        :attr:`compiles_every_map`)."""
        return {}

    def board_part(self, board: Any) -> Any:
        """What an engine map (:class:`~mapkit.engine.compiled.EngineMap`) holds for the family,
        read from its document (``board.data``) once per board: ``board.part(NAME)``."""
        return None

    def rename_city(self, key: str, value: Any, old: str, new: str) -> Any:
        """The value of the family's map-section key ``key`` (one of :attr:`map_keys`) with city
        ``old`` called ``new`` wherever it names it (:func:`mapkit.renaming.rename_city`): by
        default unchanged (a section that names no city)."""
        return value

    def picture_map(self, m: Any, board: Any) -> Any:
        """The map ``m`` of ``board`` as a picture of a game on it draws it, for a board whose
        document has the family's part (:meth:`engine_schema`): by default ``m``; TransAmerica
        adds its card cities that are no city of the map."""
        return m

    # -- mapkit sheets -------------------------------------------------------------------
    def write_sheets(self, m: Any, folder: Path, request: SheetRequest) -> PrintedSheets:
        """Write the printable kit of ``request.preset`` (one of :attr:`sheet_presets`) on map
        ``m`` into ``folder``: the package's ``front.sheets.write_kit``."""
        own = self.part_of_package("front.sheets", "write_kit")
        if own is None:
            raise NotImplementedError(f"{self.name} prints no sheets")
        return own(m, folder, request)

    def kit_rules(self, m: Any, preset: str, min_distance: int | None = None) -> Any:
        """The rules by which the printed kit of ``preset`` judges and pays the races by number
        on map ``m`` (``mapkit races``; ``min_distance`` overrides the forbidden-race threshold):
        the package's ``front.kit.kit_rules``; None: the family prints no race table."""
        return self._conventional("front.kit", "kit_rules", m, preset, min_distance)

    # -- mapkit balance ------------------------------------------------------------------
    def balance_changes(self, m: Any, context: Any) -> list[Any]:
        """Every change ``mapkit balance`` may try on map ``m`` within ``context`` (a
        :class:`mapkit.engine.balance.changes.Context`: the input map, the designer's pins, the
        players, the measured start cities), as
        :class:`~mapkit.engine.balance.changes.Change` objects: the package's
        ``balancing.balance_changes``; without it none (``balance`` then says that it has
        nothing to change for the family)."""
        return self._conventional("balancing", "balance_changes", m, context, default=[])

    # -- mapkit design -------------------------------------------------------------------
    def draft_settings(self, preset: str) -> Any:
        """What a map drafted for ``preset`` asks of the geography, a
        :class:`mapkit.geo.draft.DraftSettings` (its hex size, towns, towns abroad, ferries):
        the package's ``front.draft.settings``; None: the defaults."""
        return self._conventional("front.draft", "settings", preset)

    def draft_rules(self, m: Any, draft: Any) -> Any:
        """Map ``m``, drafted for :class:`mapkit.geo.draft.Draft` ``draft``, with what the
        family's games read of its rules block (notes said go to ``draft.notes``): the
        package's ``front.draft.with_rules``; else ``m`` as it is."""
        return self._conventional("front.draft", "with_rules", m, draft, default=m)

    def sized_draft(self, draft: Any) -> Any:
        """The map of ``draft`` at the hex size the family finds for it, searched its own way
        (the package's ``front.draft.sized``); None: :func:`mapkit.geo.draft.refit` sizes it."""
        return self._conventional("front.draft", "sized", draft)
