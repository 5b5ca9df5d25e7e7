"""The look of printed boards and sheets: every colour, line width and font size in one place.

Sizes are millimetres on paper for a board whose hexes are 14 mm apart (the Dampfross size);
the board scales the hex-bound sizes (numbers, names, city outlines) with ``hex_mm / 14``.
Three styles: ``colour`` (the Dampfross look: white plains, brown mountains, blue water, dark
grey neighbouring states, blue rivers and red borders on the hex edges), ``mono`` for
black-and-white printers (mountains hatched, water stippled, borders dashed) and ``expres``
(the Expres board as its rules describe it: neighbouring states black, mountains grey, rivers
thick black lines). Every style marks the centre of each hex a track may reach with a dot
(Expres: track is drawn "from dot to dot"). :func:`light_foreign` turns any style's
neighbouring states into a pale tint that saves toner (the tiled A4 pages of a board with much
foreign land are otherwise mostly solid dark grey).

>>> get_style("colour").terrain["mountain"]
'#c9935a'
>>> get_style("mono").border_dash
'2.2,1.1'
>>> get_style("expres").terrain["foreign"], get_style("expres").river_colour
('#000000', '#000000')
>>> light_foreign(get_style("expres")).terrain["foreign"]
'#e6e6e6'
>>> get_style("sepia")
Traceback (most recent call last):
...
ValueError: unknown style 'sepia'; use colour, mono or expres
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

__all__ = ["Style", "COLOUR", "MONO", "EXPRES", "STYLES", "get_style", "light_foreign", "dot_colour_on",
           "FONT_FAMILY", "REFERENCE_HEX_MM", "LIGHT_FOREIGN"]

FONT_FAMILY = "DejaVu Sans"
# Hex size the font sizes and widths below are drawn for; other boards scale by hex_mm / 14.
REFERENCE_HEX_MM = 14.0

# The Dampfross palette.
WHITE = "#ffffff"
BLACK = "#000000"
INK = "#1a1a1a"           # text: a soft black
MOUNTAIN_BROWN = "#c9935a"
WATER_BLUE = "#9cc9ec"
FOREIGN_GREY = "#5b5b5b"
RIVER_BLUE = "#1565c0"
BORDER_RED = "#d32020"
RIDGE_BROWN = "#6d3b12"
CITY_RED = "#d32020"
PORT_BLUE = "#0d47a1"
FERRY_BLUE = "#0d47a1"
MARGIN_GREY = "#555555"
# The Expres palette (docs/rules.md, Expres): black neighbouring states, grey mountains.
EXPRES_GREY = "#a9a9a9"
# Neighbouring states printed light: about a tenth of the toner of solid black.
LIGHT_FOREIGN = "#e6e6e6"


@dataclass(frozen=True)
class Style:
    """Colours, fills and widths of one look. ``textures`` are drawn over a terrain's fill
    (mono): ``hatch`` (diagonal lines) or ``stipple`` (dots), as vector lines so they print sharp."""

    name: str
    coloured: bool = True             # False: no colour may carry meaning (the tables print black)
    terrain: dict = field(default_factory=dict)        # terrain -> fill colour
    textures: dict = field(default_factory=dict)       # terrain -> texture drawn over the fill
    texture_colour: str = BLACK
    hatch_spacing: float = 1.2        # mm between hatch lines (45 degrees)
    hatch_width: float = 0.22
    stipple_spacing: float = 1.15     # mm between dots in a row and between rows (staggered)
    stipple_dot: float = 0.42         # dot diameter, mm
    grid_colour: str = BLACK
    grid_width: float = 0.18
    river_colour: str = RIVER_BLUE
    river_width: float = 0.95
    river_dash: str | None = None
    # Paper (mm) either side of a river on land of the river's own colour (Expres: black rivers
    # on black neighbouring states), so that it shows there; 0: none drawn.
    river_casing: float = 0.0
    border_colour: str = BORDER_RED
    border_width: float = 1.0
    border_dash: str | None = None
    ridge_colour: str = RIDGE_BROWN
    ridge_width: float = 1.1
    ridge_dash: str | None = None
    city_colour: str = CITY_RED
    city_width: float = 0.65
    city_inset: float = 0.5           # the red outline sits this far inside the hex edge
    cross_colour: str = CITY_RED
    port_colour: str = PORT_BLUE
    ferry_colour: str = FERRY_BLUE
    ferry_width: float = 0.5
    ferry_dash: str = "1.6,1.0"
    text_colour: str = INK
    number_colour: str = INK
    margin_colour: str = MARGIN_GREY
    label_backing: str = WHITE
    label_backing_opacity: float = 0.82
    # Font sizes in mm (board text scales with the hex size).
    name_size: float = 2.75
    number_sizes: tuple = (4.3, 3.7, 3.05, 2.6)   # 1, 2, 3, 4+ numbers in a hex
    margin_size: float = 3.0
    title_size: float = 6.5
    legend_size: float = 2.9
    dot_colour: str = INK             # hex centre dots (a light one on dark fills)
    dot_size: float = 0.75            # their diameter, mm
    shade: str = "#d9d9d9"            # shaded table cells (forbidden races)
    shade_dark: str = "#b0b0b0"
    rule_colour: str = "#9a9a9a"      # table rulings


COLOUR = Style(
    name="colour",
    terrain={"plain": WHITE, "mountain": MOUNTAIN_BROWN, "water": WATER_BLUE,
             "foreign": FOREIGN_GREY},
)

# Black-and-white printers: no colour may carry meaning, so mountains and water get textures,
# rivers stay solid, borders are dashed and neighbouring states a light grey that text survives.
MONO = replace(
    COLOUR,
    name="mono",
    coloured=False,
    terrain={"plain": WHITE, "mountain": WHITE, "water": WHITE, "foreign": "#a6a6a6"},
    textures={"mountain": "hatch", "water": "stipple"},
    river_colour=BLACK,
    river_width=0.9,
    border_colour=BLACK,
    border_width=1.05,
    border_dash="2.2,1.1",
    ridge_colour=BLACK,
    ridge_width=1.1,
    ridge_dash="0.4,0.9",
    city_colour=BLACK,
    city_width=0.75,
    cross_colour=BLACK,
    port_colour=BLACK,
    ferry_colour=BLACK,
    margin_colour="#333333",
    shade="#d0d0d0",
)

# The Expres board as its rules describe it ("Černou plochou je vyznačeno území sousedních
# států ... Řeky jsou znázorněny silnými černými čarami, horské masivy představují šedá pole"):
# black neighbouring states, grey mountains, rivers as thick black lines; cities keep their red
# outline and borders their red line, which the black land already makes plain.
EXPRES = replace(
    COLOUR,
    name="expres",
    terrain={"plain": WHITE, "mountain": EXPRES_GREY, "water": WATER_BLUE, "foreign": BLACK},
    river_colour=BLACK,
    river_width=1.6,
    river_casing=0.5,
    border_width=0.9,
)

STYLES = {"colour": COLOUR, "mono": MONO, "expres": EXPRES}


def get_style(name: str) -> Style:
    """The style called ``name`` (``colour``, ``mono`` or ``expres``)."""
    try:
        return STYLES[name]
    except KeyError:
        names = list(STYLES)
        raise ValueError(f"unknown style {name!r}; use {', '.join(names[:-1])} or {names[-1]}") from None


def light_foreign(style: Style) -> Style:
    """``style`` with neighbouring states in a pale tint (toner-light), named ``NAME-light``."""
    return replace(style, name=f"{style.name}-light",
                   terrain={**style.terrain, "foreign": LIGHT_FOREIGN})


# Colours that a map names (a city's ``colour``: TransAmerica's card colours), as printed.
NAMED_COLOURS = {"red": "#d32f2f", "orange": "#ef6c00", "yellow": "#f9a825", "green": "#2e7d32",
                 "blue": "#1565c0", "black": BLACK, "white": WHITE, "grey": "#757575", "gray": "#757575",
                 "brown": "#6d4c41", "purple": "#6a1b9a", "pink": "#d81b60"}


def named_colour(name, default: str = INK) -> str:
    """The printed colour of a colour ``name`` (or a ``#rrggbb`` value as it is).

    >>> named_colour("Blue"), named_colour("#00ff00"), named_colour("mauve", "#000000")
    ('#1565c0', '#00ff00', '#000000')
    """
    text = str(name or "").strip()
    if len(text) == 7 and text.startswith("#"):
        return text
    return NAMED_COLOURS.get(text.lower(), default)


def dot_colour_on(style: Style, fill: str) -> str:
    """The colour of a hex centre dot on ``fill``: the style's dot colour, or white on a fill
    too dark for it to show (Rec. 709 luminance under one half).

    >>> dot_colour_on(COLOUR, "#ffffff"), dot_colour_on(COLOUR, FOREIGN_GREY)
    ('#1a1a1a', '#ffffff')
    """
    r, g, b = (int(fill[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return WHITE if 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.5 else style.dot_colour
