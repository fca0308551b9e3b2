"""The log as a player reads it: every PornStar entry names cards by name, speaks to its
reader ("You produce", "Ann produces"), writes money as money, and an entry hidden from a
reader says only that it happened.  Checked sentence by sentence on whole bot games, and
on the presentation of every seat along the way."""

from __future__ import annotations

import re

import msgspec
import pytest
from pornstar_tables import answer, open_stacked, place_all

from referee import MEMORY, Referee, Registry, TableStore, Words, fixed_key
from referee.audit import describe, describe_hidden
from referee_pornstar.data import STANDARD
from referee_pornstar.events import CardTaken
from referee_pornstar.play import TITLES

REGISTRY = Registry()
IDS = set(STANDARD.card_ids())
SLUGS = {*TITLES, "make-film", "play-card", "offer-deal", "end-production", "ask-loan", "give-up", "own-star", "other-film"}
THIRD_PERSON = [
    "is",
    "has",
    "was",
    "pays",
    "draws",
    "takes",
    "puts",
    "produces",
    "bids",
    "buys",
    "lends",
    "offers",
    "plays",
    "proposes",
    "refuses",
    "recruits",
    "loses",
    "gives",
    "hands",
    "chooses",
    "throws",
    "passes",
    "begs",
    "answers",
    "turns",
    "rents",
]


def faults(text: str) -> list[str]:
    """What a player should never read in ``text``: ids, slugs, placeholders, brackets,
    money without its thousands comma, "You" with a third-person verb, "1 cards"."""
    found = [f"id {w}" for w in re.findall(r"\b[SFP]\d\d\b", text) if w in IDS]
    found += [f"slug {w}" for w in re.findall(r"[a-z]+(?:-[a-z]+)+", text) if w in SLUGS]
    found += [f"placeholder {w}" for w in re.findall(r"\b(?:None|none|null)\b", text)]
    found += [f"bracket {c}" for c in "{}[]" if c in text]
    found += [f"money {m}" for m in re.findall(r"\$\d{4,}", text)]
    found += [f"grammar {m}" for m in re.findall(r"(?:^|[;:,(] )(?:You|you) (\w+)\b", text) if m in THIRD_PERSON]
    found += [f"number {m}" for m in re.findall(r"\b1 (?:cards|Stars|Films|Males|Females|deals)\b", text)]
    return found


def presentation_texts(shown) -> list[str]:
    data = msgspec.to_builtins(shown)
    texts: list[str] = []

    def walk(value, key=""):
        if isinstance(value, dict):
            for k, v in value.items():
                if k not in ("role", "tone"):  # what a renderer reads, not a player
                    walk(v, k)
        elif isinstance(value, list):
            for v in value:
                walk(v, key)
        elif isinstance(value, str):
            texts.append(value)

    walk(data)
    return texts


def log_sentences(app: Referee, table: str, reader: str | None) -> list[str]:
    rules = app.rules(table)
    said = []
    for entry in app.visible_entries(table, reader):
        if entry.event is None:
            said.append(describe_hidden(rules, entry, reader))
        elif entry.type.startswith("pornstar."):
            said.append(describe(rules, rules.decode(entry), reader))
    return said


@pytest.mark.parametrize(
    ("seed", "seats", "readers"),
    [
        ("words-1", ["Ann", "Bob", "Cy"], ["Ann", "Bob", "Cy", None]),
        ("words-2", ["Ann", "Bob", "Cy", "Dee"], ["Ann", "Dee", None]),
        # The terminal's game against bots: the person is the seat called You.
        ("words-3", ["You", "Ada", "Bob"], ["You", None]),
    ],
)
def test_a_whole_bot_game_reads_in_names_and_words_for_every_reader(seed, seats, readers):
    """Every pornstar sentence of the log, for each seat and a spectator, and every text of
    every seat's presentation every few actions, from the opening to the standings."""
    with Referee(registry=REGISTRY, store=TableStore(MEMORY)) as app:
        bots = [("random", "heuristic")[n % 2] for n in range(len(seats))]
        # A fixed key: the bots' choices, and so the sentences read, are the same every run.
        table = app.open("pornstar", seats, seed=seed, key=fixed_key(seed), options={"bots": bots})
        steps = 0
        while not app.over(table):
            if steps % 40 == 0:
                for seat in readers:
                    for text in presentation_texts(app.present(table, seat)):
                        assert not faults(text), f"{seat} is shown {text!r}: {faults(text)}"
            request = app.requests(table)[0]
            app.act(table, request.seat, request.action, app.bots.answer(table, request), request=request.id)
            steps += 1
            # Mid-game too: what a reader is told of entries hidden from them.
            if steps == 150:
                for seat in readers:
                    for sentence in log_sentences(app, table, seat):
                        assert not faults(sentence), f"{seat} reads {sentence!r}: {faults(sentence)}"
        for seat in readers:
            said = log_sentences(app, table, seat)
            assert len(said) > 100
            for sentence in said:
                assert not faults(sentence), f"{seat} reads {sentence!r}: {faults(sentence)}"
            for text in presentation_texts(app.present(table, seat)):
                assert not faults(text), f"{seat} is shown {text!r}: {faults(text)}"


def test_the_checks_catch_what_they_are_for():
    assert faults("Ann recruits S09 from You") == ["id S09"]
    assert faults("You produces F10") == ["id F10", "grammar produces"]
    assert faults("Deal 1 between Ann and you is made; you pays $5") == ["grammar pays"]
    assert faults("hype-machine lies on None; {x}; $20000; 1 cards") == [
        "slug hype-machine",
        "placeholder None",
        "bracket {",
        "bracket }",
        "money $20000",
        "number 1 cards",
    ]


def test_producing_a_film_is_told_to_each_reader_in_names():
    """Producing a Film: the producer reads "You produce", another studio "Ann produces",
    and the card Ann took from the deck is only "a card" to Bob."""
    with Referee(registry=REGISTRY, store=TableStore(MEMORY)) as app:
        table = open_stacked(
            app,
            ["Ann", "Bob"],
            [["S04", "S19", "F03", "F20", "F16"], ["F08", "F10", "F01", "F02", "F04"]],
            top=["F19", "F05", "F14"],
            dice=[4, 5],
        )
        place_all(app, table)
        answer(app, table, "Ann", "draw", {"extra": 0})
        answer(app, table, "Ann", "hire", {"stars": ["S04", "S19"]})
        answer(app, table, "Ann", "production", {"do": "make-film", "film": "F03"})
        answer(app, table, "Ann", "shoot", {"stars": ["S04", "S19"], "advertising": 10})
        made = "produce Forrest Hump with Buck Wilde and Jade Jewel for $30 + $20 Filming + $10 Advertising: 4+5 + 1 for Advertising = 10"
        assert f"You {made}, Hit: $75 back from the bank" in log_sentences(app, table, "Ann")
        assert f"Ann {made.replace('produce', 'produces', 1)}, Hit: $75 back from the bank" in log_sentences(app, table, "Bob")
        assert "Ann takes a card" in log_sentences(app, table, "Bob")
        assert "Ann takes Raiders of the Lost Arse" not in log_sentences(app, table, "Bob")
        assert "You take Raiders of the Lost Arse" in log_sentences(app, table, "Ann")


def test_an_event_of_an_older_log_without_names_still_names_the_games_own_cards():
    """Logs made before events carried names name the game's own cards from its card list."""
    old = msgspec.convert({"seat": "Ann", "card": "S01"}, CardTaken)
    assert old.describe(Words("Bob")) == "Ann takes Rod Steele"
    assert old.describe(Words("Ann")) == "You take Rod Steele"
