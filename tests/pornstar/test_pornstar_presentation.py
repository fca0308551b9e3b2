"""What a person sees of a PornStar table (``Referee.present``): every card with its name,
numbers and rules text (The Cards), two copies of a card told apart by the same number in
prompts and on the table, another studio's hand only as counted backs, the status in the
rulebook's words, and the final standings with what each score is made of (Victory!)."""

from __future__ import annotations

import types

import msgspec
from pornstar_tables import answer, open_stacked, place_all
from test_pornstar_flow import _casting_call

from referee import MEMORY, Extension, Referee, Registry, TableStore, answers, hookimpl
from referee.words import money
from referee_pornstar.data import STANDARD, Star

REGISTRY = Registry()
FILMS_ON_TOP = ["F19", "F05", "F14", "F15", "F11", "F12", "F17", "F16", "F18", "F20"]
HYPE = "+2 to the Production roll of every Film you produce this turn."


def _app(registry: Registry = REGISTRY) -> Referee:
    return Referee(registry=registry, store=TableStore(MEMORY))


def _zone(shown, title):
    return next(z for z in shown.zones if z.title == title)


def _ann_holds_two_hype_machines(app: Referee) -> str:
    table = open_stacked(app, ["Ann", "Bob"], [["S04", "S19", "F03", "P07", "P08"], ["F08", "F10", "F01", "F02", "F04"]], top=FILMS_ON_TOP)
    place_all(app, table)
    return table


def test_the_cards_every_card_in_hand_shows_its_name_numbers_and_rules_text():
    """The Cards: a Star lists its gender, Specialty (on its kind line, "Tattooed Male
    Star"), Maintenance and Filming; a Film its title, its Specialty ("Amateur Film"), the
    Stars it needs and its cost; a Play card what it does."""
    with _app() as app:
        table = _ann_holds_two_hype_machines(app)
        hand = _zone(app.present(table, "Ann"), "Your hand")
        assert hand.role == "hand" and hand.owner == "Ann"
        by_name = {}
        for card in hand.cards:
            by_name.setdefault(card.name, []).append(card)
            assert card.text, f"{card.name} shows no rules text"
        assert sorted(by_name) == ["Buck Wilde", "Forrest Hump", "Hype Machine", "Jade Jewel"]
        (buck,) = by_name["Buck Wilde"]
        assert buck.kind == "Tattooed Male Star" and {s.label: s.value for s in buck.stats} == {
            "Filming": "$10",
            "Maintenance": "$5",
        }
        assert buck.text.startswith("+1 to the Production roll of any Tattooed Film he is in. Pay $10 Filming for each Film;")
        assert buck.text.endswith("$5 Maintenance, or he goes up for auction.")
        (hump,) = by_name["Forrest Hump"]
        assert hump.kind == "Amateur Film" and {s.label: s.value for s in hump.stats} == {"Cost": "$30", "Needs": "1 Male + 1 Female"}
        assert hump.text.startswith("Needs at least 1 Male, 1 Female. Pay $30")
        assert [(c.kind, c.text) for c in by_name["Hype Machine"]] == [("Play card: Event", HYPE)] * 2


def test_two_copies_of_a_play_card_carry_one_number_in_the_prompt_and_on_the_table():
    """Play Cards: the two Hype Machines are "(1st)" and "(2nd)" in the production request,
    numbered 1 and 2 in the hand, and the label typed names the right one."""
    with _app() as app:
        table = _ann_holds_two_hype_machines(app)
        answer(app, table, "Ann", "draw", {"extra": 0})
        answer(app, table, "Ann", "hire", {"stars": ["S04", "S19"]})
        request = app.requests(table)[0]
        offered = {o.value: o.label for o in request.answer["card"].options}
        assert offered == {"P07": "Hype Machine (1st)", "P08": "Hype Machine (2nd)"}
        numbers = sorted(c.number for c in _zone(app.present(table, "Ann"), "Your hand").cards if c.name == "Hype Machine")
        assert numbers == [1, 2]
        assert answers.parse(request.answer, "do=play-card card=Hype Machine (2nd)")["card"] == "P08"
        films = {o.label for o in request.answer["film"].options}
        assert films == {"Forrest Hump ($30; 1 Male + 1 Female; Amateur)"}
        answer(app, table, "Ann", "production", {"do": "play-card", "card": "P08"})
        mine = _zone(app.present(table, "Ann"), "Your studio")
        assert [(c.name, c.number, c.text) for c in mine.cards if c.kind.startswith("Play")] == [("Hype Machine", 2, HYPE)]


def test_another_studios_hand_is_only_counted_backs():
    """The Setup deals hands face down: Bob's five cards are backs to Ann, and none of their
    names is anywhere in what she is shown."""
    with _app() as app:
        table = _ann_holds_two_hype_machines(app)
        shown = app.present(table, "Ann")
        bob = _zone(shown, "Bob's studio")
        assert bob.role == "opponent" and [(b.label, b.count) for b in bob.backs] == [("cards in hand", 5)]
        assert [z.owner for z in shown.zones if z.role == "hand"] == ["Ann"]
        text = msgspec.json.encode(shown).decode()
        bobs = ["Sexth Sense", "Good Will Humping", "You've Got Male", "Live from the Rock Hard Cafe", "Pulp Friction"]
        assert not [name for name in bobs if name in text]
        deck = _zone(shown, "The table")
        assert ("cards in the deck", 60) in [(b.label, b.count) for b in deck.backs]


def test_the_status_says_whose_turn_and_which_part_of_it_for_the_reader():
    """Your Turn: after Residuals the studio draws; each reader is told in its own words."""
    with _app() as app:
        table = _ann_holds_two_hype_machines(app)
        assert app.present(table, "Ann").status == "Round 1: your turn, the draw"
        assert app.present(table, "Bob").status == "Round 1: Ann's turn, the draw"
        assert app.present(table, None).title == "PornStar"


def test_a_play_card_of_another_distribution_shows_its_own_text():
    """Play Cards: a card dealt by another distribution's plugin carries its title, type and text."""
    ids = [*STANDARD.card_ids(), "P99"]
    hands = [["P99", "S04", "S19", "F03", "F20"], ["F08", "F10", "F01", "F02", "F04"]]
    dealt = [c for hand in hands for c in hand]
    shuffle = [ids.index(c) for c in [*dealt, *(c for c in ids if c not in dealt)]]
    with _app(Registry([_casting_call()])) as app:
        table = app.open("pornstar", ["Ann", "Bob"], script=[shuffle], seed="casting-call")
        (card,) = [c for c in _zone(app.present(table, "Ann"), "Your hand").cards if c.name == "Casting Call"]
        assert (card.kind, card.text) == ("Play card: Special", "Draw a card, free.")


def test_a_table_without_a_cards_plugin_says_it_cannot_be_played():
    """Play Cards: a table without the card plugins deals the cards, which say so."""
    with _app() as app:
        table = open_stacked(app, ["Ann", "Bob"], [["S04", "S19", "F03", "P07", "P08"], ["F08", "F10", "F01", "F02", "F04"]], extensions=[])
        hype = [c for c in _zone(app.present(table, "Ann"), "Your hand").cards if c.name == "Hype Machine"]
        assert [c.notes for c in hype] == [("no rule of this table plays it",)] * 2


def test_victory_the_standings_break_each_score_down_and_add_up():
    """Victory!: cash, plus each Film not Wanked at its production cost, double for Adult
    Film of the Year; the breakdown of every place adds up to its total."""
    with _app() as app:
        for seed in ("stand-1", "stand-2"):
            table = app.open("pornstar", ["Ann", "Bob", "Cy"], seed=seed, options={"bots": "heuristic,random,heuristic"})
            app.bots.play(table, ["Ann", "Bob", "Cy"])
            shown = app.present(table, "Bob")
            assert shown.status.startswith("Game over: ")
            scored = next(e for e in app.entries(table) if e.type == "pornstar.ScoresCounted").event
            assert [p.place for p in shown.standings] == sorted(p.place for p in shown.standings)
            for place in shown.standings:
                parts = {s.label: s.value for s in place.breakdown}
                assert list(parts) == ["Cash", "Films", "Adult Film of the Year"]
                assert sum(int(v.replace("$", "").replace(",", "")) for v in parts.values()) == scored["total"][place.seat]
                assert place.total == money(scored["total"][place.seat])
                assert parts["Cash"] == money(scored["cash"][place.seat])


def _house_star() -> types.ModuleType:
    """A house rule adding a Star whose card says something of its own."""
    rule = types.ModuleType("house_star")

    @hookimpl
    def pornstar_tables(tables):
        kevin = Star(id="S99", name="Kevin", gender="M", specialty="Kinky", maintenance=5, filming=10, text="Kevin gets a ride home.")
        return msgspec.structs.replace(tables, stars=(*tables.stars, kevin))

    @hookimpl
    def referee_extensions():
        return [Extension(name="house-star", game="pornstar", title="Kevin", default=True)]

    rule.pornstar_tables, rule.referee_extensions = pornstar_tables, referee_extensions
    return rule


def test_a_card_of_a_house_rule_says_its_own_text_after_the_rulebooks():
    """The Cards: a Star's data may carry text of its own; the game's own cards carry none,
    so the card list in the log is written as it always was."""
    ids = [*STANDARD.card_ids()[:30], "S99", *STANDARD.card_ids()[30:]]
    hands = [["S99", "S04", "S19", "F03", "F20"], ["F08", "F10", "F01", "F02", "F04"]]
    dealt = [c for hand in hands for c in hand]
    shuffle = [ids.index(c) for c in [*dealt, *(c for c in ids if c not in dealt)]]
    with _app(Registry([_house_star()])) as app:
        table = app.open("pornstar", ["Ann", "Bob"], script=[shuffle], seed="house-star")
        (kevin,) = [c for c in _zone(app.present(table, "Ann"), "Your hand").cards if c.name == "Kevin"]
        assert kevin.text.startswith("+1 to the Production roll of any Kinky Film he is in.")
        assert kevin.text.endswith(" Kevin gets a ride home.")
        listed = next(e for e in app.entries(table) if e.type == "pornstar.CardsListed").event["tables"]
        assert [s.get("text") for s in listed["stars"] if s["id"] in ("S01", "S99")] == [None, "Kevin gets a ride home."]


def test_a_star_in_a_studio_shows_only_what_its_card_says_beyond_the_rulebook_sentence():
    """The Cards: in the hand a Star shows the rulebook's sentence for its numbers; once in a
    studio, its kind line (Specialty, gender) and numbers say that sentence, so the face
    keeps only the card's own words (none for the standard Stars)."""
    with _app() as app:
        table = _ann_holds_two_hype_machines(app)
        answer(app, table, "Ann", "draw", {"extra": 0})
        held = {c.name: c for c in _zone(app.present(table, "Ann"), "Your hand").cards}
        assert held["Buck Wilde"].text.endswith("or he goes up for auction.")
        answer(app, table, "Ann", "hire", {"stars": ["S04", "S19"]})
        mine = {c.name: c for c in _zone(app.present(table, "Ann"), "Your studio").cards}
        buck = mine["Buck Wilde"]
        assert (buck.kind, buck.text) == ("Tattooed Male Star", "")
        assert {s.label: s.value for s in buck.stats} == {"Filming": "$10", "Maintenance": "$5"}
