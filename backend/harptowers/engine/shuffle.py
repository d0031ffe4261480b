"""The deal shuffle: SplitMix64 and Fisher–Yates with unbiased bounded integers.

Documented in docs/deals.md precisely enough to re-implement; frozen: changing
anything here changes every deal code's layout.
"""

from __future__ import annotations

from typing import TypeVar

MASK64 = (1 << 64) - 1
T = TypeVar("T")


class SplitMix64:
    """Sebastiano Vigna's SplitMix64 (2015): 64-bit state, 64-bit outputs."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next(self) -> int:
        """The next output, an integer in [0, 2**64)."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """An unbiased integer in [0, n), 1 <= n < 2**64 (Lemire's multiply-and-reject)."""
        m = self.next() * n
        low = m & MASK64
        if low < n:
            threshold = ((1 << 64) - n) % n
            while low < threshold:
                m = self.next() * n
                low = m & MASK64
        return m >> 64


def shuffle(items: list[T], seed: int) -> list[T]:
    """A shuffled copy of ``items``: Fisher–Yates from the last index down, j = below(i + 1)."""
    out = list(items)
    rng = SplitMix64(seed)
    for i in range(len(out) - 1, 0, -1):
        j = rng.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def deal_seed(game_tag: str, number: int) -> int:
    """The shuffle seed of a deal: the two ASCII letters of the game, then the 32-bit number.

    ``deal_seed("EH", 5) == 0x4548_0000_0005``.
    """
    a, b = game_tag.encode("ascii")
    return (a << 40) | (b << 32) | number
