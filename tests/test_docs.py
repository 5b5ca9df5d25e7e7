"""The documents a user gets with the repository: they name no document outside it, their
links and anchors resolve, the example map of docs/map-format.md is valid, and its table of
validation codes is the table mapkit has."""

from __future__ import annotations

import json
import re

import pytest

from tests.support import ROOT, run_here

DOCS = ROOT / "docs"
# Where the project's text lives: what a user reads (README, docs/), and what the program says
# (docstrings, help texts, messages, the browser's pages, the schemas).
SCANNED = ("README.md", "pyproject.toml", "docs", "mapkit", "scripts", "benchmarks", "schemas", "maps")
SUFFIXES = {".md", ".py", ".html", ".js", ".css", ".json", ".yaml", ".toml", ".txt"}
# Files that read the peers' maps kept beside the repository, when they are there (the tests
# do too, through tests/support.py; tests/ is not scanned).
READS_PEERS = {"benchmarks/reliability.py"}
OUTSIDE = [
    (re.compile(r"\.\./shared|\bshared/(docs|peers|seeds)\b"), "a path outside the repository"),
    (re.compile(r"shared (documents|docs|digest)", re.I), "the shared documents"),
    (re.compile(r"\brules\.md`?,? (?:sections? )?\d"), "a numbered section of the old rules digest "
                                                            "(name the section of docs/rules.md instead)"),
]


def _project_files():
    for top in SCANNED:
        path = ROOT / top
        if path.is_file():
            yield path
            continue
        for p in sorted(path.rglob("*")):
            if p.is_file() and p.suffix in SUFFIXES and "__pycache__" not in p.parts:
                yield p


def test_no_document_outside_the_repository():
    found = []
    for p in _project_files():
        rel = p.relative_to(ROOT).as_posix()
        if rel in READS_PEERS:
            continue
        for n, line in enumerate(p.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            for pattern, what in OUTSIDE:
                if pattern.search(line):
                    found.append(f"{rel}:{n}: {what}: {line.strip()[:100]}")
    assert not found, "documents a user does not have:\n" + "\n".join(found)


def test_the_scan_sees_a_reference():
    line = "The full contract is `docs/map-format.md` of the shared documents (`../shared/docs/rules.md` section 5)"
    assert [what for pattern, what in OUTSIDE if pattern.search(line)] == [
        "a path outside the repository", "the shared documents", "a numbered section of the old rules digest "
        "(name the section of docs/rules.md instead)"]
    assert not any(p.search("docs/rules.md, TransAmerica; shared networks") for p, _ in OUTSIDE)


def _slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, blanks made hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def _anchors(path) -> set[str]:
    out, fenced = set(), False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and line.startswith("#"):
            out.add(_slug(line.lstrip("#")))
    return out


LINK = re.compile(r"\]\(([^)\s]+)\)")


@pytest.mark.parametrize("doc", ["README.md", *sorted(p.relative_to(ROOT).as_posix() for p in DOCS.glob("*.md"))])
def test_links_resolve(doc):
    path = ROOT / doc
    broken = []
    for target in LINK.findall(path.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target):
            continue                                   # http:, mailto: ...
        file, _, anchor = target.partition("#")
        dest = (path.parent / file).resolve() if file else path
        if not dest.exists():
            broken.append(f"{target}: no file {file}")
        elif anchor and dest.suffix == ".md" and anchor not in _anchors(dest):
            broken.append(f"{target}: no heading #{anchor} in {dest.relative_to(ROOT)}")
    assert not broken, f"{doc}: " + "; ".join(broken)


def test_readme_and_lobby_name_both_documents():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    lobby = (ROOT / "mapkit" / "web" / "static" / "lobby.html").read_text(encoding="utf-8")
    for doc in ("docs/rules.md", "docs/map-format.md"):
        assert (ROOT / doc).is_file()
        assert f"]({doc})" in readme and doc in lobby


def _example_map() -> str:
    text = (DOCS / "map-format.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- example-map -->\n```yaml\n(.*?)\n```", text, re.S)
    assert block, "docs/map-format.md has no example map block"
    return block.group(1) + "\n"


def test_example_map_is_valid(tmp_path):
    """Valid, with the one warning the page gives: a board too small for its preset's races.
    Its six cities carry six numbers each; 12 of their 15 pairs are under 6 steps apart, so of
    the 36 x 35 races between two numbers 6 x 30 (within a city) + 12 x 2 x 36 = 1044 are short:
    83 %."""
    path = tmp_path / "tiny.yaml"
    path.write_text(_example_map(), encoding="utf-8")
    r = run_here("validate", path, "--format", "json")
    assert r.returncode == 0, r.stdout + r.stderr
    out = json.loads(r.stdout)
    assert out["errors"] == [] and [w["code"] for w in out["warnings"]] == ["W215"]
    assert "83% of the races drawn" in out["warnings"][0]["message"]


def test_example_map_uses_every_key():
    from mapkit.io.yamlmap import TOP_LEVEL_KEYS, map_schema

    text = _example_map()
    schema = map_schema(sections=False)["properties"]
    keys = set(TOP_LEVEL_KEYS)
    keys |= {f"grid.{k}" for k in schema["grid"]["properties"]}
    keys |= {f"rules.{k}" for k in schema["rules"]["properties"]}
    keys |= {f"cities.{k}" for k in schema["cities"]["items"]["properties"]}
    keys |= {f"regions.{k}" for k in schema["regions"]["items"]["properties"]}
    keys |= {f"ferries.{k}" for k in schema["ferries"]["items"]["properties"]}
    missing = [k for k in sorted(keys) if not re.search(rf"\b{k.rpartition('.')[2]}:", text)]
    assert not missing, f"keys the example leaves out: {missing}"


def test_codes_table_is_mapkits():
    """Every code mapkit's sources define (the core's table and each game family's, read from
    the source files: other tests register made-up families' codes in this process) is in the
    table of docs/map-format.md with its kind, and the table has no other code."""
    defined = {}
    for p in sorted((ROOT / "mapkit").rglob("*.py")):
        for code, severity in re.findall(r'"([EW]\d{3})": \("(error|warning)"', p.read_text(encoding="utf-8")):
            defined[code] = severity
    defined["E001"] = "error"                          # READING_ERROR, named by a constant
    text = (DOCS / "map-format.md").read_text(encoding="utf-8")
    table = dict(re.findall(r"^\| ([EW]\d{3}) \| (error|warning) \|", text, re.M))
    assert table == defined
