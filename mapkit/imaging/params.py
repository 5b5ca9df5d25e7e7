"""Every tuning constant of the picture importer, each with its reason; how each was measured:
``docs/import.md``, "Parameters". Sizes in grid units (hex centres 1 apart) unless ``_PX``;
shares of a colour are :func:`~mapkit.imaging.mixing.unmix`'s ``a`` (0 fill, 1 the colour).
"""

import numpy as np

# -- loading -------------------------------------------------------------------------------
MAX_FILE_BYTES = 512 * 1024 * 1024  # a scan of an A0 board at 300 dpi is ~150 MB as TIFF
MIN_SIDE = 32                # pixels; a smaller picture cannot hold a hex grid
MAX_PIXELS = 50_000_000      # an A2 board scanned at 300 dpi is 35 million; read before decoding
GREY_SPREAD = 12             # channel spread (0..255) under which a pixel has no hue
GREY_SHARE = 0.002           # a picture with fewer pixels of hue than this is a grey one
# Which look's legend a picture fits (mapkit.imaging.legends): the share of hexes whose fill (out
# of the light read with the legend) lies within FIT_LAB CIELAB units of a terrain colour of
# it; another look than the Dampfross colours wins by FIT_BETTER of the hexes. The warning: of
# about FIT_SAMPLES pixels within FIT_RADIUS hexes of the hexes' centres, those as their
# neighbours FIT_STEP px right and down within FIT_FLAT (0..255: not a mix at an edge), out of
# the light: under FIT_POOR within FIT_LAB of a legend colour.
FIT_SAMPLES = 100_000
FIT_RADIUS = 0.5
FIT_STEP = 2
FIT_FLAT = 10
FIT_LAB = 12.0
FIT_BETTER = 0.01
FIT_POOR = 0.85
# A look's light variant (neighbouring states in the toner-light tint) wins when its hexes'
# mean distance from their nearest terrain colour is under this share of the dark variant's.
TINT_BETTER = 0.5
DEFAULT_HEX_MM = 14.0        # printed hex size of an imported map (the Dampfross size)

# -- grid ----------------------------------------------------------------------------------
WORK_PIXELS = 6_000_000      # the grid is sought on the picture reduced to this many pixels
EDGE_POINTS = 150_000        # edge pixels kept for the search (a sample of them, evenly)
FIT_POINTS = 40_000          # ... of them the line fit's growing passes take (every k-th)
WORK_BLUR_PX = 0.7           # Gaussian blur of the reduced picture before its gradients are taken (noise, JPEG)
EDGE_OVER_NOISE = (3.0, 3.0)   # an edge pixel's gradient is over this times the median gradient plus this ...
EDGE_OVER_PEAK = (0.12, 99.5)  # ... and over this share of this percentile of all (a faint picture's lines too)
MIN_EDGES = 200              # fewer edge pixels: no grid (and on the board alone: no second fit)
SIDE_TOLERANCE_DEG = 8.0     # an edge pixel's normal this near a side's belongs to that side
ORIENTATION_SPREAD = 1.5     # degrees from the weakest direction's peak to the three's (at a slant: 0.64)
ORIENTATION_HISTOGRAM = (300, 0.6, 9)  # bins per 60 degrees of edge directions; their blur (degrees), its reach (bins)
MAX_TURN_DEG = 10.0          # lines turned further than this from upright or level are no grid (no orientation given)
MIN_PROMINENCE = 1.6         # the directions' peak over their mean under which no sides run three ways 60 degrees apart
MIN_SIDE_PIXELS = 50         # edge pixels on the sides across the rows fewer than this: no hex sides
PERIOD_MIN_PX = 3.0          # working pixels: the shortest spacing of the sides sought (half a hex's width) ...
PERIOD_MAX = (8.0, 6.0, 400.0)   # ... the longest: the larger side over this, but at least and at most these
PERIOD_WINDOW = (0.95, 1.05)     # a spacing known (a size hint, the first search) is sought within these factors of it
COMB_MIN = (10, 20)          # edge pixels a family of sides needs to count, and all of them together: else no lines
COMB_BIN_PX = (0.25, 0.5)    # pixels: positions across the sides binned this finely, and this for the frequency search
COMB_FFT = (0.002, 4)        # its frequency step (share of the lowest); its span at least this times the positions'
HARMONIC_NEAR = (0.02, 2)    # a half or third of the best frequency: in the band within this share, best of +-this bins
HARMONIC_KEEP = 0.7          # a multiple of the best spacing this coherent (share of its) is the sides' (a harmonic)
PERIOD_REFINE = (-0.004, 0.004, 33)  # the spacing refined within these shares of it, in this many steps
LINE_BIN_PX = 0.2            # pixels: positions binned this finely for rotation and phase (an error under 0.1 pixel)
TURN_SEARCH = (-0.6, 0.6, 25)    # degrees: the rotation refined within these, in this many steps
ROW_STRETCH = (-0.2, 0.2, 161)   # shares the rows' spacing may differ from a regular hex's (scanner, camera), in steps
MIN_COHERENCE = (0.05, 0.02)     # a comb less coherent (1: perfect) has no regular spacing: of the sides, of the rows
FIT_RADII = (0.15, 0.3, 0.6, 1.2)    # the line fit grows from the middle over these shares of the diagonal (1.2: all)
FIT_TUKEY = (0.12, 0.1)      # hex units off its line at which an edge pixel stops counting (growing; on the board)
FIT_PASSES = (2, 3)          # least squares rounds at each radius (as taken; at a slant)
FAMILY_DEG = 12.0            # an edge pixel belongs to a family of sides when its normal is this near theirs
CORNER_DEG = 13.0            # degrees round a hex's centre: edge pixels this near a corner are left out (blurred)
HALF_WIDTH_MAX = 0.1         # hex units: the most a line's flank is moved to its middle (lines are drawn wide)
ON_LINE = 0.05               # hex units off its line within which an edge pixel counts for the line score
MIN_LINE_SCORE = 0.15        # a line score under this: the lines do not form hexes
SIDE_ALONG = (-0.36, 0.36, 9)    # a side tested for a line from, to (shares of its length), in this many samples
SIDE_ACROSS = (-0.08, -0.04, 0.0, 0.04, 0.08)   # hex units across it tried at each sample (the best: a fit a bit off)
SIDE_PERCENTILE = 30         # the percentile of the samples along a side that is its line (a line shows on most)
LINE_OVER_NOISE = (1.0, 2.5)     # a side shows a line over this times the median gradient plus this ...
LINE_OVER_TYPICAL = (0.2, 0.8)   # ... and this share of the typical side (this quantile): black on dark grey is weak
OUTLINED_SIDES = 5           # a hex with lines on this many sides is drawn: the board
MIN_BOARD = 4                # fewer hexes drawn (and dark land): no grid
INTERIOR_RADII = (0.14, 0.27)    # hex units: rings of 6 and 12 samples (and the centre) a hex's inside is read on
PAPER_STEPS = 3              # the paper near a hex: the lightest inside within this many steps
DARK_STEP = 30               # grey levels (0..255) dark land is darker than the paper near it at least ...
DARK_UNIFORM = (12, 0.15)    # ... and uniform: its inside's spread under this plus this share of that difference
MARKED_RADII = (0.2, 0.41, 4)    # hex units: rings (from, to, how many) a hex's inside is searched for marks on ...
MARKED_SECTORS = 6           # ... in this many sectors ...
MARKED_PER_SECTOR = 6        # ... of this many angles each ring
MARKED_SHARE = 0.3           # land marked all over: this share of each sector's samples on edge pixels (hatching
                             # 0.37-0.83 at 150 dpi, a city's ring and numbers 0.16, legend text 0.16 at most)
MARKED_LINES = 2             # ... and lines on this many of its sides at least (a hatched hex shows the two
                             # its hatching neither runs along nor breaks up; a table's grain shows none)
ROW_PART = 3                 # rows with 1/this of the fullest row's hexes at least are the board's rectangle
ROBUST_PART = 5              # a rectangle's side: the rows' k-th outermost hex, k 1/this of them (a stray hex, a gap)
SEAM_CLEAR = 3               # working pixels kept clear of a straightened picture's border (filled in, no picture)
DARK_LAND = 0.55             # dark land (a grey neighbouring state): under this share of the paper's grey
SIZE_TOLERANCE = 0.05        # a found hex size within this share of a --hex-px hint is the hint
WEAK_FIT = 0.9               # line score under which a size hint is checked by a free search
SLANT_MIN = 0.04             # hex units a slanted fit must stray from every flat one to straighten
SLANT_GAIN = 0.005           # ... and the share of the lines it must explain better
SLANT_RADII = (0.25, 0.35, 0.5, 0.7, 0.9, 1.2)   # a slanted fit grows over these shares of the diagonal
SLANT_BOX = (2, 98)          # percentiles of the edge pixels' x and y bounding where a slant is measured
DEPARTURE_STEPS = 9          # ... on a lattice of this many by this many points
STRAIGHTEN_ROUNDS = 2        # a second straightening corrects what the first left
MAX_GROWTH = 1.6             # a straightened picture holds at most this times the pixels

# -- light and shade -----------------------------------------------------------------------
SHADE_RADIUS = 3             # hexes within this many steps say how light the paper is near one
PAPER_HUE = 0.15             # log-colour within this of the paper's has the paper's hue
PAPER_HUE_LIGHTER = 2        # ... or this times as far when lighter than the paper (only paper can be)
PAPER_PEERS = 8              # paper-coloured hexes near one needed to say anything
PAPER_QUANTILE = 50          # the paper level near a hex: this percentile of theirs
SHADE_FREE = 0.9             # a level above this share of the paper's is the smooth light's to fix
LEVEL_ALIKE = 0.35           # log lightness within which a grey terrain and a shade look alike
RESIDUAL_FREE = 0.03         # a hex's light within this (log) of its terrain's is left alone
SHADE_DEEPEST = 0.25         # a level below this share of the paper's is dark land, no shade
LIGHT_TERMS_FROM = (8, 40)   # paper hexes the smooth light needs to tilt (a plane), and to curve
LIGHT_ROBUST = (1.5, 0.02)   # a hex's weight in it falls beyond this many median residuals (log, at least the second)
FIRST_PAPER = 67             # percentile of lightness over which hexes are paper to the light's first guess
PAPER_TOP = 98               # percentile of lightness that is the paper's, to tell a light grey terrain from it
LIGHT_ROUNDS = 4             # the light and the terrains' colours fitted again, each round on the last one's paper
LIGHT_MIN_PAPER = 3          # paper hexes needed to fit the light again
SHADE_CELL = (4.0, 2.0)      # the shade's raster: cells per hex, and pixels per cell at least
SHADE_BLUR = (2.0, 6)        # cells: the Gaussian blur of the shade (half a hex) and how far it reaches

# -- terrain -------------------------------------------------------------------------------
FILL_DISC = 0.22             # the middle disc a hex's fill is read in
FILL_BAND = (0.40, 0.43)     # ... and the band just inside its sides (a ring lies between)
FILL_SAMPLES = (1.5, (5, 11), (24, 72))   # pixels apart; how many across the disc, round the band (fewest, most)
STRAY_LAB = 15.0             # CIELAB units from a hex's median that make a sample stray
BUSY_SHARE = 0.12            # a hex with more stray samples is busy (a city: ring, numbers, name)
NEAR_LAB = 10.0              # CIELAB units within which samples count as the same colour
INK_DARKER = 25.0            # CIELAB lightness below the middle's lightest that is writing
LIGHTNESS_WEIGHT = 0.8       # terrain distance forgives lightness this much (uneven light)
CLASS_STEP_LAB = 35.0        # a terrain's measured colour stays this near the legend's
PAPER_MARGIN = 0.6           # a hex is paper for the light when this much nearer paper than the next
CLASS_MEMBERS = (3, 0.01)    # hexes a terrain must win to measure its colour again: at least, and share of all
LIGHTEST = 90                # percentile of a hex's samples taken as its lightest (its paper, under any writing)
BUSY_CANDIDATES = 60         # samples of a busy hex tried as its fill (about): the colour most common wins
BUSY_SMOOTH = 0.5            # added to a candidate colour's counts in the middle and the band (one may have none)

# -- edges: shares measured across each side -----------------------------------------------
EDGE_CHUNK = 4000            # edges measured at once (memory)
ALONG = 0.3                  # samples along a side reach this share of its half-length each way
ALONG_SAMPLES = 7            # samples along a side
ACROSS_MIN = (0.16, 3.0)     # samples across a side reach at least this far each way (grid units; pixels if more)
ACROSS_SAMPLES = (0.8, 9, 31)   # ... this many pixels apart, and how many (fewest, most)
CENTRAL = (0.05, 1.3)        # samples this near the line are on it (grid units; pixels if more)
OUTER = ((0.012, 0.5), (0.045, 1.5))   # ... and from the first to the second past it (each: grid units; pixels if more)
CENTROID_BAND = 0.12         # across a side, the band where the middle of a line is found
SHARE_MAX = 1.5              # a stroke's share may pass 1 this far (a line darker than its legend colour)
BLENDS = (0.0, 0.25, 0.5, 0.75, 1.0)   # shares of the far fill in an edge sample's background
STROKE_QUANTILE = 0.3        # the share most (70 %) of a side's samples reach
SEEN_SHARE = 0.3             # a side seen (not under ink) on fewer of its samples is an outline
MISS_FULL = 0.3              # a sample explained this well keeps its whole share
MISS_FADE = 0.3              # ... and beyond it loses it over this much more residual
HIDDEN_INK = 0.55            # black ink above this share (and ...
HIDDEN_STROKE = 0.2          # ... stroke under this) hides a sample: a name across a line
EXPLAINED = (1.2, 0.01)      # fills and ink explain a sample as well as the stroke: factor, plus
DASH_SAMPLES = 3             # samples along a side (of 7) that a dashed line shows on
DASH_ALPHA = 0.2             # share they reach that makes a dashed border
BARE_MISS = 0.035            # what ink and fill leave unexplained on a bare outline (linear RGB)
BARE_HIDDEN = 0.5            # ... on this share of its line's samples under ink at least ...
BARE_CONTRAST = 0.1          # ... an ink this far from the fill at least (linear RGB)
SAME_FILL = 0.02             # linear RGB distance under which two fills are one terrain
OTHER_COLOUR = 0.3           # linear RGB distance under which two stroke colours are one
SAME_RED = 25.0              # CIELAB distance under which border and city colours are one red
OUTLINE_TINT = (0.25, 0.5)   # shares of the outline colour blended into a fill under a river
BESIDE = (0.05, 0.14)        # where a line drawn beside a side lies (a river beside a border)

# -- edges: decisions -----------------------------------------------------------------------
STROKE_ALPHA = 0.3           # share of stroke colour that makes a river or border
WEAK_ALPHA = 0.17            # ... or continues one (or a border where home meets abroad)
GAP_ALPHA = 0.12             # ... or fills a gap in one
CHAIN_LENGTH = 3             # weak edges joined end to end that make a line on their own
SPILL = 0.6                  # border share past a city's side that shows a border, not the outline
OUTLINE_SHIFT = 0.012        # inward shift (grid units) that tells an outline from a line on the side
CONFIDENCE_SPAN = 0.3        # a share this far from its threshold is a sure decision
GROWN_CONFIDENCE = 0.5       # how sure a line that runs on (or a chain of weak edges) is at most
LAKE_RIVER = 2               # times STROKE_ALPHA a river needs between water hexes (no board draws one through a lake)
ABROAD_SPILL = (0.1, 0.05)   # past a city's side abroad a border beats the home sides (or the first) by the second
PAST_SHARE = 0.5             # a city's side at home may join a border with this share past it of its share on it
OUTLINE_PEERS = 6            # city sides needed to measure how strongly outlines show
ON_LINE_SHIFT = 0.6          # a border this share of the outlines' inward shift (or less) lies on the side

# -- ferries -----------------------------------------------------------------------------------
FERRY_DOT_PROBE = 0.045      # hexes from a hex's centre that a ferry's end dot covers (radius 0.064)
FERRY_DOT_ANGLES = 8         # places round the centre at that distance, all in the ferry colour
FERRY_SHARE = 0.5            # share of the ferry colour that is a ferry's ink at a place
FERRY_REACH = 8              # hexes from its port a ferry's end may lie (the bundled maps: 2-5)
FERRY_STEP = 0.01            # hexes between places along a ferry's course
FERRY_ACROSS = 0.012         # hexes either side of the course also looked at (the grid a pixel off)
FERRY_END_CLEAR = 0.04       # hexes left out at either end of the course (the ring, the dot)
FERRY_SHOWN = 0.4            # share of each third of the course in the colour (dashes: 0.62)
FERRY_ON_SIDE = 0.03         # hexes from a ferry's course that a side's corners lie on it within

# -- rings (cities) --------------------------------------------------------------------------
RING_CHUNK = 1500            # hexes searched for rings at once (memory)
RING_ANGLES = 48             # angles round a hex searched for a ring
RING_RADII = (0.16, 0.5)     # radii searched for a ring
RING_ALPHA = 0.22            # share of city colour that counts as ring
RING_MISS = 0.45             # unexplained share beyond which a sample is no ring
RING_SOME = 0.3              # share of angles with some red before a hex is looked at more
RING_ANY = 0.4               # ... and with red at the ring's radius
RING_SCORE = 0.45            # share of angles round that makes a ring candidate
RING_CLOSE_LAB = 45.0        # a ground this near the city colour needs the ring half as strong as sure ones
RING_SPREAD = 0.08           # how far a ring's red strays from its usual radius (hexagons, blur)
RING_PEERS = 5               # sure rings needed to measure how strongly rings show
RING_CROWD = 45              # more ring-like hexes than a board has cities: a tinted ground
RING_TINTED = 0.7            # middle share over the ring's that makes a hex tinted all over
RING_SURE_FROM = 0.6         # share of angles round at which a ring begins to be sure (city confidence 0)
RING_SURE_SPAN = 0.3         # ... and how much more makes it quite sure (1): a city from 0.75
RING_SURE = 0.9              # share of angles round of the sure rings, whose strength is the board's usual
CITY_SURE = 0.5              # a ring (or an outline) at least this sure is a city
OUTLINED_CITY_RADIUS = 0.48  # the radius given a city found by its outline (over OUTLINE_RADIUS: an outline)
OUTLINE_RADIUS = 0.45        # a ring this far out is an outline along the hex's sides
HUG_RADIUS = 0.38            # a ring this far out runs along the sides (blurred into them)
OUTLINE_ALPHA = 0.15         # share of city colour on a side that may be such an outline
POCKET_INK = 0.03            # share of a hex's middle under writing that a city shows at least
RIVER_RING_INK = 0.1         # ... that makes a city of a hex whose every side is under a river
RING_RADIUS_STEP = (0.025, 0.6)  # step between the radii searched: grid units at least, and pixels
RING_SIDE_CLEAR = 0.01       # the radii searched at an angle stay this far inside the hex's side
RING_PAST_SIDE = (0.015, 0.035, 0.055)   # how far past a side the colour beyond it is sampled
RING_MIRROR_NEAR = 0.2       # a sample this near its second-nearest side is mirrored across it too (a border's reach)
GROUND_BETTER = (0.8, 0.02)  # plain or mountain is a ring's ground missing under this share of the best, less this
GROUND_LOOSE = (2.0, 0.03)   # ... on water, up to this many times the water's miss, plus this
GROUND_SURE_GAIN = 2         # the ground's confidence: the two grounds' misses' relative difference times this
RING_INNER = (1.5, 0.5)      # a faint ring's middle: RING_SPREADs inside its peak, on this share of angles at least
RING_DIP = (0.6, 0.05)       # the share past a ring's peak falling under this share of it, less this: a ring, no border
RING_DEEP = (0.14, 0.5)      # red this far inside the side is a ring's, unless its mirror there shows this share
RING_KNOWN = 0.25            # share of angles that must tell ring from border for any score
RING_MIDDLE = 0.2            # a hex's middle, for telling a hex tinted all over
RING_WEAK = (0.5, 0.75)      # share of the sure rings' strength a ring needs: ground near red (RING_CLOSE_LAB), tinted
RIVER_RING_OPEN = 1          # sides not under a river that a city ringed by a river (RIVER_RING_INK) may have
RIVER_RING_SURE = 0.55       # ... and its confidence
OUTLINE_SHOWN = (2, 4)       # an outlined city's sides in the colour: all but this many, and at least this many
OUTLINE_HOME_SIDES = 2       # home sides (not facing foreign land) an outline's inward shift is measured on
OUTLINE_PULLED = 0.01        # inward shift of an outline on every side of a home pocket (confidence CITY_SURE)
OUTLINE_SURE_GAIN = 20       # ... an outline's confidence grows this much per grid unit further inward

# -- TransAmerica's board: card cities ringed in their card's colour (mapkit.imaging.cardrings) --
CARD_ALONG = 7                 # points sampled along each side of the ring (its middle 80 %)
CARD_ACROSS = (-1.5, -0.75, 0.0, 0.75, 1.5)   # pixels across the ring tried at each point
CARD_LAB = 30.0                # CIELAB units from a card colour within which a pixel shows it
CARD_POINTS = 0.6              # the share of a side's points that must show its colour
CARD_SIDES = 5                 # sides of six that must show one colour: a card city
INNER_DEPTH = 4                # ring half widths further in: the hex's inside, which must not show it ...
INNER_SIDES = 2                # ... on this many sides (a hex filled in a card's colour is no ring)
CARD_LOOK_COLOURS = 3          # ring colours that make a board TransAmerica's ...
CARD_LOOK_RINGS = 3            # ... each on this many hexes at least (a deck has 7 of each)
PAINT_MARGIN_PX = 1.0          # the pixels either side of a ring's stroke painted out with it
FILL_DEPTH = (0.06, 0.1)       # where a ringed hex's own fill is measured: this far inside the ring

# -- a board without colour (mapkit's mono style) ---------------------------------------------------
MONO_PAPER = (95, 7)         # the picture's paper: this percentile of its lightness, over every 7th pixel each way
MONO_TEXTURE_R = 0.36        # hexes: a hex's texture is read within this of its centre
MONO_TEXTURE_INNER = 0.2     # ... and its dark share beyond this (a city's numbers lie within)
MONO_FOREIGN = 0.35          # a neighbouring state: paper under this share of the way from its grey to white
                             # (the mono grey 0.38: under 0.6; the light tint 0.79: under 0.86)
MONO_FOREIGN_MARKS = 0.6     # a state's grey lighter than this (paper 1): a hex with marks all round is none
MONO_TEXTURED = 0.05         # share of a hex dark: a texture (mountains, water) from this up
MONO_HATCHED = 0.5           # coherence of the texture's marks: lines (mountains) from this up
MONO_HATCHED_CITY = 0.65     # ... of a city's four most lined sectors (mountain 0.80-0.95, plain <= 0.46)
MONO_CITY_SECTORS = 4        # a city's sectors (of six) whose lines are judged together (its numbers cover two)
MONO_PLATE_CORE = 0.028      # hexes: a square this wide fits in a number's stroke, not in hatching
MONO_RING = 0.4375           # hexes from a city's centre to its ring's middle (6.125 of 14 mm)
MONO_RING_GAP = 0.05         # ... and within it to the paper (or texture) inside the ring
MONO_RING_ALL = 0.85         # share of the angles dark on the ring: a city
MONO_RING_CLEAR = 0.33       # ... and light just inside it (a hatched city: 0.48 up; a grey fill: 0.17 at most)
MONO_DARK = 0.5              # lightness (paper 1) under which a sample is a mark
MONO_LIGHT = 0.6             # ... and over which paper
MONO_HIDDEN = 0.7            # a side whose middle is lighter than this is under a name's plate
MONO_ALONG = 0.3             # samples along a side reach this share of its half-length each way
MONO_ALONG_SAMPLES = 25      # samples along a side (0.2 mm apart at 14 mm hexes)
MONO_HALF_STROKE = 0.02      # hexes: half the band that a river or a border covers, a grid line not
MONO_SOLID = 0.85            # share of a side dark all across the band: a solid line (a river)
MONO_SOLID_WEAK = 0.45       # ... or where a river goes on at an end of the side (a plate over it)
MONO_DASHED = 0.35           # share in runs of a dash's length: a dashed line (a border)
MONO_DASH_RUN = 0.15         # share of the samples a run must reach to be a dash (0.7 mm)
MONO_BESIDE = 0.091          # hexes off the side where a river beside a border runs (1.275 mm)

# -- numbers: the crops ----------------------------------------------------------------------
WIDE_IN = 0.02               # rings of several numbers are cut this far inside the ring
RED_BAND = 0.06              # red is dropped only this near the cut round the ring
RED_KEEP_BLACK = 1.0         # what is dropped as red keeps its share of black ink (0..1)
INK_FLOOR = 0.25             # darkness under this share of the darkest stroke is paper
MARK_NARROW = 0.85           # a black mark left of the numbers narrower than high is no number
MARK_GAP = 0.15              # ... apart from them by this share of their height (digits are closer)
MARK_SPECK = 0.5             # ... or lower than this share of their height (what JPEG leaves of it)
MARK_TINT = 0.4              # ... in colour, only with river colour at this share in a pixel of it
MARK_TINT_PIXELS = 3         # ... in this many pixels (a port's anchor in JPEG; a digit's fringe no)
INK_SEEN = 0.35              # darkness above this is ink for telling lines and boxes
BOX_INK = 0.3                # darkness (or share of the darkest) above which a pixel is in a number's ink box
LINE_PITCH = 1.44            # distance between stacked lines, in digit heights
NUMBER_ASPECT = 1.58         # width of a two-digit number over its height
PART_MIN_BOX = 2             # pixels: a part of a crowded ring this small is still compared
ROW_WIDE = 1.45              # a line this much wider than one number is two side by side,
ROW_WIDER = 1.15             # ... and so is one a little wider
ROW_LOWER = 0.9              # ... and lower
ROW_HIGH = 1.3               # ... while standing at most this times as high
ROW_DOUBT = 0.15             # halves within this of the whole may be two (when numbers are missing)
DOUBT_WIDER = 1.33           # ... when cut at the ring they are this much wider than one number
STACK_LOW = 1.3              # lines stacked no higher than this many numbers alone are one number
STACK_MARGIN = 0.005         # two stacked may be three when the three fit this much better
STACK_SHORT = 2              # ... with no more than this many numbers short of 36
COUNT_SHORT = 6              # this many numbers short of 36: a map that leaves some out
CROP_RADIUS = (0.2, 0.42)    # a crop's radius lies between these ...
CROP_IN = 0.04               # ... this far inside the ring (and a pixel more)
WIDE_MAX = 0.45              # a crop cut at the ring (WIDE_IN) reaches this far out at most
RED_SHARE = (0.15, 0.6)      # a red pixel has this share of city colour at least, and this many times its black
RED_FRINGE = 0.05            # ... a pixel beside one with this much is red too
CROP_MISS = 0.8              # unexplained share under which a pixel's colour (red, river) is believed
PAPER_PERCENTILE = 70        # lightness percentile inside the ring taken as the paper (most of it is)
INK_TOP = (99, 0.1)          # the darkest stroke: this percentile of darkness, stretched to 1 when over this
PLATE_PAD_PX = 3             # pixels a number's plate on a hatched hex reaches past its bold strokes
TEXT_BLOCK = (0.2, 0.8)      # the text: rows (columns) with this share of the most ink, gaps of this many digits
TEXT_THIN = 0.05             # ... and the columns beside them with this share in the text's rows, up to ...
TEXT_REACH = 0.35            # ... this many digits, the column past them kept in any case (the foot of a bold 1
                             # ends a number 0.22 digits beyond its stem, its columns 0.17 of the stem's ink:
                             # cut off, 11 read as 13, 41 as 43; under 6 px digits only that column is kept)
ROW_SPLIT = (2.6, 0.25)      # one line this many times wider than high is two, cut this share of it from the middle
NUMBER_FONT = 0.3            # hexes: the font size of a board's numbers, when their height cannot be measured
TOUCHING_ASPECT = 1.6        # a number's width over its height, for line_height when stacked lines touch
CUT_LINES = (0.1, 0.22)      # touching lines cut at the least ink (darkness weighs this) within this share of a pitch

# -- numbers: templates and scores ------------------------------------------------------------
TEMPLATE_FONTS = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSerif.ttf",
                  "DejaVuSerif-Bold.ttf", "DejaVuSansCondensed.ttf", "DejaVuSansMono.ttf",
                  "pillow-default")   # faces the numbers are compared in (Pillow's own last)
CANON = (18, 30)             # pixels (height, width) of the compared images
SHIFTS = tuple((dx, dy) for dx in (-0.3, 0.0, 0.3) for dy in (-0.3, 0.0, 0.3))  # ink box uncertainty
COMPARED_HIGH = 1.25         # the compared window stands this many times the ink box's height
NUMBER_MIN_BOX = 3           # pixels: a number's ink box this high and wide at least (alone in its ring)
TEMPLATE_PHASES = ((0.0, 0.0), (0.5, 0.0), (0.0, 0.5), (0.5, 0.5))   # pixels: where the pixel grid falls
TEMPLATE_BLURS = (0.0, 0.6, 1.1, 1.7)  # pixels: the focus of a picture is unknown
SLIDE_MIN = 4                # rings with one number before the board's number size is sought
SLIDE_MAX_PX = 8.0           # measured number height above which the sliding comparison is skipped
SLIDE_KEEP = 5               # sizes whose sliding comparisons are summed (the best-fitting ones)
SLIDE_WEIGHT = 1.0           # weight of the sliding comparison next to the cut-out one
SLIDE_BLUR = 0.5             # pixels: Gaussian blur of the sliding templates
SLIDE_WINDOW = (1.3, 1.9)    # the sliding window's height and width, in number heights (and 2 pixels)
SLIDE_SCALES = (0.9, 1.0, 1.1, 1.2, 1.3, 1.4, 1.5, 1.6)   # a faint number's ink box is too small
PART_TRUST = 0.5             # a number sharing its ring is read less surely than one alone
UNBIAS_ALONE = 0.3           # share of a race number's mean score taken off (numbers alone)
UNBIAS_SHARED = 0.5          # ... and for numbers sharing a ring
TESSERACT_BONUS = 0.02       # added to the template score of what Tesseract read
UNSURE_LEAD = 0.01           # a number whose best score leads its next by less is noted unsure
SMALL_SHARED_PX = 5.0        # numbers sharing a ring with digits under this high are noted (16 slanted photos of
                             # 10 x 8 boards at 28 and 40 px per hex: of 31 such rings read wrong 9 had no note,
                             # all with digits of 4 px or less, 2 with none read; numbers alone at 4 px or less:
                             # 19 of 19 right)
DIGIT_TARGET_PX = 24         # crops are enlarged until a digit is about this tall for Tesseract
TESSERACT_THREADS = 1        # OpenMP threads per Tesseract run (more fight over the cores: slower)
SHEET_GAP_PX = 40            # white between crops on a sheet sent to Tesseract
SHEET_MAX_PX = 20000         # height of one sheet (Tesseract refuses over 32767)

# -- numbers: the board's own digits ------------------------------------------------------------
BOARD_MIN = 12               # rings with one number before the board's own digits are learnt
BOARD_WEIGHT = 1.0           # weight of the board's own digits next to the templates (per unit)
BOARD_ROUNDS = 2             # rounds of learning and settling again
BOARD_RIDGE = 0.5            # ridge on the digits' images (a digit seen once or never stays near 0)
BOARD_Q0 = 0.0               # trust in them: none when they explain no more than this share ...
BOARD_Q1 = 0.15              # ... full from this share up
BOARD_PAD = 1.5              # pixels sampled round the usual number's ink box

# -- numbers: settling -------------------------------------------------------------------------
ASSIGN_TEMPERATURE = 0.02    # template scores -> log-probabilities for the assignment
REGION_MIN = 12              # numbers read before their neighbours' tens digits weigh in
REGION_GAIN = 8.0            # weight of the neighbours' log-odds against the readings'
REGION_SURE = 20.0           # nats: a reading this much surer than its next is left to itself
REGION_ROUNDS = 3            # settlings with the neighbours' tens digits as last settled
PINNED = 1e6                 # log-probability added to a sure reading's race number (it keeps it)
SURE_PX = 9.0                # pixels a number's ink stands high for Tesseract's reading to count
NEIGHBOURS = 5               # a region holds six numbers: judged by a number's five nearest
REGION_SMOOTH = 0.5          # added to each tens digit's count among them (none is ruled out)
REGION_WEIGHTS = np.linspace(0.0, 0.95, 20)   # the weights tried; never all trust in them
SHUFFLES = 200               # the board's tens digits shuffled this many times ...
SIGNIFICANCE = 0.99          # ... and its layout must beat this share of them to be regions

# -- names -------------------------------------------------------------------------------------
NAME_LANGUAGES = ("deu", "ces", "pol")   # Tesseract data, each read alone; a tie goes to the first
NAME_LEAD = 3.5              # points of sureness the map's own language (surest over its names) has
                             # ahead (Brunsbüttelkoog: Czech 89 > German 86; Częstochowa: Polish 95 > Czech 91)
NAME_LONG = 2.8              # hexes a long name reaches along its line (Jindřichův Hradec: 2.3)
NAME_LETTER = 0.13           # letter height (capitals) of a name, in hexes (Tesseract's scale)
NAME_WIDER = 1.2             # letters a name's print runs along its line at least (two letters)
NAME_SPLIT = 1.0             # letters: a wider gap in a line's print parts two names (a word space: 0.6)
NAME_GAP = 1.5               # letters: a wider gap along a line ends the name ("Oklahoma City": 1.1)
NAME_FIND_PREFILTER = 160    # sRGB level under which a pixel may be a name's print (the search) ...
NAME_FIND_DARK = 0.3         # ... and linear light, the paper 1 (a texture under a name's plate is
                             # lighter; 0.07 broke the strokes: Czechia and USA 24 of 69 names)
NAME_CORE_DARK = 0.08        # ... beside a pixel darker than this (foreign grey 0.105: no print;
                             # TEXT_DARK's 0.05 lost faint letters at 100 dpi)
NAME_STEM = 0.3              # letters a run of print stands upright at least to be a letter's (not
                             # a stipple dot, 0.23, nor a hatch line, 0.18, in letters)
NAME_TALLEST = 2.0           # ... and at most this many (a glyph's height; longer: a fill, a line)
NAME_FLAT = 1.5              # letters a run goes on over print with no upright stroke (Z, W: 1.3)
NAME_FLAT_GAP = 0.6          # ... across gaps this many letters wide at most (a lifted outline)
NAME_BARE = 0.3              # ... over columns with no print above or below, nor this many letters round them
NAME_PIECE = 0.35            # ... over pieces of print this many letters high (an e: 0.4; a stipple dot 0.28)
NAME_SOLID = 0.5             # letters: print solid over a square this wide is a fill or a thick line, no
                             # letter (an Expres river 0.9, black land; a name's stroke 0.25) ...
NAME_SOLID_STEP = 12         # ... no lighter than its middle grey by this (sRGB; a letter touching it: 26 on 0)
NAME_SOLID_RIM_PX = 1        # ... and so is print this many pixels round it (its blurred edge)
NAME_START = 0.5             # letters from a label place's anchor its print may begin (bearings)
NAME_STRIP = 0.4             # letters above and below a place's rows where its name has no print ...
NAME_SPILL = 2.0             # ... each upright pixel there costs this many inside (a box too small)
NAME_TIE = 0.05              # places scoring within this share of the best: the cheaper wins
NAME_TARGET_PX = 32          # names are enlarged until a letter is this tall for Tesseract
TEXT_PREFILTER = 70          # sRGB level under which a pixel's darkest channel is print (strokes)
TEXT_HUE = 70                # channel spread (0..255) under which a pixel is grey enough
TEXT_SOFT_PREFILTER = 230    # in a name's box, its edges and accents too: sRGB level
TEXT_SOFT_DARK = 0.7         # ... and linear light
NAME_LINE_HALF = 0.006       # half a hex outline's width, in hexes (0.09 mm at 14 mm): lifted off a name ...
NAME_LINE_SEEK = 0.006       # hexes either side of a fitted outline its print is looked for (1 px at 300 dpi)
NAME_LINE_RUNS = 0.85        # ... the share of its pixels across a name as dark as the line (a stroke along it: fewer)
NAME_LINE_SOLID = 40         # sRGB level of a line under which it hides what lies under it (taken from beside)
NAME_CITY_RIM = 0.025        # hexes along a city hex's sides, outside its ring, a name may reach into
NAME_SURE = 30               # a reading with a word Tesseract is less sure of (0-100) is no name
NAME_GROW = 0.6              # letters a name's crop may widen over print beyond a hex outline ...
NAME_GROW_GAP = 0.3          # ... across gaps this many letters wide at most (a lifted outline)
NAME_GROW_TALL = 0.25        # ... columns whose print runs this many letters high (no texture dot)
NAME_GROW_INK = 140          # ... of print darker than this sRGB level (a stroke under a lifted line: 80-135)
NAME_PAD = 0.1               # letters of margin at a name's far end (0.2: the dark fill beyond a
                             # foreign name's plate read as a letter)
TEXT_SIDE_WIDTH = 0.012      # half the width of a hex outline, in hexes (0.18 mm at 14 mm)
TEXT_OFF_SIDE_PX = 1.0       # pixels of blur beyond it: print there is the outline's
TEXT_STROKE_WIDTH = 0.045    # hexes from a side a river or border read there reaches (black ones)
NAME_PAST_PX = 1.5           # pixels past a side's band where print on both sides keeps print on the side
NAME_MIN_LETTERS = 2         # a reading shorter than this (tidied) is no name
OCR_ROW = 0.6                # Tesseract's words nearer in height than this share of a line are one row

# -- the report --------------------------------------------------------------------------------
REPORT_LEAST = 10            # how many of the least sure hexes and edges the notes list
UNSURE_BELOW = 0.35          # a decision less sure than this is drawn as unsure on the overlay
EDGE_TOLD = 0.5              # the report lists an edge read as nothing only when less sure than this
UNSURE_CITY = (0.1, 0.9)     # a city (or none) between these sures is noted as unsure
