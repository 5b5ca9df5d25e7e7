"""Play any map with friends and bots in the browser, and edit maps with live analysis.

Starts a web server (needs the web extra: pip install 'mapkit[web]'). Open the address it
prints: the lobby starts games (seats as people or bots; a link per seat to send to each
player; hot-seat on one screen with the host's link), lists running and finished games, and
opens the map editor. Games are saved in the games folder after every action and resumed
when the server starts again. The server answers on 127.0.0.1 only unless --host says
otherwise (it has no passwords: each seat's link is its key).

  mapkit serve
  mapkit serve maps/czechia.yaml maps/usa.yaml --port 8080 --games ~/mapkit-games
"""

from __future__ import annotations

__all__ = ["add_arguments", "run"]


def add_arguments(p):
    p.add_argument("maps", metavar="MAP", nargs="*",
                   help="maps to offer (files, or folders of .yaml files; default: the bundled maps)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this computer only)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000; 0: any free port)")
    p.add_argument("--games", metavar="DIR", default="mapkit-games",
                   help="folder of the games, uploaded maps and caches (default ./mapkit-games; created)")


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
    from ..web.storage import GamesFolder

    if not 0 <= args.port <= 65535:
        raise InputError(f"--port {args.port}: not a port number")
    try:
        store = GamesFolder(args.games)
    except OSError as exc:
        raise InputError(f"--games {args.games}: cannot use this folder ({exc.strerror or exc})") from None
    server = Server(store, bundled_maps(args.maps))
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
