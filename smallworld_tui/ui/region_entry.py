"""Typing a region's number: digits gather until they name a region no longer number starts
with (then the region is chosen at once), or until Enter.

On a map of 48 regions, "7" chooses region 7 at once, "4" waits ("4" then Enter is region 4,
"41" is region 41) and "49" is no region, so its "9" starts a new number (region 9).  The
rule depends only on the map's numbers, never on the game, so the same digits always do the
same thing.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class RegionEntry:
    """The digits typed so far on a map of ``count`` regions (numbered from 0)."""

    count: int
    digits: str = field(default="")

    def type(self, digit: str) -> tuple[int | None, bool]:
        """Add a digit: the region the digits name now (or None) and whether that number is
        complete (no other region's number starts with it; the digits are then cleared)."""
        if not (len(digit) == 1 and digit.isdigit()):
            raise ValueError(f"not a digit: {digit!r}")
        digits = self.digits + digit
        if self._number(digits) is None:
            digits = digit if self._number(digit) is not None else ""
        self.digits = digits
        region = self._number(digits)
        complete = region is not None and (region == 0 or region * 10 >= self.count)
        if complete:
            self.digits = ""
        return region, complete

    def region(self) -> int | None:
        """The region the digits typed so far name, if any."""
        return self._number(self.digits)

    def longer(self) -> range:
        """The regions one more digit would name ("1" on 23 regions: 10 to 19)."""
        region = self.region()
        if region is None or region == 0:
            return range(0)
        return range(region * 10, min(region * 10 + 10, self.count))

    def back(self) -> None:
        """Forget the last digit."""
        self.digits = self.digits[:-1]

    def clear(self) -> None:
        self.digits = ""

    def _number(self, digits: str) -> int | None:
        """The region numbered ``digits`` (every longer number starting with them is
        larger, so a number that is no region starts none)."""
        if not digits or (len(digits) > 1 and digits[0] == "0"):
            return None
        number = int(digits)
        return number if number < self.count else None
