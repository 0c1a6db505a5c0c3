"""The flower bank of Cactus (pure).

Flower tokens (C-K4, C-S1, C-R7, C-R8)
--------------------------------------
25 tokens exist; each lies in the general supply, in the box, or with a player on its 1-side or
3-side (supply and box tokens have no side). Each player starts with three tokens on the 1-side
(C-S1). Whenever a player's value changes, their tokens are exchanged into the *fewest-token form* of
the new value: ``threes = v // 3``, ``ones = v % 3`` (three 1s become one token turned to 3, two tokens
back to the supply, C-R8), so after the first change a player never holds three 1s.

* ``award(p, n)`` gives the largest value ``x <= n`` that the player's tokens plus the supply can
  represent: the player needs ``tokens(v + x) - tokens(v)`` tokens from the supply (a negative need is
  tokens going back to the supply). So an award of 2 adds two 1-tokens and a 1-token held turned to 3
  gives +2 with no token at all. Awards never take from the box ("an award the supply cannot cover is
  paid as far as it reaches"). Returns the value given.
* ``pay(p, n)`` takes ``min(n, v)`` (never below 0, C-R7). A token turned from 3 to 1 takes its change
  (one 1-token) from the supply, else from the box. When neither has a token the turned token pays what
  it must: the player ends on the largest value below the target that needs no extra token (a 3 turned
  to 1 pays 2 instead of 1). Returns the value actually paid (which can then exceed ``n`` by 1).
  Paid tokens go to the supply.
* ``all_on_three_side()`` (C-E1): every token held by a player lies on its 3-side, i.e. every player's
  value is a multiple of 3. A player without tokens holds nothing on a 1-side, so counts as true
  (vacuous truth).
* supply + players' tokens + box == 25 at every moment.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.cactus.rules.pieces import MAX_PLAYERS, MIN_PLAYERS, START_FLOWERS, START_SUPPLY, TOTAL_FLOWERS
from game.cactus.rules.save_checks import SaveError, need_int, need_list, need_map


def tokens_for(value: int) -> int:
    """Fewest tokens that show ``value``: as many 3-sides as fit, the rest 1-sides."""
    return value // 3 + value % 3


class FlowerBank:
    """The 25 flower tokens: players' holdings, the general supply and the box (see module doc)."""

    def __init__(self, players: int) -> None:
        if not isinstance(players, int) or isinstance(players, bool) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Cactus is for {MIN_PLAYERS} to {MAX_PLAYERS} players, got {players!r}")
        self._ones = [START_FLOWERS] * players  # 3 tokens on the 1-side each (C-S1)
        self._threes = [0] * players
        self._supply = START_SUPPLY
        self._box = TOTAL_FLOWERS - START_FLOWERS * players - START_SUPPLY

    # --- reading
    @property
    def players(self) -> int:
        return len(self._ones)

    @property
    def supply(self) -> int:
        return self._supply

    @property
    def box(self) -> int:
        return self._box

    def _check(self, p: int) -> None:
        if not isinstance(p, int) or not 0 <= p < len(self._ones):
            raise ValueError(f"no player {p!r}; seats are 0..{len(self._ones) - 1}")

    def value(self, p: int) -> int:
        self._check(p)
        return self._ones[p] + 3 * self._threes[p]

    def tokens(self, p: int) -> tuple[int, int]:
        """(ones, threes): tokens on the 1-side and on the 3-side."""
        self._check(p)
        return self._ones[p], self._threes[p]

    def held(self) -> int:
        """Tokens held by all players together."""
        return sum(self._ones) + sum(self._threes)

    def total(self) -> int:
        return self._supply + self._box + self.held()

    def all_on_three_side(self) -> bool:
        """C-E1: every token held by a player shows its 3-side (players without tokens: vacuously)."""
        return not any(self._ones)

    # --- changing
    def _set(self, p: int, value: int) -> None:
        self._ones[p], self._threes[p] = value % 3, value // 3

    def award(self, p: int, n: int) -> int:
        """Give player ``p`` value ``n`` from the supply, as far as it reaches; returns the value given."""
        self._check(p)
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise ValueError(f"an award must be a whole number >= 0, got {n!r}")
        v, have = self.value(p), self._ones[p] + self._threes[p]
        for x in range(n, 0, -1):
            need = tokens_for(v + x) - have  # < 0: tokens go back to the supply
            if need <= self._supply:
                self._supply -= need
                self._set(p, v + x)
                return x
        return 0

    def pay(self, p: int, n: int) -> int:
        """Player ``p`` pays value ``n`` into the supply (never below 0); returns the value paid."""
        self._check(p)
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise ValueError(f"a payment must be a whole number >= 0, got {n!r}")
        if n == 0:
            return 0
        v, have = self.value(p), self._ones[p] + self._threes[p]
        for target in range(max(0, v - n), -1, -1):
            need = tokens_for(target) - have
            if need <= self._supply + self._box:
                if need <= 0:
                    self._supply -= need  # paid tokens go back to the supply
                else:  # change: from the supply, else from the box
                    from_supply = min(need, self._supply)
                    self._supply -= from_supply
                    self._box -= need - from_supply
                self._set(p, target)
                return v - target
        raise AssertionError("unreachable: value 0 never needs a token")  # pragma: no cover

    # --- saving
    def to_dict(self) -> dict[str, Any]:
        return {"ones": list(self._ones), "threes": list(self._threes), "supply": self._supply, "box": self._box}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any], where: str = "bank") -> FlowerBank:
        d = need_map(d, where)
        ones = [need_int(v, f"{where}.ones", 0, TOTAL_FLOWERS) for v in need_list(d.get("ones"), f"{where}.ones")]
        threes = [need_int(v, f"{where}.threes", 0, TOTAL_FLOWERS)
                  for v in need_list(d.get("threes"), f"{where}.threes")]
        if len(ones) != len(threes):
            raise ValueError("flower bank: 'ones' and 'threes' must list the same players")
        if not ones:
            raise SaveError(f"{where}: no players")
        bank = cls(len(ones))
        bank._ones, bank._threes = ones, threes
        bank._supply = need_int(d.get("supply"), f"{where}.supply", 0, TOTAL_FLOWERS)
        bank._box = need_int(d.get("box"), f"{where}.box", 0, TOTAL_FLOWERS)
        if min(ones + threes) < 0 or bank._supply < 0 or bank._box < 0 or bank.total() != TOTAL_FLOWERS:
            raise ValueError(
                f"flower bank does not add up to {TOTAL_FLOWERS} tokens: ones {ones}, threes {threes}, "
                f"supply {bank._supply}, box {bank._box}"
            )
        return bank

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FlowerBank) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"FlowerBank({self.to_dict()})"


__all__ = ["FlowerBank", "tokens_for"]
