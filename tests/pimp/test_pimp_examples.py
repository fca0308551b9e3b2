"""The rulebook's worked examples, played through the Referee API.

The rulebook is /work/shared/seeds/000_b5bbc9e952078a4a.txt.  Each worked example is a
scenario file, plugins/pimp/src/referee_pimp/scenarios/example-*.toml, with the example's
own numbers: small legal decks (TOML text in the ``decks`` option) listed in the order the
example needs, shuffled by the identity permutation so they stay in that order, scripted
dice, and the real actions that lead up to the example.  This module runs those files, and
checks in Python what a scenario file cannot say: the exact choices a request offers, what
a sealed bid hides, and where the cards went (the bottom of the deck, an empty edge slot).

Two sums in the rulebook's examples are slips, and the scenarios keep the true sums: in the
combat example X has "6 + 5 + 1 = 11" (it is 12), and in the looks-test example Jerry's
second bitch has "power 2 + looks 3 = 7" (it is 5).  Neither changes the outcome.  The
combat example's counter-attack target is C, not B (RULES.md, "Rulings").
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pimp_tables import SCENARIO_DIR, Table, bitch, deck_text, power

from referee import IllegalAction, Registry
from referee.scenario import load_scenario, run_scenario

SCENARIOS = sorted(SCENARIO_DIR.glob("example-*.toml"))

EXAMPLES = {
    "example-drawing-a-power-card": "Drawing a power card: Jerry's bitch looks 7, Ron's 3, Ron draws first",
    "example-influence-test": "Escorts: the influence test, 4 + 7 = 11 beats 5 + 3 = 8",
    "example-street-combat": "Combat: A, B and C against Annika and X",
    "example-trashing": "Trashing a pad: (7 + 4) / 5 rounded up = 3",
    "example-solicitation-and-servicing": "Solicitation 36, 7 and doing the business: 20 on Annika, shagged out",
    "example-looks-tests": "Looks tests: 8, 5 and 10, the punters choose Annika",
    "example-four-actions": "Fat Jerry's four actions with Marlene",
    "example-girlfriend-tie-break": "Girlfriends tied on the highest cost draw again",
    "example-moral-crackdown": "Moral crackdown",
    "example-runaway": "Runaway",
    "example-police-bust-bribe-paid": "Police bust: the bribe is paid at the end of Doing Shit",
    "example-police-bust-out": "Police bust unpaid: out; the last pimp standing wins",
    "example-zero-tolerance": "Zero tolerance: the money pile wins, money on bitches does not count",
    "example-zero-influence": "Ending the retirement phase on 0 influence: out, the game goes on",
}


@pytest.fixture(scope="module")
def registry() -> Registry:
    return Registry()


@pytest.fixture
def tables():
    """``tables(table)`` registers a table to close at the end of the test."""
    made: list[Table] = []
    yield made.append
    for table in made:
        table.close()


def scenario_table(tables, name: str, *, before: str | None = None) -> Table:
    table = Table.from_scenario(name, before=before)
    tables(table)
    return table


# --- the scenario files -------------------------------------------------------------------


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_example_scenario(path: Path, registry: Registry) -> None:
    """Each worked example as a scenario file, with the rulebook's own numbers."""
    result = run_scenario(load_scenario(path), registry)
    assert result.ok, result.summary()


def test_every_worked_example_has_a_scenario_file() -> None:
    assert set(EXAMPLES) <= {p.stem for p in SCENARIOS}
    for path in SCENARIOS:
        scenario = load_scenario(path)
        assert scenario.game == "pimp"
        assert scenario.title and scenario.rule.startswith("pimp "), path.name


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario_decks_stay_in_listed_order(path: Path, tables) -> None:
    """Each scenario scripts one identity shuffle per seat, so its decks are as listed."""
    scenario = load_scenario(path)
    random = scenario.random or []
    for seat, order in zip(scenario.seats, random):
        assert order == list(range(len(order))), f"{seat}'s shuffle is not the identity"
    table = Table(scenario.seats, scenario.options["decks"], script=random[: len(scenario.seats)])
    tables(table)
    for seat in scenario.seats:
        (listed,) = [e for e in table.events("DeckListed") if e["pimp"] == seat]
        (shuffled,) = [e for e in table.events("DeckShuffled") if e["pimp"] == seat]
        assert shuffled["order"] == [card["id"] for card in listed["cards"]]


# --- 1. drawing a power card: the lowest total draws first ------------------------------------


def test_looks_test_the_pimp_behind_draws_first(tables) -> None:
    """ "Jerry's bitch has looks of 7. Ron's bitch has looks of 3 ... Ron must draw first." """
    table = scenario_table(tables, "drawing-a-power-card", before="He draws a power card of 3")
    (draw,) = table.requests(action="draw")
    assert (draw.seat, draw.id) == ("Ron", "t2.draw.looks:Ron/streetwalker-c#1:0")
    assert table.requests("Jerry") == []
    table.draw("Ron")
    (draw,) = table.requests(action="draw")
    assert draw.seat == "Jerry"
    # "You never have to draw a card": no card is a power of zero.
    assert "none" in table.options("Jerry", "draw", "from")


# --- 2. the influence test ---------------------------------------------------------------------


def test_influence_test_bids_are_secret_until_both_are_in(tables) -> None:
    table = scenario_table(tables, "influence-test", before="Ron has bid 5")
    # "both secretly select a number of influence tokens"
    assert [r.sealed for r in table.requests(action="bid")] == [True]
    assert table.events("BidsRevealed") == []
    ron_sees = [event for entry, event in table.app.audit.decoded(table.id, "Ron") if entry.type == "pimp.InfluenceBid"]
    assert ron_sees == []
    jerry_sees = [event for entry, event in table.app.audit.decoded(table.id, "Jerry") if entry.type == "pimp.InfluenceBid"]
    assert [e.tokens for e in jerry_sees] == [4]


def test_influence_test_the_challenger_bids_no_more_than_leaves_her_cost(tables) -> None:
    """Jerry holds 15 influence and Annika costs 9: he may bid 0-6 (RULES.md); Ron anything he has."""
    table = scenario_table(tables, "influence-test", before="He has bid 4 influence tokens")
    assert table.pimp("Jerry").influence == 15
    jerry, ron = table.fields("Jerry", "bid")["tokens"], table.fields("Ron", "bid")["tokens"]
    assert (jerry.min, jerry.max) == (0, 6)
    assert (ron.min, ron.max) == (0, table.pimp("Ron").influence)


def test_influence_test_power_cards_go_to_the_bottom_of_the_decks(tables) -> None:
    """ "Takes the power card he just drew and puts it at the bottom of his deck." (both pimps)"""
    table = scenario_table(tables, "influence-test")
    jerry, ron = table.pimp("Jerry"), table.pimp("Ron")
    assert jerry.deck[-1] == "Jerry/seven#1" and jerry.edges == [None, None, None]
    assert ron.deck[-1] == "Ron/three#1"
    assert "Jerry/seven#1" not in jerry.retired and "Ron/three#1" not in ron.retired
    assert jerry.pad == ["Jerry/streetwalker-x#1", "Jerry/roxanne", "Jerry/annika"]
    assert ron.pad == [] and ron.street == [] and ron.retired[-1] == "Ron/annika"
    assert {card: money for card, money in table.game.on_bitch.items() if money} == {"Jerry/annika": 4}
    # 15 - 4 - 9 = 2: "Jerry pays 4 + 9 = 13"; Ron pays his 5.
    assert (jerry.influence, ron.influence) == (2, 17)


@pytest.mark.parametrize(
    ("jerry_bid", "ron_bid", "draws", "winner"),
    [
        # "If there is a tie then the person who selected the most number of influence tokens wins."
        (6, 3, [("Ron", "deck"), ("Jerry", "none")], "Jerry"),  # 6 + 0 = 3 + 3
        # "If there is still a tie then the person who originally had the bitch keeps her."
        (4, 4, [("Jerry", "none"), ("Ron", "none")], "Ron"),
    ],
)
def test_influence_test_ties(tables, jerry_bid, ron_bid, draws, winner) -> None:
    table = scenario_table(tables, "influence-test", before="He has bid 4 influence tokens")
    table.act("Jerry", "bid", {"tokens": jerry_bid})
    table.act("Ron", "bid", {"tokens": ron_bid})
    for seat, source in draws:  # the lower bid draws first; on equal bids, the challenger
        table.draw(seat, none=source == "none")
    (decided,) = table.events("InfluenceTestDecided")
    assert decided["totals"]["Jerry"] == decided["totals"]["Ron"]
    assert decided["winner"] == winner
    # "Either way, you both spend the influence tokens you selected"
    assert table.pimp("Jerry").influence == 15 - jerry_bid - (9 if winner == "Jerry" else 0)
    assert table.pimp("Ron").influence == 22 - ron_bid
    loser = "Ron" if winner == "Jerry" else "Jerry"
    assert table.pimp(loser).retired[-1] == f"{loser}/annika"
    assert f"{winner}/annika" in table.pimp(winner).pad


# --- 3. street combat ------------------------------------------------------------------------


def test_combat_a_shagged_out_bitch_cannot_come_to_help(tables) -> None:
    """ "one of those is also shagged out and cannot therefore come to help" """
    table = scenario_table(tables, "street-combat", before="So Jerry can only send his second streetwalker")
    assert table.game.shagged == ["Jerry/annika", "Jerry/streetwalker-w#1"]
    # three attackers: up to two helpers, but only X is fit to come
    assert table.options("Jerry", "defend", "bitches") == ["Jerry/streetwalker-x#1"]
    assert (table.fields("Jerry", "defend")["bitches"].min, table.fields("Jerry", "defend")["bitches"].max) == (0, 2)


def test_combat_ends_with_annika_and_c_retired_and_a_carrying_the_money(tables) -> None:
    table = scenario_table(tables, "street-combat", before="attacking a bitch in the street")
    jerry, ron = table.pimp("Jerry"), table.pimp("Ron")
    assert jerry.street == ["Jerry/streetwalker-x#1", "Jerry/streetwalker-w#1"] and jerry.retired == ["Jerry/annika"]
    assert ron.street == ["Ron/streetwalker-a#1", "Ron/streetwalker-b#1"] and ron.retired == ["Ron/streetwalker-c#1"]
    assert table.game.on_bitch["Ron/streetwalker-a#1"] == 20
    assert "Jerry/annika" not in table.game.on_bitch
    assert {h["card"]: h["by"] for h in table.events("HitScored")} == {
        "Jerry/annika": ["Ron/streetwalker-a#1"],  # B's 8 ties Annika's 8: no hit
        "Ron/streetwalker-c#1": ["Jerry/annika", "Jerry/streetwalker-x#1"],
    }


def test_combat_dropped_money_when_the_hitter_is_retired_too(tables) -> None:
    """The combat example with another counter-attack: Annika and X both strike back at A, and X
    (10) beats A (7 + 2 = 9).  "If the bitch who scored the hit has been retired, any bitch on the
    side which has the most bitches left (e.g. unretired) can pick up the money": B and C are
    left against X alone, so Ron's side picks up Annika's $20, and Ron chooses which of B and C
    does ("any bitch")."""
    table = scenario_table(tables, "street-combat", before="Jerry announces that Annika and X will both attack B")
    a, b, c = "Ron/streetwalker-a#1", "Ron/streetwalker-b#1", "Ron/streetwalker-c#1"
    annika, x = "Jerry/annika", "Jerry/streetwalker-x#1"
    table.act("Jerry", "assign", {"attacks": {annika: a, x: a}})
    table.draw("Jerry")
    table.draw("Jerry")
    table.draw("Ron")
    assert {h["card"]: h["by"] for h in table.events("HitScored")} == {annika: [a], a: [x]}
    assert table.events("CombatEnded") == []
    assert [r.action for r in table.requests()] == ["pickup"]
    assert table.options("Ron", "pickup", "card") == [b, c]
    table.act("Ron", "pickup", {"card": c})
    assert [e["retired"] for e in table.events("CombatEnded")] == [[annika, a]]
    assert (table.game.on_bitch[b], table.game.on_bitch[c]) == (0, 20)
    assert table.pimp("Ron").street == [b, c]


# --- 5 and 7. solicitation and doing the business ---------------------------------------------


def test_a_shagged_out_bitch_takes_no_active_actions(tables) -> None:
    """She cannot move back to the pad, solicit or join any combat, until Jerry's next Pay Dues."""
    table = scenario_table(tables, "solicitation-and-servicing", before="because she is shagged out")
    assert "Jerry/annika" not in table.options("Jerry", "do", "card")  # neither to the pad nor soliciting
    assert not [kind for kind in table.options("Jerry", "do", "do") if kind.startswith("attack")]
    assert "attackers" not in table.fields("Jerry", "do")
    with pytest.raises(IllegalAction, match=r"card: .* is not offered"):
        table.do("Jerry", "to-pad", card="Jerry/annika")
    assert table.view()["view"]["pimps"][0]["street"][0]["shagged_out"] is True


def test_a_bitch_who_fails_her_first_stamina_test_of_two_gets_no_money(tables) -> None:
    """ "If she had failed the first stamina test, and been unable to service the second punter,
    she would have got no money at all." """
    table = scenario_table(tables, "solicitation-and-servicing", before="He draws this one from an edge slot")
    table.draw("Jerry", none=True)  # 4 + 0 < 10
    (tested,) = table.events("StaminaTested")
    assert (tested["punter"], tested["passed"]) == (1, False)
    assert table.events("PuntersPaid") == []
    assert table.game.on_bitch.get("Jerry/annika", 0) == 0
    assert table.game.shagged == ["Jerry/annika"]
    assert table.requests(action="draw") == []  # no test for the second punter
    assert [r.action for r in table.requests("Jerry")] == ["do"]


def test_the_punters_table(tables) -> None:
    """ "1 to 5 = 1 punter; 6 to 8 = 2 punters; 9 = 3 punters; 10 = 4 punters" """
    from referee_pimp.solicitation import punters

    assert [punters(die) for die in range(1, 11)] == [1, 1, 1, 1, 1, 2, 2, 2, 3, 4]
    table = scenario_table(tables, "solicitation-and-servicing")
    (rolled,) = table.events("PuntersRolled")
    assert (rolled["die"], rolled["punters"]) == (7, 2)


# --- 6. looks tests ---------------------------------------------------------------------------


def test_looks_tests_each_pimp_may_send_any_of_his_bitches_who_offer_the_service(tables) -> None:
    table = scenario_table(tables, "looks-tests", before="Ron sends out his first bitch")
    # Ron's soliciting bitch (Oral 1) does not offer anal; his Anal 1 bitch may go.
    assert table.options("Ron", "send", "bitches") == ["Ron/streetwalker-b#1"]
    assert table.options("Jerry", "send", "bitches") == ["Jerry/streetwalker-y#1", "Jerry/annika"]
    assert {(table.fields(seat, "send")["bitches"].min, table.fields(seat, "send")["bitches"].max) for seat in ("Ron", "Jerry")} == {
        (0, None)
    }
    assert all(r.sealed for r in table.requests(action="send"))


def test_looks_tests_annika_draws_two_power_cards_for_anal_2(tables) -> None:
    table = scenario_table(tables, "looks-tests")
    tested = {e["card"]: (e["powers"], e["total"]) for e in table.events("LooksTested")}
    assert tested == {
        "Ron/streetwalker-b#1": ([5], 8),
        "Jerry/streetwalker-y#1": ([2], 5),
        "Jerry/annika": ([3, 4], 10),
    }
    assert [e["card"] for e in table.events("PuntersChose")] == ["Jerry/annika"]


# --- 8. Fat Jerry's four actions ---------------------------------------------------------------


def test_four_actions_then_doing_shit_is_over(tables) -> None:
    table = scenario_table(tables, "four-actions", before="If you have more than 5 cards")
    assert [(e["number"], e["action"]) for e in table.events("ActionBegan")] == [
        (1, "to-street"),
        (2, "solicit"),
        (3, "to-pad"),
        (4, "collect"),
    ]
    assert table.state.flow.phase == "retirement"
    assert [r.action for r in table.requests("Jerry")] == ["discard"]
    assert (table.pimp("Jerry").money, table.game.on_bitch["Jerry/marlene"]) == (6, 0)


# --- 9. the girlfriend tie-break --------------------------------------------------------------


def test_girlfriend_ties_leave_several_bitches_in_the_pads(tables) -> None:
    table = scenario_table(tables, "girlfriend-tie-break")
    drawn = [(e["pimp"], e["round"], e["card"]["cost"]) for e in table.events("GirlfriendDrawn")]
    assert drawn == [("Jerry", 1, 7), ("Ron", 1, 7), ("Tony", 1, 4), ("Jerry", 2, 5), ("Ron", 2, 5), ("Jerry", 3, 6), ("Ron", 3, 8)]
    pads = {seat: table.pimp(seat).pad for seat in ("Jerry", "Ron", "Tony")}
    assert pads == {
        "Jerry": ["Jerry/girl-seven#1", "Jerry/girl-five#1", "Jerry/girl-six#1"],
        "Ron": ["Ron/girl-seven#1", "Ron/girl-five#1", "Ron/girl-eight#1"],
        "Tony": ["Tony/girl-four#1"],
    }
    assert table.events("FirstPimpChosen") == [{"pimp": "Ron", "cost": 8}]


# --- trashing to zero influence is not yet out --------------------------------------------------


def test_a_pad_trashed_to_zero_influence_is_not_yet_out_while_he_has_bitches_in_play(tables) -> None:
    """ "If you trash his pad and reduce his influence to zero, he is not yet out of the game. If he
    still has some bitches in play (which must have been shagged out ...), then he will get 2
    influence points in his pay dues phase, and so will not be put out of the game."

    Jerry loses an influence test for Vicky (spending 20 of his 22 tokens), his only other bitch
    W is shagged out in the street, and Ron's Vicky (fight 4) trashes his pad with a power of 4:
    ceil(8 / 5) = 2, leaving him on 0.  His next Pay Dues brings him back to 2.
    """
    jerry = deck_text(
        "Jerry",
        [
            bitch("Vicky", 2, 2, 2, 2, kind="escort"),
            {"copies": 3, **power("Hand", 4)},
            power("Spare", 4),
            bitch("Streetwalker W", 5, 7, 6, 2),
            power("Recruit", 4),
        ],
    )
    ron = deck_text(
        "Ron",
        [
            {"copies": 4, **power("Hand", 4)},
            power("Spare", 4),
            bitch("Vicky", 9, 7, 4, 5, ["A & O Levels"], kind="escort"),
            {"copies": 2, **power("Recruit", 4)},
            power("Four", 4),
        ],
    )
    table = Table(["Jerry", "Ron"], {"Jerry": jerry, "Ron": ron}, dice=[1, 10, 1])
    tables(table)
    assert table.state.flow.seat == "Ron"
    table.end("Ron")
    table.do("Jerry", "to-street", card="Jerry/streetwalker-w#1")
    table.do("Jerry", "solicit", card="Jerry/streetwalker-w#1")
    table.draw("Jerry", none=True)
    assert table.game.shagged == ["Jerry/streetwalker-w#1"]
    table.do("Jerry", "bring", card="Jerry/vicky")
    table.act("Jerry", "bid", {"tokens": 20})
    table.act("Ron", "bid", {"tokens": 21})
    table.draw("Jerry", none=True)
    table.draw("Ron", none=True)
    assert table.events("InfluenceTestDecided")[-1]["winner"] == "Ron"
    assert (table.pimp("Jerry").influence, table.pimp("Jerry").pad, table.pimp("Jerry").retired[-1]) == (2, [], "Jerry/vicky")
    table.end("Jerry")
    # Ron: dues 1 + 2 = 3; Vicky trashes the pad.
    assert "trash" in table.options("Ron", "do", "do")
    assert table.options("Ron", "do", "victim") == ["Jerry"]
    assert "Ron/vicky" in table.options("Ron", "do", "card")
    table.do("Ron", "trash", victim="Jerry", card="Ron/vicky")
    table.draw("Ron")
    (trashed,) = table.events("PadTrashed")
    assert (trashed["fight"], trashed["power"], trashed["damage"]) == (4, 4, 2)
    assert table.pimp("Jerry").influence == 0
    table.end("Ron")
    # Jerry's turn: his Pay Dues gives him 2 for W, who is still in play.
    assert table.state.flow.seat == "Jerry"
    assert (table.pimp("Jerry").influence, table.game.shagged) == (2, [])
    table.end("Jerry")
    assert not table.pimp("Jerry").out and table.pimp("Jerry").influence == 2
    assert table.events("PimpOut") == []
    assert table.state.flow.seat == "Ron"


# --- the end of the game --------------------------------------------------------------------------


def test_last_pimp_standing_after_a_pimp_ends_on_zero_influence(tables) -> None:
    """Two pimps: when Jerry is out on 0 influence, "If you are the only one left in the game ...
    then you have won the game" -- Ron, with no money at all."""
    jerry = deck_text(
        "Jerry",
        [
            power("Ten A", 10),
            power("Ten B", 10),
            power("Two", 2),
            {"copies": 2, **power("Hand", 4)},
            power("Girl Eight", 8),
        ],
    )
    ron = deck_text("Ron", [{"copies": 4, **power("Hand", 4)}, power("Spare", 4), power("Streetwalker D", 4)])
    table = Table(["Jerry", "Ron"], {"Jerry": jerry, "Ron": ron})
    tables(table)
    for card in ("Jerry/ten-a#1", "Jerry/ten-b#1", "Jerry/two#1"):
        table.do("Jerry", "bring", card=card)
    table.end("Jerry")
    assert table.over
    assert table.state.result.winners == ("Ron",)
    assert table.state.result.reason == "Ron is the only pimp left"
    assert [(e["pimp"], e["money"], e["out"]) for e in table.events("MoneyCounted")] == [("Jerry", 0, True), ("Ron", 0, False)]


def test_end_of_the_last_turn_the_most_money_wins(tables) -> None:
    """ "END OF 20TH TURN ... Treat this the same as Zero Tolerance" (a 1-turn game here)."""
    # The four-actions example again, but the game lasts one turn each.
    scenario = load_scenario(SCENARIO_DIR / "example-four-actions.toml")
    short = Table(scenario.seats, scenario.options["decks"], script=scenario.random or [], turns=1)
    tables(short)
    for step in scenario.step:
        if "If you have more than 5 cards" in step.note:
            break
        if step.expect_error is None:
            short.act(step.seat, step.action, dict(step.args))
    short.act("Jerry", "discard", {"card": "Jerry/spare#1"})
    assert not short.over
    short.end("Ron")
    assert short.over
    assert short.state.result.winners == ("Jerry",)
    assert "most money ($6)" in short.state.result.reason
