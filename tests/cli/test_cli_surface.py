"""The CLI as issues 9 and 10 ask: one service API, bots remembered by the table, options
that do not apply refused, read-only commands that create nothing, a hot seat that hides
one person's view from the next, and errors as JSON where JSON was asked for."""

from __future__ import annotations

import argparse
import hashlib
import io
import json
from pathlib import Path

import pytest

from referee import Referee
from referee_cli import hotseat
from referee_cli.main import parser

# -- bots remembered by the table (issue 10) ------------------------------------------------


def test_play_table_goes_on_with_the_same_bots_without_bot_seats(cli, entries_of, monkeypatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    saved = cli("play", "pigsty", "--seats", "Bill", "--bots", "3", "--seed", "same-bots", "--quiet")
    assert saved.code == 3, saved.err
    table = saved.table
    automated = [e for e in entries_of(table) if e["type"] == "referee.SeatsAutomated"]
    assert [e["event"]["seats"] for e in automated] == [["Ada", "Bert", "Cleo"]]

    monkeypatch.setattr("sys.stdin", io.StringIO("I 5\n"))
    again = cli("play", "--table", table, "--quiet")
    assert again.code == 3, again.err
    assert "(Ada, Bert and Cleo played by bots)" in again.out
    # The bots answered their own requests; Bill's second turn waits for Bill.
    assert cli("tables", "--json").json()[0]["waiting_for"] == ["Bill"]
    assert len([e for e in entries_of(table) if e["type"] == "referee.SeatsAutomated"]) == 1  # the same bots: nothing new

    finished = cli("play", "--table", table, "--bot-seats", "Ada,Bert,Cleo,Bill", "--quiet")
    assert finished.code == 0, finished.err
    last = [e for e in entries_of(table) if e["type"] == "referee.SeatsAutomated"][-1]
    assert last["event"]["seats"] == ["Bill", "Ada", "Bert", "Cleo"]  # in seat order
    assert cli("verify", table).code == 0


@pytest.mark.parametrize(
    ("argv", "problem"),
    [
        pytest.param(["--bot-seats", "Nobody"], "--bot-seats names no seat of table", id="unknown-seat"),
        pytest.param(["--bot-seats", ","], "--bot-seats names no seat of table", id="no-seat"),
        pytest.param(["--seats", "Ann"], "--seats does not apply when going on with a table", id="seats-with-table"),
        pytest.param(["--bots", "2", "--seed", "x"], "--bots, --seed do not apply", id="bots-seed-with-table"),
        pytest.param(["--option", "rounds=3"], "--option does not apply", id="option-with-table"),
        pytest.param(["pigsty"], "not both", id="game-and-table"),
    ],
)
def test_play_table_refuses_what_does_not_apply(cli, entries_of, argv, problem) -> None:
    table = cli("new", "pigsty", "--seats", "Bill,Ted,Zed").table
    before = entries_of(table)
    game = [a for a in argv if not a.startswith("-") and a == "pigsty"]
    rest = [a for a in argv if a not in game]
    result = cli("play", *game, "--table", table, *rest, "--quiet")
    assert result.code == 2, result.out + result.err
    assert problem in result.err
    assert entries_of(table) == before


def test_bot_seats_without_table_is_refused(cli) -> None:
    result = cli("play", "pigsty", "--bots", "3", "--bot-seats", "Ada")
    assert result.code == 2
    assert "--bot-seats does not apply to a new table" in result.err
    assert cli("tables", "--json").json() == []


# -- read-only commands (issue 10) ------------------------------------------------------------

READ_ONLY = [
    ["view", "latest"],
    ["export", "latest"],
    ["replay", "latest"],
    ["verify", "latest"],
    ["explain", "latest", "1"],
    ["report", "latest"],
    ["view", "some-table"],
]


@pytest.mark.parametrize("argv", READ_ONLY, ids=lambda a: " ".join(a))
def test_read_only_commands_create_no_store_nor_folder(cli, tmp_path, argv) -> None:
    missing = tmp_path / "no" / "such" / "store.sqlite"
    result = cli(*argv, db=missing)
    assert result.code == 2
    assert f"no store at {missing}" in result.err
    assert not (tmp_path / "no").exists()


def test_tables_of_a_missing_store_is_empty_and_creates_nothing(cli, tmp_path) -> None:
    missing = tmp_path / "no" / "store.sqlite"
    result = cli("tables", db=missing)
    assert result.code == 0
    assert f"no tables in {missing}" in result.out
    assert not (tmp_path / "no").exists()


def test_a_file_that_is_no_store_is_refused_by_name(cli, tmp_path) -> None:
    empty = tmp_path / "empty.sqlite"
    empty.touch()
    result = cli("verify", "latest", db=empty)
    assert result.code == 2
    assert f"cannot open the table store {empty}" in result.err and "internal error" not in result.err
    assert empty.read_bytes() == b""


def _folder_digest(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())}


def test_read_only_commands_leave_the_store_byte_for_byte(cli, tmp_path, finished_copy) -> None:
    folder = tmp_path / "store"
    folder.mkdir()
    store = folder / "tables.sqlite"
    assert cli("import", finished_copy, db=store).code == 0
    table = cli("tables", "--json", db=store).json()[0]["table_id"]
    before = _folder_digest(folder)
    for argv in (["view", table], ["export", table], ["replay", table, "--to", "5"], ["verify", table], ["explain", table, "3"]):
        assert cli(*argv, db=store).code == 0, argv
        assert cli("report", table, db=store).code in (0, 2)  # pigsty reports; the point is what it writes
        assert cli("tables", db=store).code == 0
    assert _folder_digest(folder) == before


# -- the hot seat (issue 10) ------------------------------------------------------------------


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_hot_seat_clears_the_screen_and_waits_before_the_next_persons_view(monkeypatch) -> None:
    app = Referee(":memory:")
    table = app.open("pigsty", ["Bill", "Ted", "Zed"], seed="two-humans")
    # Enter for Bill, Bill's orders, Enter for Ted, Ted's orders; then input runs out at Zed's.
    monkeypatch.setattr("sys.stdin", io.StringIO("\nI 5\n\nG 2\n"))
    out = _Terminal()
    finished = hotseat.play(app, table, humans=["Bill", "Ted"], bots=["Zed"], out=out, quiet=True, memory=True)
    assert finished is False
    text = out.getvalue()
    for seat in ("Bill", "Ted"):
        handover = text.index(f"pass the keyboard to {seat}")
        # The screen is cleared before the banner, and the seat's view comes only after Enter.
        assert text.rindex("\033[2J", 0, handover) < handover
        assert text.index(f"{seat}, press Enter", handover) < text.index(f"{seat}, it is up to you", handover)
    ted_turn = text.index("pass the keyboard to Ted")
    assert "I 5" not in text[ted_turn:]  # Bill's sealed orders are not on Ted's screen
    assert "end of input: table" in text and "is lost with this process" in text


def test_hot_seat_with_one_person_asks_for_no_handover(monkeypatch) -> None:
    app = Referee(":memory:")
    table = app.open("pigsty", ["Bill", "Ted", "Zed"], seed="one-human")
    monkeypatch.setattr("sys.stdin", io.StringIO("I 5\n"))
    out = _Terminal()
    assert hotseat.play(app, table, humans=["Bill"], bots=["Ted", "Zed"], out=out, quiet=True) is False
    assert "pass the keyboard" not in out.getvalue() and "\033[2J" not in out.getvalue()


def test_unfinished_game_exits_non_zero_with_the_resume_command(cli, db, monkeypatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    result = cli("play", "pigsty", "--seats", "Bill", "--bots", "2", "--seed", "leave")
    assert result.code == 3
    assert f"go on with: referee play --table {result.table} --db {db}" in result.out


def test_memory_tables_get_no_go_on_or_verify_hints(cli, monkeypatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    left = cli("play", "pigsty", "--seats", "Bill", "--bots", "2", "--seed", "mem", db=":memory:")
    assert left.code == 3
    assert "go on with" not in left.out and "referee play --table" not in left.out
    assert "is lost with this process" in left.out
    done = cli("play", "pigsty", "--bots", "3", "--seed", "mem", "--quiet", db=":memory:")
    assert done.code == 0, done.err
    assert "result: " in done.out and "referee verify" not in done.out


# -- version, help, JSON errors (issue 10) ---------------------------------------------------


def test_version(cli) -> None:
    result = cli("--version", db=None)
    assert result.code == 0
    assert result.out.startswith("referee 0.") and "(kernel 0." in result.out


def _every_parser(top: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    found = [top]
    for action in top._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                found += _every_parser(sub)
    return found


def test_every_argument_has_help() -> None:
    missing = []
    for p in _every_parser(parser()):
        for action in p._actions:
            if isinstance(action, argparse._SubParsersAction):
                continue
            if not action.help or action.help == argparse.SUPPRESS:
                missing.append(f"{p.prog} {'/'.join(action.option_strings) or action.dest}")
    assert not missing, missing


@pytest.mark.parametrize(
    ("argv", "problem"),
    [
        pytest.param(["verify", "nosuch-table", "--json"], "'nosuch-table' is neither", id="command-error"),
        pytest.param(["--json", "dance"], "invalid choice", id="parse-error"),
        pytest.param(["play", "--json"], "name a game", id="play-without-game"),
    ],
)
def test_errors_are_json_on_stderr_with_json(cli, argv, problem) -> None:
    assert cli("new", "pigsty", "--seats", "Bill,Ted,Zed").code == 0
    result = cli(*argv)
    assert result.code == 2
    assert result.out == ""
    error = json.loads(result.err.strip().splitlines()[-1])
    assert error["status"] == 2 and problem in error["error"]


def test_export_to_a_file_with_json_says_what_it_wrote_as_json(cli, tmp_path) -> None:
    table = cli("new", "pigsty", "--seats", "Bill,Ted,Zed").table
    path = tmp_path / "out.jsonl"
    result = cli("export", table, "-o", path, "--json")
    assert result.code == 0, result.err
    assert result.json() == {"table": table, "entries": len(path.read_text().splitlines()), "file": str(path)}


def test_errors_without_json_stay_one_line_of_text(cli) -> None:
    result = cli("verify", "nosuch-table")
    assert result.code == 2
    assert result.err.startswith("referee: ") and not result.err.startswith("{")


def test_service_records_bots_as_an_action_the_log_verifies() -> None:
    """Issue 10: the table remembers its bots through the kernel's own ``automate`` action
    (a replay and ``verify`` re-decide it like any other); unknown seats are refused."""
    from referee import RefereeError

    app = Referee(":memory:")
    table = app.open("pigsty", ["Bill", "Ted", "Zed"], seed="automate")
    assert app.bots.seats(table) == ()
    assert [e.type for e in app.bots.automate(table, ["Zed", "Ted"])] == ["referee.ActionTaken", "referee.SeatsAutomated"]
    assert app.bots.seats(table) == ("Ted", "Zed")
    assert app.bots.automate(table, ["Ted", "Zed"]) == []  # already so: nothing appended
    before = len(app.entries(table))
    with pytest.raises(RefereeError, match="'Nobody': no seat at table"):
        app.bots.automate(table, ["Nobody"])
    assert len(app.entries(table)) == before
    app.bots.play(table, ["Bill", "Ted", "Zed"])
    assert app.over(table)
    assert app.audit.verify(app.entries(table)).ok
    assert app.audit.replay_view(app.entries(table), to=before).view is not None
