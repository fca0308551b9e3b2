"""PornStar's balance facts (``referee_balance_facts``): the Play cards, Stars and Films a
studio gets, each Play card played (in reply too), each Film produced and its cast, by
the names printed on the cards."""

from __future__ import annotations

from balance_games import bot_games, held, used
from test_pornstar_any_time import _app, _trio, act

from referee import Held, Used
from referee_pornstar.data import STANDARD
from referee_pornstar.play import TITLES

SEATS = ["Ann", "Bob", "Cy", "Di"]
NAMES = {
    "play card": {title for title, *_ in TITLES.values()},
    "star": {s.name for s in STANDARD.stars},
    "film": {f.title for f in STANDARD.films},
}


def test_a_studio_uses_only_cards_it_got_and_every_name_is_printed_on_a_card() -> None:
    """Play Cards, Producing a Film: a studio plays only Play cards from its hand and
    produces only Films it holds, with Stars of its own (a rented Star is not its use);
    every card is named as printed."""
    for facts in bot_games("pornstar", SEATS, 2):
        mine = set(held(facts))
        assert {f.kind for f in facts} <= set(NAMES)
        assert all(f.name in NAMES[f.kind] for f in facts)
        assert all(Held(f.seat, f.kind, f.name) in mine for f in used(facts))
        assert used(facts, "play card") and used(facts, "film")


def test_a_play_card_in_reply_is_a_use_and_the_film_and_its_cast_are_used() -> None:
    """Producing a Film, Play cards in reply: Bob audits Ann in reply to her Forrest Hump
    (Tax Audit); the Film rolls, with Buck Wilde and Jade Jewel cast."""
    with _app() as app:
        table = _trio(
            app, [["S04", "S19", "F03", "F20", "F16"], ["S13", "P17", "F02", "F04", "F08"], ["S27", "F05", "F09", "F06", "F10"]], [4, 5]
        )
        act(app, table, "Bob", "deal", {})
        act(app, table, "Cleo", "deal", {})
        act(app, table, "Ann", "production", {"do": "make-film", "film": "F03"})
        act(app, table, "Ann", "shoot", {"stars": ["S04", "S19"]})
        act(app, table, "Bob", "reply", {"card": "P17", "target": "Ann"})
        act(app, table, "Cleo", "reply", {})
        facts = app.facts(table)
    assert used(facts) == [
        Used("Bob", "play card", "Tax Audit"),
        Used("Ann", "film", "Forrest Hump"),
        Used("Ann", "star", "Buck Wilde"),
        Used("Ann", "star", "Jade Jewel"),
    ]
    assert {Held("Bob", "play card", "Tax Audit"), Held("Ann", "film", "Forrest Hump"), Held("Ann", "star", "Buck Wilde")} <= set(
        held(facts)
    )
