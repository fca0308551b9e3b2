"""Each entry names the plugin that decided its event (DESIGN "Events": the log entry carries
the plugin that decided it): the innermost plugin whose code was running when it was
emitted, a card emitting its game's event type included; the kernel's own events stay the
kernel's.  Logs written when entries named the event type's plugin still verify."""

from __future__ import annotations

from typing import Any

import highroll
import msgspec
import pytest
from forging import reseal, revealed_key
from throwaway import extension

from referee import MEMORY, Referee, Registry, TableStore, explain, hookimpl, verify


class Herald:
    """A house rule announcing (in the game's own event) that bids are open."""

    @hookimpl
    def referee_round_began(self, decision: Any, round: int) -> None:
        decision.emit(highroll.BidsRevealed(bids={}), rule="1")


class Crier:
    """A house rule announcing (in the game's own event) each bid before it is decided."""

    @hookimpl
    def referee_decide(self, decision: Any, action: Any) -> None:
        decision.emit(highroll.BidsRevealed(bids={}), rule="1")


@pytest.fixture
def finished():
    with Referee(
        registry=Registry([highroll, extension("highroll", Herald(), "herald")], entry_points=False), store=TableStore(MEMORY)
    ) as app:
        table = app.open("highroll", ["Ann", "Bob"], seed="herald", extensions=["herald"])
        app.act(table, "Ann", "bid", {"chips": 1})
        app.act(table, "Bob", "bid", {"chips": 2})
        yield app, app.entries(table)


def test_an_extensions_event_of_its_games_type_is_credited_to_the_extension(finished) -> None:
    app, entries = finished
    announced = next(e for e in entries if e.type == "highroll.BidsRevealed")
    assert (announced.plugin, announced.rule) == ("highroll.herald", "highroll.herald 1")
    # The game's own decision of the same type, and the kernel's flow, keep their plugins.
    revealed = [e for e in entries if e.type == "highroll.BidsRevealed" and e.seq != announced.seq]
    assert [(e.plugin, e.rule) for e in revealed] == [("highroll", "highroll 2")]
    assert {e.plugin for e in entries if e.type.startswith("referee.")} == {"referee"}
    assert explain(app.registry, entries, announced.seq).entry.plugin == "highroll.herald"
    assert verify(app.registry, entries).ok


def test_a_log_crediting_the_event_types_plugin_still_verifies(finished) -> None:
    app, entries = finished
    announced = next(e for e in entries if e.plugin == "highroll.herald")
    older = [msgspec.structs.replace(e, plugin="highroll", rule="highroll 1") if e.seq == announced.seq else e for e in entries]
    legacy = reseal(older, revealed_key(entries))
    assert verify(app.registry, legacy).ok


def test_crediting_another_plugin_is_caught(finished) -> None:
    app, entries = finished
    announced = next(e for e in entries if e.plugin == "highroll.herald")
    forged = [msgspec.structs.replace(e, plugin="highroll.other") if e.seq == announced.seq else e for e in entries]
    verdict = verify(app.registry, reseal(forged, revealed_key(entries)))
    assert not verdict.ok and verdict.bad_seq == announced.seq and "plugin" in verdict.message


def test_a_plugin_registered_after_the_first_action_is_credited_with_its_events() -> None:
    # Rules are shared by every table of a game and its extensions, so the first action
    # may have come and gone before a plugin joins their manager.
    with Referee(registry=Registry([highroll], entry_points=False), store=TableStore(MEMORY)) as app:
        table = app.open("highroll", ["Ann", "Bob"], seed="late herald")
        app.act(table, "Ann", "bid", {"chips": 1})
        app.rules(table).pm.register(Crier(), name="highroll.crier")
        app.act(table, "Bob", "bid", {"chips": 2})
        announced = [e for e in app.entries(table) if e.type == "highroll.BidsRevealed" and e.rule == "highroll.crier 1"]
        assert [e.plugin for e in announced] == ["highroll.crier"]
