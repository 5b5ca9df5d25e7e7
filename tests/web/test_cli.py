"""``mapkit serve`` on the command line: one-line errors, exit 2, when it cannot start."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.web.webserver import web_missing


def _serve(*args, block_web=False):
    code = ("import sys\n"
            + ("sys.modules['starlette'] = None\n" if block_web else "")
            + "from mapkit.cli import main\nsys.exit(main(sys.argv[1:]))\n")
    return subprocess.run([sys.executable, "-c", code, "serve", *args], capture_output=True, text=True, timeout=60)


def test_without_the_web_extra(tmp_path):
    r = _serve("--games", str(tmp_path / "g"), block_web=True)
    assert r.returncode == 2
    assert r.stderr.strip() == ("mapkit serve: mapkit serve needs the optional package 'starlette': "
                                "pip install 'mapkit[web]'")


@pytest.mark.skipif(web_missing() is not None, reason=web_missing() or "")
def test_bad_places(tmp_path):
    (tmp_path / "file").write_text("x")
    r = _serve("--games", str(tmp_path / "file"), "--port", "0")
    assert r.returncode == 2 and r.stderr.startswith("mapkit serve: --games") and r.stderr.count("\n") == 1
    r = _serve(str(tmp_path / "nothing.yaml"), "--games", str(tmp_path / "g"), "--port", "0")
    assert r.returncode == 2 and "nothing.yaml: no such map file or folder" in r.stderr
    r = _serve("--games", str(tmp_path / "g"), "--port", "70000")
    assert r.returncode == 2 and "--port 70000" in r.stderr
