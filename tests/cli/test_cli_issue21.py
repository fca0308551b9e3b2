"""Input a log cannot record, from the command line (issue 21): refused as bad input,
naming what, before any game reads it, and nothing is recorded."""

from __future__ import annotations

import io

import pytest


@pytest.fixture
def table(cli) -> str:
    result = cli("new", "pigsty", "--seats", "Bill,Ted,Zed")
    assert result.code == 0, result.err
    return result.table


def _length(entries_of, table: str) -> int:
    return len(entries_of(table))


@pytest.mark.parametrize(
    "argv",
    [
        ("gamesmaster", "abandon", "--args", '{"reason": 1e400}'),
        ("gamesmaster", "abandon", "--args", '{"reason": NaN}'),
        ("Bill", "orders", "--args", '{"text": "G 1\\ud800"}'),
        ("Bill", "orders", "G 1\udcff"),  # the shell's $'G 1\xff', as Python reads argv
    ],
)
def test_unrecordable_answers_are_bad_input_not_the_games_failure(cli, entries_of, table, argv) -> None:
    before = _length(entries_of, table)
    result = cli("act", table, *argv)
    assert result.code != 0
    assert "failed" not in result.err and "Traceback" not in result.err, result.err
    assert "not a finite number" in result.err or "not UTF-8 text" in result.err, result.err
    assert _length(entries_of, table) == before


def test_an_answer_on_stdin_that_is_not_utf8_is_refused_by_name(cli, entries_of, table, monkeypatch) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"G 1\xff\n"), encoding="utf-8"))
    before = _length(entries_of, table)
    result = cli("act", table, "Bill", "orders", "-")
    assert result.code != 0 and "standard input is not UTF-8 text" in result.err, result.err
    assert _length(entries_of, table) == before


def test_an_option_that_is_not_utf8_is_refused_by_name(cli) -> None:
    result = cli("new", "pigsty", "--seats", "Bill,Ted,Zed", "--option", 'harvest="\\ud800"')
    assert result.code != 0 and "not UTF-8 text" in result.err, result.err
