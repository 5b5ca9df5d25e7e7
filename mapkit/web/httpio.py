"""Reading requests and answering them: size limits, JSON, one-line errors, the same-origin rule.

Every request body is size-limited and read as JSON (or, for an upload, as a map's text) by
the reader of every JSON input (:func:`mapkit.fileio.parse_json`: bounded nesting and digits,
no lone surrogates); every refusal is a JSON ``{"error": "one line"}`` with status 400 (403 for
a link that may not do this or another site's page, 404 for what does not exist, 413 for a
body too large, 429 for too many new games from one address, 503 while the server is at a
limit of its own), never a 500: a request the server did not foresee is a 400 too, logged.

>>> same_origin({"origin": "http://127.0.0.1:8000", "host": "127.0.0.1:8000"})
True
>>> same_origin({"origin": "http://evil.example", "host": "127.0.0.1:8000"}), same_origin({"host": "x"})
(False, True)
"""

from __future__ import annotations

import asyncio
import logging

from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response

from ..engine.errors import IllegalAction
from ..errors import InputError, InvalidError
from ..fileio import parse_json
from .echo import clip_echoes
from .jobs import Busy, Gone
from .livegame import STATUS, Refused

log = logging.getLogger("mapkit.web")

__all__ = ["TooLarge", "TooSlow", "MAX_BODY_BYTES", "BODY_SECONDS", "error",
           "read_body", "read_json", "same_origin", "handled", "server_of"]

MAX_BODY_BYTES = 4 * 1024 * 1024        # an editor document of a large map is a few hundred kB
MAX_BODY_DEPTH = 20                     # a request nests a few levels (a city's numbers: 4)
BODY_SECONDS = 30.0                     # 4 MB arrive in far less; a body that trickles holds a connection


class TooSlow(InputError):
    """A request body that did not arrive in :data:`BODY_SECONDS` (status 408)."""


class TooLarge(InputError):
    """A request body over its limit (status 413)."""


def error(message: str, status: int = 400) -> JSONResponse:
    # every refusal passes here: what it repeats of the request is clipped (mapkit.web.echo)
    return JSONResponse({"error": clip_echoes(message)}, status_code=status)


def server_of(request):
    """The :class:`~mapkit.web.app.Server` the application serves."""
    return request.app.state.server


async def read_body(request: Request, limit: int = MAX_BODY_BYTES) -> bytes:
    """The body, at most ``limit`` bytes, arrived within :data:`BODY_SECONDS`; :class:`Gone`
    when the client leaves before sending all it announced (nobody is there to answer)."""
    size = request.headers.get("content-length")
    if size is not None and size.isdigit() and int(size) > limit:
        raise TooLarge(f"the request is {int(size)} bytes; the limit is {limit}")
    try:
        return await asyncio.wait_for(_stream(request, limit), BODY_SECONDS)
    except ClientDisconnect:
        raise Gone("the client left before its request had arrived") from None
    except TimeoutError:
        raise TooSlow(f"the request did not arrive in {BODY_SECONDS:g} s") from None


async def _stream(request: Request, limit: int) -> bytes:
    chunks = []
    got = 0
    async for chunk in request.stream():
        got += len(chunk)
        if got > limit:
            raise TooLarge(f"the request is over the limit of {limit} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


async def read_json(request: Request) -> dict:
    """The body as a JSON object (see the module notes); one-line errors."""
    raw = await read_body(request)
    data = parse_json(raw, "the request", MAX_BODY_DEPTH)
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


def handled(fn):
    """An endpoint whose one-line errors become JSON answers (no path of the server's machine
    in them); requests that change something must come from this server's own pages."""
    async def endpoint(request):
        if request.method != "GET" and not same_origin(request.headers):
            return error("requests from other sites' pages are refused", 403)
        public = server_of(request).store.public
        try:
            return await fn(request)
        except TooLarge as exc:
            return error(public(str(exc)), 413)
        except TooSlow as exc:
            return error(str(exc), 408)
        except Refused as exc:
            answer = error(public(str(exc)), STATUS.get(exc.rule, 400))
            if exc.retry_after is not None:      # the wait the message names, not a guess
                answer.headers["Retry-After"] = str(exc.retry_after)
            return answer
        except Busy as exc:
            return error(str(exc), 503)
        except Gone:
            return Response(status_code=499)      # nobody is there to read an answer
        except IllegalAction as exc:
            return error(public(exc.reason))
        except (InputError, InvalidError) as exc:
            return error(public(str(exc)))
        except (TypeError, ValueError, KeyError, IndexError, AttributeError, RecursionError, OverflowError) as exc:
            # a request shaped as no page sends it: refused, and logged for the server's keeper
            log.exception("%s %s: a request the server did not foresee", request.method, request.url.path)
            return error(f"the server could not understand this request ({type(exc).__name__})")
    endpoint.__name__ = fn.__name__
    return endpoint
