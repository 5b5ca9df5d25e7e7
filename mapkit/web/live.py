"""The live channel of a game (one WebSocket per browser): states out; actions, undos and
questions in, each answered by its ``id``.

Messages from a browser: ``{"type": "act", "action": {...}}`` -> ``ack`` (the normalized
action, ``n`` actions so far) or ``error`` (the engine's one-line reason and rule id);
``{"type": "undo"}`` -> ``undone``; ``{"type": "ask", "ask": NAME, ...}`` -> ``answer`` (the
family's questions, :mod:`mapkit.web.families`, which change nothing; a spectator asks only
the public ones); ``{"type": "ping"}`` ->
``pong``. The server first sends ``hello`` (the game, its seats, this link's seats), then a
``state`` after every change (:meth:`mapkit.web.hub.LiveGame.state_message`).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time

from starlette.websockets import WebSocket, WebSocketDisconnect

from ..engine.errors import IllegalAction
from ..errors import InputError, MapkitError
from ..fileio import parse_json
from ..i18n.said import said_index
from .echo import clip_echoes
from .families import public_requests, requests_for
from .httpio import MAX_BODY_DEPTH, same_origin, server_of
from .livegame import Access, Connection, Refused

__all__ = ["live", "answer", "MAX_MESSAGE_BYTES"]

log = logging.getLogger("mapkit.web")

MAX_MESSAGE_BYTES = 64 * 1024           # one message of the live channel


async def live(ws: WebSocket):
    """The WebSocket endpoint ``/ws/{gid}?t=TOKEN``."""
    if not same_origin(ws.headers):
        await ws.close(code=4403)
        return
    await ws.accept()
    try:
        game = await server_of(ws).hub.game(ws.path_params["gid"])
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
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                conn.reply(json.dumps({"type": "error", "message": "a message is JSON text, not a binary frame",
                                       "rule": "web.input", "id": None}))
            else:
                conn.reply(await answer(game, access, text))
            if conn.overflowing:    # it asks and does not read: dropped, the server keeps nothing
                log.warning("game %s: a browser left %d replies unread; dropped", game.id, len(conn.replies))
                await ws.close(code=1008, reason="too many replies left unread")
                break
    except WebSocketDisconnect:
        pass
    finally:
        game.conns.discard(conn)
        game.touched = time.monotonic()      # idle from now on, if it was the last one
        conn.closed = True
        conn.replies.clear()
        pump.cancel()


async def answer(game, access: Access, text: str) -> str:
    """The reply to one message of a browser (an action, an undo or a question)."""
    rid = None
    try:
        if len(text) > MAX_MESSAGE_BYTES:
            raise InputError(f"a message is at most {MAX_MESSAGE_BYTES} bytes")
        msg = parse_json(text, "the message", MAX_BODY_DEPTH)
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
            out = await _ask(game, access, msg)
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
    except (TypeError, ValueError, KeyError, IndexError, AttributeError, RecursionError, OverflowError) as exc:
        # the engine checks every action before changing anything, so a message it did not
        # foresee changed nothing either; the browser is told, the server logs it
        log.exception("game %s: a message the server did not foresee: %.200s", game.id, text)
        out = {"type": "error", "message": f"the server could not understand this message ({type(exc).__name__})",
               "rule": "web.unforeseen"}
    if out["type"] == "error":      # the engine's messages quote what they refuse: clipped
        out["message"] = clip_echoes(out["message"])
    out["id"] = rid
    return json.dumps(out, ensure_ascii=False)


async def _ask(game, access: Access, msg: dict) -> dict:
    family = game.state.rules.family
    fn = requests_for(family).get(msg.get("ask"))
    if fn is None:
        raise InputError(f"no question {msg.get('ask')!r} for this game")
    if access.spectator and msg["ask"] not in public_requests(family):
        raise Refused("a spectator asks nothing of this kind; open your seat's link", "web.spectator")
    async with game.lock:
        seat = game.viewer_seat(access)
        # in a worker thread, under the game's lock (nothing changes the state meanwhile): a path
        # planned on the largest board a server takes costs more than the event loop should wait
        answer = {"type": "answer", "ask": msg["ask"], **(await asyncio.to_thread(fn, game.state, seat, msg))}
    # (the words the game wrote in English in it, as the view has them: mapkit.i18n.said)
    said = said_index(answer)
    return {**answer, "said": said} if said else answer
