"""A player's priced frontier as :func:`~.building.single_pieces` reads it: the edges in
order beside their build actions and a byte per edge that names its price, so that picking
the pieces that fit is two passes in C (``bytes.translate``, ``itertools.compress``)."""

from __future__ import annotations

from bisect import bisect_left

__all__ = ["Listing", "code_of", "JUDGED", "OTHER"]


class Listing:
    """A player's priced frontier edges (``edges``, sorted), their build actions (``actions``,
    the dicts of ``Tables.piece_actions``) and the codes of their prices (``codes``, one byte
    each, :func:`code_of`) side by side: the pieces that fit are picked by translating the codes
    into a byte string of yes and no, both passes in C, with no sorting."""

    __slots__ = ("edges", "actions", "codes")

    def __init__(self):
        self.edges: list[int] = []
        self.actions: list[dict] = []
        self.codes = bytearray()

    def copy(self) -> Listing:
        other = Listing()
        other.edges, other.actions, other.codes = self.edges.copy(), self.actions.copy(), self.codes.copy()
        return other

    def add(self, e: int, action: dict, code: int) -> None:
        i = bisect_left(self.edges, e)
        self.edges.insert(i, e)
        self.actions.insert(i, action)
        self.codes.insert(i, code)

    def recode(self, e: int, code: int) -> None:
        self.codes[bisect_left(self.edges, e)] = code

    def remove(self, e: int) -> None:
        i = bisect_left(self.edges, e)
        del self.edges[i]
        del self.actions[i]
        del self.codes[i]


# Price codes: a map rule's edges (price -1), the first 254 prices a game meets, and the rest.
JUDGED, OTHER = 0, 255


def code_of(codes: dict, v: int) -> int:
    """The byte that stands for price ``v`` in a :class:`Listing` (``codes``: the game's,
    ``Tables.price_codes``, filled as prices appear).

    >>> codes = {}
    >>> code_of(codes, 3), code_of(codes, 2 << 8 | 3), code_of(codes, 3), code_of(codes, -1)
    (1, 2, 1, 0)
    """
    code = codes.get(v)
    if code is None:
        code = JUDGED if v < 0 else len(codes) + 1 if len(codes) < 254 else OTHER
        if code != OTHER:
            codes[v] = code
    return code
