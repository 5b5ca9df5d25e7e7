"""Test set-up: deterministic property tests and the shared fixtures (helpers: tests/support.py)."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

from tests.support import MAPS, run_cli

# Deterministic property tests: the same examples on every run, no deadlines on a busy machine.
settings.register_profile("mapkit", derandomize=True, deadline=None, max_examples=60,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "mapkit"))


@pytest.fixture
def cli():
    return run_cli


@pytest.fixture
def example_map_path():
    return MAPS / "example.yaml"
