"""Pimp property tests: random legal games, checked after every action.

Each example opens a table of 2-5 pimps with a hypothesis-drawn seed, decks and game
length, then answers the open requests with uniformly random answers of their shapes (a
hypothesis-controlled ``Random``) for at most ``MAX_ACTIONS`` actions.  After every action:

(a) tokens never go negative ("Influence and money can never go below zero"): every
    pimp's influence and money, and the money on every bitch;
(b) every card is in exactly one place: each card of a pimp's expanded deck is in exactly
    one of his deck, hand, pad, street, retirement pile, special cards and edge slots, and
    cards never change owner;
(c) hidden cards stay hidden: hands, edge slots ("face-down so that your opponents cannot
    see what is in them") and decks ("placed, face down") show in another seat's view only
    as counts, and another seat's export holds none of a pimp's DeckListed, CardDrawn,
    EdgeSlotLooked, CardsReordered or InfluenceBid bodies while the game runs;
(d) a shagged-out bitch "cannot: Move back to the pad. Service any more punters (or make a
    roll on the solicitation table). Join any combat";
(e) the actions marked ONLY ONCE PER TURN (attack a bitch in the street, attack a bitch in
    an opponent's pad, trash a pad) are taken, and offered, at most once per turn;
and at the end (f) the log verifies and replaying it gives the live state.

The same checks run on games the bots play (``Referee.bots.answer``), whose answers must be
fit their requests' shapes and the rules.  Not checked here, because it fails (an engine bug, reported):
the ``referee.ActionTaken`` entry of a Word on the Streets "reorder" answer is public, so
its args (the top three card ids of the pimp's deck, in their new order) show in every
other seat's export.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import msgspec
from budgets import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee import MEMORY, IllegalAction, Referee, Registry, TableStore, answers, replay
from referee.log import redact_for
from referee_pimp.cards import DECKS_DIR, expand, load_deck
from referee_pimp.menu import FIELDS

MAX_ACTIONS = 300
RANDOM_TRIES = 40
FULL_EXPORT_EVERY = 50
SEATS = ("Jerry", "Ron", "Vic", "Max", "Lou")
ONCE_PER_TURN = ("attack-street", "attack-pad", "trash")
HIDDEN_EVENTS = ("pimp.DeckListed", "pimp.CardDrawn", "pimp.EdgeSlotLooked", "pimp.CardsReordered", "pimp.InfluenceBid")

# A legal deck holding all six special cards (8 specials, at most 2 copies each), so that
# random games play every special card often: 32 bitches, average cost 4.
ALL_SPECIALS_DECK = (
    'name = "Every Special"\ndescription = "All six special cards, for the property tests."\n'
    + "".join(
        f'\n[[cards]]\nkind = "special"\nspecial = "{special}"\ncopies = {copies}\n'
        for special, copies in (
            ("king-of-cool", 2),
            ("tame-shrink", 1),
            ("word-on-the-streets", 1),
            ("posse", 1),
            ("bitch-magnet", 1),
            ("charisma", 2),
        )
    )
    + "".join(
        f'\n[[cards]]\nkind = "streetwalker"\nname = "{name}"\ncopies = 4\ncost = {cost}\nlooks = {looks}\n'
        f"fight = {fight}\nstamina = {stamina}\n{quals}"
        for name, cost, looks, fight, stamina, quals in (
            ("Brawler", 4, 1, 10, 1, ""),
            ("Looker", 4, 10, 1, 1, ""),
            ("Stayer", 4, 1, 1, 10, ""),
            ("Plain", 4, 4, 4, 4, ""),
            ("Cheap", 1, 1, 1, 1, ""),
            ("French Maid", 6, 4, 4, 4, 'qualifications = ["French"]\n'),
            ("Greek Girl", 6, 4, 4, 4, 'qualifications = ["Greek"]\n'),
            ("Dominatrix", 3, 1, 1, 1, 'qualifications = ["Strict Discipline"]\n'),
        )
    )
)
DECKS = ("fat-jerrys-stable", "ron-the-bastards-crew", ALL_SPECIALS_DECK)


def deck_ids(seat: str, choice: str) -> list[str]:
    """The ids of every card of ``seat``'s deck, worked out from the deck file (not the engine)."""
    source = choice if "\n" in choice else DECKS_DIR / f"{choice}.toml"
    return [f"{seat}/{card.id}" for card in expand(load_deck(source))]


def strings(value: Any) -> Iterator[str]:
    """Every string in a view (keys and values): where a card id would show."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield str(key)
            yield from strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from strings(item)


class Game:
    """One random game at an in-memory table, with the checks run after every action."""

    def __init__(
        self, seats: tuple[str, ...], decks: dict[str, str], seed: str, turns: int, rng: random.Random, *, bots: bool = False
    ) -> None:
        self.referee = Referee(registry=Registry(), store=TableStore(MEMORY))
        self.seats = seats
        self.rng = rng
        self.bots = bots
        self.table = self.referee.open("pimp", seats, seed=seed, options={"decks": decks, "turns": turns})
        self.expected = {seat: deck_ids(seat, decks[seat]) for seat in seats}
        self.turn = 0
        self.once_taken: set[str] = set()
        self.actions = 0
        self.checked_setup = False

    # -- playing ------------------------------------------------------------------------------

    def play(self) -> None:
        self.check_state(self.referee.entries(self.table))
        while not self.referee.state(self.table).over and self.actions < MAX_ACTIONS:
            requests = self.referee.requests(self.table)
            assert requests, "a running game always waits for somebody"
            request = self.rng.choice(requests)
            assert request.answer is not None and request.choices is None, f"request {request.id} does not say the shape of its answer"
            shagged = set(self.referee.state(self.table).game.shagged)
            if self.bots:
                args = self.referee.bots.answer(self.table, request)
                answers.validate(request.answer, args)  # the bot's answer fits the shape ...
                entries = self.referee.act(self.table, request.seat, request.action, args, request=request.id)  # ... and the rules
            else:
                entries = self.random_answer(request)
            self.actions += 1
            self.check_events(entries, shagged)
            self.check_state(entries)
        self.check_log()

    def random_answer(self, request: Any) -> list[Any]:
        """A uniformly random answer that fits the shape; for an action of Doing Shit, a random
        kind of action with exactly the fields it takes.  The game refuses some (a card the
        action cannot take, a target out of reach): those append nothing and another is drawn."""
        fields = dict(request.answer)
        for _ in range(RANDOM_TRIES):
            if request.action == "do":
                kind = self.rng.choice(fields["do"].options).value
                args = {"do": kind}
                for name in FIELDS.get(kind, ()):
                    args[name] = answers.sample({name: msgspec.structs.replace(fields[name], optional=False)}, self.rng)[name]
            else:
                args = answers.sample(fields, self.rng)
            before = len(self.referee.entries(self.table))
            try:
                return self.referee.act(self.table, request.seat, request.action, args, request=request.id)
            except IllegalAction:
                assert len(self.referee.entries(self.table)) == before, "a refused answer appends nothing"
        # Doing no more shit is always legal.
        assert request.action == "do", f"no random answer to {request.id} was accepted in {RANDOM_TRIES} tries"
        return self.referee.act(self.table, request.seat, "do", {"do": "end"}, request=request.id)

    # -- the checks -----------------------------------------------------------------------------

    def check_events(self, entries: list[Any], shagged: set[str]) -> None:
        """(d) and (e), from the events of one action, in order."""
        for entry in entries:
            event = entry.event or {}
            kind = entry.type
            if kind == "referee.TurnBegan":
                self.turn = event["turn"]
                self.once_taken = set()
            elif kind == "pimp.ShaggedOut":
                shagged.add(event["card"])
            elif kind == "pimp.ShaggedOutCleared":
                shagged -= set(event["bitches"])
            elif kind == "pimp.BitchRetired":
                shagged.discard(event["card"]["id"])
            elif kind == "pimp.BitchMoved" and event["to"] == "pad":
                assert event["card"] not in shagged, f"shagged-out {event['card']} moved back to the pad"
            elif kind == "pimp.SolicitationRolled":
                assert event["card"] not in shagged, f"shagged-out {event['card']} rolled on the solicitation table"
            elif kind == "pimp.BitchesSent":
                assert not shagged & set(event["bitches"]), f"shagged-out bitches sent to the punters' car: {event}"
            elif kind == "pimp.BusinessStarted":
                assert event["card"] not in shagged, f"shagged-out {event['card']} services punters"
            elif kind == "pimp.AttackDeclared":
                assert not shagged & set(event["attackers"]), f"shagged-out bitches attack: {event}"
            elif kind == "pimp.DefendersJoined":
                assert not shagged & set(event["bitches"]), f"shagged-out bitches join a combat: {event}"
            elif kind == "pimp.ActionBegan":
                assert event["number"] <= 4, "four actions a turn"
                if event["action"] == "trash":
                    assert event["args"]["card"] not in shagged, f"shagged-out {event['args']['card']} trashes a pad"
                if event["action"] in ONCE_PER_TURN:
                    assert event["action"] not in self.once_taken, f"{event['action']} taken twice in turn {self.turn}"
                    self.once_taken.add(event["action"])

    def check_state(self, entries: list[Any]) -> None:
        table = self.referee.state(self.table)
        game = table.game
        # (a) tokens never negative
        for pimp in game.pimps.values():
            assert pimp.influence >= 0, f"{pimp.name} has {pimp.influence} influence"
            assert pimp.money >= 0, f"{pimp.name} has ${pimp.money}"
        for card, money in game.on_bitch.items():
            assert money >= 0, f"{card} carries ${money}"
        # (b) every card in exactly one place, with its owner
        for seat in self.seats:
            p = game.pimps[seat]
            places = Counter([*p.deck, *p.hand, *p.pad, *p.street, *p.retired, *p.specials, *(c for c in p.edges if c is not None)])
            doubled = sorted(c for c, n in places.items() if n > 1)
            assert not doubled, f"{seat}'s cards in two places at once: {doubled}"
            assert sorted(places) == sorted(self.expected[seat]), (
                f"{seat}'s cards: missing {sorted(set(self.expected[seat]) - set(places))}, "
                f"foreign {sorted(set(places) - set(self.expected[seat]))}"
            )
            assert all(game.cards[c].owner == seat for c in places if c in game.cards), f"a card of {seat}'s changed owner"
        # (e) a once-per-turn action already taken this turn is not offered again
        for request in self.referee.requests(self.table):
            if request.action == "do":
                offered = {o.value for o in request.answer["do"].options}
                again = offered & self.once_taken
                assert not again, f"{sorted(again)} offered again in turn {self.turn} after being taken"
        # (c) hidden information, while the game runs
        if not table.over:
            self.check_hidden(game, entries)

    def check_hidden(self, game: Any, entries: list[Any]) -> None:
        for seat in self.seats:
            seen = self.referee.view(self.table, seat)
            words = set(strings(seen))
            shown = {p["name"]: p for p in seen["view"]["pimps"]}
            for other in self.seats:
                if other == seat:
                    continue
                p, q = game.pimps[other], shown[other]
                assert q["hand"] == len(p.hand) and type(q["hand"]) is int, f"{seat} sees {other}'s hand: {q['hand']!r}"
                filled = sum(1 for c in p.edges if c is not None)
                assert q["edges"] == filled and type(q["edges"]) is int, f"{seat} sees {other}'s edge slots: {q['edges']!r}"
                assert q["deck"] == len(p.deck) and type(q["deck"]) is int, f"{seat} sees {other}'s deck: {q['deck']!r}"
                hidden = words & {*p.hand, *p.deck, *(c for c in p.edges if c is not None)}
                assert not hidden, f"{seat}'s view shows {other}'s hidden cards {sorted(hidden)}"
        # The export is ``redact_for(entries, seat)``, entry by entry: the entries this action
        # appended are checked after every action, the whole export now and then (a full
        # export per seat per action would make the suite quadratic in the game's length).
        if self.actions % FULL_EXPORT_EVERY == 0:
            for seat in self.seats:
                self.check_export(seat, [json.loads(line) for line in self.referee.export(self.table, seat).splitlines()])
        else:
            for seat in self.seats:
                self.check_export(seat, [msgspec.to_builtins(e) for e in redact_for(entries, seat, game_over=False)])

    def check_export(self, seat: str, export: list[dict[str, Any]]) -> None:
        for entry in export:
            body = entry.get("event")
            if body is None:
                continue
            if entry["type"] in HIDDEN_EVENTS:
                assert body["pimp"] == seat, f"{seat}'s export shows {entry['type']} of {body['pimp']}: {body}"
            if entry["type"] == "pimp.DeckShuffled":
                raise AssertionError(f"{seat}'s export shows the order of {body['pimp']}'s deck")
            if entry["type"] == "referee.RandomDrawn" and body["kind"] == "shuffle":
                raise AssertionError(f"{seat}'s export shows a shuffle: {body['purpose']}")
            if entry["type"] == "referee.ActionTaken" and body["seat"] != seat:
                # Another pimp's answer may name his cards only once they are face up.
                game = self.referee.state(self.table).game
                face_down = {c for name, p in game.pimps.items() if name != seat for c in (*p.deck, *(e for e in p.edges if e))}
                named = face_down & set(json.dumps(body["args"]).replace('"', " ").split())
                assert not named, f"{seat}'s export shows {body['seat']}'s answer naming face-down cards {sorted(named)}"

    def check_log(self) -> None:
        """(f) the log verifies; replaying it gives the live state."""
        entries = self.referee.entries(self.table)
        verdict = self.referee.audit.verify_table(self.table)
        assert verdict.ok, verdict.message
        _rules, replayed = replay(self.referee.registry, entries)
        live = self.referee.state(self.table)
        assert msgspec.to_builtins(replayed.game) == msgspec.to_builtins(live.game)
        assert replayed.over == live.over


@st.composite
def games(draw: st.DrawFn) -> dict[str, Any]:
    n = draw(st.integers(min_value=2, max_value=5), label="pimps")
    seats = SEATS[:n]
    return {
        "seats": seats,
        "decks": {seat: draw(st.sampled_from(DECKS), label=f"{seat}'s deck") for seat in seats},
        "seed": draw(st.integers(min_value=0, max_value=2**64).map(lambda n: f"seed-{n:x}"), label="seed"),
        "turns": draw(st.sampled_from([2, 4, 6, 20]), label="turns"),
    }


PROPERTY = settings(max_examples=examples(15), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@PROPERTY
@given(setup=games(), rng=st.randoms(use_true_random=False))
def test_random_legal_games_keep_every_invariant(setup: dict[str, Any], rng: random.Random) -> None:
    game = Game(setup["seats"], setup["decks"], setup["seed"], setup["turns"], rng)
    try:
        game.play()
    finally:
        game.referee.close()


@settings(max_examples=examples(4), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=games())
def test_bot_games_keep_every_invariant(setup: dict[str, Any]) -> None:
    """The same checks with ``Referee.bots.answer`` playing every seat (bots solicit, bank and
    buy influence more than random play does); each bot answer fits its request's shape and the rules."""
    game = Game(setup["seats"], setup["decks"], setup["seed"], setup["turns"], random.Random(0), bots=True)
    try:
        game.play()
    finally:
        game.referee.close()


@settings(max_examples=examples(3), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_a_game_played_to_its_end_reveals_everything_and_verifies(seed: int) -> None:
    """A short (1-turn) 2-pimp game played out: every entry is readable by every seat at the
    end, and the log verifies."""
    game = Game(SEATS[:2], {"Jerry": DECKS[0], "Ron": DECKS[2]}, f"end-{seed}", 1, random.Random(seed))
    try:
        game.play()
        assert game.referee.state(game.table).over, "one round ends well within the action cap"
        for seat in game.seats:
            assert all(json.loads(line).get("event") is not None for line in game.referee.export(game.table, seat).splitlines())
    finally:
        game.referee.close()
