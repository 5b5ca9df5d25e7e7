"""The report of ``mapkit simulate`` (:func:`mapkit.engine.simulate.summarize`, read as its JSON
data) as one self-contained HTML page: ``mapkit simulate --html FILE``.

The page opens with the verdicts and the balance metrics, then charts the win rates by playing
position, seat and start city (each with its 95 % interval and the fair share as a dashed line;
a level found off in red), and lists every figure of the report in tables, formatted alike.
It reads the report's JSON only, so it draws any family's report, and one read back from a file.

>>> rep = {"map": "Aš", "games": 2, "preset": "paluba", "options": {}, "players": 2, "bots": ["greedy"] * 2,
...        "seed": 0, "unfinished": 0, "seats": [], "by_bot": [], "by_position": [], "length": {"mean_actions": 3.5}}
>>> page = render_html(rep)
>>> page.startswith("<!DOCTYPE html>") and "mean_actions" in page and "Aš" in page
True
"""

from __future__ import annotations

from html import escape

from .report import PAGE_STYLE, html_table
from .svgfmt import fmt

__all__ = ["render_html", "rates_svg"]

# The report's keys this page shows in its own sections; every other key is listed under
# "Other figures" as it is.
SHOWN = {"map", "map_hash", "preset", "options", "players", "bots", "games", "seed", "unfinished", "seats",
         "by_bot", "by_position", "start_cities", "start_deal", "fairness", "metrics"}
FACTORS = {"seat": "Seats", "position": "Playing positions", "start_city": "Start cities"}
METRICS = [
    ("balance_seats", "Balance by seat", "1 minus the largest difference between two seats' win rates"),
    ("balance_positions", "Balance by playing position",
     "1 minus the largest difference between two playing positions' win rates"),
    ("advantage", "Advantage", "the share of games the player who starts won"),
    ("completion", "Completion", "the share of games that ended by the rules with a winner (no draw, no limit)"),
]


def _pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def _interval(ci, as_pct: bool = True) -> str:
    lo, hi = ci
    return f"{_pct(lo)} – {_pct(hi)}" if as_pct else f"{lo:.3f} – {hi:.3f}"


def rates_svg(rows: list[tuple[str, float, float, float, bool]], share: float | None, width: float = 560) -> str:
    """Horizontal bars of win rates, ``(label, rate, low, high, off)`` each, with the 95 %
    interval as a whisker and ``share`` as a dashed line; a bar found off is red."""
    if not rows:
        return ""
    left, right, bar, gap, top = 150.0, 28.0, 14.0, 6.0, 8.0
    height = top + len(rows) * (bar + gap) + 26
    scale = width - left - right
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{fmt(width)}" height="{fmt(height)}" '
           f'viewBox="0 0 {fmt(width)} {fmt(height)}" role="img" aria-label="win rates" '
           f'font-family="DejaVu Sans, sans-serif" font-size="11">']
    for i, (label, rate, lo, hi, off) in enumerate(rows):
        y = top + i * (bar + gap)
        colour = "#c0392b" if off else "#5d7fa3"
        out.append(f'<text x="{fmt(left - 6)}" y="{fmt(y + bar - 3)}" text-anchor="end">{escape(label)}</text>')
        out.append(f'<rect x="{fmt(left)}" y="{fmt(y)}" width="{fmt(max(rate * scale, 0.5))}" height="{fmt(bar)}" '
                   f'fill="{colour}"><title>{escape(label)}: {_pct(rate)} [{_interval((lo, hi))}]</title></rect>')
        mid = y + bar / 2
        out.append(f'<line x1="{fmt(left + lo * scale)}" y1="{fmt(mid)}" x2="{fmt(left + hi * scale)}" '
                   f'y2="{fmt(mid)}" stroke="#222"/>')
        for x in (lo, hi):
            out.append(f'<line x1="{fmt(left + x * scale)}" y1="{fmt(mid - 4)}" x2="{fmt(left + x * scale)}" '
                       f'y2="{fmt(mid + 4)}" stroke="#222"/>')
    base = top + len(rows) * (bar + gap)
    for k in range(0, 11, 2):
        x = left + k / 10 * scale
        out.append(f'<text x="{fmt(x)}" y="{fmt(base + 14)}" text-anchor="middle">{k * 10} %</text>')
    if share is not None:
        x = left + share * scale
        out.append(f'<line x1="{fmt(x)}" y1="{fmt(top - 4)}" x2="{fmt(x)}" y2="{fmt(base)}" stroke="#222" '
                   f'stroke-dasharray="4 3"><title>fair share {_pct(share)}</title></line>')
    out.append("</svg>")
    return "\n".join(out)


def _cell(key: str, value) -> str:
    if key == "ci95" and isinstance(value, list):
        return _interval(value)
    if key == "win_rate" and isinstance(value, float):
        return _pct(value)
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k} {v}" for k, v in value.items())
    return "–" if value is None else str(value)


def _records(entries: list[dict], text_columns: int = 1) -> str:
    """A list of like dicts as a table, one column per key."""
    if not entries:
        return ""
    keys = list(entries[0])
    for e in entries[1:]:
        keys += [k for k in e if k not in keys]
    return html_table(keys, [[_cell(k, e.get(k)) for k in keys] for e in entries], numeric_from=text_columns)


def _levels(verdict: dict | None) -> dict:
    return {lv["key"]: lv for lv in (verdict or {}).get("levels", [])}


def _chart(entries: list[dict], key: str, label, verdict: dict | None) -> str:
    levels = _levels(verdict)
    rows = [(label(e), float(e["win_rate"]), float(e["ci95"][0]), float(e["ci95"][1]),
             bool(levels.get(e[key], {}).get("off"))) for e in entries]
    return rates_svg(rows, (verdict or {}).get("fair_share"))


def _with_tests(entries: list[dict], key: str, verdict: dict | None) -> list[dict]:
    """The entries with their test's p-values (the verdict's levels), where judged."""
    levels = _levels(verdict)
    if not levels:
        return entries
    return [{**e, "p": levels.get(e[key], {}).get("p"), "p (Holm)": levels.get(e[key], {}).get("p_holm")}
            for e in entries]


def _verdicts(rep: dict) -> str:
    f = rep.get("fairness")
    if not f:
        return ""
    rows = [[FACTORS.get(v["factor"], v["factor"]), v["text"] + "".join(f" ({n})" for n in v.get("notes", [])),
             "–" if v["fair_share"] is None else _pct(v["fair_share"])] for v in f["verdicts"]]
    return (f"<h2>Verdicts</h2>\n<p>Each level's wins against the fair share by an exact binomial test "
            f"(two-sided), the p-values of one question corrected by Holm's method at a family-wise error of "
            f"{100 * f['alpha']:g} %.</p>\n" + html_table(["question", "verdict", "fair share"], rows, numeric_from=2))


def _metrics(rep: dict) -> str:
    m = rep.get("metrics") or {}
    rows = []
    for key, name, what in METRICS:
        if key in m:
            e = m[key]
            ratio = key.startswith("balance")
            rows.append([name, what, f"{e['value']:.3f}" if ratio else _pct(e["value"]),
                         _interval(e["ci95"], as_pct=not ratio)])
    if not rows:
        return ""
    boot = m.get("bootstrap", {})
    return ("<h2>Balance metrics</h2>\n<p>As the Ludii game system's evaluation defines them; the 95 % interval "
            f"of Balance is a percentile bootstrap ({boot.get('resamples')} resamples of the games, seed "
            f"{boot.get('seed')}), the others' a Wilson interval.</p>\n"
            + html_table(["metric", "what it measures", "value", "95 % interval"], rows, numeric_from=2))


def _other(rep: dict) -> str:
    parts = []
    for key, value in rep.items():
        if key in SHOWN:
            continue
        parts.append(f"<h3>{escape(key)}</h3>")
        if isinstance(value, dict):
            scalars = [[k, _cell(k, v)] for k, v in value.items()
                       if not (isinstance(v, list) and v and isinstance(v[0], dict))]
            parts.append(html_table(["figure", "value"], scalars))
            for k, v in value.items():
                if isinstance(v, list) and v and isinstance(v[0], dict):
                    parts += [f"<h4>{escape(k)}</h4>", _records(v)]
        elif isinstance(value, list) and value and isinstance(value[0], dict):
            parts.append(_records(value))
        else:
            parts.append(f"<p>{escape(_cell(key, value))}</p>")
    return "\n".join(parts)


def render_html(rep: dict) -> str:
    """The simulation's report (its JSON data) as one self-contained page."""
    verdict = {v["factor"]: v for v in (rep.get("fairness") or {}).get("verdicts", [])}
    opts = ", ".join(f"{k}={v}" for k, v in rep["options"].items()) or "none"
    title = f"{rep['map']}: {rep['games']} simulated games"
    settings = html_table(["", "setting"], [
        ["rules", rep["preset"]], ["options", opts], ["players", rep["players"]],
        ["bots by seat", ", ".join(rep["bots"])], ["seed", rep["seed"]],
        ["games not ended within the action limit", rep["unfinished"]],
        *([["start cities", "dealt to the seats in turn" if rep["start_deal"]["mode"] == "rotate"
            else "chosen by the bots"]] if "start_deal" in rep else []),
        ["map hash", rep.get("map_hash", "–")]], numeric_from=2)
    body = [f"<h1>{escape(title)}</h1>", settings, _verdicts(rep), _metrics(rep)]
    sections = [("by_position", "position", "Wins by playing position (1 = the player who starts)",
                 lambda e: f"position {e['position']}", verdict.get("position"), 1),
                ("seats", "seat", "Wins by seat", lambda e: f"seat {e['seat']} ({e['bot']})", verdict.get("seat"), 2),
                ("start_cities", "city", "Wins by start city", lambda e: e["city"], verdict.get("start_city"), 1)]
    for key, level, head, label, v, text_columns in sections:
        entries = rep.get(key) or []
        if not entries:
            continue
        played = [e for e in entries if e.get("games", e.get("starts", 0))]
        body += [f"<h2>{escape(head)}</h2>", _chart(played, level, label, v),
                 _records(_with_tests(entries, level, v), text_columns)]
    if len(rep.get("by_bot") or []) > 1:
        body += ["<h2>Wins by bot</h2>", _records(rep["by_bot"])]
    body += ["<h2>Other figures</h2>", _other(rep)]
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>\n'
            f"<style>\n{PAGE_STYLE}td.num {{ white-space: nowrap; }}\n</style></head><body>\n"
            + "\n".join(b for b in body if b) + "\n</body></html>\n")
