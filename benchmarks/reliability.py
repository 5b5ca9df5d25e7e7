"""Reliability: time and peak memory of mapkit on the largest map the format allows and on
hostile inputs, against baselines measured in the same run.

Every case runs ``python -m mapkit ...`` in a fresh process and reads that process's own
resource use from the kernel (``wait4``: CPU seconds and peak resident memory), with the exit
code and the first line of its errors. Baselines: ``python -c pass`` (the interpreter alone)
and ``mapkit validate maps/czechia.yaml`` (a real map); each figure is printed with its ratio
to them. A case that runs past ``--timeout`` is killed and reported as such.

Then, in this process: the memory taken by 30 reads of the German map and 30 validations of
France (the peers' map when ``../shared/peers`` is there, else the bundled France-Benelux):
what a long-lived process (a server) keeps per read.

    python benchmarks/reliability.py                  # everything (the 1000 x 1000 cases take minutes)
    python benchmarks/reliability.py --quick          # hostile inputs only
    python benchmarks/reliability.py --only largest-validate,yaml-alias-bomb
"""

from __future__ import annotations

import argparse
import gc
import io
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

GRID = "grid: {orientation: pointy, offset: odd, columns: 3, rows: 3}\n"
PEERS = ROOT.parent / "shared" / "peers"


# -- running one case --------------------------------------------------------------------------

# The peak memory of a process is its VmHWM, read by the process itself as it exits (and
# polled from outside, for a process killed at the timeout). The kernel's ru_maxrss would not
# do: it carries over the size of the parent that forked the process, here the benchmark.
LAUNCHER = """
import atexit, os, runpy, sys
def peak():
    with open('/proc/self/status') as fh:
        kb = [ln.split()[1] for ln in fh if ln.startswith('VmHWM:')][0]
    with open(os.environ['MAPKIT_BENCH_PEAK'], 'w') as out:
        out.write(kb)
atexit.register(peak)
if len(sys.argv) > 1:
    sys.argv = ['mapkit'] + sys.argv[1:]
    runpy.run_module('mapkit', run_name='__main__', alter_sys=True)
"""


def _hwm_kb(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status") as fh:
            return int([ln.split()[1] for ln in fh if ln.startswith("VmHWM:")][0])
    except (OSError, IndexError, ValueError):
        return 0


def run_case(args, timeout: float, cwd: Path) -> dict:
    """Run ``mapkit ARGS`` (the bare interpreter for no ARGS) in a fresh process: exit code,
    wall and CPU seconds, peak memory, the first line of its errors."""
    peak_file = cwd / ".peak"
    peak_file.unlink(missing_ok=True)
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8", MAPKIT_BENCH_PEAK=str(peak_file))
    with tempfile.TemporaryFile() as err:
        return _watch(args, timeout, cwd, env, peak_file, err)


def _watch(args, timeout: float, cwd: Path, env: dict, peak_file: Path, err) -> dict:
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", LAUNCHER, *map(str, args)], stdout=subprocess.DEVNULL,
                            stderr=err, cwd=cwd, env=env)
    polled = [0]

    def poll():
        while proc.returncode is None:
            polled[0] = max(polled[0], _hwm_kb(proc.pid))
            time.sleep(0.05)

    watcher = threading.Thread(target=poll, daemon=True)
    watcher.start()
    try:
        proc.wait(timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    wall = time.perf_counter() - t0
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = usage.ru_utime + usage.ru_stime - _watch.children_cpu
    _watch.children_cpu += cpu
    peak_kb = int(peak_file.read_text()) if peak_file.is_file() and peak_file.read_text() else polled[0]
    err.seek(0)
    lines = err.read().decode("utf-8", "replace").strip().splitlines()
    tb = any("Traceback" in ln for ln in lines)
    return {"rc": proc.returncode, "wall": wall, "cpu": cpu, "peak_mb": peak_kb / 1024,
            "timeout": wall >= timeout, "lines": len(lines), "traceback": tb,
            "first": lines[-1] if tb else (lines[0] if lines else "")}


_watch.children_cpu = 0.0


# -- hostile inputs ----------------------------------------------------------------------------

def _write(path: Path, text) -> Path:
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return path


def _npy(a) -> bytes:
    import numpy as np

    b = io.BytesIO()
    np.save(b, a)
    return b.getvalue()


def _dmpfmap(path: Path, rivers=(), meta_text=None) -> Path:
    import numpy as np

    rows, cols = 20, 20
    cells = np.ones((rows, cols), bool)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("meta.json", meta_text or json.dumps({"rows": rows, "cols": cols, "region_name": "Hostile"}))
        z.writestr("cities.json", json.dumps([{"row": 1, "col": 1, "name": "A", "number": 11}]))
        z.writestr("arrays/cells.npy", _npy(cells))
        z.writestr("arrays/other_land.npy", _npy(~cells))
        z.writestr("arrays/is_mountainous.npy", _npy(~cells))
        for i, r in enumerate(rivers):
            z.writestr(f"rivers/{i}.npy", _npy(np.asarray(r, float)))
    return path


def _tmx(width: int, height: int, extra: str = "", tileset: str = "") -> str:
    row = ",".join(["1"] * width)
    data = ",\n".join([row] * height)
    tileset = tileset or '<tileset firstgid="1" name="t"><tile id="0"><properties>' \
                         '<property name="terrain" value="plain"/></properties></tile></tileset>'
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" orientation="hexagonal" '
            f'width="{width}" height="{height}" tilewidth="56" tileheight="64" hexsidelength="32" '
            f'staggeraxis="y" staggerindex="odd">{extra}{tileset}<layer id="1" name="terrain" '
            f'width="{width}" height="{height}"><data encoding="csv">\n{data}\n</data></layer></map>\n')


def hostile_cases(tmp: Path) -> list[tuple[str, list]]:
    m: list = []
    surrogate = _write(tmp / "surrogate.yaml", GRID + 'cities:\n  - {name: "\\ud800", hex: A1, numbers: [11]}\n'
                                                     '  - {name: B, hex: C3, numbers: [12]}\n')
    fifo = tmp / "pipe.yaml"
    os.mkfifo(fifo)
    laughs = "".join(f"{chr(98 + i)}: &{chr(98 + i)} [" + ",".join([f"*{chr(97 + i)}"] * 10) + "]\n"
                     for i in range(8))
    entity = ('<?xml version="1.0"?>\n<!DOCTYPE map [<!ENTITY a "' + "x" * 1000 + '">'
              + "".join(f'<!ENTITY {chr(98 + i)} "' + f"&{chr(97 + i)};" * 10 + '">' for i in range(6))
              + ']>\n' + _tmx(3, 3, extra='<properties><property name="name" value="&g;"/></properties>')
              .split("\n", 1)[1])
    cases = [
        ("yaml-flat-2mb", m + ["validate", _write(tmp / "flat.yaml", GRID + "cities: [" + "1," * 1_000_000 + "1]\n")]),
        ("yaml-3m-values", m + ["validate", _write(tmp / "3m.yaml", GRID + "a: [" + "1," * 3_000_000 + "1]\n")]),
        ("yaml-alias-bomb", m + ["validate", _write(tmp / "bomb.yaml",
                                                    'a: &a [' + ",".join(['"x"'] * 10) + ']\n' + laughs + GRID)]),
        ("yaml-deep", m + ["validate", _write(tmp / "deep.yaml", "a: " + "[" * 100_000 + "]" * 100_000 + "\n")]),
        ("yaml-huge-int", m + ["validate", _write(tmp / "int.yaml", GRID + "version: " + "9" * 5000 + "\n")]),
        ("yaml-huge-string", m + ["validate", _write(tmp / "str.yaml",
                                                     GRID + "description: " + "x" * 60_000_000 + "\n")]),
        ("surrogate-validate", m + ["validate", surrogate]),
        ("surrogate-distances", m + ["distances", surrogate]),
        ("surrogate-races", m + ["races", surrogate]),
        ("surrogate-export", m + ["export", surrogate, "-o", tmp / "out.json"]),
        ("dev-zero", m + ["validate", "/dev/zero"]),
        ("named-pipe", m + ["validate", fifo]),
        ("tiled-utf16-entity", m + ["import", _write(tmp / "entity.tmx", entity.encode("utf-16-le")),
                                    "-o", tmp / "e.yaml"]),
        ("tiled-2000x2000", m + ["import", _write(tmp / "big.tmx", _tmx(2000, 2000)), "-o", tmp / "b.yaml"]),
        ("tiled-etc-passwd", m + ["import", _write(tmp / "abs.tmx", _tmx(3, 3, tileset='<tileset firstgid="1" '
                                                                          'source="/etc/passwd"/>')),
                                  "-o", tmp / "a.yaml"]),
        ("dmpf-river-1e6", m + ["import", _dmpfmap(tmp / "far.dmpfmap", [[[1, 1.5], [1e6, 1.5]]]),
                                "-o", tmp / "f.yaml"]),
        ("dmpf-river-1e300", m + ["import", _dmpfmap(tmp / "far300.dmpfmap", [[[1, 1.5], [1e300, 1.5]]]),
                                  "-o", tmp / "g.yaml"]),
        ("dmpf-river-200k", m + ["import", _dmpfmap(tmp / "long.dmpfmap", [[[random.Random(i).uniform(0, 30),
                                                                            random.Random(-i).uniform(0, 30)]
                                                                           for i in range(200_000)]]),
                                 "-o", tmp / "h.yaml"]),
        ("dmpf-huge-int", m + ["import", _dmpfmap(tmp / "int.dmpfmap", meta_text='{"rows": ' + "9" * 5000 + "}"),
                               "-o", tmp / "i.yaml"]),
    ]
    return cases


# -- the largest map ---------------------------------------------------------------------------

def largest_cases(tmp: Path) -> list[tuple[str, list]]:
    import importlib.util

    from mapkit.io.yamlwrite import save_map

    spec = importlib.util.spec_from_file_location("bench_distances", ROOT / "benchmarks" / "distances.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    random_board = bench.random_board

    path = tmp / "largest.yaml"
    save_map(random_board(1000, 1000, 36, seed=1), path)
    m: list = []
    return [
        ("largest-validate", m + ["validate", path]),
        ("largest-distances", m + ["distances", path, "--format", "json", "-o", tmp / "d.json"]),
        ("largest-render-fit", m + ["render", path, "--paper", "fit", "-o", tmp / "board.pdf"]),
        ("largest-export", m + ["export", path, "-o", tmp / "game.json"]),
        ("largest-export-tmx", m + ["export-tmx", path, "-o", tmp / "largest.tmx"]),
        ("largest-import-tmx", m + ["import", tmp / "largest.tmx", "-o", tmp / "back.yaml"]),
        ("largest-format", m + ["format", path, "-o", tmp / "canonical.yaml"]),
    ]


# -- leaks -------------------------------------------------------------------------------------

def _rss_mb() -> float:
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def leak_figures(tmp: Path) -> list[str]:
    from mapkit.io import yamlmap

    check = getattr(yamlmap, "check_map", None)
    if check is None:  # before the one loader
        from mapkit.validate import check_file as check
    germany = ROOT / "maps" / "germany.yaml"
    france = ROOT / "maps" / "france-benelux.yaml"
    if (PEERS / "dampfrossdigital" / "France.dmpfmap").is_file():
        from mapkit.io.dmpfmap import read_dmpfmap
        from mapkit.io.yamlwrite import save_map

        france = tmp / "France.yaml"
        save_map(read_dmpfmap(PEERS / "dampfrossdigital" / "France.dmpfmap")[0], france)
    out = []
    for label, fn, path in (("read", yamlmap.read_map, germany), ("validate", check, france)):
        fn(path)
        gc.collect()
        before = _rss_mb()
        t0 = time.perf_counter()
        for _ in range(30):
            fn(path)
        dt = time.perf_counter() - t0
        gc.collect()
        after = _rss_mb()
        out.append(f"30 x {label} {path.name}: {dt / 30 * 1000:7.1f} ms each; resident memory "
                   f"{before:6.1f} -> {after:6.1f} MB ({after - before:+.1f} MB)")
    return out


# -- main --------------------------------------------------------------------------------------

def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="hostile inputs only (not the 1000 x 1000 map)")
    ap.add_argument("--only", default="", help="comma-separated case names")
    ap.add_argument("--timeout", type=float, default=300.0, help="seconds before a case is killed (300)")
    args = ap.parse_args(argv)
    only = {x for x in args.only.split(",") if x}
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        base = run_case([], 60, tmp)
        real = run_case(["validate", ROOT / "maps" / "czechia.yaml"], 60, tmp)
        print(f"baseline python alone: {base['cpu']:.3f} s CPU, {base['peak_mb']:.0f} MB peak")
        print(f"baseline mapkit validate czechia: {real['cpu']:.3f} s CPU, {real['peak_mb']:.0f} MB peak")
        cases = hostile_cases(tmp) + ([] if args.quick else largest_cases(tmp))
        print(f"{'case':22s} {'exit':>4s} {'wall s':>7s} {'CPU s':>7s} {'x czechia':>9s} {'peak MB':>8s} "
              f"{'x bare':>6s}  first line of errors")
        for name, argv_ in cases:
            if only and name not in only:
                continue
            r = run_case(argv_, args.timeout, tmp)
            rc = "KILL" if r["timeout"] else str(r["rc"])
            note = ("TRACEBACK " if r["traceback"] else "") + r["first"][:110]
            print(f"{name:22s} {rc:>4s} {r['wall']:7.2f} {r['cpu']:7.2f} {r['cpu'] / real['cpu']:9.1f} "
                  f"{r['peak_mb']:8.0f} {r['peak_mb'] / base['peak_mb']:6.1f}  {note}", flush=True)
        if not only:
            for line in leak_figures(tmp):
                print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
