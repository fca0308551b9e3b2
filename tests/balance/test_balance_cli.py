"""``referee balance`` and ``referee verify`` of an archive on the command line (issue 25):
bad input is refused before anything runs or is written; an archive's bad log is named."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from referee import MEMORY, Referee, TableStore
from referee.testing import check_bot_games


def test_balance_reports_a_comparison_and_writes_json_and_html(referee, tmp_path: Path) -> None:
    out_json, out_html = tmp_path / "m.json", tmp_path / "m.html"
    code, out, err = referee(
        "balance", "pigsty", "--games", 6, "--seats", 3, "--against-extensions", "+palace-tithe",
        "--workers", 1, "--json", out_json, "--html", out_html,
    )  # fmt: skip
    assert code == 0, err
    assert "== with Palace Tithe against without Palace Tithe, paired over the same games" in out
    assert "rounds per game" in out  # the cheaper Palace shortens the game, every time
    document = json.loads(out_json.read_text())
    assert [s["label"] for s in document["sets"]] == ["without Palace Tithe", "with Palace Tithe"]
    assert document["sets"][1]["setup"]["added"] == ["Palace Tithe"]
    page = out_html.read_text()
    assert page.count("<svg") >= 2 and "<script" not in page and "pigsty-" not in page


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["nosuchgame"], "no game named 'nosuchgame'"),
        (["pigsty", "--seats", "1"], "for 3+ players"),
        (["pigsty", "--games", "0"], "play at least one game"),
        (["pigsty", "--bots", "genius"], "no bot called 'genius'"),
        (["pigsty", "--against-extensions", "+nope"], "no extension named nope"),
        (["pigsty", "--option", "bots=random", "--bots", "random"], "say the same thing"),
        (["pigsty", "--workers", "0"], "at least 1"),
        (["pigsty", "--workers", "2", "--cluster", "tcp://127.0.0.1:1"], "--workers does not apply with --cluster"),
        (["pigsty", "--html", "/no/such/folder/x.html"], "there is no folder"),
        (["pigsty", "--games", "many"], "invalid int value"),
    ],
)
def test_bad_input_is_refused_with_status_2_and_nothing_written(referee, tmp_path: Path, argv, said) -> None:
    written = tmp_path / "never.json"
    code, out, err = (
        referee("balance", *argv, "--json", written, "--workers", "1")
        if "--workers" not in argv
        else referee("balance", *argv, "--json", written)
    )
    assert code == 2 and said in err and not out
    assert not written.exists()


def _archive(folder: Path) -> list[Path]:
    folder.mkdir()
    logs = check_bot_games("pigsty", ["Ann", "Bob", "Cat"], games=3)
    paths = []
    for number, text in enumerate(logs):
        paths.append(folder / f"game-{number}.jsonl")
        paths[-1].write_text(text, encoding="utf-8")
    return paths


def test_verify_of_a_folder_names_the_bad_log(referee, tmp_path: Path) -> None:
    paths = _archive(tmp_path / "logs")
    code, out, _ = referee("verify", tmp_path / "logs", "--workers", 1)
    assert code == 0 and "OK: 3 of 3 logs" in out
    lines = paths[1].read_text().splitlines()
    lines[3] = lines[3].replace('"Ann"', '"Bob"', 1) if '"Ann"' in lines[3] else lines[3][:-2] + "x}"
    paths[1].write_text("\n".join(lines) + "\n")
    (tmp_path / "logs" / "notes.receipts.jsonl").write_text("not a log\n")
    code, out, _ = referee("verify", tmp_path / "logs", "--workers", 1, "--json")
    checked = json.loads(out)
    assert code == 1 and not checked["ok"]
    assert [c["ok"] for c in checked["logs"]] == [True, False, True]
    assert checked["logs"][1]["source"].endswith("game-1.jsonl")


def test_verify_all_checks_every_table_of_a_store(referee, tmp_path: Path) -> None:
    store = tmp_path / "tables.sqlite"
    with Referee(store) as app:
        app.bots.play(app.open("pigsty", ["Ann", "Bob", "Cat"], seed="a"), ["Ann", "Bob", "Cat"])
        going = app.open("pigsty", ["Ann", "Bob", "Cat"], seed="b")
        for _ in range(3):  # a table still going verifies too
            request = app.requests(going)[0]
            app.act(going, request.seat, request.action, app.bots.answer(going, request), request=request.id)
    code, out, err = referee("verify", "--all", "--db", store, "--workers", 1)
    assert code == 0 and "OK: 2 of 2 logs" in out, err


def test_verify_of_an_archive_refuses_what_applies_to_one_log(referee, tmp_path: Path) -> None:
    _archive(tmp_path / "logs")
    assert referee("verify", tmp_path / "logs", "--against", "mine.jsonl")[0] == 2
    assert referee("verify", "--workers", "2", "latest", "--db", tmp_path / "s.sqlite")[0] == 2
    (tmp_path / "empty").mkdir()
    code, _, err = referee("verify", tmp_path / "empty")
    assert code == 2 and "no logs" in err


def test_the_lab_leaves_no_table_behind() -> None:
    # Each game is played on a store of its own in memory: nothing reaches the user's store.
    with Referee(store=TableStore(MEMORY)) as app:
        assert app.tables() == []


def test_without_the_lab_installed_the_command_names_what_to_install(referee, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "referee_balance", None)  # as if not installed
    code, out, err = referee("balance", "pigsty", "--games", 2)
    assert code == 2 and "pip install ./adapters/balance" in err and not out
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs" / "a.jsonl").write_text("{}\n")
    assert "pip install ./adapters/balance" in referee("verify", tmp_path / "logs")[2]
