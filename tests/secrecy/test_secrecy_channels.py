"""Every other channel a seat reaches during the game (issue 7, "Every other channel"):
``view`` and its ``--json``, ``export --seat``, ``report``, ``replay --seat``, ``explain``
and ``verify`` of the seat's export, refusal messages, the diagnostic log at
``--log-level debug``, and the entries' timestamps.

Each game is stopped mid-round with sealed choices made.  A *secret* is a hidden entry
another seat may not see, in two forms: its body (a JSON object) and the game's own words
for it (``referee_describe``).  No output a seat gets may contain either form: words are
searched as text, bodies as objects anywhere in JSON output.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from tables import GAMES, PIGSTY_WRITER, answer, fix_table_key, open_table

from referee import IllegalAction, Referee
from referee.audit import decode, describe
from referee.log import canonical
from referee_cashnguns.powers import POWERS
from referee_cli.main import main

CANARY = "investment 3\nguards 1"
"""PIGSTY_WRITER's sealed orders in the Pigsty table: full words, one per line, as no bot writes."""


@dataclass
class Run:
    code: int
    out: str
    err: str


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> Run:
    capsys.readouterr()
    try:
        main(list(argv))
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 0
    captured = capsys.readouterr()
    return Run(code, captured.out, captured.err)


@dataclass
class Secret:
    seq: int
    type: str
    body: dict[str, Any]
    words: str
    names: list[str]
    """Powers and cards the body names that the seat is shown nowhere else, and their titles."""


def secrets_from(ref: Referee, table: str, seat: str | None) -> list[Secret]:
    """Hidden entries ``seat`` (``None``: a spectator) may not see, less any whose body is also shown to it."""
    rules = ref.rules(table)
    full = ref.entries(table)
    shown = {canonical(e.event) for e in full if e.visible(seat) and e.event is not None}
    seen = {v for e in full if e.visible(seat) for v in objects(e.event) if isinstance(v, str)}
    found = []
    for e in full:
        if e.visible(seat) or canonical(e.event) in shown:
            continue
        names = [v for v in named(e.event) if v not in seen and len(v) >= 6]
        names += [POWERS[v] for v in names if v in POWERS]
        found.append(Secret(e.seq, e.type, e.event, describe(rules, decode(rules, e)), names))
    return found


def objects(value: Any) -> Iterator[Any]:
    yield value
    if isinstance(value, dict):
        for v in value.values():
            yield from objects(v)
    elif isinstance(value, list):
        for v in value:
            yield from objects(v)


NAMING_FIELDS = ("power", "card", "cards", "order", "bitches")
"""Fields whose values name a power or a card (a Pimp card id such as ``Bert/annika``)."""


SHAPE_WORDS = ("kind", "one_of")
"""Keys of an answer shape whose values are the shape's own words (``pick``, the name of a
group of alternative fields such as ``bullet``), the same in every world: not cards."""


def named(body: Any) -> Iterator[str]:
    if isinstance(body, dict):
        for k, v in body.items():
            if k in NAMING_FIELDS:
                yield from named_values(v)
            else:
                yield from named(v)
    elif isinstance(body, list):
        for v in body:
            yield from named(v)


def named_values(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            if k not in SHAPE_WORDS:
                yield from named_values(v)
    elif isinstance(value, list):
        for v in value:
            yield from named_values(v)


def mentions(text: str, name: str) -> bool:
    """``name`` as a whole token of ``text`` (not the tail of ``cashnguns.the-kid``)."""
    return re.search(rf"(?<![\w./#-]){re.escape(name)}(?![\w./#-])", text) is not None


def parsed(text: str) -> list[Any]:
    """Every JSON value in ``text``: the whole of it, or each line of JSON Lines."""
    try:
        return [json.loads(text)]
    except json.JSONDecodeError:
        values = []
        for line in text.splitlines():
            with contextlib.suppress(json.JSONDecodeError):
                values.append(json.loads(line))
        return values


def leaks(text: str, secrets: list[Secret], *, canary: bool = True) -> list[str]:
    found = [f"entry {s.seq} ({s.type}) in words: {s.words!r}" for s in secrets if s.words in text]
    found += [f"entry {s.seq} ({s.type}): {name!r}" for s in secrets for name in s.names if mentions(text, name)]
    inside = [canonical(o) for value in parsed(text) for o in objects(value) if isinstance(o, dict)]
    found += [f"entry {s.seq} ({s.type}) as an object" for s in secrets if canonical(s.body) in inside]
    if canary and (CANARY in text or json.dumps(CANARY) in text):
        found.append("the writer's order text")
    return found


def stopped(db: Path, name: str) -> tuple[str, list[str]]:
    """A stored table of ``name`` stopped mid-round, with sealed choices made."""
    with Referee(db) as ref:
        table = open_table(ref, GAMES[name])
        if name == "pigsty":
            ref.act(table, PIGSTY_WRITER, "orders", {"text": CANARY})
            ref.act(table, "Ada", "orders", {"text": "G 1"})
        else:
            for _ in range({"cashnguns": 6, "pimp": 12, "backhanding": 17, "pornstar": 12}[name]):
                assert answer(ref, table)
        assert not ref.over(table)
    return table, list(GAMES[name].seats)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_no_cli_command_a_seat_runs_shows_another_seats_secret(name, tmp_path, monkeypatch, capsys):
    fix_table_key(monkeypatch)
    monkeypatch.delenv("REFEREE_DB", raising=False)
    db = tmp_path / "tables.sqlite"
    table, seats = stopped(db, name)
    with Referee(db) as ref:
        secrets = {seat: secrets_from(ref, table, seat) for seat in seats}
        spectators = secrets_from(ref, table, None)
        hidden = {seat: [e.seq for e in ref.audit.load_log(ref.export(table, seat)) if e.redacted] for seat in seats}
    for seat in seats:
        assert secrets[seat], f"{seat} has secrets to keep"
        export = tmp_path / f"{seat}.jsonl"
        runs = {
            "view": run(capsys, "--db", str(db), "view", table, "--seat", seat),
            "view --json": run(capsys, "--db", str(db), "view", table, "--seat", seat, "--json"),
            "export --seat": run(capsys, "--db", str(db), "export", table, "--seat", seat, "-o", str(export)),
            "report": run(capsys, "--db", str(db), "report", table),
            "report --json": run(capsys, "--db", str(db), "report", table, "--json"),
            "replay --seat": run(capsys, "--db", str(db), "replay", table, "--seat", seat),
            "replay --seat --json": run(capsys, "--db", str(db), "replay", table, "--seat", seat, "--json"),
            "tables --json": run(capsys, "--db", str(db), "tables", "--json"),
        }
        runs["replay of the export"] = run(capsys, "--db", str(db), "replay", str(export), "--seat", seat)
        runs["verify of the export"] = run(capsys, "--db", str(db), "verify", str(export), "--json")
        runs["explain of the export"] = run(capsys, "--db", str(db), "explain", str(export), str(hidden[seat][-1]), "--json")
        assert runs["view --json"].code == 0 and runs["export --seat"].code == 0 and runs["replay --seat"].code == 0
        assert runs["verify of the export"].code == 0
        text = {what: r.out + r.err for what, r in runs.items()}
        text["export file"] = export.read_text(encoding="utf-8")
        for what, output in text.items():
            found = leaks(output, secrets[seat], canary=seat != PIGSTY_WRITER)
            assert not found, f"{seat}'s {what} shows {found}"

    # A spectator: the table's view and reports, with no seat at all.
    assert len(spectators) > max(len(s) for s in secrets.values())
    for argv in (["view", table], ["view", table, "--json"], ["report", table], ["tables", "--json"]):
        output = run(capsys, "--db", str(db), *argv)
        found = leaks(output.out + output.err, spectators)
        assert not found, f"a spectator's {' '.join(argv)} shows {found}"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_refusals_name_nothing_hidden_from_the_seat_refused(name, tmp_path, monkeypatch):
    """An illegal action is refused with a message for the acting seat alone; it must not
    name another seat's hidden cards, choices or orders, whatever the seat tries: the
    wrong action, an answer not offered, another seat's request, a free text."""
    fix_table_key(monkeypatch)
    db = tmp_path / "tables.sqlite"
    table, seats = stopped(db, name)
    with Referee(db) as ref:
        requests = ref.requests(table)
        refused = 0
        for seat in seats:
            secrets = secrets_from(ref, table, seat)
            others = [r for r in requests if r.seat != seat]
            mine = [r for r in requests if r.seat == seat]
            attempts: list[tuple[str, dict[str, Any], str | None]] = [
                ("bullet", {"card": "bbb", "loaded": "twice"}, None),
                ("aim", {"target": "Nobody"}, None),
                ("orders", {"text": "S 1 Nobody"}, None),
                ("bid", {"tokens": 99}, None),
                ("do", {"do": "bring", "card": "nothing"}, None),
            ]
            attempts += [(r.action, {"text": "?"}, r.id) for r in others]
            attempts += [(r.action, {"text": 5, "nonsense": 1}, r.id) for r in mine]
            for action, args, rid in attempts:
                try:
                    ref.act(table, seat, action, args, request=rid)
                except IllegalAction as exc:
                    refused += 1
                    assert not leaks(exc.message, secrets, canary=seat != PIGSTY_WRITER), f"{seat} refused: {exc.message}"
                    if rid is not None and rid not in {r.id for r in mine}:
                        assert "is not open for" in exc.message
                else:
                    pytest.fail(f"{seat}'s {action} {args} was accepted")
        assert refused >= 3 * len(seats)


def test_the_debug_log_carries_no_sealed_answer(tmp_path, monkeypatch, capsys):
    """``--log-level debug`` (people's and JSON lines): a sealed answer taken, and one refused,
    leave the seat, the action and the rule broken in the log, never the answer itself."""
    fix_table_key(monkeypatch)
    monkeypatch.delenv("REFEREE_DB", raising=False)
    db = tmp_path / "tables.sqlite"
    with Referee(db) as ref:
        table = open_table(ref, GAMES["pigsty"])
    for style in ([], ["--log-json"]):
        refused = run(capsys, "--db", str(db), "--log-level", "debug", *style, "act", table, "Ada", "orders", "stealing 4 Nobody")
        assert refused.code == 2 and "Nobody" in refused.err  # the refusal, told to the seat that wrote it
        log_lines = [line for line in refused.err.splitlines() if not line.startswith("referee:")]
        assert any("action refused" in line for line in log_lines)
        assert not any("Nobody" in line or "stealing" in line for line in log_lines), log_lines
    taken = run(capsys, "--db", str(db), "--log-level", "debug", "--log-json", "act", table, "Ada", "orders", CANARY)
    assert taken.code == 0 and any("action taken" in line for line in taken.err.splitlines())
    assert "investment" not in taken.err


def test_timestamps_are_whole_seconds(tmp_path, monkeypatch):
    """How long a sealed decision took to decide is not in the log: entries carry the time
    to the second, the same for every entry of one action."""
    fix_table_key(monkeypatch)
    table, seats = stopped(tmp_path / "tables.sqlite", "cashnguns")
    with Referee(tmp_path / "tables.sqlite") as ref:
        for seat in seats:
            entries = ref.audit.load_log(ref.export(table, seat))
            assert all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00", e.at) for e in entries)
            for cause in {e.cause for e in entries}:
                assert len({e.at for e in entries if e.cause == cause}) == 1


@pytest.mark.parametrize("name", sorted(GAMES))
def test_act_shows_the_acting_seat_only_what_it_may_see(name, tmp_path, monkeypatch, capsys):
    """``referee act`` prints the entries the action appended that the seat may see: an
    answer that completes a sealed step appends other seats' hidden events too."""
    fix_table_key(monkeypatch)
    monkeypatch.delenv("REFEREE_DB", raising=False)
    db = tmp_path / "tables.sqlite"
    table, _seats = stopped(db, name)
    checked = 0
    for step in range(12):
        with Referee(db) as ref:
            if ref.over(table):
                break
            request = ref.requests(table)[0]
            args = {"text": "G 1"} if name == "pigsty" else ref.bots.answer(table, request)
        style = ["--json"] if step % 2 else []
        acted = run(capsys, "--db", str(db), "act", table, request.seat, request.action, "--args", json.dumps(args), *style)
        assert acted.code == 0, acted.err
        with Referee(db) as ref:
            found = leaks(acted.out, secrets_from(ref, table, request.seat), canary=request.seat != PIGSTY_WRITER)
        assert not found, f"{request.seat}'s act shows {found}"
        checked += 1
    assert checked >= 3
