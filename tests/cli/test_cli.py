"""The ``referee`` command line, run in-process against a SQLite store of its own per test.

Exit status contract (referee_cli.main): 0 success, 1 a check failed (verify,
scenarios), 2 bad input or an error -- and bad input appends nothing.
"""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

# -- helpers ----------------------------------------------------------------------------


def opened(cli, seats: str = "Bill,Ted,Zed", **kwargs) -> str:
    result = cli("new", "pigsty", "--seats", seats, **kwargs)
    assert result.code == 0, result.err
    names = seats.split(",")
    assert f"opened for {', '.join(names[:-1])} and {names[-1]}" in result.out
    return result.table


def act(cli, table: str, seat: str, action: str, *text: str):
    result = cli("act", table, seat, action, *text)
    assert result.code == 0, f"{seat} {action} {text}: {result.err}"
    return result


def seq_lines(text: str) -> list[int]:
    """Entry numbers of the rendered entry lines (``   12 [Bill] ...``)."""
    return [int(m.group(1)) for m in re.finditer(r"^\s*(\d+) ", text, flags=re.M)]


def write_lines(path: Path, lines: list[str]) -> None:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")


def first_entry_named(text: str) -> int:
    found = re.search(r"\bentry (\d+)\b", text)
    assert found, f"no entry number named in: {text!r}"
    return int(found.group(1))


# -- games --------------------------------------------------------------------------------


def test_games_lists_pigsty_with_distribution_and_version(cli) -> None:
    result = cli("games")
    assert result.code == 0, result.err
    line = next(line for line in result.out.splitlines() if line.startswith("pigsty"))
    assert "Pigsty to Palace" in line
    assert "(3+ players)" in line
    assert re.search(r"referee-pigsty \d+\.\d+", line), line


def test_games_json(cli) -> None:
    result = cli("games", "--json")
    assert result.code == 0, result.err
    games = {g["name"]: g for g in result.json()}
    pigsty = games["pigsty"]
    assert pigsty["distribution"] == "referee-pigsty"
    assert re.fullmatch(r"\d+\.\d+(\.\d+)?\S*", pigsty["version"]), pigsty["version"]
    assert pigsty["title"] == "Pigsty to Palace"
    assert pigsty["seats"] == "3+"


# -- a bot game from start to finish ------------------------------------------------------


def test_bot_game_plays_to_the_end_and_verifies(cli) -> None:
    played = cli("play", "pigsty", "--bots", "4", "--seed", "alpha", "--quiet")
    assert played.code == 0, played.err
    table = played.table
    assert f"table {table}:" in played.out
    assert "result: " in played.out
    assert re.search(r"^\s+1\. \w+: \d+", played.out, flags=re.M), played.out
    assert f"referee verify {table}" in played.out

    verified = cli("verify", "latest")
    assert verified.code == 0, verified.out + verified.err
    assert verified.out.startswith(f"OK: table {table}: all ")

    listed = cli("tables")
    assert listed.code == 0, listed.err
    row = next(line for line in listed.out.splitlines() if line.startswith(table))
    assert "pigsty" in row and "over:" in row

    as_json = cli("tables", "--json")
    assert as_json.code == 0, as_json.err
    infos = as_json.json()
    assert [i["table_id"] for i in infos] == [table]
    assert infos[0]["over"] is True
    assert infos[0]["game"] == "pigsty"
    assert set(infos[0]["winners"]) <= set(infos[0]["seats"])


def test_same_seed_is_committed_differently_and_revealed_at_the_end(cli, entries_of) -> None:
    """--seed fixes a table's dice; the published commitment is salted with the table's own
    secret key, so two tables with one seed publish unrelated commitments and neither gives
    the seed away; the end of each game reveals the seed and its key."""
    first = cli("play", "pigsty", "--bots", "4", "--seed", "same-seed", "--json")
    second = cli("play", "pigsty", "--bots", "4", "--seed", "same-seed", "--json")
    assert first.code == second.code == 0, first.err + second.err
    a, b = first.json(), second.json()
    assert a["finished"] and b["finished"]
    assert a["table"] != b["table"]
    tables = cli("tables", "--json").json()
    assert {t["table_id"] for t in tables} == {a["table"], b["table"]}
    logs = [entries_of(a["table"]), entries_of(b["table"])]
    commitments = {log[0]["event"]["seed_commitment"] for log in logs}
    assert len(commitments) == 2 and all("same-seed" not in c for c in commitments)
    for log in logs:
        assert log[-1]["type"] == "referee.SeedRevealed"
        assert log[-1]["event"]["seed"] == "same-seed" and len(log[-1]["event"]["key"]) == 64


def test_options_before_the_command_name_count(cli, tmp_path) -> None:
    other = tmp_path / "other.sqlite"
    made = cli("--db", other, "new", "pigsty", "--seats", "Bill,Ted,Zed", db=None)
    assert made.code == 0, made.err
    assert other.exists()
    listed = cli("--db", other, "--json", "tables", db=None)
    assert listed.code == 0 and [t["table_id"] for t in listed.json()] == [made.table]
    assert cli("--log-level", "bogus", "games").code == 2


def test_replay_for_a_seat_hides_other_seats_sealed_orders(cli) -> None:
    table = cli("new", "pigsty", "--seats", "Bill,Ted,Zed").table
    assert cli("act", table, "Bill", "orders", "S 8 Ted").code == 0
    assert cli("act", table, "Ted", "orders", "G 2; Y 3").code == 0
    as_bill = cli("replay", table, "--seat", "Bill")
    assert as_bill.code == 0, as_bill.err
    story, _, _ = as_bill.out.partition("state after entry")
    assert "G 2" not in as_bill.out
    # Ted's sealed orders are told from their header alone; Bill's own are his, marked so.
    assert re.search(r"^\s+\d+ Ted \S.*\(pigsty 10\.1\)$", story, flags=re.M), story
    assert re.search(r"^\s+\d+ .*Ted \[private\]", story, flags=re.M), story
    # The kernel's bookkeeping (the requests, the answers as sent) is folded unless asked for.
    assert "asked" not in story and "You are asked" in cli("replay", table, "--seat", "Bill", "--bookkeeping").out


def test_bot_names_never_clash_with_a_human_in_another_case(cli, monkeypatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    result = cli("play", "pigsty", "--seats", "ada", "--bots", "3", "--quiet", "--json")
    assert result.code == 3, result.err  # left unfinished at end of input
    assert result.json()["finished"] is False
    assert "end of input" in result.err


# -- hot seat ------------------------------------------------------------------------------


def test_hotseat_reprompts_on_refused_orders_and_saves_at_end_of_input(cli, entries_of, monkeypatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("X 5\nI 10\n"))
    result = cli("play", "pigsty", "--seats", "Bill", "--bots", "3", "--seed", "hotseat")
    assert result.code == 3, result.err  # left unfinished at end of input
    out = result.out
    table = result.table

    refusal = out.index("not allowed:")
    assert 'unknown order "X"' in out[refusal:].splitlines()[0]
    assert out.index("Bill> ") < refusal  # the first prompt
    assert "Bill> " in out[refusal:]  # asked again after the refusal
    assert out.count("Bill> ") >= 3  # first try, second try, next turn
    assert f"table {table} is saved" in out
    assert f"play --table {table}" in out

    entries = entries_of(table)
    bills = [e for e in entries if e["type"] == "referee.ActionTaken" and e.get("seat") == "Bill"]
    assert len(bills) == 1, bills
    assert bills[0]["event"]["action"] == "orders"
    assert bills[0]["event"]["args"] == {"text": "I 10"}
    # The refused orders left no trace.
    assert not any("X 5" in json.dumps(e) for e in entries)
    tables = cli("tables", "--json").json()
    assert tables[0]["over"] is False
    assert tables[0]["waiting_for"] == ["Bill"]


def test_saved_hotseat_table_goes_on_with_play_table(cli, entries_of, monkeypatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("G 10\n"))
    saved = cli("play", "pigsty", "--seats", "Bill", "--bots", "3", "--seed", "go-on")
    assert saved.code == 3, saved.err
    table = saved.table
    before = len(entries_of(table))

    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    idle = cli("play", "--table", table, "--bot-seats", "Ada,Bert,Cleo")
    assert idle.code == 3, idle.err
    assert f"play --table {table}" in idle.out
    assert len(entries_of(table)) == before  # end of input at once: nothing new

    finished = cli("play", "--table", table, "--bot-seats", "Ada,Bert,Cleo,Bill", "--quiet")
    assert finished.code == 0, finished.err
    assert "result: " in finished.out
    assert cli("verify", table).code == 0
    again = cli("play", "--table", "nosuch", "--quiet")
    assert again.code == 2 and "'nosuch'" in again.err


# -- forum play: sealed orders, the gamesmaster, the turn report ---------------------------


def test_forum_turn_sealed_orders_close_and_report(cli) -> None:
    table = opened(cli)
    said = act(cli, table, "Bill", "orders", "S 8 Ted")
    # Bill sees his own orders recorded, marked as his alone.
    assert re.search(r"^\s+\d+ .*\b8\b.*Ted \[private\]", said.out, flags=re.M), said.out
    act(cli, table, "Ted", "orders", "G 1")

    ted = cli("view", table, "--seat", "Ted")
    assert ted.code == 0, ted.err
    assert "S 8" not in ted.out
    assert "G 1" in ted.out
    assert "waiting for: Zed" in ted.out
    ted_json = cli("view", table, "--seat", "Ted", "--json")
    assert ted_json.code == 0, ted_json.err
    assert "S 8" not in ted_json.out

    spectator = cli("view", table)
    assert spectator.code == 0, spectator.err
    assert "S 8" not in spectator.out and "G 1" not in spectator.out

    bill = cli("view", table, "--seat", "Bill")
    assert bill.code == 0, bill.err
    assert "S 8 Ted" in bill.out

    unnamed = cli("act", table, "gamesmaster", "close")
    assert unnamed.code == 2 and "say which turn to close" in unnamed.err and "close 1" in unnamed.err
    assert cli("view", table, "--seat", "Ted").out == ted.out, "a close naming no turn records nothing"
    closed = act(cli, table, "gamesmaster", "close", "1", "--bookkeeping")
    # Zed's request goes with the close (bookkeeping, shown here because asked for).
    assert "The question to Zed is withdrawn" in closed.out
    assert "Bill took 3 Pigs from Ted: 2 lost, 1 stolen" in closed.out
    # The close named turn 1: sent again for it, it closes nothing.
    again = cli("act", table, "gamesmaster", "close", "1")
    assert (again.code, again.err) == (2, "referee: turn 1 is already closed; turn 2 is open now (nothing closed) (pigsty 9)\n")

    report = cli("report", table)
    assert report.code == 0, report.err
    text = report.out
    assert "S 8 Ted" in text
    assert "G 1" in text
    assert re.search(r"Zed:\s*\n\(no orders\)", text), text
    # Rulebook 4.4 example: 8 Thieves, 1 Guard -> 7 left, 3 Pigs taken: lost, stolen, lost.
    assert "Bill took 3 Pigs from Ted: 2 lost, 1 stolen" in text
    assert "(1 stopped by Guards)" in text
    assert re.search(r"^Bill\s+11\b", text, flags=re.M), text
    assert re.search(r"^Ted\s+7\b", text, flags=re.M), text
    assert re.search(r"^Zed\s+10\b", text, flags=re.M), text
    # --turn is an alias of --round; the only finished turn is 1.
    again = cli("report", table, "--turn", "1")
    assert again.code == 0 and again.out == report.out


def test_act_reads_orders_from_standard_input(cli, entries_of, monkeypatch) -> None:
    table = opened(cli)
    monkeypatch.setattr("sys.stdin", io.StringIO("T 5 Ted\nG 5\n"))
    act(cli, table, "Bill", "orders", "-")
    taken = [e for e in entries_of(table) if e["type"] == "referee.ActionTaken"]
    assert [e["event"]["args"]["text"] for e in taken] == ["T 5 Ted\nG 5\n"]


# -- bad input: exit 2, a message naming the problem, nothing appended -----------------------

BAD_INPUT = [
    pytest.param(["act", "{table}", "Ted", "orders", "X 5"], 'unknown order "X"', id="unknown-order-letter"),
    pytest.param(["act", "{table}", "Ted", "orders", "S 3 Nobody"], 'no Pig Farmer called "Nobody"', id="unknown-farmer"),
    pytest.param(["act", "{table}", "Ted", "orders", "I -3"], "negative", id="negative-amount"),
    pytest.param(["act", "{table}", "Ted", "orders", "I five"], '"five" is not a whole amount', id="non-numeric-amount"),
    pytest.param(["act", "{table}", "Ted", "orders", "S 4 Ted"], "Stealing from yourself", id="steal-from-self"),
    pytest.param(["act", "{table}", "Ted", "orders", "T 5 Ted"], "Trading to yourself", id="trade-to-self"),
    pytest.param(["act", "{table}", "Ted", "orders", "S 4"], "say which farmer", id="steal-without-victim"),
    pytest.param(["act", "{table}", "Nobody", "orders", "I 5"], "'Nobody' has no seat", id="seat-not-at-table"),
    pytest.param(["act", "{table}", "Bill", "orders", "G 5"], "already written orders", id="acting-twice"),
    pytest.param(["act", "{table}", "Ted", "dance", "I 5"], "not 'dance'", id="unknown-action"),
    pytest.param(["act", "{table}", "gamesmaster", "dance"], "'dance'", id="gamesmaster-unknown-action"),
    pytest.param(["act", "nosuch-table", "Ted", "orders", "I 5"], "'nosuch-table' is neither", id="unknown-table"),
    pytest.param(["act", "{table}", "Ted", "orders", "--args", "{bad"], "--args is not JSON", id="bad-args-json"),
    pytest.param(["act", "{table}", "Ted", "orders", "--args", "[1, 2]"], "--args must be a JSON object", id="args-not-object"),
    pytest.param(["act", "{table}", "Ted", "orders", "--args", '{"text": 5}'], "text: 5 is not text", id="args-text-not-string"),
    pytest.param(["new", "chess", "--seats", "A,B,C"], "no game named 'chess'", id="unknown-game"),
    pytest.param(["new", "pigsty", "--seats", "A,B,C", "--option", "garbage"], "--option takes KEY=VALUE", id="option-garbage"),
    pytest.param(["new", "pigsty", "--seats", "A,B,C", "--option", "nosuch=1"], "has no option nosuch", id="option-unknown"),
    pytest.param(["new", "pigsty", "--seats", "A,B"], "3+ players, not 2", id="too-few-seats"),
    pytest.param(["new", "pigsty", "--seats", "A,a,B"], "distinct", id="duplicate-seats"),
    pytest.param(["new", "pigsty", "--seats", "gamesmaster,A,B"], "reserved for the gamesmaster", id="gamesmaster-seat"),
    pytest.param(["play", "pigsty", "--bots", "-1"], "cannot be negative", id="negative-bots"),
    pytest.param(["explain", "{table}", "999"], "entries 1 to", id="explain-out-of-range"),
    pytest.param(["explain", "{table}", "0"], "not 0", id="explain-zero"),
    pytest.param(["replay", "{table}", "--to", "999"], "--to 999 is outside", id="replay-to-out-of-range"),
    pytest.param(["replay", "{table}", "--to", "0"], "--to 0 is outside", id="replay-to-zero"),
    pytest.param(["import", "{tmp}/missing.jsonl"], "cannot read", id="import-missing-file"),
    pytest.param(["import", "{tmp}/notes.txt"], "line 1 is not a log entry", id="import-non-json"),
    pytest.param(["import", "{tmp}/empty.jsonl"], "holds no log entries", id="import-empty"),
    pytest.param(["verify", "{tmp}/notes.txt"], "line 1 is not a log entry", id="verify-non-json"),
    pytest.param(["view", "{table}", "--seat", "Nobody"], "'Nobody' has no seat", id="view-unknown-seat"),
    pytest.param(["export", "{table}", "--seat", "Nobody"], "'Nobody' has no seat", id="export-unknown-seat"),
    pytest.param(["export", "{table}", "-o", "{tmp}/no/such/folder/x.jsonl"], "cannot write", id="export-unwritable"),
    pytest.param(["report", "{table}"], "has not finished a round", id="report-before-any-round"),
    pytest.param(["scenario", "run", "{tmp}/missing.toml"], "cannot read scenario", id="scenario-missing"),
    pytest.param(["scenario", "run", "{tmp}/notes.txt"], "not valid TOML", id="scenario-not-toml"),
]


@pytest.mark.parametrize(("argv", "problem"), BAD_INPUT)
def test_bad_input_is_refused_and_appends_nothing(cli, entries_of, tmp_path, argv, problem) -> None:
    table = opened(cli)
    act(cli, table, "Bill", "orders", "I 5")
    (tmp_path / "notes.txt").write_text("these are not log entries\n", encoding="utf-8")
    (tmp_path / "empty.jsonl").write_text("\n", encoding="utf-8")
    before = entries_of(table)

    result = cli(*[a.replace("{table}", table).replace("{tmp}", str(tmp_path)) for a in argv])

    assert result.code == 2, result.out + result.err
    assert result.err.startswith("referee: "), result.err
    assert problem in result.err, result.err
    assert "Traceback" not in result.err
    assert entries_of(table) == before
    assert [t["table_id"] for t in cli("tables", "--json").json()] == [table]


def test_play_without_a_game_is_refused(cli) -> None:
    result = cli("play")
    assert result.code == 2
    assert "name a game" in result.err
    assert cli("tables", "--json").json() == []


def test_bad_log_level_is_refused(cli) -> None:
    result = cli("games", "--log-level", "bogus")
    assert result.code == 2
    assert "unknown log level 'bogus'" in result.err


# -- export and import -----------------------------------------------------------------------


def test_export_import_into_another_store_and_verify(cli, tmp_path) -> None:
    played = cli("play", "pigsty", "--bots", "3", "--seed", "export-me", "--quiet")
    assert played.code == 0, played.err
    table = played.table
    path = tmp_path / "table.jsonl"
    exported = cli("export", table, "-o", path)
    assert exported.code == 0, exported.err
    lines = path.read_text(encoding="utf-8").splitlines()
    assert f"wrote {len(lines)} entries of table {table}" in exported.err
    assert all(json.loads(line)["seq"] == n for n, line in enumerate(lines, start=1))

    other = tmp_path / "other.sqlite"
    imported = cli("import", path, db=other)
    assert imported.code == 0, imported.err
    assert f"imported table {table}" in imported.out
    verified = cli("verify", table, db=other)
    assert verified.code == 0, verified.out + verified.err
    assert verified.out.startswith(f"OK: table {table}: all {len(lines)} entries follow from the rules")
    infos = cli("tables", "--json", db=other).json()
    assert [(i["table_id"], i["over"], i["entries"]) for i in infos] == [(table, True, len(lines))]
    # The imported table's export is the same log, byte for byte.
    assert cli("export", table, db=other).out == path.read_text(encoding="utf-8")

    again = cli("import", path, db=other)
    assert again.code == 2
    assert "already in" in again.err
    home = cli("import", path)
    assert home.code == 2
    assert "already in" in home.err
    assert len(cli("tables", "--json", db=other).json()) == 1


def test_seat_export_hides_other_seats_sealed_orders(cli, tmp_path) -> None:
    table = opened(cli)
    act(cli, table, "Bill", "orders", "S 8 Ted")
    act(cli, table, "Ted", "orders", "G 2; Y 3")
    path = tmp_path / "bill.jsonl"
    exported = cli("export", table, "--seat", "Bill", "-o", path)
    assert exported.code == 0, exported.err
    text = path.read_text(encoding="utf-8")
    entries = [json.loads(line) for line in text.splitlines()]
    assert "Y 3" not in text and "G 2" not in text
    hidden = [e for e in entries if "event" not in e]
    assert {e["seat"] for e in hidden if e.get("seat")} == {"Ted"}
    assert any(e["type"] == "referee.ActionTaken" and e.get("seat") == "Ted" for e in hidden)
    assert "S 8 Ted" in text  # his own orders stay in his export

    verified = cli("verify", path)
    assert verified.code == 0, verified.out + verified.err
    assert verified.out.startswith("OK:")
    assert "not re-run" in verified.out

    # A seat's export cannot be imported as a table.
    refused = cli("import", path, db=tmp_path / "other.sqlite")
    assert refused.code == 2
    assert "seat's export" in refused.err


# -- tamper detection -------------------------------------------------------------------------


def _edit_event(line: str) -> str:
    entry = json.loads(line)
    event = entry["event"]
    if not event:
        event["tampered"] = True
        return json.dumps(entry)
    key = sorted(event)[0]
    value = event[key]
    if isinstance(value, bool):
        event[key] = not value
    elif isinstance(value, int):
        event[key] = value + 1
    elif isinstance(value, str):
        event[key] = value + "x"
    else:
        event[key] = "tampered"
    return json.dumps(entry)


def _tamper(lines: list[str], how: str, where: str) -> tuple[list[str], int]:
    """The edited lines and the first position (1-based) that changed."""
    n = len(lines)
    lines = list(lines)
    if how == "edit":
        index = {"first": 0, "middle": n // 2, "last": n - 1}[where]
        lines[index] = _edit_event(lines[index])
    elif how == "drop":
        index = {"first": 0, "middle": n // 2, "last": n - 1}[where]
        del lines[index]
    else:
        index = {"first": 0, "middle": n // 2, "last": n - 2}[where]
        lines[index], lines[index + 1] = lines[index + 1], lines[index]
    return lines, index + 1


@pytest.mark.parametrize("where", ["first", "middle", "last"])
@pytest.mark.parametrize("how", ["edit", "drop", "swap"])
def test_verify_names_the_first_tampered_entry(cli, finished_copy, how, where) -> None:
    assert cli("verify", finished_copy).code == 0
    lines = finished_copy.read_text(encoding="utf-8").splitlines()
    tampered, position = _tamper(lines, how, where)
    write_lines(finished_copy, tampered)

    result = cli("verify", finished_copy)
    assert result.code == 1, result.out + result.err
    assert result.out.startswith("FAILED: ")
    message = result.out.split(": ", 2)[2]
    assert first_entry_named(message) == position, message


@pytest.mark.parametrize("where", ["first", "middle", "last"])
def test_verify_json_names_the_edited_entry(cli, finished_copy, where) -> None:
    lines = finished_copy.read_text(encoding="utf-8").splitlines()
    tampered, position = _tamper(lines, "edit", where)
    write_lines(finished_copy, tampered)
    result = cli("verify", finished_copy, "--json")
    assert result.code == 1
    verdict = result.json()
    assert verdict["ok"] is False
    assert verdict["bad_entry"] == position
    assert f"entry {position} " in verdict["message"]


def test_verify_catches_a_rechained_forgery_by_rerunning_the_rules(cli, finished_copy) -> None:
    """Editing an outcome and re-sealing every hash after it keeps the chain whole;
    re-deciding the actions still finds the entry that does not follow from the rules."""
    from forging import reseal, revealed_key

    from referee.log import dump_jsonl, load_jsonl

    entries = load_jsonl(finished_copy.read_text(encoding="utf-8").splitlines())
    target = next(e for e in entries if e.type == "pigsty.PigsBred")  # every bot game breeds Pigs
    forged = reseal(entries, revealed_key(entries), lambda e: {**e.event, "pigs": e.event["pigs"] + 5} if e.seq == target.seq else e.event)
    finished_copy.write_text(dump_jsonl(forged), encoding="utf-8")

    result = cli("verify", finished_copy)
    assert result.code == 1, result.out
    message = result.out.split(": ", 2)[2]
    assert first_entry_named(message) == target.seq, message
    assert "does not follow from the rules" in message


# -- explain and replay ------------------------------------------------------------------------


def test_explain_names_plugin_rule_and_causing_action(cli, tmp_path) -> None:
    table = opened(cli)
    act(cli, table, "Bill", "orders", "S 8 Ted")
    act(cli, table, "Ted", "orders", "G 1")
    act(cli, table, "Zed", "orders", "I 5")  # the last orders resolve the turn
    path = tmp_path / "turn.jsonl"
    assert cli("export", table, "-o", path).code == 0
    entries = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    taken = next(e for e in entries if e["type"] == "pigsty.PigsTaken")
    cause = entries[taken["cause"] - 1]
    assert cause["type"] == "referee.ActionTaken" and cause["seat"] == "Zed"

    result = cli("explain", path, taken["seq"])
    assert result.code == 0, result.err
    out = result.out
    assert out.startswith(f"entry {taken['seq']} of {path}: pigsty.PigsTaken")
    assert "Bill took 3 Pigs from Ted: 2 lost, 1 stolen" in out
    assert re.search(r"^\s+plugin:\s+pigsty$", out, flags=re.M), out
    assert re.search(r"^\s+rule:\s+pigsty 4\.4\.5$", out, flags=re.M), out
    because = next(line for line in out.splitlines() if line.strip().startswith("because:"))
    assert f"{cause['seq']} [Zed]" in because and "orders 'I 5'" in because
    assert re.search(rf"^\s+> {taken['seq']} ", out, flags=re.M), out

    # The same works on the table id, and as JSON.
    by_id = cli("explain", table, taken["seq"], "--json")
    assert by_id.code == 0, by_id.err
    data = by_id.json()
    assert data["entry"]["rule"] == "pigsty 4.4.5"
    assert data["entry"]["plugin"] == "pigsty"
    assert data["action"]["seq"] == cause["seq"]


def test_replay_to_shows_entries_up_to_n_and_the_state(cli, finished_copy) -> None:
    result = cli("replay", finished_copy, "--to", "20", "--bookkeeping")
    assert result.code == 0, result.err
    entries_part, _, state_part = result.out.partition("state after entry 20:")
    assert state_part, result.out
    assert seq_lines(entries_part) == list(range(1, 21))
    # Without --bookkeeping, the kernel's records (requests, answers as sent) are folded.
    folded = cli("replay", finished_copy, "--to", "20").out.partition("state after entry 20:")[0]
    assert set(seq_lines(folded)) < set(range(1, 21)) and "is asked" not in folded and "is asked" in entries_part
    assert "Turn 1" in state_part
    for bot in ("Ada", "Bert", "Cleo", "Dino"):
        assert re.search(rf"^(> )?\*?\s*{bot}\b.*\bPigs\b", state_part, flags=re.M), state_part

    whole = cli("replay", finished_copy)
    assert whole.code == 0, whole.err
    total = len(finished_copy.read_text(encoding="utf-8").splitlines())
    assert f"state after entry {total}:" in whole.out
    assert "game over: " in whole.out


# -- scenarios ------------------------------------------------------------------------------------

SCENARIO = """\
title = "4.4 example: Bill steals from Ted, who has one Guard"
game = "pigsty"
seats = ["Bill", "Ted", "Charlie"]

[[step]]
seat = "Bill"
action = "orders"
args = {{ text = "S 8 Ted" }}

[[step]]
seat = "Bill"
action = "orders"
args = {{ text = "G 1" }}
expect_error = "already"

[[step]]
seat = "Ted"
action = "orders"
args = {{ text = "G 1" }}

[[step]]
seat = "gamesmaster"
action = "close"

[[step.expect]]
type = "pigsty.PigsTaken"
event = {{ thief = "Bill", victim = "Ted", taken = {taken}, lost = 2, stolen = 1 }}
rule = "pigsty 4.4.5"
"""


def test_scenario_run_passes(cli, tmp_path) -> None:
    path = tmp_path / "example_4_4.toml"
    path.write_text(SCENARIO.format(taken=3), encoding="utf-8")
    result = cli("scenario", "run", path)
    assert result.code == 0, result.out + result.err
    assert f"PASS {path}: 4.4 example" in result.out
    assert result.out.rstrip().endswith("1 passed, 0 failed")


def test_scenario_run_fails_with_a_diff(cli, tmp_path) -> None:
    good = tmp_path / "good.toml"
    good.write_text(SCENARIO.format(taken=3), encoding="utf-8")
    bad = tmp_path / "bad.toml"
    bad.write_text(SCENARIO.format(taken=4), encoding="utf-8")
    result = cli("scenario", "run", good, bad)
    assert result.code == 1, result.out + result.err
    out = result.out
    assert f"FAIL {bad}" in out
    assert '"taken":4' in out  # what was expected
    assert re.search(r'got pigsty\.PigsTaken \{.*"taken":3', out), out  # what happened
    assert "taken: expected 4, got 3" in out
    assert out.rstrip().endswith("1 passed, 1 failed")


def test_scenario_run_json(cli, tmp_path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(SCENARIO.format(taken=4), encoding="utf-8")
    result = cli("scenario", "run", path, "--json")
    assert result.code == 1
    [report] = result.json()
    assert report["ok"] is False
    assert report["file"] == str(path)
    assert any("taken: expected 4, got 3" in f for f in report["failures"])


# -- where the store lives -----------------------------------------------------------------------


def test_store_from_referee_db_environment_variable(cli, tmp_path, monkeypatch) -> None:
    store = tmp_path / "from-env.sqlite"
    monkeypatch.setenv("REFEREE_DB", str(store))
    table = opened(cli, db=None)
    assert store.is_file()
    listed = cli("tables", "--json", db=None)
    assert [t["table_id"] for t in listed.json()] == [table]
    # --db still wins over the variable.
    elsewhere = cli("tables", "--json", db=tmp_path / "elsewhere.sqlite")
    assert elsewhere.json() == []


def test_default_store_under_xdg_data_home(cli, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.delenv("REFEREE_DB", raising=False)
    table = opened(cli, db=None)
    store = tmp_path / "referee" / "referee.sqlite"
    assert store.is_file()
    listed = cli("tables", db=None)
    assert listed.code == 0
    assert table in listed.out
    shown = cli("play", "pigsty", "--bots", "3", "--seed", "xdg", "--quiet", db=None)
    assert shown.code == 0, shown.err
    assert f"store: {store}" in shown.out


# -- help -------------------------------------------------------------------------------------------

COMMANDS = [
    [],
    ["games"],
    ["play"],
    ["new"],
    ["act"],
    ["view"],
    ["report"],
    ["tables"],
    ["export"],
    ["import"],
    ["replay"],
    ["verify"],
    ["explain"],
    ["scenario"],
    ["scenario", "run"],
]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c) or "referee")
def test_help(cli, command) -> None:
    result = cli(*command, "--help", db=None)
    assert result.code == 0, result.err
    assert result.out.startswith("usage: referee")
    assert "--db" in result.out


# -- the installed console script ---------------------------------------------------------------------


def _console_script() -> str | None:
    here = Path(sys.executable).parent
    return shutil.which("referee", path=os.pathsep.join([str(here), os.environ.get("PATH", "")]))


def test_console_script_runs(tmp_path) -> None:
    script = _console_script()
    if script is None:
        pytest.skip("the 'referee' console script is not installed next to this Python nor on PATH")
    env = {k: v for k, v in os.environ.items() if k != "REFEREE_DB"}
    env["XDG_DATA_HOME"] = str(tmp_path / "xdg")
    store = tmp_path / "sub.sqlite"

    games = subprocess.run([script, "games", "--json"], capture_output=True, text=True, env=env, timeout=60)
    assert games.returncode == 0, games.stderr
    assert any(g["name"] == "pigsty" for g in json.loads(games.stdout))

    played = subprocess.run(
        [script, "play", "pigsty", "--bots", "3", "--seed", "sub", "--quiet", "--db", str(store)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert played.returncode == 0, played.stderr
    verified = subprocess.run([script, "verify", "latest", "--db", str(store)], capture_output=True, text=True, env=env, timeout=60)
    assert verified.returncode == 0, verified.stdout + verified.stderr

    missing = subprocess.run([script, "verify", "no-such-table", "--db", str(store)], capture_output=True, text=True, env=env, timeout=60)
    assert missing.returncode == 2
    assert "no-such-table" in missing.stderr
    assert "Traceback" not in missing.stderr


def test_check_lists_every_problem_of_a_pimp_deck(cli, tmp_path) -> None:
    """`referee check pimp DECK` (the referee_check_file hook): exit 1 naming each problem."""
    import referee_pimp.cards as cards
    from referee import Registry

    for path in cards.shipped_decks():
        assert cli("check", "pimp", path).code == 0
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "Bad"\n[[cards]]\nkind = "escort"\nname = "Annika"\ncost = 30\nlooks = 3\nfight = 3\nstamina = 4\n')
    result = cli("check", "pimp", bad)
    assert result.code == 1
    assert "cost 30 is outside" in result.out and "40 to 60" in result.out
    rules = Registry().rules("pimp", [])
    assert rules.hook.referee_check_file(path=str(bad))
    assert cli("check", "pigsty", bad).code == 2


def test_an_option_value_at_file_is_that_files_text(cli, tmp_path, monkeypatch) -> None:
    """`--option decks=@DECK.toml`: the command reads the player's deck file and the table keeps
    its text (Pimp, "Setting up"); `@@` is a plain `@`; a file that cannot be read is named."""
    import json

    import referee_pimp.cards as cards

    text = cards.shipped_decks()[0].read_text(encoding="utf-8").replace('name = "', 'name = "My Own ', 1)
    deck = tmp_path / "mine.toml"
    deck.write_text(text, encoding="utf-8")
    made = cli("new", "pimp", "--seats", "Ann,Bea", "--option", f'decks={{"Ann": "@{deck}", "Bea": "ron-the-bastards-crew"}}')
    assert made.code == 0, made.err
    exported = cli("export", made.table, "--seat", "Ann")
    assert exported.code == 0, exported.err
    opened = json.loads(exported.out.splitlines()[0])
    assert opened["event"]["options"]["decks"]["Ann"] == text

    monkeypatch.chdir(tmp_path)
    missing = cli("new", "pimp", "--seats", "Ann,Bea", "--option", "decks=@missing.toml")
    assert missing.code == 2 and "cannot read the --option decks file" in missing.err and "missing.toml" in missing.err
    literal = cli("new", "pimp", "--seats", "Ann,Bea", "--option", "decks=@@home.toml")
    assert literal.code == 2 and "'@home.toml' looks like a deck file's path" in literal.err
