"""The lab's figures (issue 25): intervals with known values, and what a set of games sums to."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee import Held
from referee_balance.runs import GameRecord, Uses
from referee_balance.stats import compare, mean_interval, summarize, t_quantile, wilson


def test_wilson_interval_of_30_in_100() -> None:
    e = wilson(30, 100)
    assert e.value == 0.3
    assert (round(e.low, 4), round(e.high, 4)) == (0.2189, 0.3958)


def test_wilson_interval_at_the_edges_stays_inside_0_and_1() -> None:
    none, every = wilson(0, 10), wilson(10, 10)
    assert none.low == 0.0 and round(none.high, 4) == 0.2775
    assert every.high == 1.0 and round(every.low, 4) == 0.7225


@given(st.integers(1, 10_000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_interval_holds_the_share(case: tuple[int, int]) -> None:
    successes, n = case
    e = wilson(successes, n)
    assert 0.0 <= e.low <= e.value <= e.high <= 1.0


def test_mean_interval_uses_students_t() -> None:
    e = mean_interval([1, 2, 3, 4, 5])  # sd 1.5811, t(4) = 2.776
    assert e.value == 3
    assert (round(e.low, 3), round(e.high, 3)) == (1.037, 4.963)


@pytest.mark.parametrize(("df", "t"), [(1, 12.706), (30, 2.042), (40, 2.021), (60, 2.000), (120, 1.980), (10_000, 1.960)])
def test_t_quantiles_match_the_printed_table(df: int, t: float) -> None:
    assert t_quantile(df) == pytest.approx(t, abs=0.001)


def test_one_value_has_no_interval() -> None:
    e = mean_interval([7.0])
    assert e.value == 7.0 and math.isinf(e.low) and math.isinf(e.high)


def _record(index: int, winners: dict[str, float], held=(), used=(), actions: int = 10) -> GameRecord:
    return GameRecord(
        index, winners, "over", actions, 2, {"Ann": "heuristic", "Bob": "random"}, {"move": actions}, tuple(held), tuple(used)
    )


def test_a_tie_shares_the_win_and_holders_are_counted_per_seat() -> None:
    records = [
        _record(0, {"Ann": 1.0}, [Held("Ann", "card", "Ace"), Held("Bob", "card", "Two")], [Uses("Ann", "card", "Ace", 3)]),
        _record(1, {"Ann": 0.5, "Bob": 0.5}, [Held("Bob", "card", "Ace")], [Uses("Ann", "card", "Ace", 1)]),
        _record(2, {"Bob": 1.0}, [Held("Ann", "card", "Ace")], [Uses(None, "card", "Storm", 2)]),
        _record(3, {"Bob": 1.0}, [], []),
    ]
    summary = summarize(records)
    ann, bob = summary.seats
    assert (ann.name, ann.share.value, ann.fair, ann.ratio.value) == ("Ann", 1.5 / 4, 0.5, 0.75)
    assert bob.share.value == 2.5 / 4
    assert [(s.name, s.share.value, s.share.n) for s in summary.bots] == [("heuristic", 1.5 / 4, 4), ("random", 2.5 / 4, 4)]
    ace = next(t for t in summary.held if t.name == "Ace")
    # Held three times (Ann, Bob, Ann), won 1 + 0.5 + 0; used by its holder in the first only.
    assert (ace.wins.share.value, ace.wins.share.n) == (1.5 / 3, 3)
    assert ace.used.value == 1 / 3 and ace.uses.value == 1.0
    assert summary.uses["card: Storm"].value == 0.5
    assert summary.uses["card: Ace"].value == 1.0


def test_endings_count_together_whoever_won() -> None:
    records = [
        GameRecord(i, {seat: 1.0}, f"{seat} has the most with $1{i}0", 1, 1, {"Ann": "x", "Bob": "x"}, {}, (), ())
        for i, seat in enumerate(["Ann", "Bob", "Ann"])
    ]
    assert list(summarize(records).endings) == ["\u2026 has the most with \u2026"]
    assert summarize(records).endings["\u2026 has the most with \u2026"].value == 1.0


def test_paired_comparison_flags_a_real_difference_and_not_noise() -> None:
    base = [_record(i, {"Ann" if i % 2 else "Bob": 1.0}, actions=10 + i % 3) for i in range(40)]
    always_ann = [_record(i, {"Ann": 1.0}, actions=10 + i % 3) for i in range(40)]
    rows = {d.figure: d for d in compare(base, always_ann)}
    assert rows["win share: Ann"].significant and rows["win share: Ann"].difference.value == 0.5
    assert rows["win share: Bob"].significant and rows["win share: Bob"].difference.value == -0.5
    assert not rows["actions per game"].significant
    assert not any(d.significant for d in compare(base, base))


def test_pairs_need_the_same_games() -> None:
    with pytest.raises(ValueError, match="same games"):
        compare([_record(0, {})], [_record(1, {})])


def test_the_progress_bar_counts_to_the_total() -> None:
    import io

    from referee_balance.progress import Progress

    shown = io.StringIO()
    bar = Progress(40, "games", shown)
    for _ in range(4):
        bar.advance(10)
    bar.close()
    assert "40/40 games" in shown.getvalue() and shown.getvalue().endswith("\n")


def test_holm_flags_a_real_difference_but_not_one_of_many_chance_intervals() -> None:
    """Twenty figures whose own 95% intervals just leave out 0 (p about 0.04 each) are what
    chance gives among many: none stands after Holm's correction; one clear difference does."""
    from referee_balance.stats import Difference, Estimate, holm

    weak = [Difference(f"figure {n}", 0.0, 0.1, Estimate(0.1, 0.005, 0.195, 200), 0.04) for n in range(20)]
    strong = Difference("clear", 0.0, 0.5, Estimate(0.5, 0.4, 0.6, 200), 1e-12)
    flagged = [d.figure for d in holm([*weak, strong]) if d.significant]
    assert flagged == ["clear"]
    assert [d.significant for d in holm(weak[:1])] == [True]  # alone, the same interval is significant
