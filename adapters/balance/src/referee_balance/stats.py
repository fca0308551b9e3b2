"""From game records to figures, each with its 95% confidence interval.

Proportions (a win share, the share of games where something was used) take the Wilson
score interval, which stays inside [0, 1] and behaves at 0 and at small counts; means (actions
per game, uses per game) take Student's t.  A win shared by a tie counts its share.

A comparison of two sets played on the same seeds and table keys is paired: each figure's
per-game difference between the sets, its mean and interval; a difference whose interval
leaves out zero is flagged.  Where one set lacks a thing in a game (a card not dealt), that
game is left out of that figure's pairs.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence

import msgspec

from referee import words

from .runs import GameRecord

__all__ = [
    "Difference",
    "Estimate",
    "Share",
    "Summary",
    "Thing",
    "compare",
    "mean_interval",
    "summarize",
    "t_quantile",
    "wilson",
]

Z95 = 1.959963984540054
"""The standard normal's 97.5th percentile: a two-sided 95% interval."""

_T95: tuple[float, ...] = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131)
_T95 += (2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)
"""Student's t, 97.5th percentile, for 1 to 30 degrees of freedom (printed tables)."""


def t_quantile(df: int) -> float:
    """Student's t 97.5th percentile for ``df`` degrees of freedom: the table to 30, then the
    Cornish-Fisher expansion around the normal (within 0.001 beyond 30)."""
    if df < 1:
        return math.inf
    if df <= len(_T95):
        return _T95[df - 1]
    z = Z95
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)


class Estimate(msgspec.Struct, frozen=True):
    """A figure and its 95% interval, over ``n`` observations."""

    value: float
    low: float
    high: float
    n: int

    def excludes(self, point: float) -> bool:
        return self.low > point or self.high < point


def wilson(successes: float, n: int) -> Estimate:
    """The Wilson score interval of ``successes`` in ``n`` (30 of 100: 0.219 to 0.396)."""
    if n <= 0:
        return Estimate(math.nan, 0.0, 1.0, 0)
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 / (1 + z2 / n) * math.sqrt(max(p * (1 - p) / n + z2 / (4 * n * n), 0.0))
    # At none or every one the bound is exactly 0 or 1: rounding would leave it a hair off.
    low = 0.0 if successes <= 0 else min(p, max(0.0, centre - half))
    high = 1.0 if successes >= n else max(p, min(1.0, centre + half))
    return Estimate(p, low, high, n)


def mean_interval(values: Sequence[float]) -> Estimate:
    """The mean of ``values`` and its t interval (one value: no interval)."""
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    mean = math.fsum(values) / n
    if n == 1:
        return Estimate(mean, -math.inf, math.inf, 1)
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = t_quantile(n - 1) * math.sqrt(variance / n)
    return Estimate(mean, mean - half, mean + half, n)


class Share(msgspec.Struct, frozen=True):
    """A win share against the fair one (one in the number of seats): ``ratio`` 1.0 is fair."""

    name: str
    share: Estimate
    fair: float

    @property
    def ratio(self) -> Estimate:
        s = self.share
        return Estimate(s.value / self.fair, s.low / self.fair, s.high / self.fair, s.n)


class Thing(msgspec.Struct, frozen=True):
    """A power, deck, card or ability held: how its holders fared and how often they used it."""

    kind: str
    name: str
    wins: Share
    used: Estimate
    """Share of the seats holding it that used it at least once."""
    uses: Estimate
    """Its holder's uses per game where it was held."""


class Summary(msgspec.Struct, frozen=True):
    """Every figure of one set of games."""

    games: int
    seats: list[Share]
    bots: list[Share]
    held: list[Thing]
    uses: dict[str, Estimate]
    """Uses per game of each thing used (``kind: name``), by anyone or nobody's."""
    actions: dict[str, Estimate]
    """Each action's times per game."""
    length: Estimate
    """Actions per game."""
    rounds: Estimate
    endings: dict[str, Estimate]
    """Share of the games that ended each way: the game's reason with seats' names and
    numbers left out (reasons that differ only there count together)."""


def _label(kind: str, name: str) -> str:
    return f"{kind}: {name}"


def _shape(reason: str, seats: Iterable[str]) -> str:
    """A reason without the seats' names and the numbers: "Ann is the richest ... $125,000"
    and "Bob is the richest ... $90,000" end a game the same way ("… is the richest ... …")."""
    for seat in sorted(seats, key=len, reverse=True):
        reason = reason.replace(seat, "\u2026")
    return " ".join("\u2026" if any(c.isdigit() for c in word) else word for word in reason.split())


def summarize(records: Sequence[GameRecord]) -> Summary:
    n = len(records)
    seat_names = list(records[0].kinds) if records else []
    fair = 1 / len(seat_names) if seat_names else math.nan
    seats = [Share(seat, wilson(sum(r.winners.get(seat, 0.0) for r in records), n), fair) for seat in seat_names]
    by_kind: dict[str, list[float]] = defaultdict(list)
    held_wins: dict[tuple[str, str], list[float]] = defaultdict(list)
    held_uses: dict[tuple[str, str], list[int]] = defaultdict(list)
    uses: dict[str, list[int]] = {}
    actions: dict[str, list[int]] = {}
    endings: dict[str, int] = defaultdict(int)
    for number, record in enumerate(records):
        for seat, kind in record.kinds.items():
            by_kind[kind].append(record.winners.get(seat, 0.0))
        by_holder: dict[tuple[str | None, str, str], int] = defaultdict(int)
        for use in record.used:
            by_holder[use.seat, use.kind, use.name] += use.times
            uses.setdefault(_label(use.kind, use.name), [0] * n)[number] += use.times
        for held in record.held:
            held_wins[held.kind, held.name].append(record.winners.get(held.seat, 0.0))
            held_uses[held.kind, held.name].append(by_holder.get((held.seat, held.kind, held.name), 0))
        for action, times in record.taken.items():
            actions.setdefault(action, [0] * n)[number] += times
        endings[_shape(record.reason, record.kinds)] += 1
    return Summary(
        games=n,
        seats=seats,
        bots=[Share(kind, wilson(sum(won), len(won)), fair) for kind, won in sorted(by_kind.items())],
        held=[
            Thing(
                kind,
                name,
                Share(name, wilson(sum(won), len(won)), fair),
                wilson(sum(1 for u in held_uses[kind, name] if u), len(won)),
                mean_interval(held_uses[kind, name]),
            )
            for (kind, name), won in sorted(held_wins.items())
        ],
        uses={label: mean_interval(times) for label, times in sorted(uses.items())},
        actions={action: mean_interval(times) for action, times in sorted(actions.items())},
        length=mean_interval([r.actions for r in records]),
        rounds=mean_interval([r.rounds for r in records]),
        endings={shape: wilson(times, n) for shape, times in sorted(endings.items(), key=lambda kv: (-kv[1], kv[0]))},
    )


class Difference(msgspec.Struct, frozen=True):
    """One figure in both sets over the same games: its mean in each, the mean of the
    per-game differences (against minus base) with its 95% interval, how likely a
    difference this large is by chance alone (``p``, two-sided), and whether it stands
    out after Holm's correction for every figure compared at once (``significant``)."""

    figure: str
    base: float
    against: float
    difference: Estimate
    p: float = 1.0
    significant: bool = False


def _p_value(d: Estimate) -> float:
    """Two-sided p of a mean difference from its t interval (normal tail: the sets are large)."""
    if d.n < 2 or not math.isfinite(d.low) or not math.isfinite(d.high):
        return 1.0
    standard_error = (d.high - d.low) / (2 * t_quantile(d.n - 1))
    if standard_error == 0:
        return 1.0 if d.value == 0 else 0.0
    return math.erfc(abs(d.value) / standard_error / math.sqrt(2))


def holm(rows: Sequence[Difference], level: float = 0.05) -> list[Difference]:
    """``rows`` with ``significant`` set by Holm's step-down correction: with thirty figures
    compared, a plain 95% test flags one or two by chance alone; this keeps the chance of
    flagging any figure that does not really differ under ``level``."""
    order = sorted(range(len(rows)), key=lambda i: rows[i].p)
    flagged: set[int] = set()
    for rank, i in enumerate(order):
        if rows[i].p > level / (len(rows) - rank):
            break
        flagged.add(i)
    return [msgspec.structs.replace(row, significant=i in flagged) for i, row in enumerate(rows)]


def _paired(figure: str, pairs: Iterable[tuple[float, float]]) -> Difference:
    pairs = list(pairs)
    n = len(pairs) or 1
    difference = mean_interval([b - a for a, b in pairs])
    return Difference(
        figure,
        math.fsum(a for a, _ in pairs) / n,
        math.fsum(b for _, b in pairs) / n,
        difference,
        _p_value(difference),
    )


def _held_wins(record: GameRecord) -> dict[str, float]:
    won: dict[str, float] = defaultdict(float)
    for held in record.held:
        won[_label(held.kind, held.name)] += record.winners.get(held.seat, 0.0)
    return won


def _kind_wins(record: GameRecord) -> dict[str, float]:
    won: dict[str, float] = defaultdict(float)
    for seat, kind in record.kinds.items():
        won[kind] += record.winners.get(seat, 0.0)
    return won


def _uses(record: GameRecord) -> dict[str, float]:
    times: dict[str, float] = defaultdict(float)
    for use in record.used:
        times[_label(use.kind, use.name)] += use.times
    return times


def compare(base: Sequence[GameRecord], against: Sequence[GameRecord]) -> list[Difference]:
    """Paired differences of every figure the two sets share, game by game (same indices).

    Win shares are per game: a seat's share of the win, the share won by each bot kind's
    seats, by the seats holding each thing (games where both sets dealt it); counts are per
    game: actions, rounds, each action taken, each thing used (zero where not used).
    """
    paired = [(a, b) for a, b in zip(base, against, strict=True)]
    if any(a.index != b.index for a, b in paired):
        raise ValueError("a paired comparison needs the same games in both sets")
    rows = [
        _paired(f"win share: {seat}", ((a.winners.get(seat, 0.0), b.winners.get(seat, 0.0)) for a, b in paired)) for seat in _seats(base)
    ]

    def present_in_both(read, prefix: str, zero_missing: bool) -> list[Difference]:
        values = [(read(a), read(b)) for a, b in paired]
        names = sorted({k for va, vb in values for k in (*va, *vb)})
        out = []
        for name in names:
            if zero_missing:
                pairs = [(va.get(name, 0.0), vb.get(name, 0.0)) for va, vb in values]
            else:
                pairs = [(va[name], vb[name]) for va, vb in values if name in va and name in vb]
            if pairs:
                out.append(_paired(f"{prefix}{name}", pairs))
        return out

    if any(len(set(r.kinds.values())) > 1 for r in (*base, *against)):  # one kind alone always wins it all
        rows += present_in_both(_kind_wins, "win share of bots: ", zero_missing=False)
    rows += present_in_both(_held_wins, "win share, holding ", zero_missing=False)
    rows.append(_paired("actions per game", ((a.actions, b.actions) for a, b in paired)))
    rows.append(_paired("rounds per game", ((a.rounds, b.rounds) for a, b in paired)))
    rows += present_in_both(lambda r: {words.title(k): float(v) for k, v in r.taken.items()}, "times per game: ", zero_missing=True)
    rows += present_in_both(_uses, "uses per game: ", zero_missing=True)
    return holm(rows)


def _seats(records: Sequence[GameRecord]) -> list[str]:
    return list(records[0].kinds) if records else []
