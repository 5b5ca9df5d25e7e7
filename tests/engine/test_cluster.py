"""`mapkit simulate --scheduler`: games as tasks on a Dask cluster give the report of the local
process pool byte for byte; a worker lost mid-run costs no game; a bad scheduler address or a
missing Dask is a one-line error.

One local cluster of two worker processes serves the module (a cluster takes seconds to start):
the reports are made on it first, then one of its workers is killed. ``--scheduler local`` is
run while Dask's usual port is held, as another cluster would hold it."""

from __future__ import annotations

import contextlib
import functools
import os
import signal
import socket
import subprocess
import sys
import time
from importlib.util import find_spec

import pytest

from mapkit.engine import load_engine_map
from mapkit.engine.simulate import SimSpec, play_one, record_path, summarize
from tests.support import MAPS, run_cli, run_here

EXAMPLE = MAPS / "example.yaml"
needs_dask = pytest.mark.skipif(find_spec("distributed") is None,
                                reason="dask[distributed] is not installed (pip install 'mapkit[cluster]')")


@pytest.fixture(scope="module")
def cluster():
    """The module's running cluster (two worker processes of one thread each), started when
    first asked for (a test's runs without it are made before it runs beside them in this
    process); the web server of its scheduler on a free port, as ``--scheduler local`` has it."""
    from distributed import LocalCluster

    with contextlib.ExitStack() as stack:
        yield functools.cache(lambda: stack.enter_context(LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
            scheduler_kwargs={"dashboard_address": "127.0.0.1:0"})))


@contextlib.contextmanager
def _taken(port: int):
    """``port`` of the loopback held while the block runs (unless another process holds it)."""
    with socket.socket() as s:
        with contextlib.suppress(OSError):
            s.bind(("127.0.0.1", port))
            s.listen()
        yield


@needs_dask
@pytest.mark.slow     # a local cluster's worker processes start in a few seconds
def test_a_cluster_gives_the_same_report(cluster):
    args = ["simulate", EXAMPLE, "--rules", "paluba", "--players", "3", "--games", "6", "--seed", "4",
            "--bots", "greedy,random,greedy"]
    with _taken(8787):          # Dask's usual port, held by another cluster or a notebook
        runs = {name: (run_cli if name == "local" else run_here)(*args, *extra) for name, extra in {
            "jobs 1": ["--jobs", "1"], "jobs 2": ["--jobs", "2"],
            "local": ["--scheduler", "local", "--jobs", "2"],           # as a user runs it: silent
            "jobs 1 json": ["--jobs", "1", "--format", "json"],
            "rotate jobs 1": ["--jobs", "1", "--start-cities", "rotate", "--format", "json"]}.items()}
    # a running cluster, by its scheduler's address, from another process (and from this one,
    # with the start cities dealt: the deal is the game's, wherever it is played)
    address = cluster().scheduler_address
    runs["address json"] = run_cli(*args, "--scheduler", address, "--format", "json")
    runs["rotate address"] = run_here(*args, "--scheduler", address, "--start-cities", "rotate", "--format", "json")
    for name, r in runs.items():
        assert r.returncode == 0 and r.stderr == "", (name, r.stderr)
    assert runs["local"].stdout == runs["jobs 1"].stdout == runs["jobs 2"].stdout
    assert "6 games" in runs["local"].stdout
    assert runs["address json"].stdout == runs["jobs 1 json"].stdout
    assert runs["rotate address"].stdout == runs["rotate jobs 1"].stdout
    assert '"mode": "rotate"' in runs["rotate address"].stdout and '"verdicts"' in runs["rotate address"].stdout


@needs_dask
@pytest.mark.slow     # a cluster of two worker processes, one of them killed
def test_a_lost_worker_costs_no_game(cluster, tmp_path):
    from distributed import Client

    from mapkit.engine.cluster import run_blocks

    board = load_engine_map(EXAMPLE)
    games = 8
    spec = SimSpec(board.to_json(), "paluba", {}, ("greedy", "greedy"), seed=3, records=str(tmp_path))
    killed = []

    running = cluster()
    with Client(running, set_as_default=False) as client:
        client.wait_for_workers(2)
        pids = client.run(os.getpid)
        since = time.time()

        def kill_one(done, total):
            if not killed:                       # the first block is back, the others in flight
                killed.append(next(iter(pids.values())))
                os.kill(killed[0], signal.SIGKILL)

        stats = run_blocks(client, spec, games, progress=kill_one, block=1)
        assert killed and killed[0] not in client.run(os.getpid).values()   # the worker was lost
        # ... with games in hand, which the scheduler gave to a worker again
        assert any(t.start == "processing" and t.finish == "released" and t.timestamp >= since
                   for t in running.scheduler.transition_log)
    local = SimSpec(board.to_json(), "paluba", {}, ("greedy", "greedy"), seed=3)
    expected = [play_one(local, i) for i in range(games)]
    assert [s["index"] for s in stats] == list(range(games))
    assert summarize(spec, stats) == summarize(spec, expected)
    assert sorted(tmp_path.iterdir()) == [record_path(tmp_path, i) for i in range(games)]   # no leftovers


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@needs_dask
@pytest.mark.parametrize("address", ["tcp://127.0.0.1:PORT", "nonsense", "udp://127.0.0.1:8786"])
def test_bad_scheduler_address(address, monkeypatch):
    address = address.replace("PORT", str(_closed_port()))     # a port nobody listens on
    # a new process reads Dask's connect timeout from the environment; an address that is not
    # one is refused before any connection, here as in a process of its own
    monkeypatch.setenv("DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT", "0.5s")
    t0 = time.monotonic()
    run = run_cli if address.startswith("tcp") else run_here
    r = run("simulate", EXAMPLE, "--games", "2", "--players", "2", "--scheduler", address)
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert r.stderr.startswith(f"mapkit simulate: --scheduler {address}: ") and r.stderr.count("\n") == 1
    assert "Traceback" not in r.stderr
    assert time.monotonic() - t0 < 20


@needs_dask
def test_a_refused_scheduler_address_fails_at_once(monkeypatch):
    # Dask's own connect tries a refused address again until its timeout (30 s by default)
    monkeypatch.delenv("DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT", raising=False)
    address = f"tcp://127.0.0.1:{_closed_port()}"
    t0 = time.monotonic()
    r = run_cli("simulate", EXAMPLE, "--games", "2", "--players", "2", "--scheduler", address)
    assert r.returncode == 2
    assert r.stderr == f"mapkit simulate: --scheduler {address}: no Dask scheduler reached (Connection refused)\n"
    assert time.monotonic() - t0 < 15       # not the 30 s of Dask's timeout


def test_missing_dask_names_the_extra(monkeypatch):
    monkeypatch.setitem(__import__("sys").modules, "distributed", None)     # import distributed fails
    r = run_here("simulate", EXAMPLE, "--games", "2", "--players", "2", "--scheduler", "local")
    assert r.returncode == 2
    assert "pip install 'mapkit[cluster]'" in r.stderr and r.stderr.count("\n") == 1


@needs_dask
@pytest.mark.slow     # a scheduler of its own, in this process, with no worker
def test_a_cluster_without_a_worker_is_an_error_not_a_wait():
    import dask
    from distributed import Client, LocalCluster

    from mapkit.engine.cluster import run_blocks
    from mapkit.errors import InputError

    spec = SimSpec(load_engine_map(EXAMPLE).to_json(), "paluba", {}, ("greedy", "greedy"), seed=1)
    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}), \
            LocalCluster(n_workers=0, processes=False, dashboard_address=None,
                         scheduler_kwargs={"dashboard_address": "127.0.0.1:0"}) as empty, \
            Client(empty, set_as_default=False) as client:
        t0 = time.monotonic()
        with pytest.raises(InputError, match=r"the cluster has had no worker for 1 s \(start one: dask worker \S+\)$"):
            run_blocks(client, spec, 2)
        assert time.monotonic() - t0 < 10      # before: it waited for a worker for ever


def test_the_blocks_go_out_a_few_ahead_not_all_at_once(monkeypatch):
    # a run of many blocks hands the scheduler at most _in_flight of them at a time (before:
    # every block at once, 3 million futures for 10^8 games, which Ctrl-C could not stop), and
    # its figures are those of the games played one by one
    pytest.importorskip("distributed")
    from distributed import Client, LocalCluster

    from mapkit.engine import cluster as cl

    monkeypatch.setattr(cl, "_in_flight", lambda workers: 3)
    spec = SimSpec(load_engine_map(EXAMPLE).to_json(), "paluba", {"races": 2}, ("greedy", "greedy"), seed=5)
    most = []
    with LocalCluster(n_workers=1, processes=False, dashboard_address=None,
                      scheduler_kwargs={"dashboard_address": "127.0.0.1:0"}) as local, \
            Client(local, set_as_default=False) as client:
        real = client.submit
        out: list = []

        def submit(fn, *args, **kw):
            if fn is cl.play_block:
                out.append(args[1])
                most.append(len(out) - len(back))
            return real(fn, *args, **kw)

        back: list = []
        monkeypatch.setattr(client, "submit", submit)
        stats = cl.run_blocks(client, spec, 8, progress=lambda done, total: back.append(done), block=1)
    assert sorted(out) == list(range(8)) and max(most) <= 3
    assert summarize(spec, stats) == summarize(spec, [play_one(spec, i) for i in range(8)])


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    # "pid (name) state ppid ...": the name may hold spaces, the rest not
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                        out.append(int(entry))
            except (OSError, IndexError, ValueError):
                continue        # gone meanwhile
    return out


def _ignores_ctrl_c(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/status") as f:
            ignored = next(line for line in f if line.startswith("SigIgn:"))
    except (OSError, StopIteration):
        return False
    return bool(int(ignored.split()[1], 16) & (1 << (signal.SIGINT - 1)))


def _workers_ready(pid: int, within: float = 90.0) -> None:
    """Wait until the command's worker processes (two at least) have started and ignore SIGINT,
    as they do once they play (the pool's initializer, the cluster's preload), then a second
    more (a press while they start has a test of its own)."""
    end = time.monotonic() + within
    while time.monotonic() < end:
        kids = _children(pid)
        if len(kids) >= 2 and all(_ignores_ctrl_c(k) for k in kids):
            time.sleep(1)
            return
        time.sleep(0.2)
    raise AssertionError(f"the workers of process {pid} were not ready in {within:.0f} s")


def _workers_starting(pid: int, within: float = 90.0) -> None:
    """Wait until a worker process of the command has started and does not ignore SIGINT yet
    (a local cluster's worker, still importing Dask before its preload runs)."""
    end = time.monotonic() + within
    while time.monotonic() < end:
        for k in _children(pid):
            try:
                with open(f"/proc/{k}/cmdline", "rb") as f:
                    spawned = b"spawn_main" in f.read()
            except OSError:
                continue
            if spawned and not _ignores_ctrl_c(k):
                return
        time.sleep(0.01)
    raise AssertionError(f"no worker of process {pid} started in {within:.0f} s")


def _interrupted(*extra, when=_workers_ready) -> tuple[int, str]:
    """``mapkit simulate`` of endless games, Ctrl-C'd as a terminal does it (SIGINT to every
    process of its group) once ``when`` returns (by default, once its workers play): its exit
    code and standard error."""
    env = dict(os.environ, PYTHONPATH=str(MAPS.parent), PYTHONIOENCODING="utf-8")
    p = subprocess.Popen([sys.executable, "-m", "mapkit", "simulate", str(EXAMPLE), "--games", "100000000",
                          "--players", "2", *extra], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                         env=env, start_new_session=True,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        when(p.pid)
    except AssertionError:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        raise
    os.killpg(p.pid, signal.SIGINT)
    try:
        _, err = p.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        raise AssertionError("still running a minute after Ctrl-C") from None
    return p.returncode, err


@pytest.mark.slow     # processes started and interrupted
@pytest.mark.parametrize("how", [["--jobs", "2"], pytest.param(["--scheduler", "local", "--jobs", "2"],
                                                               marks=needs_dask)])
def test_ctrl_c_stops_the_run_in_one_line(how):
    # before: each pool worker printed a KeyboardInterrupt traceback; a local cluster's worker
    # processes printed theirs and the command went on handing out blocks
    code, err = _interrupted(*how)
    assert code == 130 and err == "mapkit: interrupted\n", err


@pytest.mark.slow     # processes started and interrupted
@needs_dask
def test_ctrl_c_while_a_local_cluster_starts_stops_the_run_in_one_line():
    # before: a worker process still importing Dask took the press and printed a traceback,
    # and the command failed with "Nanny failed to start" (exit 1) and its own traceback
    code, err = _interrupted("--scheduler", "local", "--jobs", "2", when=_workers_starting)
    assert code == 130 and err == "mapkit: interrupted\n", err


def test_ctrl_c_during_a_run_is_raised_where_the_run_looks():
    # a KeyboardInterrupt raised inside Dask's client code could leave its closing waiting for
    # ever (a CI run was still going a minute after Ctrl-C): while a client is open the signal
    # marks the press and the run raises at its next look; a second press raises at once
    import threading

    from mapkit.engine.cluster import _CTRL_C

    if threading.current_thread() is not threading.main_thread():
        pytest.skip("signals reach the main thread only")
    before = signal.getsignal(signal.SIGINT)
    with _CTRL_C.taken():
        _CTRL_C.check()                             # nothing pressed: nothing raised
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.05)                            # the handler has run: marked, not raised
        with pytest.raises(KeyboardInterrupt):
            _CTRL_C.check()
        with pytest.raises(KeyboardInterrupt):
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.05)
    assert signal.getsignal(signal.SIGINT) is before
    _CTRL_C.check()                                 # the presses ended with their run
