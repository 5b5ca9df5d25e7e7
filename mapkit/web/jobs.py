"""The editor's heavy work (analysing a map, its heat map, its printable kit) in worker
processes: a bounded number at once, a bounded queue, a time limit, and cancelled when the
browser that asked has gone.

Threads cannot be stopped, so a map that takes minutes to analyse would keep a thread (and its
memory) busy after its browser left. A worker process can be: :class:`JobPool` runs each job in
a pool of processes (``pebble``'s ``ProcessPool``, which ends the worker of a job that is
cancelled or runs over its time and starts a fresh one). Each worker's memory is capped
(``RLIMIT_AS``), so one job cannot take the server's machine down with it. A job past the
queue's limit is refused at once (:class:`Busy`, HTTP 503), not queued without end.

The workers are forked from a clean server process (``forkserver``), never from the running
web server with its threads, and have the analysis modules loaded before the first job.

>>> import asyncio
>>> pool = JobPool(workers=1, queue=0)
>>> asyncio.run(pool.run("canonical_text", {"name": "Tiny", "grid": {"orientation": "pointy", "offset": "odd",
...     "columns": 2, "rows": 1}, "cities": [{"name": "Aš", "hex": "A1"}]}, timeout=60))[:24]
'version: 1\\nname: Tiny\\ngr'
>>> pool.close()
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import multiprocessing
from typing import TYPE_CHECKING

from ..errors import InputError, MapkitError

if TYPE_CHECKING:
    import pebble

__all__ = ["JobPool", "Busy", "Gone", "JOBS", "TIMEOUTS"]

# What a worker may be asked (by name: a browser never names a function).
JOBS = {"analyse": "analyse", "heat": "heat", "kit": "kit_of_document", "canonical_text": "canonical_text"}
# Seconds a job may take (the Czech map's analysis with its board takes about 1 s, its kit 15 s).
TIMEOUTS = {"analyse": 30.0, "heat": 30.0, "kit": 120.0, "canonical_text": 10.0}
WORKER_MEMORY = 3 * 1024 ** 3    # bytes of address space a worker may take (the Czech kit: ~400 MB)
POLL = 0.25                      # seconds between looks at whether the browser is still there


class Busy(MapkitError):
    """Every worker is busy and the queue is full (HTTP 503): try again in a moment."""

    exit_code = 1


class Gone(MapkitError):
    """The browser that asked went away; its job was cancelled."""

    exit_code = 1


def _limit_memory(limit: int) -> None:
    """In each worker: its address space capped (a runaway job fails there, alone)."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard == resource.RLIM_INFINITY or hard > limit:
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


def _call(job: str, args: tuple):
    """In a worker: the editor's function for ``job``, its one-line errors as ``("error", text)``
    (exceptions with their own arguments do not always cross back between processes)."""
    from . import editor

    try:
        return ("ok", getattr(editor, JOBS[job])(*args))
    except (MapkitError, KeyError, ValueError, TypeError, IndexError) as exc:
        return ("error", str(exc) if isinstance(exc, MapkitError) else f"the map could not be read ({exc})")
    except MemoryError:
        return ("error", "the map needs more memory than a job of this server may take")
    except RecursionError:
        return ("error", "the map is nested too deeply")


class JobPool:
    """``workers`` processes, at most ``queue`` jobs waiting beyond them (see the module notes)."""

    def __init__(self, workers: int = 2, queue: int = 6, memory: int = WORKER_MEMORY):
        self.workers = max(1, workers)
        self.limit = self.workers + max(0, queue)
        self.memory = memory
        self.active = 0
        self._pool: pebble.ProcessPool | None = None

    def _started(self):
        if self._pool is None:
            import pebble

            ctx = multiprocessing.get_context("forkserver")
            ctx.set_forkserver_preload(["mapkit.web.editor", "mapkit.analysis.distances", "mapkit.validate",
                                        "mapkit.render"])
            self._pool = pebble.ProcessPool(max_workers=self.workers, initializer=_limit_memory,
                                            initargs=(self.memory,), context=ctx)
        return self._pool

    async def run(self, job: str, *args, timeout: float | None = None, gone=None):
        """The result of editor job ``job`` on ``args``. ``gone``: an async callable that says
        whether the asker has left (then the job is cancelled and :class:`Gone` raised)."""
        if self.active >= self.limit:
            raise Busy(f"the server is busy with {self.active} map jobs (at most {self.limit} at once); "
                       "try again in a moment")
        limit = timeout if timeout is not None else TIMEOUTS[job]
        self.active += 1
        try:
            future = self._started().schedule(_call, args=(job, args), timeout=limit)
            waiting = asyncio.wrap_future(future)
            while True:
                done, _ = await asyncio.wait({waiting}, timeout=POLL)
                if done:
                    break
                if gone is not None and await gone():
                    future.cancel()
                    raise Gone("the browser went away; its job was cancelled")
            try:
                status, value = waiting.result()
            except (TimeoutError, concurrent.futures.TimeoutError):
                raise InputError(f"the {job} job took longer than its limit of {limit:g} s; "
                                 "the map is too large for this server") from None
            except concurrent.futures.CancelledError:
                raise Gone("the job was cancelled") from None
            except Exception as exc:     # the worker died (out of memory: killed by its cap)
                raise InputError(f"the {job} job failed ({type(exc).__name__}): the map is too large "
                                 "for this server") from None
        finally:
            self.active -= 1
        if status == "error":
            raise InputError(value)
        return value

    def close(self) -> None:
        """Stop the workers (when the server stops)."""
        if self._pool is not None:
            self._pool.stop()
            self._pool.join()
            self._pool = None
