"""Shared test set-up: paths to the project, the bundled maps and the peers' files."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "maps"
SHARED = ROOT.parent / "shared"
PEERS = SHARED / "peers"

# Deterministic property tests: the same examples on every run, no deadlines on a busy machine.
settings.register_profile("mapkit", derandomize=True, deadline=None, max_examples=60,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "mapkit"))


def run_cli(*args, input=None, cwd=None) -> subprocess.CompletedProcess:
    """Run ``python -m mapkit ARGS`` as a user would; returns the finished process."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-m", "mapkit", *map(str, args)], capture_output=True,
                          text=True, encoding="utf-8", input=input, cwd=cwd or ROOT, env=env)


def assert_one_line_error(r, *needles):
    """A finished CLI run failed as a user should see it: exit 2, one line naming ``needles``."""
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    assert "Traceback" not in r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    for n in needles:
        assert n in lines[0], lines[0]


@pytest.fixture
def cli():
    return run_cli


@pytest.fixture
def example_map_path():
    return MAPS / "example.yaml"
