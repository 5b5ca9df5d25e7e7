"""The ASGI application of ``mapkit serve`` (Starlette): pages, the JSON API, the live channel.

==========================================  ===================================================
``GET /``, ``/play/{game}``, ``/edit``      the lobby, a game's page, the map editor (static HTML)
``GET /api/info``                           presets with their options, bots, maps
``GET|POST /api/maps``                      the maps offered; upload one (the file as the body)
``GET /api/maps/{id}/doc``                  a map as the editor holds it
``GET /api/maps/{id}/yaml``                 a map's canonical text
``GET|POST /api/games``                     running and finished games; start one
``GET /api/games/{game}/board``             the printed board and its geometry
``GET /api/games/{game}/links?t=HOST``      every seat's link (the host only)
``GET /api/games/{game}/record?t=TOKEN``    the record (anyone once the game is over, else the host)
``WS /ws/{game}?t=TOKEN``                   the game live: states out, actions and questions in
``POST /api/edit/...``                      the editor: blank, geometry, analyse, heat, save, yaml, kit
==========================================  ===================================================

Every request body is size-limited and read as JSON (or, for an upload, as a map's text);
every refusal is a JSON ``{"error": "one line"}`` with status 400 (404 for what does not
exist, 413 for a body too large). Work that takes more than a moment (drawing a board,
analysing a map, writing a kit) runs in a worker thread, so games go on meanwhile.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..engine.errors import IllegalAction
from ..errors import InputError, InvalidError, MapkitError
from . import editor
from .boards import BoardCache, geometry
from .catalogue import MAX_UPLOAD_BYTES, Catalogue
from .families import requests_for
from .hub import Access, Connection, Hub, Refused

__all__ = ["create_app", "Server", "MAX_BODY_BYTES", "MAX_MESSAGE_BYTES"]

log = logging.getLogger("mapkit.web")

STATIC = Path(__file__).parent / "static"
MAX_BODY_BYTES = 4 * 1024 * 1024        # an editor document of a large map is a few hundred kB
MAX_MESSAGE_BYTES = 64 * 1024           # one message of the live channel


class TooLarge(InputError):
    pass


class Server:
    """What the application works with: the games folder, the catalogue, the hub, the boards."""

    def __init__(self, store, bundled):
        self.store = store
        self.catalogue = Catalogue(store, bundled)
        self.hub = Hub(store)
        self.boards = BoardCache(store.cache)
        self._board_lock = threading.Lock()

    def board_text(self, m, text: str) -> str:
        with self._board_lock:
            return self.boards.get(m, text)


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _body(request: Request, limit: int = MAX_BODY_BYTES) -> bytes:
    size = request.headers.get("content-length")
    if size is not None and size.isdigit() and int(size) > limit:
        raise TooLarge(f"the request is {int(size)} bytes; the limit is {limit}")
    chunks = []
    got = 0
    async for chunk in request.stream():
        got += len(chunk)
        if got > limit:
            raise TooLarge(f"the request is over the limit of {limit} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


async def _json(request: Request) -> dict:
    raw = await _body(request)
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InputError(f"the request is not JSON ({exc})") from None
    if not isinstance(data, dict):
        raise InputError("the request is not a JSON object")
    return data


def same_origin(headers) -> bool:
    """Whether a request comes from a page of this server (or from no page at all: a script).

    A browser names the page that sends a request in ``Origin``; another site's page may not
    start games, save maps or act in games here (a form posted from elsewhere would need no
    permission from the browser otherwise).
    """
    from urllib.parse import urlsplit

    origin = headers.get("origin")
    if origin is None:
        return True
    return urlsplit(origin).netloc.lower() == headers.get("host", "").lower()


def _handled(fn):
    """An endpoint whose one-line errors become JSON answers; requests that change something
    must come from this server's own pages."""
    async def endpoint(request):
        if request.method != "GET" and not same_origin(request.headers):
            return _error("requests from other sites' pages are refused", 403)
        try:
            return await fn(request)
        except TooLarge as exc:
            return _error(str(exc), 413)
        except Refused as exc:
            return _error(str(exc), 404 if exc.rule == "web.no-game" else 403 if exc.rule == "web.token" else 400)
        except IllegalAction as exc:
            return _error(exc.reason)
        except (InputError, InvalidError) as exc:
            return _error(str(exc))
    return endpoint


def create_app(server: Server, allowed_hosts=None) -> Starlette:
    """The application of ``server`` (see the module notes). ``allowed_hosts``: the host
    names requests may be addressed to (a server on the loopback answers only to its own
    names, so a page of another site whose name was pointed at 127.0.0.1 cannot use it);
    None: any."""
    hub = server.hub
    cat = server.catalogue

    def page(name):
        async def serve(request):
            return FileResponse(STATIC / name, headers={"Cache-Control": "no-cache"})
        return serve

    # -- information ------------------------------------------------------------------------
    async def info(request):
        from ..engine import PRESETS
        from ..engine.bots import bots_for

        presets = []
        for name, cls in sorted(PRESETS.items()):
            rules = cls()
            d = rules.options
            presets.append({"name": name, "family": cls.family, "description": cls.description,
                            "min_players": rules.min_players, "max_players": rules.max_players,
                            "options": [{"name": k, "kind": kind, "default": getattr(d, k)}
                                        for k, kind in d.describe()],
                            "bots": sorted(bots_for(name))})
        return JSONResponse({"presets": presets, "maps": cat.entries(), "max_upload": MAX_UPLOAD_BYTES})

    async def maps(request):
        if request.method == "POST":
            raw = await _body(request, MAX_UPLOAD_BYTES)
            name = request.query_params.get("name") or "upload.yaml"
            try:
                text = raw.decode("utf-8-sig")
            except UnicodeDecodeError as exc:
                raise InputError(f"{name}: not UTF-8 text (byte {exc.start})") from None
            entry = await asyncio.to_thread(cat.upload, text, Path(name).name[:80])
            return JSONResponse(entry)
        return JSONResponse({"maps": cat.entries()})

    async def map_doc(request):
        m, _ = cat.load(request.path_params["mid"])
        return JSONResponse({"doc": editor.document_of(m), "id": request.path_params["mid"],
                             "bundled": cat.is_bundled(request.path_params["mid"])})

    async def map_yaml(request):
        mid = request.path_params["mid"]
        _, text = cat.load(mid)
        return Response(text, media_type="application/x-yaml; charset=utf-8",
                        headers={"Content-Disposition": f'attachment; filename="{mid}.yaml"'})

    # -- games ------------------------------------------------------------------------------
    async def games(request):
        if request.method == "GET":
            return JSONResponse(hub.listing())
        data = await _json(request)
        m, text = cat.load(data.get("map"))
        seats = data.get("seats")
        if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
            raise InputError("seats: a list of {name, kind}")
        options = data.get("options") or {}
        if not isinstance(options, dict):
            raise InputError("options: an object of option -> value")
        preset = data.get("preset")
        if not isinstance(preset, str):
            raise InputError("preset: the name of a rules preset")
        kwargs = {}
        if "pace" in data:
            kwargs["pace"] = data["pace"]
        game = await hub.create(m, text, preset, options, [(s.get("name"), s.get("kind", "human")) for s in seats],
                                seed=data.get("seed"), **kwargs)
        await asyncio.to_thread(server.board_text, m, text)        # drawn now: the page opens at once
        return JSONResponse({"id": game.id, **game.links()})

    async def game_board(request):
        game = hub.get(request.path_params["gid"])
        text = await asyncio.to_thread(server.board_text, game.map, game.map_text)
        return Response(text, media_type="application/json", headers={"Cache-Control": "max-age=3600"})

    async def game_links(request):
        game = hub.get(request.path_params["gid"])
        access = game.access(request.query_params.get("t"))
        if not access.host:
            raise Refused("only the game's host sees every seat's link", "web.host")
        return JSONResponse(game.links())

    async def game_record(request):
        game = hub.get(request.path_params["gid"])
        access = game.access(request.query_params.get("t"))
        async with game.lock:
            if not game.state.is_terminal() and not access.host:
                raise Refused("the record shows every secret choice: it can be downloaded when the game "
                              "is over (or by the host)", "web.host")
            text = game.record().dumps()
        return Response(text, media_type="application/json; charset=utf-8",
                        headers={"Content-Disposition": f'attachment; filename="game-{game.id}.json"'})

    # -- the live channel -------------------------------------------------------------------
    async def live(ws: WebSocket):
        if not same_origin(ws.headers):
            await ws.close(code=4403)
            return
        await ws.accept()
        try:
            game = hub.get(ws.path_params["gid"])
            access = game.access(ws.query_params.get("t"))
        except Refused as exc:
            await ws.send_text(json.dumps({"type": "error", "message": str(exc), "rule": exc.rule, "fatal": True}))
            await ws.close(code=4403)
            return
        conn = Connection(ws.send_text, access)
        pump = asyncio.get_running_loop().create_task(conn.pump())
        async with game.lock:
            conn.reply(json.dumps(game.hello(access), ensure_ascii=False))
            conn.post_state(game.state_message(access))
            game.conns.add(conn)
        try:
            while True:
                text = await ws.receive_text()
                conn.reply(await _answer(game, access, text))
        except WebSocketDisconnect:
            pass
        finally:
            game.conns.discard(conn)
            conn.closed = True
            pump.cancel()

    # -- the editor -------------------------------------------------------------------------
    async def edit_blank(request):
        d = await _json(request)
        doc = editor.blank_document(d.get("columns", 20), d.get("rows", 15), d.get("orientation", "pointy"),
                                    d.get("offset", "odd"), d.get("hex_mm", 14), str(d.get("name") or "New map"))
        return JSONResponse({"doc": doc})

    async def edit_geometry(request):
        from ..grid import Grid

        g = (await _json(request)).get("grid") or {}
        editor._check_grid(g.get("columns"), g.get("rows"), g.get("orientation"), g.get("offset"),
                           g.get("hex_mm", 14))
        return JSONResponse(geometry(Grid(g["orientation"], g["offset"], g["columns"], g["rows"],
                                          g.get("hex_mm", 14))))

    async def edit_analyse(request):
        d = await _json(request)
        out = await asyncio.to_thread(editor.analyse, d.get("doc"), d.get("metric", "build"),
                                      bool(d.get("board", True)))
        return JSONResponse(out)

    async def edit_heat(request):
        d = await _json(request)
        return JSONResponse(await asyncio.to_thread(editor.heat, d.get("doc"), d.get("metric", "build")))

    async def edit_yaml(request):
        d = await _json(request)
        text = await asyncio.to_thread(editor.canonical_text, d.get("doc"))
        return Response(text, media_type="application/x-yaml; charset=utf-8")

    async def edit_save(request):
        d = await _json(request)
        m, _ = await asyncio.to_thread(editor.read_document, d.get("doc"))
        from .storage import slug

        name = slug(str(d.get("name") or m.name or "map"))
        entry = await asyncio.to_thread(cat.save, m, name)
        from ..io.yamlmap import dump_map

        return JSONResponse({"map": entry, "yaml": dump_map(m)})

    async def edit_kit(request):
        d = await _json(request)
        m = await asyncio.to_thread(editor.valid_map, d.get("doc"))
        work = server.store.work_dir()
        try:
            data = await asyncio.to_thread(editor.kit_zip, m, work, d.get("rules"))
        finally:
            import shutil

            shutil.rmtree(work, ignore_errors=True)
        from .storage import slug

        return Response(data, media_type="application/zip",
                        headers={"Content-Disposition": f'attachment; filename="{slug(m.name or "map")}-kit.zip"'})

    @contextlib.asynccontextmanager
    async def lifespan(app):
        hub.start()
        yield

    h = _handled
    routes = [
        Route("/", page("lobby.html")),
        Route("/play/{gid}", page("game.html")),
        Route("/edit", page("editor.html")),
        Route("/favicon.ico", lambda request: Response(status_code=204)),
        Route("/api/info", h(info)),
        Route("/api/maps", h(maps), methods=["GET", "POST"]),
        Route("/api/maps/{mid}/doc", h(map_doc)),
        Route("/api/maps/{mid}/yaml", h(map_yaml)),
        Route("/api/games", h(games), methods=["GET", "POST"]),
        Route("/api/games/{gid}/board", h(game_board)),
        Route("/api/games/{gid}/links", h(game_links)),
        Route("/api/games/{gid}/record", h(game_record)),
        Route("/api/edit/blank", h(edit_blank), methods=["POST"]),
        Route("/api/edit/geometry", h(edit_geometry), methods=["POST"]),
        Route("/api/edit/analyse", h(edit_analyse), methods=["POST"]),
        Route("/api/edit/heat", h(edit_heat), methods=["POST"]),
        Route("/api/edit/yaml", h(edit_yaml), methods=["POST"]),
        Route("/api/edit/save", h(edit_save), methods=["POST"]),
        Route("/api/edit/kit", h(edit_kit), methods=["POST"]),
        WebSocketRoute("/ws/{gid}", live),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    middleware = [Middleware(GZipMiddleware, minimum_size=2000)]
    if allowed_hosts is not None:
        middleware.insert(0, Middleware(TrustedHostMiddleware, allowed_hosts=list(allowed_hosts)))
    return Starlette(routes=routes, lifespan=lifespan, middleware=middleware)


async def _answer(game, access: Access, text: str) -> str:
    """The reply to one message of a browser (an action, an undo or a question)."""
    rid = None
    try:
        if len(text) > MAX_MESSAGE_BYTES:
            raise InputError(f"a message is at most {MAX_MESSAGE_BYTES} bytes")
        try:
            msg = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InputError(f"the message is not JSON ({exc.msg})") from None
        if not isinstance(msg, dict):
            raise InputError("a message is a JSON object")
        rid = msg.get("id")
        kind = msg.get("type")
        if kind == "act":
            norm = await game.act(access, msg.get("action"))
            out = {"type": "ack", "action": norm, "n": len(game.state.history)}
        elif kind == "undo":
            taken = await game.undo(access)
            out = {"type": "undone", "action": taken, "n": len(game.state.history)}
        elif kind == "ask":
            fn = requests_for(game.state.rules.family).get(msg.get("ask"))
            if fn is None:
                raise InputError(f"no question {msg.get('ask')!r} for this game")
            if access.spectator:
                raise Refused("a spectator asks nothing; open your seat's link", "web.spectator")
            async with game.lock:
                seat = game.viewer_seat(access)
                out = {"type": "answer", "ask": msg["ask"], **fn(game.state, seat, msg)}
        elif kind == "ping":
            out = {"type": "pong"}
        else:
            raise InputError(f"unknown message type {kind!r} (act, undo, ask, ping)")
    except IllegalAction as exc:
        out = {"type": "error", "message": exc.reason, "rule": exc.rule}
    except Refused as exc:
        out = {"type": "error", "message": str(exc), "rule": exc.rule}
    except MapkitError as exc:
        out = {"type": "error", "message": str(exc), "rule": "web.input"}
    out["id"] = rid
    return json.dumps(out, ensure_ascii=False)
