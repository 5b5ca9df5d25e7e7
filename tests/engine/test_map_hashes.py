"""A map's hashes (mapkit.engine.export.map_hashes): its canonical text is written once a load,
and the hashes of the same map without its later keys (what older game records carry) are
those of the text that dump_map writes for that map."""

from __future__ import annotations

import dataclasses
import hashlib

import pytest

from mapkit.engine.compiled import load_engine_map
from mapkit.io import yamlwrite
from mapkit.io.yamlmap import load_map
from mapkit.io.yamlwrite import dump_map, with_rules
from mapkit.model import Rules
from tests.support import MAPS


def _sha(text: str) -> str:
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def _without(m, *keys):
    extra = {k: v for k, v in m.rules.extra.items() if k not in keys}
    return dataclasses.replace(m, rules=dataclasses.replace(m.rules, extra=extra))


def test_loading_the_czech_map_writes_its_text_once_and_keeps_its_hashes(monkeypatch):
    calls = []

    def counting(m):
        calls.append(m)
        return dump_map(m)

    monkeypatch.setattr(yamlwrite, "dump_map", counting)
    board = load_engine_map(MAPS / "czechia.yaml")
    monkeypatch.undo()
    assert len(calls) == 1
    m = load_map(MAPS / "czechia.yaml")
    # The Czech map's later keys, latest first: Railroad Tycoon's section, then TransAmerica's
    # city cards (it has no ferry_limit or start_directions): its text, the text without
    # railroad_tycoon, without both.
    assert sorted(m.rules.extra) == ["city_cards", "railroad_tycoon"]
    expected = [_sha(dump_map(m)), _sha(dump_map(_without(m, "railroad_tycoon"))),
                _sha(dump_map(_without(m, "railroad_tycoon", "city_cards")))]
    assert board.hash == expected[0]
    assert board.data["map"]["earlier_hashes"] == expected[1:]


@pytest.mark.parametrize("name", sorted(p.stem for p in MAPS.glob("*.yaml")))
def test_a_text_with_other_rules_is_the_text_dump_map_writes(name):
    m = load_map(MAPS / f"{name}.yaml")
    text = dump_map(m)
    variants = [Rules(), dataclasses.replace(m.rules, extra={}),
                dataclasses.replace(m.rules, extra={**m.rules.extra, "ferry_limit": 2}),
                *(_without(m, k).rules for k in m.rules.extra)]
    for rules in variants:
        assert with_rules(text, rules) == dump_map(dataclasses.replace(m, rules=rules))
        assert with_rules(with_rules(text, rules), m.rules) == text
