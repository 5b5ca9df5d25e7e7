"""The ledger: every account and every payment of a game, in the order they happened.

An account changes only by a transfer ``(payer, payee, amount, reason)``; the bank is
:data:`BANK` (``-1``) on either side. Money never goes below zero: the rules check before
they pay, and :meth:`Ledger.pay` refuses to (an assertion: it would be a bug in a rule).
A score track is a ledger too (TransAmerica's points lost are paid to the bank); its scores
may fall below zero (``floor=None``: the sea beyond the track's last field).

>>> led = Ledger([20, 20])
>>> led.pay(0, 1, 3, "fare race 1"); led.pay(BANK, 0, 6, "city bonus Brno")
>>> led.accounts, list(led.entries)
([23, 23], [(0, 1, 3, 'fare race 1'), (-1, 0, 6, 'city bonus Brno')])
>>> led.paid_by(0, "fare"), led.received_by(0, "city bonus")
(3, 6)
>>> track = Ledger([2], floor=None); track.pay(0, BANK, 5, "round 1"); track.accounts
[-3]
"""

from __future__ import annotations

__all__ = ["Ledger", "BANK"]

BANK = -1


class Ledger:
    """``accounts`` per seat and ``entries`` (the transfers, oldest first); ``floor``: the
    lowest an account may fall to by paying (None: no limit)."""

    __slots__ = ("accounts", "entries", "floor")

    def __init__(self, accounts, entries=(), floor: int | None = 0):
        self.accounts = list(accounts)
        self.entries = list(entries)
        self.floor = floor

    def copy(self) -> Ledger:
        return Ledger(self.accounts, self.entries, self.floor)

    def as_json(self) -> dict:
        out: dict = {"accounts": list(self.accounts), "entries": [list(e) for e in self.entries]}
        if self.floor != 0:
            out["floor"] = self.floor
        return out

    def pay(self, src: int, dst: int, amount: int, why: str) -> None:
        """Move ``amount`` from ``src`` to ``dst`` (either may be the bank); 0 or less: nothing."""
        if amount <= 0:
            return
        acc = self.accounts
        if src >= 0:
            if self.floor is not None and acc[src] - amount < self.floor:
                raise AssertionError(f"account of seat {src} would go below {self.floor} ({why})")
            acc[src] -= amount
        if dst >= 0:
            acc[dst] += amount
        self.entries.append((src, dst, amount, why))

    def settle(self, transfers, why: str) -> None:
        """Pay several ``(payer, payee, amount)`` at once: all debits first, so that nobody
        passes through a negative account on the way (the caller checked the net amounts)."""
        acc = self.accounts
        for a, c, f in transfers:
            acc[a] -= f
            acc[c] += f
            self.entries.append((a, c, f, why))

    def paid_by(self, seat: int, reason_start: str = "") -> int:
        return sum(e[2] for e in self.entries if e[0] == seat and e[3].startswith(reason_start))

    def received_by(self, seat: int, reason_start: str = "") -> int:
        return sum(e[2] for e in self.entries if e[1] == seat and e[3].startswith(reason_start))
