"""PornStar's Play cards and Backhanding's cards are declared as extensions (issue 24, "The
kit"): the game's own are written with the public declarations, a card's events are
credited to the card, and a card that cannot be declared or dealt is refused by name."""

from __future__ import annotations

import types

import pytest

from referee import MEMORY, Referee, RefereeError, Registry, TableStore, hookimpl
from referee.testing import check_bot_games
from referee_backhanding import Ability, DirtyTrick
from referee_pornstar import PlayCard
from referee_pornstar.api import TITLES, PlayRules, rule


def _declared(game: str) -> dict[str, object]:
    return {e.name: e for e in Registry().extensions_of(game) if e.default}


def test_the_ten_play_cards_are_play_card_declarations_with_the_titles_logs_name_them_by():
    cards = _declared("pornstar")
    assert set(cards) == set(TITLES)
    assert all(isinstance(card, PlayCard) for card in cards.values())
    assert {name: (card.title, card.card_type) for name, card in cards.items()} == TITLES  # type: ignore[attr-defined]


def test_backhandings_tricks_and_abilities_are_declared():
    cards = _declared("backhanding")
    tricks = {n for n, c in cards.items() if isinstance(c, DirtyTrick)}
    abilities = {n for n, c in cards.items() if isinstance(c, Ability)}
    assert tricks == {"bail-out", "snitch", "pickpocket", "crooked-cop", "loaded-dice", "frame-up"}
    assert abilities == {"sweet-talker", "enforcer", "hitman", "smooth-operator", "the-fixer", "slippery", "sugar-daddy"}
    assert cards["pickpocket"].steps == ("macking", "backhanding")  # never at the count (issue 24)  # type: ignore[attr-defined]


def test_a_play_cards_events_are_credited_to_the_card_that_declared_its_effect():
    """The game runs a declared effect as the card, so the log credits its events as 0.2's
    hook implementations did (a stored log verifies under the same plugin names)."""
    logs = check_bot_games("pornstar", ["Ann", "Bob", "Cy"], options={"bots": "random"}, games=2)
    credited = {(e["type"], e["plugin"]) for log in logs for e in map(__import__("json").loads, log.splitlines())}
    own = {t: p for t, p in credited if t.startswith(("pornstar.tax-audit.", "pornstar.obscenity-trial.", "pornstar.nostalgia-fetish."))}
    assert own and all(plugin == ".".join(t.split(".")[:2]) for t, plugin in own.items()), own


def test_rule_names_a_card_of_another_distribution_only_with_its_table():
    assert rule("tax-audit") == "pornstar card Tax Audit"
    with pytest.raises(ValueError, match=r"'paparazzo' is not one of the game's ten: name its table, rule\('paparazzo', decision\)"):
        rule("paparazzo")


def _card(copies: tuple[str, ...]) -> types.ModuleType:
    module = types.ModuleType("clashing_card")

    @hookimpl
    def referee_extensions():
        rules = PlayRules(target="none", lasts="", text="Nothing happens.")
        return [PlayCard(name="dud", title="Dud", card_type="Special", rules=rules, copies=copies)]

    module.referee_extensions = referee_extensions  # type: ignore[attr-defined]
    return module


def test_a_play_card_whose_copies_cannot_be_dealt_is_refused_by_name():
    with Referee(registry=Registry([_card(("P01",))]), store=TableStore(MEMORY)) as app:
        assert "P01" in {c for c in app.state(app.open("pornstar", ["Ann", "Bob"], extensions=["dud"])).game.tables.card_ids()}
    with Referee(registry=Registry([_card(("D-1",))]), store=TableStore(MEMORY)) as app:
        with pytest.raises(RefereeError, match=r"the Play card Dud \(dud\) cannot be dealt: card ids are letters and digits"):
            app.open("pornstar", ["Ann", "Bob"], extensions=["dud"])
        assert app.tables() == []


def test_a_dirty_trick_whose_copies_clash_with_a_card_is_refused_by_name():
    module = types.ModuleType("clashing_trick")

    @hookimpl
    def referee_extensions():
        return [
            DirtyTrick(
                name="snitch-two", title="Snitch", text="Again.", targets=lambda s, seat, step: [], effect=lambda d, s, t: [], copies=1
            )
        ]

    module.referee_extensions = referee_extensions  # type: ignore[attr-defined]
    taken = r"the card set cannot be played: draw \d+ \('Snitch'\): the name 'Snitch' is taken"
    with Referee(registry=Registry([module]), store=TableStore(MEMORY)) as app, pytest.raises(RefereeError, match=taken):
        app.open("backhanding", ["Ann", "Bob"], extensions=["snitch", "snitch-two"])


def test_deciding_for_names_only_an_extension_at_the_table():
    with Referee(registry=Registry(), store=TableStore(MEMORY)) as app:
        table = app.open("pornstar", ["Ann", "Bob"], seed="x")
        rules, state = app.rules(table), app.state(table)
        from referee.table import Decision

        decision = Decision(rules, state, source=None)  # type: ignore[arg-type]
        with pytest.raises(RefereeError, match="no extension named 'paparazzo' is at this table"), decision.deciding_for("paparazzo"):
            pass
