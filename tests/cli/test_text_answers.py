"""Issue 10: every request of a bot game can be answered in the text form `referee act`
accepts, and that reaches the same log as answering with the JSON form (`--args`).

Two tables of one game are played side by side from one seed: the bot's answer to each
request is written as a person would type it (``answers.render``) and read back the way
``referee act`` reads words (``answering.args_from_text``) for one table, and sent as JSON
(decoded the way ``--args`` is) to the other.  Every request's text form must be accepted.
"""

from __future__ import annotations

import json
import re
from typing import Any

import msgspec
import pytest

from referee import MEMORY, Referee, Registry, TableStore, answers
from referee_cli import answering

COMPARED = ("seq", "type", "v", "plugin", "rule", "seat", "cause", "visible_to")
# The seed's commitment and reveal, and the host key that signs receipts, are made per
# table from secret material of its own; everything that the answers decide is compared.
COMMITMENTS = {"referee.TableOpened": ("seed_commitment", "host_key"), "referee.SeedRevealed": ("seed", "key")}


def comparable(entry: Any) -> tuple[Any, ...]:
    event = dict(entry.event or {})
    for name in COMMITMENTS.get(entry.type, ()):
        event.pop(name, None)
    return (*(getattr(entry, name) for name in COMPARED), event)


def walk(game: str, seats: list[str], seed: str, extensions: list[str] | None = None, options: dict[str, Any] | None = None):
    registry = Registry()
    typed, sent = (Referee(registry=registry, store=TableStore(MEMORY)) for _ in range(2))
    for app in (typed, sent):
        app.open(game, seats, seed=seed, extensions=extensions, options=options, table_id="walk")
    texts: list[str] = []
    for _ in range(5_000):
        if typed.state("walk").over:
            break
        request = typed.requests("walk")[0]
        assert request.answer is not None, f"{request.id} still lists choices"
        args = typed.bots.answer("walk", request)
        text = answers.render(request.answer, args)
        texts.append(text)
        from_text = answering.args_from_text(request, text)
        assert from_text == args, f"{request.id}: {text!r} reads as {from_text}, the bot meant {args}"
        typed.act("walk", request.seat, request.action, from_text, request=request.id)
        sent.act("walk", request.seat, request.action, json.loads(json.dumps(args)), request=request.id)
    assert typed.state("walk").over and sent.state("walk").over
    assert [comparable(e) for e in typed.entries("walk")] == [comparable(e) for e in sent.entries("walk")]
    # Requests say a shape, not every answer: no log entry comes near the 16 KB.
    assert max(len(msgspec.json.encode(e)) for e in typed.entries("walk")) < 16 * 1024
    return texts


@pytest.mark.parametrize("seed", ["walk-1", "walk-2"])
def test_pigsty_bot_games_answered_as_text_and_as_json_reach_the_same_log(seed):
    texts = walk("pigsty", ["Ann", "Bob", "Cat", "Dan"], seed, options={"turn_limit": 12})
    # Orders are typed as they are written, with no field name in front.
    assert all(not t.startswith("text=") for t in texts if t != "text=")
    assert any(re.search(r"\b[PIGSTY] \d+", t) for t in texts)


@pytest.mark.parametrize(("seed", "extensions"), [("walk-1", None), ("walk-2", None), *((f"walk-{n}", ["all"]) for n in range(3, 9))])
def test_cashnguns_bot_games_answered_as_text_and_as_json_reach_the_same_log(seed, extensions):
    texts = walk("cashnguns", ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"], seed, extensions=extensions)
    # Cards and the nerve are named by their labels, as the prompt shows them.
    assert any(t.startswith("Click! (") for t in texts) and {"Stay in", "Back down"} & set(texts)
