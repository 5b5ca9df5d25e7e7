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

from ..engine.fairness import level_name, verdict_text
from ..engine.simulate import rate_of
from ..i18n import N_, _, language, ngettext, translate
from ..i18n.said import Said
from .report import PAGE_STYLE, html_table
from .svgfmt import fmt

__all__ = ["render_html", "rates_svg"]

# The report's keys this page shows in its own sections; every other key is listed under
# "Other figures" as it is.
SHOWN = {"map", "map_hash", "preset", "options", "players", "bots", "games", "seed", "unfinished", "seats",
         "by_bot", "by_position", "start_cities", "start_deal", "fairness", "metrics"}
FACTORS = {"seat": N_("Seats"), "position": N_("Playing positions"), "start_city": N_("Start cities")}
METRICS = [
    ("balance_seats", N_("Balance by seat"), N_("1 minus the largest difference between two seats' win rates")),
    ("balance_positions", N_("Balance by playing position"),
     N_("1 minus the largest difference between two playing positions' win rates")),
    ("advantage", N_("Advantage"), N_("the share of games the player who starts won")),
    ("completion", N_("Completion"),
     N_("the share of games that ended by the rules with a winner (no draw, no limit)")),
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
           f'viewBox="0 0 {fmt(width)} {fmt(height)}" role="img" aria-label="{escape(_("win rates"))}" '
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
                   f'stroke-dasharray="4 3"><title>{escape(_("fair share {share}").format(share=_pct(share)))}'
                   '</title></line>')
    out.append("</svg>")
    return "\n".join(out)


def _said(x) -> str:
    """A word a game said (a :class:`~mapkit.i18n.said.Said`: how a game or round ended) in the
    page's language; anything else as the report writes it."""
    return x.translated() if isinstance(x, Said) else str(x)


def _cell(key: str, entry: dict) -> str:
    value = entry.get(key)
    if key == "ci95" and isinstance(value, list):
        return _interval(rate_of(entry)[1:] if "win_rate" in entry else value)
    if key == "win_rate" and isinstance(value, float):
        return _pct(rate_of(entry)[0])
    if isinstance(value, list):
        return ", ".join(_said(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{_said(k)} {v}" for k, v in value.items())
    return "–" if value is None else _said(value)


def _records(entries: list[dict], text_columns: int = 1) -> str:
    """A list of like dicts as a table, one column per key."""
    if not entries:
        return ""
    keys = list(entries[0])
    for e in entries[1:]:
        keys += [k for k in e if k not in keys]
    return html_table(keys, [[_cell(k, e) for k in keys] for e in entries], numeric_from=text_columns)


def _levels(verdict: dict | None) -> dict:
    return {lv["key"]: lv for lv in (verdict or {}).get("levels", [])}


def _chart(entries: list[dict], key: str, label, verdict: dict | None) -> str:
    levels = _levels(verdict)
    rows = [(label(e), *rate_of(e), bool(levels.get(e[key], {}).get("off"))) for e in entries]
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
    rows = [[translate(FACTORS[v["factor"]]) if v["factor"] in FACTORS else v["factor"],
             verdict_text(v) + "".join(f" ({translate(n)})" for n in v.get("notes", [])),
             "–" if v["fair_share"] is None else _pct(v["fair_share"])] for v in f["verdicts"]]
    about = _("Each level's wins against the fair share by an exact binomial test (two-sided), the p-values of one "
              "question corrected by Holm's method at a family-wise error of {alpha} %.").format(
        alpha=f"{100 * f['alpha']:g}")
    return (f"<h2>{escape(_('Verdicts'), quote=False)}</h2>\n<p>{escape(about, quote=False)}</p>\n"
            + html_table([_("question"), _("verdict"), _("fair share")], rows, numeric_from=2))


def _metrics(rep: dict) -> str:
    m = rep.get("metrics") or {}
    rows = []
    for key, name, what in METRICS:
        if key in m:
            e = m[key]
            ratio = key.startswith("balance")
            rows.append([translate(name), translate(what), f"{e['value']:.3f}" if ratio else _pct(e["value"]),
                         _interval(e["ci95"], as_pct=not ratio)])
    if not rows:
        return ""
    boot = m.get("bootstrap", {})
    about = _("As the Ludii game system's evaluation defines them; the 95 % interval of Balance is a percentile "
              "bootstrap ({resamples} resamples of the games, seed {seed}), the others' a Wilson interval.").format(
        resamples=boot.get("resamples"), seed=boot.get("seed"))
    return (f"<h2>{escape(_('Balance metrics'), quote=False)}</h2>\n<p>{escape(about, quote=False)}</p>\n"
            + html_table([_("metric"), _("what it measures"), _("value"), _("95 % interval")], rows, numeric_from=2))


def _other(rep: dict) -> str:
    """Every other figure of the report under its JSON key (the words a game said, such as how
    games ended, in the page's language)."""
    parts = []
    for key, value in rep.items():
        if key in SHOWN:
            continue
        parts.append(f"<h3>{escape(key)}</h3>")
        if isinstance(value, dict):
            scalars = [[_said(k), _cell(k, value)] for k, v in value.items()
                       if not (isinstance(v, list) and v and isinstance(v[0], dict))]
            parts.append(html_table([_("figure"), _("value")], scalars))
            for k, v in value.items():
                if isinstance(v, list) and v and isinstance(v[0], dict):
                    parts += [f"<h4>{escape(k)}</h4>", _records(v)]
        elif isinstance(value, list) and value and isinstance(value[0], dict):
            parts.append(_records(value))
        else:
            parts.append(f"<p>{escape(_cell(key, rep))}</p>")
    return "\n".join(parts)


def _settings(rep: dict) -> str:
    """The table of how the games were played."""
    opts = ", ".join(f"{k}={v}" for k, v in rep["options"].items()) or _("none")
    deal = []
    if "start_deal" in rep:
        deal = [[_("start cities"), _("dealt to the seats in turn") if rep["start_deal"]["mode"] == "rotate"
                 else _("chosen by the bots")]]
    return html_table(["", _("setting")], [
        [_("rules"), rep["preset"]], [_("options"), opts], [_("players"), rep["players"]],
        [_("bots by seat"), ", ".join(rep["bots"])], [_("seed"), rep["seed"]],
        [_("games not ended within the action limit"), rep["unfinished"]], *deal,
        [_("map hash"), rep.get("map_hash", "–")]], numeric_from=2)


def _unplayed(entry: dict, rep: dict) -> dict:
    """A level nobody played (a start city never dealt or never chosen) as its table row: the
    words instead of a win rate of 0 % in [0 % - 100 %]."""
    dealt = (rep.get("start_deal") or {}).get("mode") == "rotate"
    return {**entry, "win_rate": _("never dealt") if dealt else _("never chosen"), "ci95": None}


def render_html(rep: dict) -> str:
    """The simulation's report (its JSON data) as one self-contained page, in the current
    language (:func:`mapkit.i18n.use_language`); its tables name the figures by their JSON keys."""
    verdict = {v["factor"]: v for v in (rep.get("fairness") or {}).get("verdicts", [])}
    title = ngettext("{map}: {n} simulated games", "{map}: {n} simulated games", rep["games"]).format(
        map=rep["map"], n=rep["games"])
    body = [f"<h1>{escape(title)}</h1>", _settings(rep), _verdicts(rep), _metrics(rep)]
    sections = [("by_position", "position", _("Wins by playing position (1 = the player who starts)"),
                 lambda e: level_name("position", e["position"]), verdict.get("position"), 1),
                ("seats", "seat", _("Wins by seat"), lambda e: f"{level_name('seat', e['seat'])} ({e['bot']})",
                 verdict.get("seat"), 2),
                ("start_cities", "city", _("Wins by start city"), lambda e: e["city"], verdict.get("start_city"), 1)]
    for key, level, head, label, v, text_columns in sections:
        entries = rep.get(key) or []
        if not entries:
            continue
        played = [e for e in entries if e.get("games", e.get("starts", 0))]
        shown = [e if e in played else _unplayed(e, rep) for e in entries]
        body += [f"<h2>{escape(head)}</h2>", _chart(played, level, label, v),
                 _records(_with_tests(shown, level, v), text_columns)]
    if len(rep.get("by_bot") or []) > 1:
        body += [f"<h2>{escape(_('Wins by bot'), quote=False)}</h2>", _records(rep["by_bot"])]
    body += [f"<h2>{escape(_('Other figures'), quote=False)}</h2>", _other(rep)]
    return (f'<!DOCTYPE html>\n<html lang="{language()}"><head><meta charset="utf-8"><title>{escape(title)}</title>\n'
            f"<style>\n{PAGE_STYLE}td.num {{ white-space: nowrap; }}\n</style></head><body>\n"
            + "\n".join(b for b in body if b) + "\n</body></html>\n")
