"""The ASGI application of ``mapkit serve`` (Starlette): pages, the JSON API, the live channel.

==========================================  ===================================================
``GET /``, ``/play/{game}``, ``/edit``      the lobby, a game's page, the map editor (static HTML)
``GET /families/{family}.js``               a game family's script (its ``web_script``)
``GET /i18n/{lang}.json``                   the page's messages in cs, de or en (from the .po catalogues)
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

The endpoints are in :mod:`.api`, the live channel in :mod:`.live`, the reading of requests
and the one-line errors in :mod:`.httpio`.
"""

from __future__ import annotations

import contextlib
import threading
from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.responses import FileResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from . import api
from .boards import BoardCache, look_of
from .catalogue import Catalogue
from .httpio import handled
from .hub import Hub, Limits
from .jobs import JobPool
from .live import MAX_MESSAGE_BYTES, live

__all__ = ["create_app", "Server", "Limits", "MAX_MESSAGE_BYTES", "STATIC"]

STATIC = Path(__file__).parent / "static"


class Server:
    """What the application works with: the games folder, the catalogue, the hub (its
    ``limits``), the boards, the pool of the editor's jobs."""

    def __init__(self, store, bundled, limits: Limits | None = None, jobs: JobPool | None = None):
        self.store = store
        self.catalogue = Catalogue(store, bundled)
        self.hub = Hub(store, limits)
        self.jobs = jobs or JobPool()
        self.boards = BoardCache(store.cache)
        self._board_lock = threading.Lock()

    def board_text(self, m, text: str, family: str = "") -> str:
        """The board payload of map ``m`` as game ``family`` prints it (drawn once, then cached;
        called from worker threads)."""
        with self._board_lock:
            return self.boards.get(m, text, look_of(family))


async def _family_script(request):
    """The script of a game family (its ``web_script`` hook), from wherever its package lies."""
    from .families import family_named

    name = request.path_params["family"]
    path = family_named(name).web_script()
    if path is None or not path.is_file():
        return Response(status_code=404)
    return FileResponse(path, media_type="text/javascript", headers={"Cache-Control": "no-cache"})


async def _catalogue(request):
    """The page's messages in one language as JSON (``/i18n/cs.json``), made from the gettext
    catalogue the printed kits use (:func:`mapkit.i18n.po.web_catalogue`)."""
    from ..i18n import LANGUAGES
    from ..i18n.po import web_catalogue

    lang = request.path_params["lang"]
    if lang not in LANGUAGES:
        return Response(status_code=404)
    return Response(web_catalogue(lang), media_type="application/json", headers={"Cache-Control": "no-cache"})


def _page(name):
    async def serve(request):
        return FileResponse(STATIC / name, headers={"Cache-Control": "no-cache"})
    return serve


async def _no_icon(request):
    return Response(status_code=204)


def create_app(server: Server, allowed_hosts=None) -> Starlette:
    """The application of ``server`` (see the module notes). ``allowed_hosts``: the host
    names requests may be addressed to (a server on the loopback answers only to its own
    names, so a page of another site whose name was pointed at 127.0.0.1 cannot use it);
    None: any."""

    @contextlib.asynccontextmanager
    async def lifespan(app):
        server.hub.start()
        try:
            yield
        finally:
            server.jobs.close()

    h = handled
    post = ["POST"]
    routes = [
        Route("/", _page("lobby.html")),
        Route("/play/{gid}", _page("game.html")),
        Route("/edit", _page("editor.html")),
        Route("/favicon.ico", _no_icon),
        Route("/families/{family}.js", _family_script),
        Route("/i18n/{lang}.json", _catalogue),
        Route("/api/info", h(api.info)),
        Route("/api/maps", h(api.maps), methods=["GET", "POST"]),
        Route("/api/maps/{mid}/doc", h(api.map_doc)),
        Route("/api/maps/{mid}/yaml", h(api.map_yaml)),
        Route("/api/games", h(api.games), methods=["GET", "POST"]),
        Route("/api/games/{gid}/board", h(api.game_board)),
        Route("/api/games/{gid}/links", h(api.game_links)),
        Route("/api/games/{gid}/record", h(api.game_record)),
        Route("/api/edit/blank", h(api.edit_blank), methods=post),
        Route("/api/edit/geometry", h(api.edit_geometry), methods=post),
        Route("/api/edit/analyse", h(api.edit_analyse), methods=post),
        Route("/api/edit/rename", h(api.edit_rename), methods=post),
        Route("/api/edit/heat", h(api.edit_heat), methods=post),
        Route("/api/edit/yaml", h(api.edit_yaml), methods=post),
        Route("/api/edit/save", h(api.edit_save), methods=post),
        Route("/api/edit/kit", h(api.edit_kit), methods=post),
        WebSocketRoute("/ws/{gid}", live),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    middleware = [Middleware(GZipMiddleware, minimum_size=2000)]
    if allowed_hosts is not None:
        middleware.insert(0, Middleware(TrustedHostMiddleware, allowed_hosts=list(allowed_hosts)))
    app = Starlette(routes=routes, lifespan=lifespan, middleware=middleware)
    app.state.server = server
    return app
