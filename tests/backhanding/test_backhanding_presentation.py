"""Pimp: The Backhanding as a player sees it: the presentation, the log in words, the prompts.

Through the public API (``Referee.present``, ``Referee.view``, ``referee.audit.describe`` and
``describe_hidden`` with a reader, the requests' answer shapes), over whole bot games:
every card in a hand shows its name and rules text (rulebook 1), no card id, slug, struct
repr or placeholder reaches a player, another seat's hand is only a count of backs (3),
each card to play offers only its legal targets (4.2, 5.2, 6.2), and the standings show
how each total was made (6.2, 6.3).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import msgspec
import pytest

from referee import MEMORY, IllegalAction, Presentation, Referee, Registry, Request, TableStore
from referee.audit import describe, describe_hidden
from referee_backhanding.cards import DEFAULT, rules_text

REGISTRY = Registry()
IDS = {c.id for c in DEFAULT.values()} | {c.effect for c in DEFAULT.values() if c.effect}
# A card id or effect slug as a whole word, case-sensitive ("candy", never "Candy").
SLUG = re.compile(r"(?<![\w'-])(" + "|".join(sorted(map(re.escape, IDS), key=len, reverse=True)) + r")(?![\w'-])")
REPR = re.compile(r"[{}\[\]=]|\bNone\b|\bnone\b|Roll\(|\w+\(\w+=")
BAD_GRAMMAR = re.compile(r"\bYou (was|is|has|does|\w+[^s'\s]s)\b|\b1 (Draw )?(card|ho|pimp)s\b|\byou's\b|\bYou's\b")


def strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from strings(item)


def texts(shown: Presentation) -> list[str]:
    return list(strings(msgspec.to_builtins(shown)))


def request_texts(request: Request) -> Iterator[str]:
    """What a prompt shows: its sentence, each field's label and each option's label."""
    yield request.prompt
    for shape in (request.answer or {}).values():
        yield shape.label
        for key in ("options", "items", "targets"):
            yield from (option.label for option in getattr(shape, key, ()))


def assert_reads_as_words(text: str, where: str) -> None:
    assert not SLUG.search(text), f"{where}: a card id or slug in {text!r}"
    assert not REPR.search(text), f"{where}: a placeholder or repr in {text!r}"
    assert not BAD_GRAMMAR.search(text), f"{where}: bad grammar in {text!r}"


def open_table(app: Referee, seats: list[str], seed: str, **options: object) -> str:
    return app.open("backhanding", seats, seed=seed, options=options or None)


def step(app: Referee, table: str) -> None:
    request = app.requests(table)[0]
    app.act(table, request.seat, request.action, app.bots.answer(table, request), request=request.id)


def play_until(app: Referee, table: str, action: str) -> None:
    while not app.over(table):
        request = app.requests(table)[0]
        if request.action == action:
            return
        step(app, table)
    raise AssertionError(f"the game ended before a {action!r} request")


GAMES = [(["Ada", "Bert"], "words-1"), (["You", "Ada", "Bert"], "words-2"), (["Ada", "Bert", "Cleo", "Dino"], "words-3")]


@pytest.mark.parametrize(("seats", "seed"), GAMES)
def test_no_id_slug_repr_or_bad_grammar_reaches_a_player_over_whole_games(seats, seed):
    """Rulebook 1 (cards by name): every presentation after every action, every prompt and
    option label, and every log sentence of the game's own entries (or what a seat may know
    of a hidden one) read as words, for each seat and for a spectator."""
    with Referee(registry=REGISTRY, store=TableStore(MEMORY)) as app:
        table = open_table(app, seats, seed, bots="heuristic,random")
        readers = [*seats, None]
        while True:
            for reader in readers:
                for text in texts(app.present(table, reader)):
                    assert_reads_as_words(text, f"presentation for {reader}")
            if app.over(table):
                break
            for request in app.requests(table):
                for text in request_texts(request):
                    assert_reads_as_words(text, f"request {request.id}")
            step(app, table)
        rules = app.rules(table)
        for entry in app.entries(table):
            if not entry.type.startswith("backhanding."):
                continue
            for reader in readers:
                if entry.visible(reader):
                    said = describe(rules, rules.decode(entry), reader)
                else:
                    said = describe_hidden(rules, msgspec.structs.replace(entry, event=None), reader)
                assert_reads_as_words(said, f"entry {entry.seq} ({entry.type}) for {reader}")
                assert not said.startswith(entry.type.split(".")[1]), f"entry {entry.seq} is described by its fields: {said!r}"


def test_every_card_in_a_hand_shows_its_name_and_rules_text_from_the_card_data():
    """Rulebook 1 and 3: the hand zone lists the seat's Draw cards, each with the name and the
    rules text its card data gives (a modifier without text: the rule its kind and bonus make);
    copies of one card no form numbers are one face with their count."""
    with Referee(registry=REGISTRY, store=TableStore(MEMORY)) as app:
        table = open_table(app, ["Ada", "Bert", "Cleo"], "hand")
        play_until(app, table, "play")
        for seat in ("Ada", "Bert", "Cleo"):
            me = next(p for p in app.view(table, seat)["view"]["players"] if p["name"] == seat)
            hand = next(z for z in app.present(table, seat).zones if z.role == "hand")
            # Identical cards no form numbers are shown once, noted "N copies".
            copies = [next((int(n.split()[0]) for n in c.notes if n.endswith(" copies")), 1) for c in hand.cards]
            shown = sorted((c.name, c.text) for c, n in zip(hand.cards, copies, strict=True) for _ in range(n))
            assert shown == sorted((DEFAULT[c["id"]].name, rules_text(DEFAULT[c["id"]])) for c in me["hand"])
            assert len({(c.name, c.text, c.number) for c in hand.cards}) == len(hand.cards), "each face once"
            assert all(c.text for c in hand.cards), "every Draw card in a hand says what it does"


CUSTOM = """
pimps = [
  { name = "Ace", macking = 4, backhanding = 1 }, { name = "Brute", macking = 1, backhanding = 5 },
  { name = "King", macking = 4, backhanding = 2 }, { name = "Wall", macking = 1, backhanding = 4 },
  { name = "Rook", macking = 3, backhanding = 3 }, { name = "Pawn", macking = 2, backhanding = 2 },
  { name = "Duke", macking = 3, backhanding = 2 }, { name = "Earl", macking = 2, backhanding = 3 },
  { name = "Lord", macking = 3, backhanding = 3 }, { name = "Knave", macking = 2, backhanding = 4 },
]
hos = [
  { name = "Rich", money = 6 }, { name = "Mid", money = 4, backhanding = 1 }, { name = "Tough", money = 3, backhanding = 2 },
  { name = "Poor", money = 2 }, { name = "Lonely", money = 1 },
]
draws = [
  { kind = "macking", name = "Silk Tie", bonus = 1, copies = 5, text = "A tie so smooth it talks for you: +1 macking." },
  { kind = "trick", name = "Rat Out", effect = "snitch", copies = 5, text = "Our own words for a Snitch." },
]
"""


def test_a_tables_own_cards_show_their_own_rules_text():
    """Rulebook 1 (DATA.md, another card set): a card's text comes from its card data, so a
    table's own card set shows what its author wrote, not the shipped set's words."""
    with Referee(registry=REGISTRY, store=TableStore(MEMORY)) as app:
        table = open_table(app, ["Ada", "Bert"], "custom", cards=CUSTOM)
        shown = app.present(table, "Ada")
        hand = next(z for z in shown.zones if z.role == "hand")
        assert hand.cards and {(c.name, c.text) for c in hand.cards} <= {
            ("Silk Tie", "A tie so smooth it talks for you: +1 macking."),
            ("Rat Out", "Our own words for a Snitch."),
        }
        rules = app.rules(table)
        dealt = next(e for e in app.entries(table) if e.type == "backhanding.PimpsDealt")
        assert describe(rules, rules.decode(dealt), "Bert").split("the pimps ")[1].split(", ")[0] in {
            "Ace",
            "Brute",
            "King",
            "Wall",
            "Rook",
            "Pawn",
            "Duke",
            "Earl",
            "Lord",
            "Knave",
        }


def test_another_seats_hand_is_only_a_count_of_backs():
    """Rulebook 3 (the hand is hidden): an opponent's zone shows their pimps and hos face up
    and their hand as backs counted as in their own view; a spectator sees no hand at all."""
    with Referee(registry=REGISTRY, store=TableStore(MEMORY)) as app:
        seats = ["Ada", "Bert", "Cleo"]
        table = open_table(app, seats, "backs")
        for _ in range(25):
            step(app, table)
        sizes = {s: len(next(p for p in app.view(table, s)["view"]["players"] if p["name"] == s)["hand"]) for s in seats}
        for reader in [*seats, None]:
            shown = app.present(table, reader)
            assert sum(z.role == "hand" for z in shown.zones) == (reader is not None)
            for zone in shown.zones:
                if zone.role == "opponent":
                    assert {c.tone for c in zone.cards} <= {"pimp", "ho"}
                    assert [(b.label, b.count) for b in zone.backs] == [("cards in hand", sizes[zone.owner])]
            owners = [z.owner for z in shown.zones if z.role in ("mine", "opponent")]
            assert sorted(owners) == seats


def test_each_card_to_play_offers_only_its_legal_targets():
    """4.2, 5.2, 6.2 and the Dirty Tricks' texts: the plays form's assignment names, for each
    card, only where it may go (``Assign.allowed``): a modifier on the seat's own fights, a
    Snitch on an opposing pimp placed this phase (never "the fight for" a ho), a Pickpocket on
    an opponent; a target the card may not take is refused by its label and appends nothing."""
    checked = set()
    with Referee(registry=REGISTRY, store=TableStore(MEMORY)) as app:
        for seed in ("targets-1", "targets-2", "targets-3"):
            seats = ["Ada", "Bert", "Cleo", "Dino"]
            table = open_table(app, seats, seed)
            while not app.over(table):
                request = app.requests(table)[0]
                if request.action == "play":
                    view = app.view(table, request.seat)["view"]
                    shape = request.answer["plays"]
                    hand = {c["id"]: c for p in view["players"] if p["name"] == request.seat for c in p["hand"]}
                    mine = {c["ho"] for c in view["contests"] if request.seat in c["pimps"] or c["owner"] == request.seat}
                    placed = {p for c in view["contests"] for s, p in c["pimps"].items() if s != request.seat}
                    labels = {t.value: t.label for t in shape.targets}
                    for item in shape.items:
                        allowed = set(shape.allowed[item.value])
                        card = hand[item.value]
                        kind = card.get("effect") or card["kind"]
                        if kind in ("macking", "backhanding", "loaded-dice"):
                            assert allowed <= mine
                        elif kind == "snitch":
                            assert allowed <= placed and not any(labels[t].startswith("the fight for") for t in allowed)
                        elif kind == "pickpocket":
                            assert allowed <= set(seats) - {request.seat}
                        elif kind == "bail-out":
                            assert allowed == {request.seat}
                        checked.add(kind)
                        wrong = next((t for t in labels if t not in allowed), None)
                        if wrong is not None and "refused" not in checked:
                            before = len(app.entries(table))
                            with pytest.raises(IllegalAction) as refused:
                                app.act(table, request.seat, "play", {"plays": {item.value: wrong}}, request=request.id)
                            first = next(t for t in labels if t in allowed)
                            assert item.label in str(refused.value) and labels[first] in str(refused.value)
                            assert len(app.entries(table)) == before
                            checked.add("refused")
                step(app, table)
    assert {"macking", "backhanding", "value", "snitch", "pickpocket", "refused"} <= checked


def test_the_standings_show_how_each_total_was_made():
    """6.2, 6.3: at the end each seat's place shows its hos one by one (money, the value cards
    played on her, her protector's bonus), and they add up to the total."""
    for seats, seed in GAMES:
        with Referee(registry=REGISTRY, store=TableStore(MEMORY)) as app:
            table = open_table(app, seats, seed)
            app.bots.play(table, seats)
            shown = app.present(table, seats[0])
            assert [p.seat for p in shown.standings] and sorted(p.seat for p in shown.standings) == sorted(seats)
            values = app.view(table, None)["view"]["values"]
            for place in shown.standings:
                worth = sum(int(s.value.replace("$", "").replace(",", "")) for s in place.breakdown)
                assert place.total == f"${values[place.seat]:,}" and worth == values[place.seat]
            assert shown.status.startswith("Game over: ")


def test_the_status_line_and_the_numbers_match_the_prompt():
    """4.1: the status says whose turn it is in the reader's words, and each card a prompt
    numbers (a pimp to place, a ho to place him beside) carries that number in the presentation."""
    with Referee(registry=REGISTRY, store=TableStore(MEMORY)) as app:
        seats = ["Ada", "Bert", "Cleo"]
        table = open_table(app, seats, "status")
        request = app.requests(table)[0]
        other = next(s for s in seats if s != request.seat)
        assert app.present(table, request.seat).status == "Round 1 of 3, Macking: your turn to place a pimp or pass"
        assert app.present(table, other).status == f"Round 1 of 3, Macking: {request.seat}'s turn to place a pimp or pass"
        shown = app.present(table, request.seat)
        numbered = {c.number: c.name for z in shown.zones for c in z.cards if c.number is not None}
        pimps, hos = request.answer["pimp"].options, request.answer["ho"].options
        for n, option in enumerate((*pimps[:-1], *hos), start=1):
            index = n if n < len(pimps) else n - len(pimps) + 1
            assert any(option.label.startswith(c.name + " (") for z in shown.zones for c in z.cards if c.number == index)
        assert numbered


def test_the_log_speaks_to_its_reader_and_says_only_what_a_hidden_entry_shows():
    """3 and 4.2: a seat reads its own deal as "You were dealt" and another's by name; of a
    hidden entry it learns only who (Draw cards dealt, sealed plays chosen), never which cards."""
    with Referee(registry=REGISTRY, store=TableStore(MEMORY)) as app:
        table = open_table(app, ["Ada", "Bert"], "story")
        app.bots.play(table, ["Ada", "Bert"])
        rules = app.rules(table)
        entries = app.entries(table)
        dealt = next(e for e in entries if e.type == "backhanding.PimpsDealt" and e.event["seat"] == "Ada")
        assert describe(rules, rules.decode(dealt), "Ada").startswith("You were dealt the pimps ")
        assert describe(rules, rules.decode(dealt), "Bert").startswith("Ada was dealt the pimps ")
        drawn = next(e for e in entries if e.type == "backhanding.DrawCardsDealt" and e.event["seat"] == "Ada")
        names = [DEFAULT[c].name for c in drawn.event["cards"]]
        assert describe(rules, rules.decode(drawn), "Ada").startswith(f"You drew {names[0]}")
        hidden = describe_hidden(rules, msgspec.structs.replace(drawn, event=None), "Bert")
        assert hidden == "Ada drew cards that are face down to you"
        chosen = next(e for e in entries if e.type == "backhanding.PlaysChosen" and e.event["seat"] == "Ada")
        assert describe_hidden(rules, msgspec.structs.replace(chosen, event=None), "Bert") == "Ada chose what to play, sealed"
        assert describe(rules, rules.decode(chosen), "Ada").startswith("You chose to play ")


def test_a_held_ho_shows_her_protector_and_a_backhanding_fight_reads_as_a_sentence():
    """5.1: each ho a player holds shows her protector and his backhanding as one stat; a
    pimp placed in front of a held ho is drawn as an arrow whose caption, source first and
    target last, reads as a sentence ("Bert sends Iceberg Slick after Foxy, held by Ada")."""
    arrows_seen = 0
    for seats, seed in GAMES:
        with Referee(registry=REGISTRY, store=TableStore(MEMORY)) as app:
            table = open_table(app, seats, seed)
            while not app.over(table):
                view = app.view(table, None)["view"]
                shown = app.present(table, seats[0])
                names = {c["id"]: c["name"] for p in view["players"] for c in p["clan"] + p["hos"]}
                for player in view["players"]:
                    zone = next(z for z in shown.zones if z.owner == player["name"] and z.role != "hand")
                    for ho in player["hos"]:
                        guard = ho["protector"]
                        (face,) = [c for c in zone.cards if c.name == ho["name"] and c.kind == "Ho"][:1]
                        assert ("Protector", f"{guard['name']} ({guard['backhanding']})") in {(s.label, s.value) for s in face.stats}
                        assert not any("protected by" in n for n in face.notes)
                fights = [c for c in view["contests"] if c["phase"] == "backhanding" and c["owner"]]
                expected = [
                    f"{seat} sends {names[pimp]} after {names[fight['ho']]}, held by {fight['owner']}"
                    for fight in fights
                    for seat, pimp in fight["pimps"].items()
                ]
                assert [f"{a.source} {a.label} {a.target}" for a in shown.arrows] == expected
                arrows_seen += len(expected)
                step(app, table)
    assert arrows_seen, "no backhanding fight was drawn: the test saw no arrow"
