"""Play any map with friends and bots in the browser, and edit maps with live analysis.

Starts a web server (needs the web extra: pip install 'mapkit[web]'). Open the address it
prints: the lobby starts games (seats as people or bots; a link per seat to send to each
player; hot-seat on one screen with the host's link), lists running and finished games, and
opens the map editor. Games are saved in the games folder after every action and resumed
when the server starts again. The server answers on 127.0.0.1 only unless --host says
otherwise (it has no passwords: each seat's link is its key).

One server uses a games folder at a time (a second one is refused, naming the first). What
visitors can make the server hold is bounded (the options below; docs/web.md): unfinished
games, new games per address, idle games in memory, the editor's jobs at once.

  mapkit serve
  mapkit serve czechia maps/usa.yaml my-maps/ --port 8080 --games ~/mapkit-games
"""

from __future__ import annotations

__all__ = ["add_arguments", "run"]


def add_arguments(p):
    from ..web.hub import Limits

    d = Limits()
    p.add_argument("maps", metavar="MAP", nargs="*",
                   help="maps to offer (files, folders of .yaml files, or bundled maps' names; default: every "
                        "bundled map)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this computer only)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000; 0: any free port)")
    p.add_argument("--games", metavar="DIR", default="mapkit-games",
                   help="folder of the games, uploaded maps and caches (default ./mapkit-games; created)")
    p.add_argument("--max-games", type=int, default=d.running, metavar="N",
                   help=f"unfinished games at once; a new one past this is refused (default {d.running})")
    p.add_argument("--max-creations", type=int, default=d.creations, metavar="N",
                   help=f"new games one address may start in --creation-window seconds (default {d.creations})")
    p.add_argument("--creation-window", type=float, default=d.window, metavar="SECONDS",
                   help=f"the window of --max-creations (default {d.window:g})")
    p.add_argument("--idle", type=float, default=d.idle, metavar="SECONDS",
                   help=f"a game nobody plays leaves memory after this long; it stays on disk and is read "
                        f"back when asked for (default {d.idle:g})")
    p.add_argument("--jobs", type=int, default=2, metavar="N",
                   help="worker processes of the map editor's analyses and kits (default 2; 6 more wait, "
                        "the rest are refused until one ends)")


def run(args) -> int:
    import socket
    import sys

    from ..errors import InputError, MissingDependency

    try:
        import starlette  # noqa: F401
        import uvicorn
        import websockets  # noqa: F401
    except ImportError as exc:
        raise MissingDependency("mapkit serve", exc.name or "starlette", "web") from None
    from ..web.app import MAX_MESSAGE_BYTES, Server, create_app
    from ..web.catalogue import bundled_maps
    from ..web.hub import Limits
    from ..web.jobs import JobPool
    from ..web.storage import GamesFolder

    if not 0 <= args.port <= 65535:
        raise InputError(f"--port {args.port}: not a port number")
    limits = _limits(args, Limits)
    maps = bundled_maps(args.maps)
    try:
        store = GamesFolder(args.games)
        store.lock(f"mapkit serve starting on {args.host}:{args.port}")
    except OSError as exc:
        raise InputError(f"--games {args.games}: cannot use this folder ({exc.strerror or exc})") from None
    server = Server(store, maps, limits, JobPool(workers=args.jobs))
    server.hub.load_all()
    family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((args.host, args.port))
    except OSError as exc:
        raise InputError(f"cannot listen on {args.host}:{args.port} ({exc.strerror or exc})") from None
    sock.listen(128)
    port = sock.getsockname()[1]
    shown = f"[{args.host}]" if ":" in args.host else args.host
    store.note_holder(f"mapkit serve at http://{shown}:{port}/")
    games = len(server.hub.games)
    print(f"mapkit serve: http://{shown}:{port}/ ({len(server.catalogue.bundled)} maps, {games} games resumed"
          + (f", {len(server.hub.broken)} could not be" if server.hub.broken else "") + f"; games in {store.root})",
          flush=True)
    for gid, why in server.hub.broken.items():
        print(f"mapkit serve: game {gid} not resumed: {why}", file=sys.stderr, flush=True)
    # No per-message compression on the live channel: a state is a few kilobytes of JSON, and
    # compressing every one for every browser cost the server about a sixth of its time under load
    # (benchmarks/web.py; docs/web.md).
    loopback = args.host in ("127.0.0.1", "localhost", "::1") or args.host.startswith("127.")
    allowed = ["127.0.0.1", "localhost", "[::1]", args.host] if loopback else None
    config = uvicorn.Config(create_app(server, allowed), ws_max_size=4 * MAX_MESSAGE_BYTES,
                            ws_per_message_deflate=False,
                            log_level="warning", access_log=False, lifespan="on")
    uvicorn.Server(config).run(sockets=[sock])
    return 0


def _limits(args, Limits):
    """The server's limits from the options, checked."""
    from ..errors import InputError

    for flag, v, low in (("--max-games", args.max_games, 1), ("--max-creations", args.max_creations, 1),
                         ("--creation-window", args.creation_window, 0), ("--idle", args.idle, 0),
                         ("--jobs", args.jobs, 1)):
        if not v >= low or v == float("inf"):      # (not v >= low: NaN too)
            raise InputError(f"{flag} {v}: give a number of at least {low}")
    return Limits(running=args.max_games, creations=args.max_creations, window=args.creation_window, idle=args.idle)
