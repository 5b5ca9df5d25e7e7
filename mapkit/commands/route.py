"""A cheapest path between two places, as hex names with its cost.

FROM and TO are cities (by name, accents and case ignored, a beginning only one city has
enough: Plzen, usti; or by race number) or hex names (C4). Metrics: build (default: the
cheapest track), steps (hex steps), travel (race movement points, uphill 2). Over the whole
board, ignoring built track. Exit 1 when there is no route (still printed: "no route ..." or
a null cost in JSON).

Examples:
  mapkit route maps/example.yaml Praha Brno
  mapkit route maps/czechia.yaml Plzen Ostrava
  mapkit route maps/example.yaml 11 64 --metric steps
  mapkit route maps/example.yaml B5 "České Budějovice" --metric travel --format json
"""

from __future__ import annotations

__all__ = ["add_arguments", "run", "resolve_place"]


def add_arguments(p):
    from .common import add_output_argument
    from .distances import add_map_options

    p.add_argument("map", metavar="MAP", help="the map file (YAML), or a bundled map's name (mapkit maps)")
    p.add_argument("start", metavar="FROM", help="city name, race number or hex name")
    p.add_argument("end", metavar="TO", help="city name, race number or hex name")
    p.add_argument("--metric", choices=("build", "steps", "travel"), default="build")
    p.add_argument("--format", choices=("text", "json"), default="text")
    add_map_options(p)
    add_output_argument(p)


def resolve_place(m, text: str, source: str):
    """``(hex, city or None)`` for a city name (accents and case ignored, a unique beginning
    enough), race number or hex name (:func:`mapkit.places.find_place`); InputError otherwise."""
    from ..places import CityNames, PlaceError, find_place

    try:
        h, i = find_place(m.grid, CityNames.of(m.cities), text)
    except PlaceError as exc:
        raise PlaceError(f"{source}: {exc}") from None
    if i is not None:
        return m.cities[i].hex, m.cities[i]
    return h, m.city_at(h)


def run(args) -> int:
    from ..analysis.routes import cheapest_path
    from ..grid import hex_name
    from .common import dump_json, emit
    from .distances import costs_for, load_for_analysis

    m = load_for_analysis(args.map, args.border_crossing)
    a, ca = resolve_place(m, args.start, args.map)
    b, cb = resolve_place(m, args.end, args.map)
    found = cheapest_path(m, a, b, args.metric, costs=costs_for(m, args))

    def place(h, c):
        return {"hex": hex_name(h), "city": c.name if c else None}

    if args.format == "json":
        cost, path = found if found else (None, [])
        data = {"map": m.name or str(args.map), "metric": args.metric, "from": place(a, ca),
                "to": place(b, cb), "cost": cost, "path": [hex_name(h) for h in path],
                "cities": [c.name for c in (m.city_at(h) for h in path) if c is not None]}
        emit(dump_json(data), args.output, inputs=[args.map])
        return 0 if found else 1

    def label(h, c):
        return f"{c.name} ({hex_name(h)})" if c else hex_name(h)

    unit = {"build": "build cost", "steps": "steps", "travel": "movement points"}[args.metric]
    if found is None:
        text = f"no route from {label(a, ca)} to {label(b, cb)} ({args.metric})\n"
    else:
        cost, path = found
        names = []
        for h in path:
            c = m.city_at(h)
            names.append(f"{hex_name(h)} ({c.name})" if c else hex_name(h))
        steps = "" if args.metric == "steps" else f", {len(path) - 1} steps"
        text = (f"{label(a, ca)} -> {label(b, cb)}: {cost} {unit}{steps}\n"
                + " ".join(names) + "\n")
    emit(text, args.output, inputs=[args.map])
    return 0 if found else 1
