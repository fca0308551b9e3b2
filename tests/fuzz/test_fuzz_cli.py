"""Fuzzing the ``referee`` command line: any argv ends with exit status 0, 1, 2 or 3 (a game left unfinished) and, on
an error, one line naming it; never a traceback, never a hang (issue 8).

``main`` runs in-process with generated arguments against a store of its own (a live
Pigsty table, its finished export, a seat's export) and a folder of hostile files:
binary, not UTF-8, nested thousands deep, over the size limit, empty.  The store is
given through ``REFEREE_DB`` so no argument can send it elsewhere; ``-o`` only ever
names a file in the fuzz folder.
"""

from __future__ import annotations

import contextlib
import io
import sys
from pathlib import Path

import pytest
from budget import FUZZ, no_hang
from hypothesis import event, example, given
from hypothesis import strategies as st

import referee_cli.common as common
from referee import Referee, Registry
from referee.limits import MAX_FILE_BYTES
from referee_cli.main import main

SEATS = ["Bill", "Ted", "Zed"]


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory):
    """A store with a live table and a finished one, files to read, and the environment set."""
    folder = tmp_path_factory.mktemp("cli-fuzz")
    store = folder / "tables.sqlite"
    with Referee(store) as app:
        live = app.open("pigsty", SEATS, seed="fuzz-live", table_id="fuzz-live")
        done = app.open("pigsty", SEATS, seed="fuzz-done", table_id="fuzz-done")
        app.bots.play(done, SEATS)
        (folder / "finished.jsonl").write_text(app.export(done), encoding="utf-8")
        (folder / "seat.jsonl").write_text(app.export(live, "Bill"), encoding="utf-8")
    files = {
        "binary.bin": bytes(range(256)) * 4,
        "latin1.toml": 'title = "caf\xe9"\n'.encode("latin-1"),
        "deep.jsonl": b"[" * 5000 + b"]" * 5000 + b"\n",
        "deep.toml": b"a = " + b"[" * 3000 + b"]" * 3000 + b"\n",
        "huge.toml": b"#" * (MAX_FILE_BYTES + 1),
        "empty.jsonl": b"",
        "deck.toml": b'name = "Mine"\n[[cards]]\nkind = "escort"\nname = "A"\ncost = ' + b"9" * 5000 + b"\n",
        "scenario.toml": b'title = "t"\ngame = "pigsty"\nseats = ["A", "B", "C"]\n[[step]]\nseat = "A"\naction = "orders"\nargs = { text = "I 5" }\n',
    }
    for name, data in files.items():
        (folder / name).write_bytes(data)
    # Discovery is the same for every run and costs most of a run's time, so the
    # commands share one Registry; everything after it runs afresh each time.
    registry = Registry()
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("REFEREE_DB", str(store))
        patch.setenv("XDG_DATA_HOME", str(folder / "xdg"))
        patch.setattr(common, "open_referee", lambda args, read_only=False: Referee(args.db, registry=registry, read_only=read_only))
        yield folder


def _no_option(text: str) -> bool:
    return not text.startswith("-")


hostile = st.one_of(
    st.text(max_size=30).filter(_no_option),
    st.sampled_from(
        ["", " ", "latest", "LATEST", "/etc/passwd", "../x", "x" * 5000, "\x1b[2J\x1b[31mred", "a\nb", "é", "fuzz-LIVE", "0", "-1"[1:]]
    ),
    st.integers(0, 4200).map(lambda n: "9" * n),
)
tables = st.sampled_from(["fuzz-live", "fuzz-done", "latest"])


def files(folder: Path) -> st.SearchStrategy[str]:
    names = [
        "finished.jsonl",
        "seat.jsonl",
        "binary.bin",
        "latin1.toml",
        "deep.jsonl",
        "deep.toml",
        "huge.toml",
        "empty.jsonl",
        "deck.toml",
        "scenario.toml",
        "missing.toml",
    ]
    return st.sampled_from([str(folder / n) for n in names])


def numbers() -> st.SearchStrategy[str]:
    return st.one_of(st.integers(-3, 400).map(str), st.sampled_from(["x", "1.5", "1e3", "9" * 5000, ""]))


ALLOWED = {
    "play": {"--seats", "--bots", "--seed", "--option", "--extensions", "--table", "--bot-seats", "--quiet"},
    "new": {"--seats", "--seed", "--option", "--extensions"},
    "act": {"--args"},
    "view": {"--seat"},
    "report": {"--round", "--turn"},
    "export": {"--seat", "-o"},
    "replay": {"--to", "--seat"},
    "scenario": {"--game", "--extensions"},
}
"""Each command's own options (every command also takes --json, --log-level, --log-json)."""


def options(folder: Path, command: str) -> st.SearchStrategy[list[str]]:
    """Options the command takes, each with a value; ``-o`` only ever inside the fuzz folder."""
    out_name = st.one_of(st.text(st.characters(codec="ascii", categories=("L", "N")), min_size=1, max_size=10), st.just("no/such/dir/x"))
    values: dict[str, st.SearchStrategy[str]] = {
        **dict.fromkeys(
            ["--seat", "--extensions", "--seats", "--seed", "--table", "--bot-seats", "--game"],
            hostile | st.sampled_from([*SEATS, "gamesmaster", "pigsty", "Bill,Ted,Zed", "harvest-festival", "fuzz-live"]),
        ),
        **dict.fromkeys(["--to", "--round", "--turn"], numbers()),
        "--bots": st.sampled_from(["-1", "0", "1", "2", "13", "x", "9" * 30]),
        "--args": st.sampled_from(
            ["{}", "[]", "1", '{"text": "I 5"}', "{" * 5000, "[" * 5000 + "]" * 5000, '{"text": ' + "9" * 5000 + "}", "not json"]
        ),
        "--option": st.sampled_from(["x=1", "=", "k", "k=" + "[" * 5000, "k=" + "9" * 5000, "rounds=-1", "turns=99999999"]),
        "--log-level": st.sampled_from(["info", "error", "bogus", ""]),
        "-o": out_name.map(lambda n: str(folder / "out" / n)),
    }
    names = sorted(ALLOWED.get(command, set()) | {"--json", "--log-level", "--log-json"})
    pair = st.sampled_from(names).flatmap(lambda name: values[name].map(lambda v: [name, v]) if name in values else st.just([name]))
    return st.lists(pair, max_size=3).map(lambda ps: [token for p in ps for token in p])


@st.composite
def argvs(draw: st.DrawFn, folder: Path) -> list[str]:
    anything = st.one_of(
        tables, files(folder), hostile, st.sampled_from([*SEATS, "gamesmaster", "orders", "close", "pigsty", "pimp", "nosuch"])
    )
    shapes = {
        "games": [],
        "hooks": [st.sampled_from(["pigsty", "cashnguns", "pimp", "nosuch"]) | hostile],
        "tables": [],
        "play": [st.sampled_from(["pigsty", "nosuch"]) | hostile],
        "new": [st.sampled_from(["pigsty", "cashnguns", "pimp"]) | hostile],
        "act": [
            tables | hostile,
            st.sampled_from([*SEATS, "gamesmaster"]) | hostile,
            st.sampled_from(["orders", "close"]) | hostile,
            st.sampled_from(["I 5", "-", "S 3 Ted"]) | hostile,
        ],
        "view": [tables | hostile],
        "report": [tables | hostile],
        "export": [tables | hostile],
        "import": [files(folder) | hostile],
        "replay": [tables | files(folder) | hostile],
        "verify": [tables | files(folder) | hostile],
        "explain": [tables | files(folder) | hostile, numbers()],
        "check": [st.sampled_from(["pimp", "pigsty"]) | hostile, files(folder) | hostile],
        "scenario": [st.just("run"), files(folder) | hostile],
    }
    command = draw(st.sampled_from(sorted(shapes)))
    wanted = shapes[command]
    # Mostly every positional argument (so the command gets to work), sometimes fewer or one more.
    count = len(wanted) if draw(st.integers(0, 4)) else draw(st.integers(0, len(wanted)))
    positional = [draw(s) for s in wanted[:count]]
    extra = [draw(anything)] if not draw(st.integers(0, 6)) else []
    return [command, *positional, *extra, *draw(options(folder, command))]


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    stdin = sys.stdin
    sys.stdin = io.StringIO("I 5\n")  # `act ... -` and hot-seat prompts read it; then end of input
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                main(argv)
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else -1)
            else:
                code = -1
    finally:
        sys.stdin = stdin
    return code, out.getvalue(), err.getvalue()


def check(argv: list[str]) -> int:
    with no_hang(argv):
        code, out, err = run(argv)
    # 3: a hot-seat game left unfinished when its input ran out
    assert code in (0, 1, 2, 3), (argv, code, err[-2000:])
    assert "Traceback" not in out + err, (argv, err[-3000:])
    assert "internal error" not in err, (argv, err[-2000:])
    if code == 2:
        # The command's own message is one line starting "referee"; other lines on
        # standard error are log lines or (with --json) a hot-seat game's progress; with
        # --json the message is one JSON object instead.
        errors = [line for line in err.splitlines() if line.startswith(("referee", '{"error": '))]
        assert len(errors) == 1, (argv, err[-2000:])
        assert len(errors[0]) < 2000, (argv, errors[0][:300])
    return code


@pytest.mark.parametrize(
    "argv",
    [
        ["verify", "x" * 5000],  # File name too long
        ["import", "{folder}/deep.jsonl"],
        ["scenario", "run", "{folder}/latin1.toml"],
        ["scenario", "run", "{folder}/deep.toml"],
        ["scenario", "run", "{folder}/binary.bin"],
        ["check", "pimp", "{folder}/deck.toml"],
        ["check", "pimp", "{folder}/huge.toml"],
        ["act", "fuzz-live", "Bill", "orders", "--args", "{" * 5000],
        ["act", "fuzz-live", "Bill", "orders", "--args", "[" * 5000 + "]" * 5000],
        ["new", "pigsty", "--seats", "A,B,C", "--option", "k=" + "[" * 5000],
        ["new", "pigsty", "--seats", "A,B,C", "--option", "k=" + "9" * 5000],
        ["act", "fuzz-live", "Bill", "orders", "I " + "9" * 4300],
        ["explain", "fuzz-done", "9" * 5000],
        ["view", "\x1b[2J"],
        ["import", "\x00"],  # found by this fuzz: a NUL in a file name
        ["scenario", "run", "a\x00b"],
        ["check", "pimp", "\x00"],
        ["verify", "\x00"],
        ["balance", "nim", "--games", "2", "--workers", "1", "--json", "x" * 5000],
        ["balance", "nim", "--games", "2", "--workers", "1", "--html", "\x00"],
        ["balance", "nim", "--games", "-3"],
        ["balance", "nim", "--seats", "9" * 5000],
        ["act", "fuzz-live", "x" * 5000, "orders", "I 5"],
        ["nosuch-command"],
        ["act"],
    ],
    ids=lambda argv: " ".join(a[:12] for a in argv)[:40],
)
def test_the_issues_crafted_arguments(world, argv) -> None:
    check([a.replace("{folder}", str(world)) for a in argv])


@FUZZ
@given(data=st.data())
@example(data=None)
def test_any_arguments_end_in_0_1_or_2_with_one_line(world, data) -> None:
    if data is None:  # the one argv the issue names outright
        check(["replay", "L" * 5000])
        return
    argv = data.draw(argvs(world))
    event(f"{argv[0]} exit {check(argv)}")
