"""The JSON endpoints of ``mapkit serve``: information, maps, games, and the editor's work.

Each endpoint reads the :class:`~mapkit.web.app.Server` from the application
(:func:`~mapkit.web.httpio.server_of`). The editor's documents are checked against the
server's limits before any work (:func:`~mapkit.web.editor.check_document`); its heavy work
(analysing a map, its heat map, its kit) runs in the server's bounded pool of worker
processes (:mod:`.jobs`), with a time limit, cancelled when the browser leaves; a board is
drawn in a worker thread, so the games go on meanwhile.
"""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

from starlette.responses import JSONResponse, Response

from ..errors import InputError
from ..i18n import LANGUAGES
from . import editor
from .families import needs_cards, option_notes
from .boards import geometry
from .catalogue import MAX_UPLOAD_BYTES
from .httpio import read_body, read_json, server_of
from .hub import GameRequest, Refused
from .storage import slug

__all__ = ["info", "maps", "map_doc", "map_yaml", "games", "game_board", "game_links", "game_record",
           "edit_blank", "edit_geometry", "edit_analyse", "edit_heat", "edit_yaml", "edit_save", "edit_kit"]


# -- information and maps -----------------------------------------------------------------------
def _choices(options) -> dict:
    """Option name -> the values it takes, for the options that take one of a list."""
    from dataclasses import fields

    return {f.name: list(f.metadata["choices"]) for f in fields(options) if f.metadata.get("choices")}


async def info(request):
    """Presets (with their options, what each option means where the family says, and bots)
    and maps, for the lobby. ``needs_cards``: the preset plays on maps with city cards only."""
    from ..engine import FAMILIES, PRESETS
    from ..engine.bots import bots_for
    from ..engine.game import DEFAULT_PRESET

    presets = []
    for name, cls in sorted(PRESETS.items()):
        rules = cls()
        d = rules.options
        notes = option_notes(cls.family)
        presets.append({"name": name, "family": cls.family, "description": cls.description,
                        "min_players": rules.min_players, "max_players": rules.max_players,
                        "options": [{"name": k, "kind": kind, "default": getattr(d, k), "choices": choices.get(k),
                                     "about": notes.get(k)}
                                    for choices in [_choices(d)] for k, kind in d.describe()],
                        "bots": sorted(bots_for(name)), "default_bot": FAMILIES[cls.family].default_bot,
                        "bot_options": sorted(b for b, c in bots_for(name).items()
                                              if getattr(c, "takes_option", False)),
                        "needs_cards": needs_cards(cls.family)})
    return JSONResponse({"presets": presets, "default_preset": DEFAULT_PRESET,
                         "maps": server_of(request).catalogue.entries(), "max_upload": MAX_UPLOAD_BYTES})


async def maps(request):
    """GET: the maps offered; POST: upload one (the file's text as the body, ``?name=``)."""
    cat = server_of(request).catalogue
    if request.method == "POST":
        raw = await read_body(request, MAX_UPLOAD_BYTES)
        name = request.query_params.get("name") or "upload.yaml"
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise InputError(f"{name}: not UTF-8 text (byte {exc.start})") from None
        return JSONResponse(await asyncio.to_thread(cat.upload, text, Path(name).name[:80]))
    return JSONResponse({"maps": cat.entries()})


async def map_doc(request):
    """A map as the editor holds it."""
    cat = server_of(request).catalogue
    mid = request.path_params["mid"]
    m, _ = cat.load(mid)
    return JSONResponse({"doc": editor.document_of(m), "id": mid, "bundled": cat.is_bundled(mid)})


async def map_yaml(request):
    mid = request.path_params["mid"]
    _, text = server_of(request).catalogue.load(mid)
    return Response(text, media_type="application/x-yaml; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="{slug(mid)}.yaml"'})


# -- games --------------------------------------------------------------------------------------
async def games(request):
    """GET: the games (public lines); POST: start one -> its id and links."""
    srv = server_of(request)
    if request.method == "GET":
        return JSONResponse(srv.hub.listing())
    data = await read_json(request)
    m, text = srv.catalogue.load(data.get("map"))
    seats = data.get("seats")
    if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
        raise InputError("seats: a list of {name, kind}")
    options = data.get("options", {})
    if not isinstance(options, dict):       # 0, "" or [] is a mistake, not "no options"
        raise InputError("options: an object of option -> value")
    preset = data.get("preset")
    if not isinstance(preset, str):
        raise InputError("preset: the name of a rules preset")
    kwargs = {"pace": data["pace"]} if "pace" in data else {}
    client = request.client.host if request.client else None
    asked = GameRequest(preset, options, [(s.get("name"), s.get("kind", "human")) for s in seats],
                        seed=data.get("seed"), **kwargs)
    game = await srv.hub.create(m, text, asked, client=client)
    # drawn now: the game's page opens at once
    await asyncio.to_thread(srv.board_text, m, text, game.state.rules.family)
    return JSONResponse({"id": game.id, **game.links()})


async def game_board(request):
    """The printed board of a game's map and its geometry (:mod:`mapkit.web.boards`)."""
    srv = server_of(request)
    game = await srv.hub.game(request.path_params["gid"])
    text = await asyncio.to_thread(srv.board_text, game.map, game.map_text, game.state.rules.family)
    return Response(text, media_type="application/json", headers={"Cache-Control": "max-age=3600"})


async def game_links(request):
    game = await server_of(request).hub.game(request.path_params["gid"])
    if not game.access(request.query_params.get("t")).host:
        raise Refused("only the game's host sees every seat's link", "web.host")
    return JSONResponse(game.links())


async def game_record(request):
    """The record: to anyone once the game is over, before that to its host only (it shows
    every secret choice)."""
    game = await server_of(request).hub.game(request.path_params["gid"])
    access = game.access(request.query_params.get("t"))
    async with game.lock:
        if not game.state.is_terminal() and not access.host:
            raise Refused("the record shows every secret choice: it can be downloaded when the game "
                          "is over (or by the host)", "web.host")
        text = game.record().dumps()
    return Response(text, media_type="application/json; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="game-{game.id}.json"'})


# -- the editor ---------------------------------------------------------------------------------
def _text(d: dict, key: str, default: str, limit: int = editor.MAX_NAME) -> str:
    """A short text of a request (a name, a metric), checked."""
    v = d.get(key, default)
    if v is None:
        return default
    if not isinstance(v, str) or len(v) > limit:
        raise InputError(f"{key}: a text of at most {limit} characters")
    return v


async def _document(request) -> tuple:
    """``(request object, document)``: the document checked against the limits before any work."""
    d = await read_json(request)
    doc = d.get("doc")
    editor.check_document(doc)
    return d, doc


def _lang(asked) -> str:
    """The page's language (static/i18n.js sends it) for the kit the server draws; English for
    anything else."""
    return asked if asked in LANGUAGES else "en"


async def _job(request, job: str, *args):
    """Run editor job ``job`` in the server's pool, cancelled if the browser leaves."""
    return await server_of(request).jobs.run(job, *args, gone=request.is_disconnected)


async def edit_blank(request):
    d = await read_json(request)
    return JSONResponse({"doc": editor.blank_document(
        d.get("columns", 20), d.get("rows", 15), d.get("orientation", "pointy"), d.get("offset", "odd"),
        d.get("hex_mm", 14), _text(d, "name", "New map") or "New map")})


async def edit_geometry(request):
    return JSONResponse(geometry(editor.grid_of((await read_json(request)).get("grid"))))


async def edit_rename(request):
    """Rename a city of the document and every reference of the map to it (its ferries, start
    cities, special races, the games' sections: :mod:`mapkit.renaming`) -> the new document."""
    from ..renaming import rename_city

    d, doc = await _document(request)
    old, new = _text(d, "old", ""), _text(d, "new", "")
    return JSONResponse({"doc": await asyncio.to_thread(rename_city, doc, old, new)})


async def edit_analyse(request):
    d, doc = await _document(request)
    return JSONResponse(await _job(request, "analyse", doc, _text(d, "metric", "build"), bool(d.get("board", True))))


async def edit_heat(request):
    d, doc = await _document(request)
    return JSONResponse(await _job(request, "heat", doc, _text(d, "metric", "build")))


async def edit_yaml(request):
    _, doc = await _document(request)
    return Response(await _job(request, "canonical_text", doc), media_type="application/x-yaml; charset=utf-8")


async def edit_save(request):
    """Save the map into the games folder (canonical text) -> its catalogue entry (with the
    edit key that saves over it again) and text. Without the key of a saved map of that name,
    the map is saved under a new name: no visitor replaces another's map."""
    d, doc = await _document(request)
    text = await _job(request, "canonical_text", doc)        # read by the one map loader
    name = slug(_text(d, "name", "") or _text(doc, "name", "") or "map")
    key = d.get("key")
    entry = await asyncio.to_thread(server_of(request).catalogue.save, text, name,
                                    key if isinstance(key, str) else None)
    return JSONResponse({"map": entry, "yaml": text})


async def edit_kit(request):
    """The printable kit of the map (``mapkit sheets``) as a zip; a map with errors is refused."""
    d, doc = await _document(request)
    rules = d.get("rules")
    if rules is not None and not isinstance(rules, str):
        raise InputError("rules: the name of a rules preset")
    lang = _lang(d.get("lang"))
    work = server_of(request).store.work_dir()
    try:
        data = await _job(request, "kit", doc, work, rules or None, lang)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    name = doc.get("name") if isinstance(doc.get("name"), str) else "map"
    return Response(data, media_type="application/zip",
                    headers={"Content-Disposition": f'attachment; filename="{slug(name)}-kit.zip"'})
