"""Each event is encoded once (DESIGN "The table runtime: each thing done once"): the bytes
``Decision.emit`` makes are committed, hashed into the chain, stored and exported as they
are, and the live table folds each event exactly as a replay of the log will."""

from __future__ import annotations

from typing import Any

import highroll
import msgspec
import pytest

import referee.log
import referee.store
from referee import MEMORY, Event, Extension, Referee, Registry, TableStore, hookimpl
from referee.log import canonical, encode_line, seal
from referee.randomness import SeededSource
from referee.table import fold_entries, open_table


class Weighed(Event, tag="scales.Weighed"):
    seat: str
    weight: float


class Lined(Event, tag="scales.Lined"):
    seats: tuple[str, ...]
    counts: dict[str, int]


class Scales(msgspec.Struct):
    weights: list[Any] = []
    lines: list[Any] = []
    counts: list[Any] = []


def evolve(state: referee.TableState, event: Event) -> None:
    scales = state.slot("scales")
    if isinstance(event, Weighed):
        scales.weights.append(event.weight)
    elif isinstance(event, Lined):
        scales.lines.append(event.seats)
        scales.counts.append(list(event.counts))


class Plugin:
    @hookimpl
    def referee_round_began(self, decision: Any, round: int) -> None:
        # An int for a float field, a list for a tuple field, a dict's keys out of order.
        decision.emit(Weighed(seat="Ann", weight=3), rule="1")
        decision.emit(Weighed(seat="Bob", weight=2.5), rule="1")
        decision.emit(Lined(seats=["Bob", "Ann"], counts={"zed": 1, "amy": 2}), rule="2")  # type: ignore[arg-type]


class Offer:
    @hookimpl
    def referee_extensions(self) -> list[Extension]:
        return [
            Extension(name="scales", game="highroll", title="Scales", plugin=Plugin(), events=[Weighed, Lined], evolve=evolve, state=Scales)
        ]


@pytest.fixture
def app():
    with Referee(registry=Registry([highroll, Offer()], entry_points=False), store=TableStore(MEMORY)) as app:
        yield app


def test_the_table_folds_each_event_as_a_replay_of_its_log_does(app) -> None:
    rules = app.registry.rules("highroll", ["scales"])
    live, emitted = open_table(
        rules, table_id="t", seats=["Ann", "Bob"], options=None, source=SeededSource("s", "ab" * 32), seed_commitment=""
    )
    entries = seal(emitted, after=None, seat=None, at="", table_key=bytes(32))
    replayed = fold_entries(rules, entries)
    assert live.slot("scales") == replayed.slot("scales") == Scales(weights=[3.0, 2.5], lines=[("Bob", "Ann")], counts=[["amy", "zed"]])
    assert [type(w) for w in live.slot("scales").weights] == [float, float] and type(live.slot("scales").lines[0]) is tuple
    weighed = next(e for e in entries if e.type == "scales.Weighed")
    assert canonical(weighed.event) == b'{"seat":"Ann","weight":3.0}'


def test_each_event_is_encoded_once_and_stored_as_those_bytes(app, monkeypatch) -> None:
    encoded: list[bytes] = []
    encoder = referee.log._encoder

    class Counting:
        """The log's encoder, noting each body it encodes (a body is encoded as a dict;
        headers and lines as structs)."""

        def encode(self, value: Any) -> bytes:
            line = encoder.encode(value)
            if isinstance(value, dict):
                encoded.append(line)
            return line

    monkeypatch.setattr(referee.log, "_encoder", Counting())
    table = app.open("highroll", ["Ann", "Bob"], seed="s")
    encoded.clear()
    entries = app.act(table, "Ann", "bid", {"chips": 2})
    monkeypatch.undo()
    # ActionTaken (a dict of args) is read back from its bytes to be folded, the others are
    # plain: either way each is encoded once.
    assert len(encoded) == len(entries)
    stored = [s.state for s in app.store.recorder.select_events(referee.store._stream("log", table), gt=entries[0].seq - 1)]
    assert stored == [encode_line(e) for e in entries]
    assert all(canonical(e.event) in encoded for e in entries)
    assert app.audit.verify_table(table).ok


def test_opening_a_table_encodes_each_line_once(app, monkeypatch) -> None:
    lines: list[bytes] = []
    encode = referee.log.encode_line

    def counting(entry: Any) -> bytes:
        lines.append(encode(entry))
        return lines[-1]

    # Wherever a line is made from an entry, it is counted.
    monkeypatch.setattr(referee.log, "encode_line", counting)
    monkeypatch.setattr(referee.store, "encode_line", counting)
    table = app.open("highroll", ["Ann", "Bob"], seed="s", extensions=["scales"])
    stored = [s.state for s in app.store.recorder.select_events(referee.store._stream("log", table))]
    assert lines == []
    assert stored == [encode(e) for e in app.entries(table)]
    assert app.audit.verify_table(table).ok


def test_a_line_nested_too_deeply_is_refused_and_a_wide_one_is_read() -> None:
    from referee import BadLog
    from referee.log import MAX_DEPTH, decode_line

    deep: Any = 1
    for _ in range(MAX_DEPTH + 1):
        deep = [deep]
    line = msgspec.json.encode({"seq": 1, "type": "x.Y", "plugin": "x", "event": {"v": deep}})
    with pytest.raises(BadLog, match="nested more than"):
        decode_line(line, where="line 1")
    wide = msgspec.json.encode({"seq": 1, "type": "x.Y", "plugin": "x", "event": {"v": [[n] for n in range(200)]}})
    assert decode_line(wide.decode(), where="line 1").event == {"v": [[n] for n in range(200)]}
