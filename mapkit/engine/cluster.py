"""Many games with bots on a Dask cluster: ``mapkit simulate --scheduler ADDRESS`` (or ``local``).

Dask (``pip install 'mapkit[cluster]'``) is imported only here, and this module only when a
scheduler is asked for. The simulation is cut into blocks of consecutive game indices
(:func:`blocks`); each block is one task, :func:`play_block`, which plays its games with the
seeds :func:`mapkit.engine.simulate.game_seed` gives and returns their figures (and their
records' text, with ``--records``). The tasks are pure: the same block gives the same result
wherever it runs, and has no side effect. So when a worker is lost, the scheduler runs its
tasks again elsewhere (a lost worker costs time, not games), and this process writes the
records (atomically; a block run twice writes the same bytes) and sums the figures in game
order: the report is the one of ``--jobs 1``, byte for byte.

What a worker needs travels with the work: the spec holds the engine map document (not a path
the worker may not have), sent once to the scheduler as the result of a task of its own (so a
worker that held it can be lost too: it is made again), and each worker process compiles the
board once and keeps it by the map's hash (:func:`mapkit.engine.simulate._board_of`).
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import math
import signal
import threading
import time

from ..errors import InputError, MissingDependency
from .simulate import SimSpec, game_record, play_indexed, record_path

__all__ = ["simulate_on_cluster", "cluster_runner", "blocks", "block_size", "play_block", "BLOCK"]

# The most games in one task: big enough that a task's overhead (a few milliseconds) is small
# beside its games, small enough that a lost worker costs little and the progress bar moves.
BLOCK = 32
TASKS_PER_WORKER = 16


def block_size(games: int, workers: int) -> int:
    """Games per task: at most :data:`BLOCK`, and at least :data:`TASKS_PER_WORKER` tasks per
    worker where the games allow it, so that the last tasks, which the other workers wait for,
    are short.

    >>> block_size(100_000, 40), block_size(200, 2), block_size(10, 2)
    (32, 7, 1)
    """
    return max(1, min(BLOCK, math.ceil(games / (TASKS_PER_WORKER * max(1, workers)))))


def blocks(games: int, size: int) -> list[tuple[int, int]]:
    """The blocks of game indices, ``(start, stop)``, in game order.

    >>> blocks(10, 4)
    [(0, 4), (4, 8), (8, 10)]
    """
    return [(a, min(games, a + size)) for a in range(0, games, size)]


def play_block(spec: SimSpec, start: int, stop: int, version: str) -> list[tuple[dict, str | None]]:
    """Games ``start`` to ``stop - 1``: each one's figures and, if records are kept, its record
    as text (a Dask task: pure, the same whichever worker runs it)."""
    import mapkit

    if version != mapkit.__version__:
        raise InputError(f"a worker runs mapkit {mapkit.__version__} and this client mapkit {version}: "
                         f"install the same mapkit on every worker")
    out: list[tuple[dict, str | None]] = []
    for index in range(start, stop):
        stats, g = play_indexed(spec, index)
        out.append((stats, game_record(spec, g, index).dumps() if spec.records else None))
    return out


def _hold(spec: SimSpec) -> SimSpec:
    """The spec as a task's result: fetched once per worker, and made again if lost."""
    return spec


def _distributed():
    try:
        import distributed
    except ImportError:
        raise MissingDependency("simulate --scheduler", "dask[distributed]", "cluster") from None
    return distributed


def _connect_timeout() -> float:
    """Dask's connect timeout in seconds (``distributed.comm.timeouts.connect``, 30 s unless set,
    e.g. ``DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT=5s``)."""
    import dask
    from dask.utils import parse_timedelta

    return float(parse_timedelta(dask.config.get("distributed.comm.timeouts.connect"), default="s") or 30)


def _probe(distributed, address: str) -> None:
    """A one-line error, within the connect timeout, if no scheduler answers at ``address``
    (before a Client is made: one that fails to connect takes as long again to close)."""
    import asyncio
    import socket

    from distributed.comm import connect

    host, sep, port = address.removeprefix("tcp://").rpartition(":")
    if address.startswith("tcp://") and sep and port.isdigit():
        # a refused connection fails at once here; Dask's connect tries again until its timeout
        try:
            socket.create_connection((host.strip("[]"), int(port)), timeout=_connect_timeout()).close()
        except (OSError, ValueError) as exc:
            why = getattr(exc, "strerror", None) or str(exc)
            raise InputError(f"--scheduler {address}: no Dask scheduler reached ({why})") from None

    async def knock():
        comm = await connect(address, timeout=_connect_timeout())
        await comm.close()

    try:
        asyncio.run(knock())
    except (OSError, ValueError, TypeError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise InputError(f"--scheduler {address}: no Dask scheduler reached ({reason})") from None


def dask_setup(worker) -> None:
    """Dask's preload hook (``preload=["mapkit.engine.cluster"]``), run in each worker process
    of ``--scheduler local`` as it starts: the worker ignores SIGINT. Ctrl-C on a terminal
    reaches every process of the command; this one answers it, stopping the run and the
    cluster, and each worker that took it too would print a traceback."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextlib.contextmanager
def _sigint_held():
    """SIGINT blocked in this thread within, and so in every thread and process started within
    (they inherit the mask, and keep it): a local cluster's worker processes and the threads
    that start them. A Ctrl-C pressed while they start waits until the block is lifted and
    then reaches this process alone, as a press marked by :class:`_CtrlC`; without the block
    it reached the workers still starting, before :func:`dask_setup` had them ignore it, and
    they printed tracebacks (the command too: "Nanny failed to start")."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "pthread_sigmask"):
        yield
        return
    # multiprocessing's resource tracker, started with the first spawned process, unblocks
    # SIGINT in the thread that starts it (Dask's event loop), lifting the block from every
    # process started after: started now, before the block, it is left alone
    from multiprocessing import resource_tracker

    resource_tracker.ensure_running()
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


@contextlib.contextmanager
def _client(scheduler: str, jobs: int):
    """A Client of the scheduler at ``scheduler``, or of a new LocalCluster of ``jobs`` worker
    processes with one thread each for ``local``; closed (the local cluster stopped) on exit."""
    distributed = _distributed()
    _TEARDOWN.start()
    with _CTRL_C.taken(), contextlib.ExitStack() as stack:
        if scheduler == "local":
            # no dashboard; the scheduler's own HTTP server (Dask starts one whatever the
            # dashboard) on a free port of the loopback, not Dask's 8787: another cluster or
            # notebook holding that port made Dask warn on standard error. The cluster's own
            # logs are silenced but for the critical: a task's error reaches the command as
            # the task's (one line), and a Ctrl-C that stops the scheduler under a worker's
            # heartbeat made the worker print a traceback (errors were printed before)
            with _sigint_held():
                cluster = stack.enter_context(distributed.LocalCluster(
                    n_workers=max(1, jobs), threads_per_worker=1, processes=True, dashboard_address=None,
                    scheduler_kwargs={"dashboard_address": "127.0.0.1:0"}, silence_logs=logging.CRITICAL,
                    preload=[__name__]))
            client = stack.enter_context(distributed.Client(cluster, set_as_default=False))
        else:
            _probe(distributed, scheduler)
            try:
                client = distributed.Client(scheduler, timeout=_connect_timeout(), set_as_default=False)
            except (OSError, ValueError) as exc:
                raise InputError(f"--scheduler {scheduler}: {str(exc).splitlines()[0]}") from None
            stack.enter_context(client)
        try:
            _CTRL_C.check()         # pressed while the cluster started
            yield client
        except BaseException:
            _TEARDOWN.abandon()
            raise


class _Teardown:
    """Dask's logs of a run abandoned (Ctrl-C, or an error already said in one line) while its
    client and cluster close: the scheduler still reporting to the closed client, a worker's
    heartbeat meeting the closed scheduler, ``as_completed`` still fetching a result, each a
    traceback (one run in three to five printed some). From the abandonment until the next run
    starts, Dask's and tornado's loggers are silenced (the loop thread may log after the client
    has closed); while a run goes on nothing is (a lost connection then is news)."""

    # the loggers Dask's configuration gives levels of their own
    LOGGERS = ("distributed", "distributed.client", "distributed.scheduler", "distributed.worker",
               "distributed.nanny", "distributed.core", "tornado", "tornado.application")

    def __init__(self):
        self.levels: dict[str, int] = {}

    def start(self) -> None:
        """A run starts: the loggers as they were before an abandoned run silenced them."""
        for name, level in self.levels.items():
            logging.getLogger(name).setLevel(level)
        self.levels.clear()

    def abandon(self) -> None:
        for name in self.LOGGERS:
            log = logging.getLogger(name)
            self.levels.setdefault(name, log.level)
            log.setLevel(logging.CRITICAL + 1)


_TEARDOWN = _Teardown()


class _CtrlC:
    """Ctrl-C while a client is open, taken where the run looks (:meth:`check`), not wherever
    the main thread happens to be. Python raises KeyboardInterrupt between any two bytecodes:
    raised inside Dask's client code (between taking a lock its event loop thread needs and the
    ``try`` that gives it back, say), it could leave the client's closing waiting for ever (a
    CI run in many was still running a minute after Ctrl-C). So the signal only marks the
    press, and the run raises KeyboardInterrupt at its next look, every 10 ms; a second press
    raises at once (the user insists)."""

    def __init__(self):
        self.pressed = False

    def _on_signal(self, signum, frame) -> None:
        if self.pressed:
            raise KeyboardInterrupt
        self.pressed = True

    @contextlib.contextmanager
    def taken(self):
        """Ctrl-C marked, not raised, within (in the main thread; elsewhere Python delivers no
        signal anyway); the handler before it restored on exit."""
        self.pressed = False        # a press belongs to its run: none left from the one before
        if threading.current_thread() is not threading.main_thread():
            yield
            return
        previous = signal.signal(signal.SIGINT, self._on_signal)
        try:
            yield
        finally:
            signal.signal(signal.SIGINT, previous if previous is not None else signal.default_int_handler)
            self.pressed = False

    def check(self) -> None:
        """KeyboardInterrupt if Ctrl-C was pressed."""
        if self.pressed:
            raise KeyboardInterrupt


_CTRL_C = _CtrlC()


def simulate_on_cluster(spec: SimSpec, games: int, scheduler: str, jobs: int = 1, progress=None,
                        block: int | None = None) -> list:
    """Play ``games`` games on a Dask cluster; their figures in game order, as
    :func:`mapkit.engine.simulate.simulate` gives them. ``scheduler``: a scheduler's address
    (``tcp://HOST:8786``) or ``local`` (a LocalCluster of ``jobs`` processes, stopped after).
    ``progress(done, games)`` is called in this process as blocks end (in any order);
    ``block``: games per task (default :func:`block_size`)."""
    with _client(scheduler, jobs) as client:
        return run_blocks(client, spec, games, progress, block)


@contextlib.contextmanager
def cluster_runner(scheduler: str, jobs: int = 1):
    """``play(spec, games, progress=None)`` -> the games' figures, as :func:`run_blocks` plays
    them on one client of ``scheduler`` (see :func:`simulate_on_cluster`) kept open for every
    simulation played through it (``mapkit balance`` plays many in a row)."""
    with _client(scheduler, jobs) as client:
        yield lambda spec, games, progress=None: run_blocks(client, spec, games, progress)


def run_blocks(client, spec: SimSpec, games: int, progress=None, block: int | None = None) -> list:
    """The games as tasks of ``client``'s cluster; their figures in game order. The records
    (``spec.records``) are written here as the blocks come back. The blocks are handed to the
    scheduler as the ones before come back, a few per worker ahead (:func:`_in_flight`), not
    all at once: a run of a hundred million games asks no more of the scheduler than one of a
    thousand, and Ctrl-C stops it at once."""
    import mapkit

    from ..fileio import atomic_write

    workers = max(1, sum(client.nthreads().values()))
    parts = blocks(games, block or block_size(games, workers))
    held = client.submit(_hold, spec, pure=True)
    waiting = iter(enumerate(parts))
    pending: dict = {}

    def submit(room: int) -> list:
        out = []
        for k, (a, b) in itertools.islice(waiting, max(0, room - len(pending))):
            fut = client.submit(play_block, held, a, b, mapkit.__version__, pure=True)
            pending[fut] = k
            out.append(fut)
        return out

    results: list[list | None] = [None] * len(parts)
    done = 0
    for fut, res in _as_completed(client, submit):
        k = pending.pop(fut)
        results[k] = [st for st, _ in res]
        if spec.records:
            for i, (_, text) in zip(range(*parts[k]), res, strict=True):
                atomic_write(record_path(spec.records, i), text)
        done += len(res)
        if progress:
            progress(done, games)
    return [st for part in results for st in (part or ())]


def _in_flight(workers: int) -> int:
    """How many blocks the scheduler holds at once with ``workers`` worker threads: enough
    that no worker waits for the next while one comes back.

    >>> _in_flight(0), _in_flight(2), _in_flight(100)
    (64, 64, 800)
    """
    return max(64, 8 * workers)


def _as_completed(client, submit, look_every: float = 1.0):
    """``(future, result)`` of the tasks as they end (a task's error raised here), as Dask's
    ``as_completed`` gives them. ``submit(room)`` hands the scheduler more tasks, up to
    ``room`` in flight, and returns their futures (none when all are out); it is asked again
    as tasks end and as workers join. A cluster without a worker does not wait for ever: when
    the scheduler has had no worker for Dask's connect timeout (none ever joined, or every
    one was lost), a one-line error says so."""
    from distributed import as_completed

    limit = _connect_timeout()
    workers = sum(client.nthreads().values())
    ends = as_completed(submit(_in_flight(workers)), with_results=True, loop=client.loop)
    alone_since: float | None = None if workers else time.monotonic()
    next_look = time.monotonic() + look_every
    while not ends.is_empty():
        _CTRL_C.check()
        if ends.has_ready():
            item = next(ends)
            ends.update(submit(_in_flight(workers)))
            yield item
            continue
        now = time.monotonic()
        if now >= next_look:
            next_look = now + look_every
            workers = sum(client.nthreads().values())
            ends.update(submit(_in_flight(workers)))
            alone_since = None if workers else (alone_since if alone_since is not None else now)
        if alone_since is not None and now - alone_since >= limit:
            address = client.scheduler.address
            raise InputError(f"--scheduler {address}: the cluster has had no worker for {limit:g} s "
                             f"(start one: dask worker {address})")
        time.sleep(0.01)
