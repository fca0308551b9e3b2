"""Cash'n'Guns as a player sees it: the standoff drawn (``Referee.present``), the log told to
its reader (``referee.audit.describe``), and the nerve as two named choices.

Rulebook: /work/shared/seeds/README.md, "003 -- Cash'n'Guns, in English".  Each test names
the part of a round it shows.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest

import referee.audit
from referee import MEMORY, Backs, Presentation, Referee, Registry, TableStore, load_jsonl
from referee.presentation import texts
from referee.store import TableSecret
from referee.testing import fixed_key
from referee_cashnguns.components import CARD_TEXT
from referee_cashnguns.events import MoneyCounted, NervesRevealed, PotSplit, ShotFired, TargetsRevealed, WoundTaken
from referee_cashnguns.powers import POWERS

SEATS = ["Ada", "Bert", "Cleo", "Dino"]
ALL_POWERS = sorted(POWERS)
SLUGS = re.compile(r"\b(click|bang|bbb|stay-in|back-down|stay-down|late-aim|late-bullet|take-gun|" + "|".join(ALL_POWERS) + r")\b")
"""Values a player must never read: card and power ids, answer values, step names."""
DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="module")
def registry() -> Registry:
    return Registry()


@pytest.fixture
def app(registry: Registry) -> Iterator[Referee]:
    with Referee(registry=registry, store=TableStore(MEMORY)) as referee_app:
        yield referee_app


def answer(app: Referee, table: str, action: str, args: dict[str, dict[str, Any]], *, others: bool = True) -> None:
    """Answer the open requests of ``action``, each seat named with its own args, the others
    by bot (or not at all: ``others=False``)."""
    for request in [r for r in app.requests(table) if r.action == action]:
        if request.seat in args or others:
            app.act(table, request.seat, action, args.get(request.seat) or app.bots.answer(table, request), request=request.id)


def until(app: Referee, table: str, phase: str) -> None:
    """Bots answer until the round reaches ``phase`` with its requests open."""
    while not app.over(table) and not (app.view(table, None)["phase"] == phase and app.requests(table)):
        request = app.requests(table)[0]
        app.act(table, request.seat, request.action, app.bots.answer(table, request), request=request.id)


def shown(app: Referee, table: str, seat: str | None) -> Presentation:
    presented = app.present(table, seat)
    assert presented is not None
    return presented


def zone(presentation: Presentation, owner: str, role: str | None = None) -> Any:
    return next(z for z in presentation.zones if z.owner == owner and (role is None or z.role == role))


# --- the nerve: "on three, players choose to be cowards or brave" --------------------------


def test_cowards_or_brave_is_two_named_choices_and_nothing_chosen_is_refused(app):
    """ "On three, players choose to be cowards or brave": Stay in or Back down, neither a
    default, so sending the form untouched backs nobody down."""
    table = app.open("cashnguns", SEATS, seed="nerve", extensions=[])
    until(app, table, "nerve")
    request = next(r for r in app.requests(table) if r.seat == "Ada")
    (field,) = request.answer.values()
    assert [(o.value, o.label) for o in field.options] == [("stay-in", "Stay in"), ("back-down", "Back down")]
    assert not field.optional
    before = len(app.entries(table))
    with pytest.raises(referee.IllegalAction, match=r"^nerve: missing; one of 1\) Stay in; 2\) Back down$"):
        app.act(table, "Ada", "nerve", {})
    assert len(app.entries(table)) == before


def test_a_table_stored_before_the_choice_was_named_still_takes_its_yes_or_no_nerve(app):
    """A 0.2 table stored with its nerve requests open (a yes-or-no flag): the answer it asks
    for is still taken, by a person and by a bot, and the round goes on to the showdown."""
    entries = load_jsonl((DATA / "cashnguns-0.2-nerve-open.jsonl").read_text(encoding="utf-8").splitlines(), source="0.2 log")
    # The golden game's seed and key, revealed at its end: new entries are committed under them.
    secret = TableSecret(seed="golden-3", key="9c3bb12abdbbef5b7f02a7a84dc3b014de27c09b8ee2624ad26925fd7670834a")
    app.store.create("cashnguns-five-bots", "cashnguns", entries, secret)
    old = "cashnguns-five-bots"
    open_nerves = [r for r in app.requests(old) if r.action == "nerve"]
    assert [list(r.answer or {}) for r in open_nerves] == [["brave"]] * 5
    app.act(old, "Ada", "nerve", {"brave": False}, request="r1.nerve.Ada")
    bot = app.bots.answer(old, next(r for r in app.requests(old) if r.seat == "Bert"))
    assert set(bot) == {"brave"}, "a bot answers the request as it asks"
    for request in [r for r in app.requests(old) if r.action == "nerve"]:
        app.act(old, request.seat, "nerve", {"brave": True}, request=request.id)
    revealed = [e.event for e in app.entries(old) if e.type == "cashnguns.NervesRevealed"]
    assert revealed == [{"brave": ["Bert", "Cleo", "Dino", "Edna"], "cowards": ["Ada"]}]
    assert [e.event for e in app.entries(old) if e.type == "cashnguns.CowardShamed"] == [{"gangster": "Ada", "shame": 1}]


# --- the standoff drawn -------------------------------------------------------------------


def test_your_hand_shows_every_bullet_card_with_its_rules_text_numbered_as_the_prompt(app):
    """Setup: "eight bullet cards" (5 Click!, 2 Bang!, 1 Bang! Bang! Bang!): each kind with
    how many are in hand, its rules text, and the number the bullet prompt gives it; the
    special power with its own text, face down to the others."""
    table = app.open("cashnguns", SEATS, seed="hand", extensions=["the-kid"], script=[list(range(40)), [0]])
    hand = zone(shown(app, table, "Ada"), "Ada", "hand")
    bullets = [c for c in hand.cards if c.kind == "bullet card"]
    assert [(c.name, c.stats[0].value, c.text) for c in bullets] == [
        ("Click!", "5", CARD_TEXT["click"]),
        ("Bang!", "2", CARD_TEXT["bang"]),
        ("Bang! Bang! Bang!", "1", CARD_TEXT["bbb"]),
    ]
    (request,) = [r for r in app.requests(table) if r.seat == "Ada"]
    prompt = {o.label.split(" (")[0]: n for n, o in enumerate(request.answer["card"].options, start=1)}
    assert {c.name: c.number for c in bullets} == prompt == {"Click!": 1, "Bang!": 2, "Bang! Bang! Bang!": 3}
    (power,) = [c for c in hand.cards if c.kind == "special power"]
    kid = next(e for e in app.rules(table).extensions if e.name == "the-kid")
    assert (power.name, power.text) == ("The Kid", kid.summary) and power.text
    ada_to_bert = zone(shown(app, table, "Bert"), "Ada")
    assert ada_to_bert.cards == () and Backs("special power, face down", 1) in ada_to_bert.backs
    assert Backs("bullet cards in hand", 8) in ada_to_bert.backs


def test_a_chosen_card_and_target_stay_face_down_until_the_count_of_three(app):
    """ "Each player chooses one bullet card and places it face down" / "on three, everyone
    points the gun": your loaded card and your aim are yours alone; the arrows appear for
    everyone only once every target is revealed."""
    table = app.open("cashnguns", SEATS, seed="aims", extensions=[])
    answer(app, table, "bullet", {"Ada": {"card": "bbb"}})
    answer(app, table, "aim", {"Ada": {"target": "Cleo"}, "Bert": {"target": "Cleo"}, "Cleo": {"target": "Ada"}}, others=False)
    # Dino has not aimed yet: nothing is revealed, not even to those who chose.
    for seat in [*SEATS, None]:
        assert shown(app, table, seat).arrows == ()
    loaded = [c for c in zone(shown(app, table, "Ada"), "Ada", "hand").cards if "loaded, face down" in c.notes]
    assert [(c.name, c.notes) for c in loaded] == [("Bang! Bang! Bang!", ("loaded, face down", "aimed at Cleo"))]
    for seat in ("Bert", "Cleo", None):
        ada = zone(shown(app, table, seat), "Ada")
        assert ada.cards == () and not any("aim" in note for note in ada.notes)
        assert Backs("bullet cards in hand", 7) in ada.backs
    answer(app, table, "aim", {"Dino": {"target": "Bert"}})
    for seat in [*SEATS, None]:
        arrows = {(a.source, a.target, a.label) for a in shown(app, table, seat).arrows}
        assert arrows == {("Ada", "Cleo", "aims at"), ("Bert", "Cleo", "aims at"), ("Cleo", "Ada", "aims at"), ("Dino", "Bert", "aims at")}


def test_a_cowards_aim_is_a_plan_until_the_showdown_and_then_no_longer_shown(app):
    """ "Players who want to back down lower their gun": the aim of a gangster who backed
    down is never revealed; until the showdown his own area says where he will aim, and
    from the showdown on (and when the game is over) it is spent, so it is not shown as
    a plan any more."""
    table = app.open("cashnguns", SEATS, seed="coward", extensions=[])
    answer(app, table, "bullet", {})
    answer(app, table, "aim", {"Ada": {"target": "Bert"}, "Bert": {"target": "Ada"}, "Cleo": {"target": "Ada"}, "Dino": {"target": "Ada"}})
    answer(app, table, "nerve", {"Ada": {"nerve": "back-down"}}, others=False)
    plans = [n for n in zone(shown(app, table, "Ada"), "Ada", "mine").notes if "you will" in n]
    assert plans == ["you will back down (secret until revealed)"]
    answer(app, table, "nerve", {"Bert": {"nerve": "stay-in"}, "Cleo": {"nerve": "stay-in"}, "Dino": {"nerve": "stay-in"}})
    # The showdown is past: the round's cowards aimed at nobody they will ever shoot.
    assert not any("aim at" in n for n in zone(shown(app, table, "Ada"), "Ada", "mine").notes)


def test_a_finished_game_shows_no_seat_a_plan(app):
    """End: "the game ends after the eighth round": nothing is still to come, so no
    gangster's area says "you will" (bot games, every seat)."""
    for number in range(3):
        table = app.open("cashnguns", SEATS, seed=f"end-{number}", key=fixed_key(f"end-{number}"))
        app.bots.play(table, SEATS)
        for seat in SEATS:
            notes = [n for z in shown(app, table, seat).zones for n in z.notes]
            assert not any("you will" in n or "until revealed" in n for n in notes), (number, seat, notes)


def test_the_loot_and_each_gangsters_cash_wounds_and_shame_in_money_and_counts(app):
    """ "One player turns five banknotes face up (the pot)"; the rest lie face down; cowards
    "take a shame token"."""
    table = app.open("cashnguns", SEATS, seed="loot", extensions=[], script=[list(range(40))])
    loot = next(z for z in shown(app, table, "Ada").zones if z.role == "board")
    assert loot.title == "The loot"
    assert [(s.label, s.value) for s in loot.counters] == [("Pot", "$25,000"), ("Banknotes", "$5,000, $5,000, $5,000, $5,000, $5,000")]
    assert loot.backs == (Backs("banknotes face down", 35),)
    answer(app, table, "bullet", {})
    answer(app, table, "aim", {"Ada": {"target": "Bert"}, "Bert": {"target": "Ada"}, "Cleo": {"target": "Ada"}, "Dino": {"target": "Ada"}})
    answer(
        app,
        table,
        "nerve",
        {"Ada": {"nerve": "back-down"}, "Bert": {"nerve": "stay-in"}, "Cleo": {"nerve": "stay-in"}, "Dino": {"nerve": "stay-in"}},
    )
    ada = zone(shown(app, table, "Bert"), "Ada")
    assert {s.label: s.value for s in ada.counters} == {"Cash": "$0", "Wounds": "0", "Shame tokens": "1"}
    bert = zone(shown(app, table, "Ada"), "Bert")
    assert {s.label: s.value for s in bert.counters}["Cash"] == "$5,000"
    assert zone(shown(app, table, "Ada"), "Ada", "mine").title == "You"


def test_the_money_counted_adds_up_in_the_standings(app):
    """End: "players count their money; each shame token costs $5,000" (Super Coward's are
    worth +$5,000, Six Feet Under pays $10,000 a dead gangster): every place's breakdown adds
    up to its total, in money."""
    for number in range(3):
        table = app.open("cashnguns", [*SEATS, "Edna"], seed=f"standings-{number}", key=fixed_key(f"standings-{number}"))
        app.bots.play(table, [*SEATS, "Edna"])
        result = app.state(table).result
        assert result is not None
        places = shown(app, table, "Ada").standings
        assert [(p.place, p.seat) for p in places] == [(s.place, s.seat) for s in result.standings]
        counted = {e.event["gangster"]: e.event["total"] for e in app.entries(table) if e.type == "cashnguns.MoneyCounted"}
        for place in places:
            amounts = [int(s.value.replace("$", "").replace(",", "").replace("+", "")) for s in place.breakdown]
            assert sum(amounts) == counted[place.seat], place
            assert place.total == referee.words.money(counted[place.seat])
            assert place.breakdown[0].label == "Banknotes"


# --- the log told to its reader -------------------------------------------------------------


def test_the_log_speaks_to_its_reader(registry):
    """Words for one reader: "You aim", "Ada and Cleo back down", "1 wound", money as money,
    and after the last round nothing "waits for the next round"."""
    rules = registry.rules("cashnguns")

    def said(event: Any, reader: str | None = "Bert") -> str:
        return referee.audit.describe(rules, event, reader)

    assert said(TargetsRevealed(targets={"Ada": "Bert", "Bert": "Cleo"})) == "Guns up: Ada aims at you; you aim at Cleo"
    assert said(NervesRevealed(brave=["Bert", "Dino"], cowards=["Ada", "Cleo"])) == "On three: Ada and Cleo back down; you and Dino stay in"
    assert said(NervesRevealed(brave=["Ada", "Bert"], cowards=[])) == "On three: nobody backs down; Ada and you stay in"
    assert said(ShotFired(gun="Ada", gangster="Ada", target="Bert", card="bang")) == "Ada shoots you: Bang! You are hit"
    assert said(WoundTaken(gangster="Bert", hits=1, wounds=1, total=1)) == "You take 1 wound (1 in all)"
    assert said(WoundTaken(gangster="Ada", hits=2, wounds=1, total=3)) == "Ada takes 1 wound from 2 hits (3 in all)"
    split = PotSplit(share=20000, shares={"Ada": [20000], "Bert": [20000]}, left=[5000])
    assert said(split) == "Ada and you split the pot: $20,000 each; $5,000 waits for the next round"
    last = msgspec.structs.replace(split, last=True)
    assert said(last) == "Ada and you split the pot: $20,000 each; $5,000 stays on the table: the game is over"
    counted = MoneyCounted(gangster="Bert", notes=100000, shame=2, bonus=0, total=90000, alive=True)
    assert said(counted) == "Your money: banknotes $100,000, 2 shame tokens -$10,000; $90,000 in all"
    assert said(counted, None) == "Bert's money: banknotes $100,000, 2 shame tokens -$10,000; $90,000 in all"


def test_a_hidden_entry_tells_the_others_only_whose_choice_it_was(app):
    """Sealed choices ("face down"): another gangster's bullet card, target and nerve are
    told as the choice made, never what was chosen."""
    table = app.open("cashnguns", SEATS, seed="hidden", extensions=[])
    answer(app, table, "bullet", {})
    answer(app, table, "aim", {})
    rules = app.rules(table)
    lines = [referee.audit.describe_hidden(rules, e, "Bert") for e in app.visible_entries(table, "Bert") if e.redacted]
    assert "Ada chooses a bullet card, face down" in lines
    assert "Cleo chooses whom to aim at" in lines
    assert "The banknotes are shuffled face down" in lines
    assert not any("Bert" in line for line in lines), "Bert's own choices are never hidden from him"


@pytest.mark.parametrize("number", range(4))
def test_no_id_slug_or_placeholder_reaches_a_player_over_whole_bot_games(app, number):
    """Every presentation after every action, for every seat and a spectator, and every log
    line for every reader (hidden ones too): names and rules words only, never a card or
    power id, an answer value, "None", or a struct's braces."""
    seats = [*SEATS, "Edna", "Fritz"][: 4 + number % 3]
    table = app.open("cashnguns", seats, seed=f"words-{number}", key=fixed_key(f"words-{number}"), extensions=ALL_POWERS)
    rules = app.rules(table)
    seen = 0
    while not app.over(table):
        for seat in [*seats, None]:
            for text in texts(shown(app, table, seat)):
                assert not SLUGS.search(text) and "None" not in text and "none" not in text.split(), text
                assert "{" not in text and "[" not in text, text
                seen += 1
        request = app.requests(table)[0]
        app.act(table, request.seat, request.action, app.bots.answer(table, request), request=request.id)
    for seat in [*seats, None]:
        for entry in app.visible_entries(table, seat):
            if not entry.type.startswith("cashnguns."):
                continue
            line = (
                referee.audit.describe(rules, rules.decode(entry), seat)
                if not entry.redacted
                else referee.audit.describe_hidden(rules, entry, seat)
            )
            assert not SLUGS.search(line) and "None" not in line and "{" not in line and "[" not in line, line
            assert not re.search(r"\b[Yy]ou (is|was|has|\w+[^s]s)\b", line), line
            assert not re.search(r"\b1 (wounds|hits|tokens|bullet cards)\b", line), line
            assert not re.search(r"\d{5}", line.replace(",", "x")), line
    assert seen > 100
