"""Pimp: The Backhanding's rulings and its card plugins, through the public API.

The worked examples of every phase, tie and card are the scenario files of the package
(``referee scenario run --game backhanding``); these tests add what a scenario cannot
say: that each card scenario depends on its card's plugin, the rulings over whole games
(the first player moves clockwise, the discard pile is reshuffled when the Draw deck runs
out), the card set as data (validated, every problem at once) and a third party's card
added by a plugin alone.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import referee_backhanding
from referee import MEMORY, Extension, Referee, Registry, TableStore, hookimpl
from referee.scenario import load_scenario, run_scenario
from referee_backhanding import cards as card_data

SCENARIOS = Path(referee_backhanding.__file__).parent / "scenarios"

CARD_SCENARIOS = {
    "card-smooth-operator": "referee_backhanding.abilities.smooth_operator",
    "card-sweet-talker": "referee_backhanding.abilities.sweet_talker",
    "card-hitman-and-enforcer": "referee_backhanding.abilities.hitman",
    "card-slippery": "referee_backhanding.abilities.slippery",
    "card-the-fixer": "referee_backhanding.abilities.the_fixer",
    "card-sugar-daddy": "referee_backhanding.abilities.sugar_daddy",
    "card-frame-up-and-bail-out": "referee_backhanding.tricks.frame_up",
    "card-snitch": "referee_backhanding.tricks.snitch",
    "card-pickpocket": "referee_backhanding.tricks.pickpocket",
    "card-loaded-dice-and-crooked-cop": "referee_backhanding.tricks.loaded_dice",
}


def play_out(app: Referee, table: str) -> None:
    while not app.over(table):
        request = app.requests(table)[0]
        app.act(table, request.seat, request.action, app.bots.answer(table, request), request=request.id)


def events(app: Referee, table: str, kind: str) -> list[dict]:
    return [e.event for e in app.entries(table) if e.type == f"backhanding.{kind}"]


def test_every_effect_of_the_shipped_cards_has_its_plugin_and_scenario():
    effects = {c.effect for c in card_data.DEFAULT.values() if c.effect}
    # The game's own cards are on by default; another distribution's (an installed example) never is.
    installed = {e.name for e in Registry().extensions_of("backhanding") if e.default}
    assert effects == installed
    titles = " ".join(load_scenario(p).title for p in SCENARIOS.glob("card-*.toml"))
    assert all(effect in titles for effect in effects)


@pytest.mark.parametrize("name", sorted(CARD_SCENARIOS))
def test_each_card_scenario_passes_and_fails_without_its_cards_plugin(name):
    scenario = load_scenario(SCENARIOS / f"{name}.toml")
    assert run_scenario(scenario, Registry()).ok
    module = sys.modules[CARD_SCENARIOS[name]] if CARD_SCENARIOS[name] in sys.modules else __import__(CARD_SCENARIOS[name], fromlist=["_"])
    everything = Registry()
    without = Registry([p for p in everything.pm.get_plugins() if p is not module], entry_points=False)
    assert not run_scenario(scenario, without).ok


def test_the_first_player_moves_clockwise_each_round():
    """Ruling R1: the first player is drawn at random for round 1, then is the next seat clockwise."""
    seats = ["Ada", "Bert", "Cleo", "Dino"]
    with Referee(registry=Registry(), store=TableStore(MEMORY)) as app:
        table = app.open("backhanding", seats, seed="clockwise")
        play_out(app, table)
        firsts = [e["seat"] for e in events(app, table, "FirstPlayerChosen")]
    assert len(firsts) == 3
    at = seats.index(firsts[0])
    assert firsts == [seats[at], seats[(at + 1) % 4], seats[(at + 2) % 4]]


def test_placement_is_played_in_turns_clockwise_until_everyone_has_passed_then_the_sealed_plays():
    """4.1, 5.1, ruling R2: each placement or pass is a turn of the flow, clockwise from the
    round's first player, skipping who has passed, until all have; then the part's sealed
    plays are a step of their own (4.2, 5.2), and after the last round the count ends the game (6.3)."""
    seats = ["Ada", "Bert", "Cleo", "Dino"]
    with Referee(registry=Registry(), store=TableStore(MEMORY)) as app:
        table = app.open("backhanding", seats, seed="turns")
        seen_steps = set()
        while not app.over(table):
            request = app.requests(table)[0]
            view = app.view(table, request.seat)
            seen_steps.add((request.action, view["view"]["step"], view["phase"]))
            if request.action == "place":
                assert view["active"] == request.seat
            app.act(table, request.seat, request.action, app.bots.answer(table, request), request=request.id)
        entries = app.entries(table)
        final = app.view(table, None)["view"]["values"]
    assert {("place", "placing", "macking"), ("place", "placing", "backhanding"), ("play", "playing", "macking plays")} <= seen_steps
    assert ("play", "playing", "backhanding plays") in seen_steps
    order: list[str] = []
    placements = 0
    turn: str | None = None
    passed: set[str] = set()
    for entry in entries:
        body = entry.event or {}
        if entry.type == "backhanding.FirstPlayerChosen":
            order = body["order"]
        elif entry.type == "referee.PhaseBegan" and body["phase"] in ("macking", "backhanding"):
            passed, turn = set(), None
        elif entry.type == "referee.TurnBegan":
            waiting = [s for s in order if s not in passed]
            if turn is None:
                assert body["seat"] == waiting[0], "the first player places first"
            else:
                after = order[order.index(turn) + 1 :] + order[: order.index(turn) + 1]
                assert body["seat"] == next(s for s in after if s not in passed), "the next seat clockwise who has not passed"
            turn = body["seat"]
            placements += 1
        elif entry.type in ("backhanding.PimpPlaced", "backhanding.PlacementPassed"):
            assert body["seat"] == turn, "a seat places only in its own turn"
            if entry.type == "backhanding.PlacementPassed":
                passed.add(body["seat"])
        elif entry.type == "referee.PhaseBegan" and body["phase"].endswith(" plays"):
            assert passed == set(seats), "the sealed plays follow once everyone has passed"
    assert placements > 0
    money = [e.event for e in entries if e.type == "backhanding.MoneyCounted"]
    assert final == money[-1]["totals"]
    assert [e.type for e in entries[-5:-1]] == ["backhanding.MoneyCounted", "referee.PhaseEnded", "referee.RoundEnded", "referee.GameEnded"]


def test_six_players_reshuffle_the_discard_pile_when_the_draw_deck_runs_out():
    """Ruling R11 (6.1): 82 Draw cards, 6 x 15 wanted: the discard pile's Draw cards become a
    new Draw deck, in an order nobody sees, and dealing goes on from it."""
    seats = ["Ada", "Bert", "Cleo", "Dino", "Edna", "Fritz"]
    with Referee(registry=Registry(), store=TableStore(MEMORY)) as app:
        table = app.open("backhanding", seats, seed="reshuffle")
        play_out(app, table)
        entries = app.entries(table)
    shuffled = [e for e in entries if e.type == "backhanding.DiscardsShuffled"]
    assert shuffled and all(e.visible_to == [] for e in shuffled)
    after = entries[shuffled[0].seq :]
    assert any(e.type == "backhanding.DrawCardsDealt" and set(e.event["cards"]) & set(shuffled[0].event["cards"]) for e in after)


def test_a_table_without_a_cards_plugin_deals_none_of_its_cards():
    with Referee(registry=Registry(), store=TableStore(MEMORY)) as app:
        others = [e.name for e in app.registry.extensions_of("backhanding") if e.name != "snitch"]
        table = app.open("backhanding", ["Ada", "Bert"], seed="no-snitch", extensions=others)
        laid = events(app, table, "CardsLaid")[0]
    assert not [c for c in laid["cards"] if c.get("effect") == "snitch"]
    assert "3 cards left out" in laid["source"]


def test_a_card_file_is_checked_whole_and_every_problem_named():
    text = """
pimps = [{ name = "Dud", macking = 7, backhanding = -1 }, { name = "Dud", macking = 1, backhanding = 1 }]
hos = [{ name = "Zero", money = 0 }]
draws = [{ kind = "trick", name = "Mystery" }, { kind = "macking", name = "Huge", bonus = 9 }, { kind = "charm", name = "Odd" }]
"""
    with pytest.raises(card_data.CardError) as caught:
        card_data.build(card_data.parse(text))
    problems = caught.value.problems
    assert any("macking 7 is outside 0-6" in p for p in problems)
    assert any("backhanding -1 is outside 0-6" in p for p in problems)
    assert any("'Dud' is taken" in p for p in problems)
    assert any("money 0 is outside 1-20" in p for p in problems)
    assert any("Dirty Trick names its effect" in p for p in problems)
    assert any("bonus 9 is outside 1-6" in p for p in problems)
    assert any("kind 'charm'" in p for p in problems)


def test_the_shipped_card_set_suits_two_to_six_players():
    pimps = [c for c in card_data.DEFAULT.values() if c.deck == "pimp"]
    hos = [c for c in card_data.DEFAULT.values() if c.deck == "ho"]
    draws = [c for c in card_data.DEFAULT.values() if c.deck == "draw"]
    assert len(pimps) >= 6 * 5
    assert len(hos) >= 3 * 5
    assert len(draws) >= 5 * 15  # five players never run out; six reshuffle once
    kinds = {c.kind for c in draws}
    assert kinds == {"pimp", "macking", "backhanding", "value", "trick"}
    assert "bail-out" in {c.effect for c in draws}, "the special card that brings pimps back"


class Lucky:
    """A third party's ability: +1 macking, on a pimp of its own, added without touching the game."""

    @hookimpl
    def backhanding_effects(self):
        return ["lucky"]

    @hookimpl
    def backhanding_more_cards(self):
        return [{"kind": "pimp", "name": "Lucky Luke", "macking": 2, "backhanding": 2, "ability": "lucky", "deck": "draw"}] + [
            {"kind": "pimp", "name": f"Lucky Twin {n}", "macking": 2, "backhanding": 2, "ability": "lucky"} for n in range(1, 40)
        ]

    @hookimpl
    def backhanding_bonus(self, state, contest, seat, pimp):
        return 1 if contest.phase == "macking" and state.game.cards[pimp].effect == "lucky" else None


class OfferLucky:
    @hookimpl
    def referee_extensions(self):
        return [Extension(name="lucky", game="backhanding", title="Lucky", plugin=LUCKY, kind="ability", default=True)]


LUCKY = Lucky()


def test_a_third_party_adds_a_card_with_a_plugin_and_a_data_entry():
    registry = Registry([OfferLucky()])
    with Referee(registry=registry, store=TableStore(MEMORY)) as app:
        table = app.open("backhanding", ["Ada", "Bert"], seed="lucky")
        laid = events(app, table, "CardsLaid")[0]
        assert "lucky-luke" in {c["id"] for c in laid["cards"]}
        assert "40 card entries from plugins" in laid["source"]
        play_out(app, table)
        assert app.audit.verify_table(table).ok
        lucky_rolls = [
            r for e in events(app, table, "ContestRolled") if e["phase"] == "macking" for r in e["rolls"].values() if "lucky" in r["pimp"]
        ]
    assert lucky_rolls and all(r["ability"] == 1 for r in lucky_rolls)


def test_a_card_file_given_with_at_is_read_by_the_command_into_the_log(tmp_path, monkeypatch, capsys):
    """DATA.md, "The card file": `--option cards=@FILE` puts the file's text in the log."""
    from referee_cli.main import main

    source = (Path(referee_backhanding.__file__).parent / "scenarios" / "card-snitch.toml").read_text(encoding="utf-8")
    text = source.split("cards = '''\n", 1)[1].split("'''", 1)[0]
    path = tmp_path / "small.toml"
    path.write_text(text, encoding="utf-8")
    monkeypatch.setenv("REFEREE_DB", str(tmp_path / "tables.sqlite"))
    with pytest.raises(SystemExit) as made:
        main(["new", "backhanding", "--seats", "Ann,Bob", "--seed", "small", "--option", f"cards=@{path}"])
    assert made.value.code in (0, None), capsys.readouterr().err
    with Referee(store=TableStore(tmp_path / "tables.sqlite")) as app:
        table = app.tables()[0].table_id
        assert app.state(table).options["cards"] == text
        assert "the table's own card set" in events(app, table, "CardsLaid")[0]["source"]
        play_out(app, table)
        assert app.audit.verify_table(table).ok
