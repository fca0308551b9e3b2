"""Fuzzing whole logs as a forger would (issue 8): mutate a finished game's log, then
re-seal every commitment and hash with the revealed table key, so only the rules can tell.

For every game, on a fixed budget: ``verify`` never raises, never hangs, and never
accepts a log whose bodies differ from the game's own; ``import`` refuses it and stores
nothing.  Mutations: a value anywhere in a body replaced (by another of any JSON type), a
field dropped or added, a body blanked, two entries swapped, an entry dropped or
duplicated, a header field changed.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import msgspec
import pytest
from budget import FUZZ, no_hang
from forging import reseal, revealed_key
from hypothesis import event, given
from hypothesis import strategies as st

from referee import MEMORY, BadLog, Referee, RefereeError, Registry, TableStore, against, load_jsonl, verify
from referee.log import Entry

GAMES = {"pigsty": ["Bill", "Ted", "Zed"], "cashnguns": ["Ann", "Bob", "Cy", "Dee"], "pimp": ["Ann", "Bob"]}
OPTIONS: dict[str, dict[str, Any]] = {"pigsty": {"turn_limit": 3}, "pimp": {"turns": 2}}

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 10**6) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)


@pytest.fixture(scope="module")
def registry() -> Registry:
    return Registry()


@pytest.fixture(scope="module")
def finished(registry: Registry) -> dict[str, list[Entry]]:
    logs = {}
    with Referee(registry=registry, store=TableStore(MEMORY)) as app:
        for game, seats in GAMES.items():
            key = hashlib.sha256(game.encode()).hexdigest()
            table = app.open(game, seats, seed=f"fuzz-{game}", options=OPTIONS.get(game), key=key)
            app.bots.play(table, seats)
            assert app.state(table).over
            logs[game] = load_jsonl(app.export(table).splitlines())
    return logs


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path] if path else []
    if isinstance(value, dict):
        for k, v in value.items():
            found += _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found += _paths(v, (*path, i))
    return found


def _replace(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    head, *rest = path
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[head] = _replace(value[head], tuple(rest), new)
    return copy


@st.composite
def forged(draw: st.DrawFn, entries: list[Entry]) -> list[Entry]:
    key = revealed_key(entries)
    how = draw(st.sampled_from(["value", "drop-field", "add-field", "blank", "swap", "drop", "repeat", "header"]))
    event(how)
    # The reveal itself is left alone: a forger re-seals with the key it reveals.
    index = draw(st.integers(0, len(entries) - 2))
    target = entries[index]
    body = dict(target.event or {})
    if how in ("value", "drop-field", "add-field", "blank"):
        if how == "value" and _paths(body):
            path = draw(st.sampled_from(_paths(body)))
            body = _replace(body, path, draw(json_values))
        elif how == "drop-field" and body:
            body.pop(draw(st.sampled_from(sorted(body))))
        elif how == "add-field":
            body[draw(st.text(min_size=1, max_size=6))] = draw(json_values)
        return reseal(entries, key, lambda e: (None if how == "blank" else body) if e.seq == target.seq else e.event)
    changed = list(entries)
    if how == "swap":
        changed[index], changed[index + 1] = changed[index + 1], changed[index]
    elif how == "drop":
        del changed[index]
    elif how == "repeat":
        changed.insert(index, changed[index])
    else:
        field = draw(st.sampled_from(["plugin", "rule", "seat", "cause", "visible_to", "type", "v"]))
        value = draw(st.sampled_from([None, "", "referee", "pigsty 4.4.5", 1, 2, ["Ann"], [], "referee.ActionTaken"]))
        try:
            changed[index] = msgspec.convert({**msgspec.to_builtins(target), field: value}, Entry)
        except msgspec.ValidationError:
            return list(entries)
    renumbered = [msgspec.structs.replace(e, seq=n) for n, e in enumerate(changed, start=1)]
    return reseal(renumbered, key)


def _same_bodies(a: list[Entry], b: list[Entry]) -> bool:
    def plain(entries: list[Entry]) -> list[Any]:
        return [(e.type, e.v, e.plugin, e.rule, e.seat, e.cause, e.visible_to, json.dumps(e.event, sort_keys=True)) for e in entries]

    return plain(a) == plain(b)


@FUZZ
@given(data=st.data(), game=st.sampled_from(sorted(GAMES)))
def test_a_resealed_forgery_is_refused_by_verify_and_import(finished, registry, data, game) -> None:
    entries = finished[game]
    forgery = data.draw(forged(entries))
    with no_hang(game):
        verdict = verify(registry, forgery)
    if _same_bodies(forgery, entries):
        assert verdict.ok, verdict.message
        return
    if verdict.ok and len(forgery) == len(entries) and _same_bodies(forgery[1:], entries[1:]):
        # Verify alone re-decides under the first entry's own word: a change there that no
        # decision reads (the host key, an option this game never consults) is a history
        # consistent with the rules.  What catches it is a seat's copy (issue 22): the
        # copies part at the first entry.
        parted = against(registry, forgery, entries)
        assert not parted.ok and parted.parted_at == 1, parted.message
        return
    assert not verdict.ok, "a changed outcome was accepted"
    assert verdict.message and "\n" not in verdict.message
    with Referee(registry=registry, store=TableStore(MEMORY)) as elsewhere:
        text = "".join(msgspec.json.encode(e).decode() + "\n" for e in forgery)
        with pytest.raises((BadLog, RefereeError)):
            elsewhere.audit.import_log(text)
        assert list(elsewhere.store.table_ids()) == []
