"""Pimp's six special cards, through play: each does what its card says.

Rulebook (/work/shared/seeds/000), "Playing A Special Card From Your Hand":

- KING OF COOL: "Each turn, in your Pay Dues phase, you gain an additional +2 influence, on
  top of the normal +2 influence bonus. So if you have bitches in play you gain 4 influence
  points ... If you have no bitches in play, you gain 2 influence per turn. ... if you have 2
  King Of Cools in play, you will get and extra 4 influence per turn."
- TAME SHRINK: "If a bitch of yours is retired following combat, either with another bitch,
  or with a psycho punter, she does not go to the retirement pile. Instead, she is
  immediately placed into your hand."  Not after a moral crackdown ("Tame Shrink can't help
  you here") nor a runaway ("Tame Shrink can't help you here").
- WORD ON THE STREETS: "You can take an action during your do shit phase to: 1) Look at the
  top three cards on your deck. 2) Replace them in any order."
- POSSE: "You have two extra edge slots, for a total of 5. These extra edge slots can be used
  just like normal edge slots."
- BITCH MAGNET: "Your maximum hand size is 7 instead of 5."
- CHARISMA: "Every time you put a bitch into play, her cost is reduced by 1."

Each test builds two small legal decks (TOML text for the ``decks`` option) and scripts the
setup shuffles so the cards it needs are where it needs them (a scripted shuffle is the
permutation of the expanded deck list, top first), and the dice where a test rolls on the
solicitation table.  Every power card is declined (a power of zero) so fights are decided
by the printed numbers.  Each card is also a separate plugin: a table opened without it
(``extensions=[]``) plays the card face up to no effect.
"""

from __future__ import annotations

import importlib
import json
import tomllib
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from referee import MEMORY, Order, Referee, Registry, TableStore
from referee.table import TableState
from referee_pimp.cards import expand, load_deck

SPECIALS = {
    "king-of-cool": ("King of Cool", "king_of_cool"),
    "tame-shrink": ("Tame Shrink", "tame_shrink"),
    "word-on-the-streets": ("Word on the Streets", "word_on_the_streets"),
    "posse": ("Posse", "posse"),
    "bitch-magnet": ("Bitch Magnet", "bitch_magnet"),
    "charisma": ("Charisma", "charisma"),
}

REGISTRY = Registry()


# -- decks ------------------------------------------------------------------------------------


def bitch(
    name: str, cost: int, looks: int, fight: int, stamina: int, *, kind: str = "streetwalker", copies: int = 1, quals: Sequence[str] = ()
) -> str:
    text = f'\n[[cards]]\nkind = "{kind}"\nname = "{name}"\ncost = {cost}\nlooks = {looks}\nfight = {fight}\nstamina = {stamina}\n'
    if quals:
        text += "qualifications = [" + ", ".join(json.dumps(q) for q in quals) + "]\n"
    return text + (f"copies = {copies}\n" if copies != 1 else "")


def special(name: str, copies: int = 1) -> str:
    return f'\n[[cards]]\nkind = "special"\nspecial = "{name}"\n' + (f"copies = {copies}\n" if copies != 1 else "")


# Fair cost = (looks + fight + stamina + 6 x service levels) / 3, printed cost within 1 of it.
BRAWLER = bitch("Brawler", 4, 1, 10, 1)  # fight 10: wins every fight against a softie
SOFTIE = bitch("Softie", 5, 10, 1, 1)  # fight 1, cost 5: the costliest girlfriend, so her pimp goes first
CHEAP = bitch("Cheap", 1, 1, 1, 1)
CANDY = bitch("Candy", 9, 7, 2, 5, kind="escort", quals=["Uniforms", "Role Play"])  # Fat Jerry's Candy
MAID = bitch("French Maid", 6, 4, 4, 4, quals=["French"])


def deck(*cards: str) -> str:
    """A legal deck: ``cards`` then 4-copy plain streetwalkers (cost 4) up to 40 cards."""
    text = 'name = "Test Deck"\ndescription = "For the special card tests."\n' + "".join(cards)
    size = sum(int(c.get("copies", 1)) for c in tomllib.loads(text).get("cards", []))
    n = 0
    while size < 40:
        copies = min(4, 40 - size)
        text += bitch(f"Filler {n}", 4, 4, 4, 4, copies=copies)
        size += copies
        n += 1
    load_deck(text)  # legal, or the test says why not
    return text


def stacked(text: str, top: Sequence[str]) -> list[int]:
    """The scripted shuffle putting the cards ``top`` (deck ids, top first) on top, the rest in list order."""
    ids = [card.id for card in expand(load_deck(text))]
    first = [ids.index(card) for card in top]
    return first + [i for i in range(len(ids)) if i not in first]


FILLERS = [f"filler-{n}#{c}" for n in range(10) for c in range(1, 5)]


def top(*cards: str, girlfriend: str, hand_fill: int = 5, rest: Sequence[str] = ()) -> list[str]:
    """A deck's top: the starting hand (``cards`` then fillers to five), the girlfriend, then ``rest``."""
    used = set(cards) | {girlfriend} | set(rest)
    fill = [f for f in FILLERS if f not in used]
    hand = [*cards, *fill[: hand_fill - len(cards)]]
    return [*hand, girlfriend, *rest]


# -- a table --------------------------------------------------------------------------------------


class Table:
    """A two-pimp table, A and B, with stacked decks and scripted dice; every power card declined."""

    def __init__(
        self,
        a: str,
        a_top: Sequence[str],
        b: str = "",
        b_top: Sequence[str] = (),
        *,
        dice: Sequence[int] = (),
        extensions: Sequence[str] | None = None,
    ) -> None:
        b = b or deck(BRAWLER)
        b_top = b_top or top(girlfriend="filler-0#1")
        self.referee = Referee(registry=REGISTRY, store=TableStore(MEMORY))
        self.decks = {"A": a, "B": b}
        self.id = self.referee.open(
            "pimp",
            ["A", "B"],
            seed="specials",
            options={"decks": self.decks},
            script=[stacked(a, a_top), stacked(b, b_top), *dice],
            extensions=extensions,
        )

    # reading
    @property
    def state(self) -> TableState:
        return self.referee.state(self.id)

    def pimp(self, seat: str) -> Any:
        return self.state.game.pimps[seat]

    def events(self, kind: str, **match: Any) -> list[dict[str, Any]]:
        found = []
        for entry in self.referee.entries(self.id):
            if entry.type == f"pimp.{kind}" and entry.event is not None and all(entry.event.get(k) == v for k, v in match.items()):
                found.append(entry.event)
        return found

    def request(self, seat: str, action: str) -> Any:
        mine = [r for r in self.referee.requests(self.id) if r.seat == seat and r.action == action]
        assert mine, f"{seat} is not asked to {action}; open: {[(r.seat, r.action) for r in self.referee.requests(self.id)]}"
        return mine[0]

    def fields(self, seat: str, action: str = "do") -> dict[str, Any]:
        """The answer shapes of ``seat``'s open ``action`` request."""
        return dict(self.request(seat, action).answer)

    def values(self, seat: str, action: str, field: str) -> list[str]:
        """The values one field of that request offers (none where the field is absent)."""
        shape = self.fields(seat, action).get(field)
        return [] if shape is None else [o.value for o in shape.options]

    # acting
    def choose(self, seat: str, action: str, **want: Any) -> list[Any]:
        """Answer ``seat``'s open ``action`` request with ``want`` (a discard with no card: the first offered)."""
        request = self.request(seat, action)
        if action == "discard" and not want:
            want = {"card": self.values(seat, action, "card")[0]}
        return self.referee.act(self.id, seat, action, want, request=request.id)

    def do(self, seat: str, **want: Any) -> list[Any]:
        entries = self.choose(seat, "do", **want)
        self.no_power_cards()
        return entries

    def no_power_cards(self) -> None:
        """Every pimp asked to draw a power card opts not to ("a power draw of zero")."""
        while draws := [r for r in self.referee.requests(self.id) if r.action == "draw"]:
            self.choose(draws[0].seat, "draw", **{"from": "none"})

    def end_turn(self, seat: str) -> None:
        """No more shit this turn (unless four actions are taken); discard down to the hand limit if asked."""
        if [r for r in self.referee.requests(self.id) if r.seat == seat and r.action == "do"]:
            self.do(seat, do="end")
        while [r for r in self.referee.requests(self.id) if r.seat == seat and r.action == "discard"]:
            self.choose(seat, "discard")

    def play(self, seat: str, card: str) -> None:
        self.do(seat, do="special", card=f"{seat}/{card}")

    def close(self) -> None:
        self.referee.close()


@pytest.fixture
def tables() -> Iterator[list[Table]]:
    made: list[Table] = []
    yield made
    for table in made:
        assert table.referee.audit.verify_table(table.id).ok
        table.close()


def table(made: list[Table], *args: Any, **kwargs: Any) -> Table:
    t = Table(*args, **kwargs)
    made.append(t)
    return t


ALL: None = None
NONE: list[str] = []


def dues(t: Table, seat: str) -> list[int]:
    """The influence ``seat`` gained in each of his Pay Dues phases so far (0 where none)."""
    gained: list[int] = []
    for entry in t.referee.entries(t.id):
        if entry.type == "referee.TurnBegan" and entry.event:
            if entry.event["seat"] == seat:
                gained.append(0)
        elif entry.type == "pimp.InfluenceChanged" and entry.event and entry.event["pimp"] == seat and entry.event["reason"] == "pay dues":
            gained[-1] += entry.event["change"]
    return gained


# -- every special card is its own plugin -------------------------------------------------------------


@pytest.mark.parametrize("card", sorted(SPECIALS))
def test_each_special_card_is_a_separate_card_plugin_of_pimp(card: str) -> None:
    ext = REGISTRY.extensions[f"pimp.{card}"]
    title, module = SPECIALS[card]
    assert (ext.game, ext.name, ext.kind, ext.title, ext.default) == ("pimp", card, "card", title, True)
    assert ext.plugin is importlib.import_module(f"referee_pimp.specials.{module}"), "its own module"
    assert ext.plugin is not REGISTRY.game("pimp").plugin
    assert card in [e.name for e in REGISTRY.extensions_of("pimp")]


def test_the_six_special_cards_are_the_extensions_pimp_ships() -> None:
    # Other distributions installed here (the example card and house rule) add extensions
    # of pimp too, but only the game's own distribution may put one on by default.
    assert sorted(e.name for e in REGISTRY.extensions_of("pimp") if e.default) == sorted(SPECIALS)


def opened_plugins(t: Table) -> list[str]:
    first = t.referee.entries(t.id)[0]
    assert first.type == "referee.TableOpened" and first.event is not None
    return [record["name"] for record in first.event["plugins"]]


def test_a_table_records_its_special_card_plugins_in_table_opened(tables: list[Table]) -> None:
    a = deck(special("posse"))
    default = table(tables, a, top(girlfriend="filler-0#1"))
    assert sorted(opened_plugins(default)) == sorted(["pimp", *(f"pimp.{c}" for c in SPECIALS)])
    bare = table(tables, a, top(girlfriend="filler-0#1"), extensions=NONE)
    assert opened_plugins(bare) == ["pimp"]
    one = table(tables, a, top(girlfriend="filler-0#1"), extensions=["posse"])
    assert opened_plugins(one) == ["pimp", "pimp.posse"]


# -- King of Cool -----------------------------------------------------------------------------------

KINGS = deck(special("king-of-cool", copies=2), SOFTIE)


def kings_with_a_girlfriend(made: list[Table], extensions: list[str] | None = ALL) -> Table:
    """A goes first (Softie, cost 5, beats B's cost-4 girlfriend), plays one King of Cool in
    his first turn and the second in his second; B does nothing."""
    t = table(made, KINGS, top("king-of-cool#1", "king-of-cool#2", girlfriend="softie#1"), extensions=extensions)
    assert t.state.game.first == "A"
    t.play("A", "king-of-cool#1")
    t.end_turn("A")
    t.end_turn("B")
    t.play("A", "king-of-cool#2")
    t.end_turn("A")
    t.end_turn("B")
    t.end_turn("A")
    return t


def test_king_of_cool_adds_two_to_the_two_for_bitches_in_play_and_two_kings_add_four(tables: list[Table]) -> None:
    t = kings_with_a_girlfriend(tables)
    assert dues(t, "A") == [2, 4, 6], "2 for bitches in play; +2 with one King of Cool; +4 with two"
    assert dues(t, "B") == [2, 2, 2], "B played no King of Cool"
    assert t.pimp("A").influence == 20 + 2 + 4 + 6


NO_GIRLFRIEND_KINGS = deck(special("king-of-cool", copies=2), special("posse"))


def test_king_of_cool_gives_two_without_bitches_in_play(tables: list[Table]) -> None:
    # A turns up Posse for his girlfriend: not a bitch, so B (who turned up one) goes first
    # and A has no bitch in play.
    t = table(tables, NO_GIRLFRIEND_KINGS, top("king-of-cool#1", "king-of-cool#2", girlfriend="posse#1"))
    assert t.state.game.first == "B" and not t.state.game.in_play("A")
    t.end_turn("B")
    t.play("A", "king-of-cool#1")
    t.end_turn("A")
    t.end_turn("B")
    t.end_turn("A")
    assert dues(t, "A") == [0, 2], "no bitches: nothing, then 2 for the King of Cool alone"
    assert t.pimp("A").influence == 22


def test_two_kings_of_cool_without_bitches_give_four(tables: list[Table]) -> None:
    t = table(tables, NO_GIRLFRIEND_KINGS, top("king-of-cool#1", "king-of-cool#2", girlfriend="posse#1"))
    assert not t.state.game.in_play("A")
    t.end_turn("B")
    t.play("A", "king-of-cool#1")
    t.play("A", "king-of-cool#2")
    t.end_turn("A")
    t.end_turn("B")
    t.end_turn("A")
    assert dues(t, "A") == [0, 4], "cumulative: two Kings of Cool give an extra 4"
    assert t.pimp("A").influence == 24


def test_king_of_cool_without_bitches_gives_nothing_without_its_plugin(tables: list[Table]) -> None:
    t = table(tables, NO_GIRLFRIEND_KINGS, top("king-of-cool#1", girlfriend="posse#1"), extensions=NONE)
    t.end_turn("B")
    t.play("A", "king-of-cool#1")
    t.end_turn("A")
    t.end_turn("B")
    t.end_turn("A")
    assert dues(t, "A") == [0, 0]
    assert t.pimp("A").influence == 20


def test_king_of_cool_has_no_effect_without_its_plugin(tables: list[Table]) -> None:
    t = kings_with_a_girlfriend(tables, extensions=NONE)
    assert [t.state.game.cards[c].special for c in t.pimp("A").specials] == ["king-of-cool", "king-of-cool"]
    assert dues(t, "A") == [2, 2, 2], "the cards lie face up, but only the usual 2 for bitches in play"


def test_king_of_cool_only_counts_for_the_pimp_who_played_it(tables: list[Table]) -> None:
    t = kings_with_a_girlfriend(tables)
    assert dues(t, "B") == [2, 2, 2]


# -- Tame Shrink ------------------------------------------------------------------------------------

SHRINK = deck(special("tame-shrink"), SOFTIE)


def shrink_table(made: list[Table], *, dice: Sequence[int] = (), extensions: list[str] | None = ALL, play: bool = True) -> Table:
    """A (Softie, fight 1) goes first, plays Tame Shrink and puts Softie in the street; B's
    girlfriend is a Brawler (fight 10)."""
    t = table(
        made,
        SHRINK,
        top("tame-shrink#1", girlfriend="softie#1"),
        deck(BRAWLER),
        top(girlfriend="brawler#1"),
        dice=dice,
        extensions=extensions,
    )
    assert t.state.game.first == "A"
    if play:
        t.play("A", "tame-shrink#1")
    t.do("A", do="to-street", card="A/softie#1")
    return t


def retired_to(t: Table, card: str) -> tuple[str, str]:
    [event] = t.events("BitchRetired", pimp=card.split("/")[0])
    assert event["card"]["id"] == card
    return event["to"], event["reason"]


def beaten_in_the_street(made: list[Table], **kwargs: Any) -> Table:
    t = shrink_table(made, **kwargs)
    t.end_turn("A")
    t.do("B", do="to-street", card="B/brawler#1")
    t.do("B", do="attack-street", target="A/softie#1", attackers=["B/brawler#1"])
    [ended] = t.events("CombatEnded")
    assert ended["retired"] == ["A/softie#1"], "Brawler 10 beats Softie 1 + 1; Softie's 1 does not beat Brawler's 10"
    return t


def test_tame_shrink_puts_a_bitch_beaten_in_combat_back_into_the_hand(tables: list[Table]) -> None:
    t = beaten_in_the_street(tables)
    assert retired_to(t, "A/softie#1") == ("hand", "retired hurt after combat")
    a = t.pimp("A")
    assert "A/softie#1" in a.hand and "A/softie#1" not in a.retired + a.street + a.pad


def test_tame_shrink_saves_an_attacker_hit_by_the_counter_attack(tables: list[Table]) -> None:
    t = shrink_table(tables)
    t.end_turn("A")
    t.do("B", do="to-street", card="B/brawler#1")
    t.end_turn("B")
    t.do("A", do="attack-street", target="B/brawler#1", attackers=["A/softie#1"])
    assert retired_to(t, "A/softie#1")[0] == "hand"
    assert "A/softie#1" in t.pimp("A").hand


def test_tame_shrink_puts_a_bitch_beaten_by_a_psycho_punter_back_into_the_hand(tables: list[Table]) -> None:
    # d100 9|1 = 91: psycho punter; his fight d10 = 10 beats Softie's 1 + 1 in the street.
    t = shrink_table(tables, dice=[9, 1, 10])
    t.do("A", do="solicit", card="A/softie#1")
    [rolled] = t.events("SolicitationRolled")
    assert rolled["result"] == "psycho-punter"
    assert t.events("PsychoPunterRolled")[0]["controller"] == "B", "the player to the left controls the punter"
    assert retired_to(t, "A/softie#1") == ("hand", "beaten by a psycho punter")
    assert "A/softie#1" in t.pimp("A").hand


@pytest.mark.parametrize(("dice", "encounter"), [([9, 6], "moral-crackdown"), ([9, 8], "runaway")])
def test_tame_shrink_cannot_help_after_a_moral_crackdown_or_a_runaway(tables: list[Table], dice: list[int], encounter: str) -> None:
    t = shrink_table(tables, dice=dice)
    t.do("A", do="solicit", card="A/softie#1")
    assert t.events("SolicitationRolled")[0]["result"] == encounter
    to, _reason = retired_to(t, "A/softie#1")
    assert to == "retired"
    assert "A/softie#1" in t.pimp("A").retired and "A/softie#1" not in t.pimp("A").hand


@pytest.mark.parametrize("how", ["combat", "psycho punter"])
def test_a_bitch_beaten_without_tame_shrink_is_retired(tables: list[Table], how: str) -> None:
    """Tame Shrink not played, and Tame Shrink played at a table without its plugin."""
    for extensions, play in ((ALL, False), (NONE, True)):
        if how == "combat":
            t = beaten_in_the_street(tables, extensions=extensions, play=play)
        else:
            t = shrink_table(tables, dice=[9, 1, 10], extensions=extensions, play=play)
            t.do("A", do="solicit", card="A/softie#1")
        assert retired_to(t, "A/softie#1")[0] == "retired"
        assert "A/softie#1" in t.pimp("A").retired


# -- Word on the Streets --------------------------------------------------------------------------------

WORD = deck(special("word-on-the-streets"), SOFTIE, CHEAP, MAID, BRAWLER)
WORD_TOP = top("word-on-the-streets#1", girlfriend="softie#1", rest=["filler-5#1", "cheap#1", "french-maid#1", "brawler#1"])
# A's turn 1 recruits filler-5#1, leaving Cheap, French Maid and Brawler on top of his deck.
TOP_THREE = ["A/cheap#1", "A/french-maid#1", "A/brawler#1"]


def test_word_on_the_streets_is_an_action_to_look_at_and_reorder_the_top_three(tables: list[Table]) -> None:
    t = table(tables, WORD, WORD_TOP)
    assert t.pimp("A").deck[:3] == TOP_THREE
    assert "look-top" not in t.values("A", "do", "do"), "not before the card is in play"
    t.play("A", "word-on-the-streets#1")
    assert "look-top" in t.values("A", "do", "do")
    t.choose("A", "do", do="look-top")
    reorder = t.request("A", "reorder")
    shape = t.fields("A", "reorder")["order"]
    assert isinstance(shape, Order) and [o.value for o in shape.options] == TOP_THREE, "the top three, in any order"
    assert reorder.seat == "A"
    new = ["A/brawler#1", "A/cheap#1", "A/french-maid#1"]
    t.choose("A", "reorder", order=new)
    assert t.pimp("A").deck[:3] == new
    assert [e["action"] for e in t.events("ActionBegan", pimp="A")] == ["special", "look-top"], "it takes one of the four actions"
    assert t.events("ActionBegan", pimp="A")[-1]["number"] == 2
    assert len(t.pimp("A").deck) == 40 - 5 - 1 - 1 - 0, "no card left the deck"
    t.end_turn("A")
    t.end_turn("B")
    drawn = t.events("CardDrawn", pimp="A", reason="recruitment")
    assert drawn[-1]["card"] == "A/brawler#1", "the new top card is the one drawn next"
    assert t.pimp("A").deck[:2] == ["A/cheap#1", "A/french-maid#1"]


def test_only_the_pimp_sees_the_cards_he_reorders(tables: list[Table]) -> None:
    t = table(tables, WORD, WORD_TOP)
    t.play("A", "word-on-the-streets#1")
    t.choose("A", "do", do="look-top")
    assert not [r for r in t.referee.requests(t.id) if r.action == "reorder" and r.seat != "A"]
    assert t.referee.view(t.id, "B")["requests"] == [], "B is shown no request of A's"
    t.choose("A", "reorder", order=list(reversed(TOP_THREE)))
    theirs = {p["name"]: p for p in t.referee.view(t.id, "B")["view"]["pimps"]}["A"]
    assert theirs["deck"] == len(t.pimp("A").deck), "B sees how many cards A's deck holds, nothing more"
    mine = {p["name"]: p for p in t.referee.view(t.id, "A")["view"]["pimps"]}["A"]
    assert mine["deck"] == theirs["deck"]
    for seat, readable in (("A", True), ("B", False)):
        lines = [json.loads(line) for line in t.referee.export(t.id, seat).splitlines()]
        [reordered] = [e for e in lines if e["type"] == "pimp.CardsReordered"]
        assert (reordered.get("event") is not None) is readable
        if readable:
            assert reordered["event"]["cards"] == list(reversed(TOP_THREE))


def test_word_on_the_streets_is_no_action_without_its_plugin(tables: list[Table]) -> None:
    t = table(tables, WORD, WORD_TOP, extensions=NONE)
    t.play("A", "word-on-the-streets#1")
    assert "A/word-on-the-streets#1" in t.pimp("A").specials
    assert "look-top" not in t.values("A", "do", "do")


# -- Posse ------------------------------------------------------------------------------------------------

POSSE = deck(special("posse"), SOFTIE)


def slots_offered(t: Table) -> list[int | None]:
    t.choose("A", "do", do="edge")
    slot = t.fields("A", "slot")["slot"]
    return [*range(slot.min, slot.max + 1), *([None] if slot.optional else [])]


def test_posse_gives_five_edge_slots_used_like_the_others(tables: list[Table]) -> None:
    # Turn 2: Softie solicits: d100 1|10 = 10, standard; punters d10 1 = one punter.
    t = table(tables, POSSE, top("posse#1", girlfriend="softie#1"), dice=[1, 10, 1])
    t.play("A", "posse#1")
    assert slots_offered(t) == [1, 2, 3, 4, 5, None]
    fifth = t.pimp("A").deck[0]
    t.choose("A", "slot", slot=5)
    t.choose("A", "do", do="edge")
    fourth = t.pimp("A").deck[0]
    t.choose("A", "slot", slot=4)
    t.choose("A", "do", do="edge")
    first = t.pimp("A").deck[0]
    t.choose("A", "slot", slot=1)
    assert t.pimp("A").edges == [first, None, None, fourth, fifth]
    theirs = {p["name"]: p for p in t.referee.view(t.id, "B")["view"]["pimps"]}["A"]
    assert theirs["edges"] == 3, "face down: B sees three filled slots, not the cards"
    t.end_turn("A")
    t.end_turn("B")
    t.do("A", do="to-street", card="A/softie#1")
    t.choose("A", "do", do="solicit", card="A/softie#1")
    assert "edge" in t.values("A", "draw", "from")
    assert t.fields("A", "draw")["slot"].max == 5
    t.choose("A", "draw", **{"from": "edge", "slot": 5})
    [power] = t.events("PowerCardDrawn", pimp="A")
    assert (power["source"], power["card"]["id"]) == ("edge 5", fifth)
    assert t.pimp("A").edges[4] is None and t.pimp("A").deck[-1] == fifth, "a power card goes to the bottom of the deck"


@pytest.mark.parametrize(
    ("extensions", "slots"),
    [(["posse"], [1, 2, 3, 4, 5, None]), (sorted(set(SPECIALS) - {"posse"}), [1, 2, 3, None])],
    ids=["posse alone", "every card but posse"],
)
def test_posse_is_its_own_plugin(tables: list[Table], extensions: list[str], slots: list[int | None]) -> None:
    t = table(tables, POSSE, top("posse#1", girlfriend="softie#1"), extensions=extensions)
    t.play("A", "posse#1")
    assert slots_offered(t) == slots


@pytest.mark.parametrize(("extensions", "play"), [(ALL, False), (NONE, True)], ids=["not played", "no plugin"])
def test_three_edge_slots_without_posse(tables: list[Table], extensions: list[str] | None, play: bool) -> None:
    t = table(tables, POSSE, top("posse#1", girlfriend="softie#1"), extensions=extensions)
    if play:
        t.play("A", "posse#1")
    assert slots_offered(t) == [1, 2, 3, None]


# -- Bitch Magnet -------------------------------------------------------------------------------------------

MAGNET = deck(special("bitch-magnet"), SOFTIE)


def hand_after_retirement(t: Table) -> list[tuple[int, int]]:
    """(A's hand, cards discarded so far) after each of A's next three Retirement phases."""
    sizes = []
    for _ in range(3):
        t.end_turn("B")
        t.do("A", do="end")
        asked = [r for r in t.referee.requests(t.id) if r.seat == "A" and r.action == "discard"]
        if asked:
            assert len(t.pimp("A").hand) == 8
            assert "hand limit 7" in asked[0].prompt
            t.choose("A", "discard")
        sizes.append((len(t.pimp("A").hand), len(t.events("CardDiscarded", pimp="A"))))
    return sizes


def test_bitch_magnet_raises_the_hand_limit_to_seven(tables: list[Table]) -> None:
    t = table(tables, MAGNET, top("bitch-magnet#1", girlfriend="softie#1"))
    t.play("A", "bitch-magnet#1")
    t.end_turn("A")
    assert len(t.pimp("A").hand) == 5
    assert hand_after_retirement(t) == [(6, 0), (7, 0), (7, 1)], "6 and 7 are kept; 8 is one too many"


@pytest.mark.parametrize(("extensions", "play"), [(ALL, False), (NONE, True)], ids=["not played", "no plugin"])
def test_the_hand_limit_is_five_without_bitch_magnet(tables: list[Table], extensions: list[str] | None, play: bool) -> None:
    t = table(tables, MAGNET, top("bitch-magnet#1", girlfriend="softie#1"), extensions=extensions)
    if play:
        t.play("A", "bitch-magnet#1")
    t.end_turn("A")
    t.end_turn("B")
    t.do("A", do="end")
    [asked] = [r for r in t.referee.requests(t.id) if r.seat == "A" and r.action == "discard"]
    assert "hand limit 5" in asked.prompt
    assert len(t.pimp("A").hand) == 6


# -- Charisma ---------------------------------------------------------------------------------------------------

CHARM = deck(special("charisma", copies=2), CANDY, MAID, CHEAP, SOFTIE)
CHARM_TOP = top("charisma#1", "charisma#2", "candy", "french-maid#1", "cheap#1", girlfriend="softie#1")


def brought(t: Table, card: str) -> tuple[int, int]:
    """(the cost recorded, the influence it took) for bringing ``card`` into play."""
    [event] = [e for e in t.events("BitchBroughtIntoPlay") if e["card"]["id"] == card]
    [paid] = [e for e in t.events("InfluenceChanged", pimp=event["pimp"]) if e["reason"] == f"brought {event['card']['name']} into play"]
    return event["cost"], -paid["change"]


def test_charisma_reduces_the_cost_of_bringing_a_bitch_into_play_by_one_per_card(tables: list[Table]) -> None:
    t = table(tables, CHARM, CHARM_TOP)
    t.play("A", "charisma#1")
    [label] = [o.label for o in t.fields("A")["card"].options if o.value == "A/candy"]
    assert "cost 8" in label
    t.do("A", do="bring", card="A/candy")
    assert brought(t, "A/candy") == (8, 8), "Candy costs 9, less 1"
    assert t.pimp("A").influence == 20 + 2 - 8
    t.end_turn("A")
    t.end_turn("B")
    t.play("A", "charisma#2")
    t.do("A", do="bring", card="A/french-maid#1")
    assert brought(t, "A/french-maid#1") == (4, 4), "cumulative: the Maid costs 6, less 2"
    assert t.pimp("A").influence == 20 + 2 - 8 + 2 - 4


def test_charisma_never_makes_a_bitch_pay_influence_back(tables: list[Table]) -> None:
    t = table(tables, CHARM, CHARM_TOP)
    t.play("A", "charisma#1")
    t.play("A", "charisma#2")
    before = t.pimp("A").influence
    t.do("A", do="bring", card="A/cheap#1")
    [event] = t.events("BitchBroughtIntoPlay")
    assert event["cost"] == 0, "cost 1, less 2: nothing"
    assert t.pimp("A").influence == before


def test_charisma_counts_when_an_escort_is_won_in_an_influence_test(tables: list[Table]) -> None:
    # B's girlfriend is his own Candy (cost 9, so B goes first); A brings his Candy: an influence test.
    t = table(tables, CHARM, CHARM_TOP, deck(CANDY), top(girlfriend="candy"))
    assert t.state.game.first == "B"
    t.end_turn("B")
    t.play("A", "charisma#1")
    t.choose("A", "do", do="bring", card="A/candy")
    assert t.events("InfluenceTestBegan")
    assert t.fields("A", "bid")["tokens"].max == 22 - 8, "A may bid only what leaves them her (reduced) cost"
    t.choose("A", "bid", tokens=1)
    t.choose("B", "bid", tokens=0)
    t.no_power_cards()
    [decided] = t.events("InfluenceTestDecided")
    assert decided["winner"] == "A"
    assert brought(t, "A/candy") == (8, 8)
    assert t.pimp("A").influence == 22 - 1 - 8


def test_charisma_has_no_effect_without_its_plugin(tables: list[Table]) -> None:
    t = table(tables, CHARM, CHARM_TOP, extensions=NONE)
    t.play("A", "charisma#1")
    t.do("A", do="bring", card="A/candy")
    assert brought(t, "A/candy") == (9, 9)


def test_word_on_the_streets_answer_is_seen_by_its_pimp_alone():
    """Word on the Streets: the new order of a face-down deck leaks through no entry, not even the answer."""
    from referee import load_jsonl

    t = Table(WORD, WORD_TOP)
    t.play("A", "word-on-the-streets#1")
    t.choose("A", "do", do="look-top")
    order = ["A/brawler#1", "A/cheap#1", "A/french-maid#1"]
    t.choose("A", "reorder", order=order)
    seen_by_b = load_jsonl(t.referee.export(t.id, "B").splitlines())
    public_answers = [e for e in seen_by_b if e.type == "referee.ActionTaken" and e.event is not None]
    assert not any(card in str(e.event) for e in public_answers for card in order)
    assert [e for e in seen_by_b if e.type == "referee.ActionTaken" and e.seat == "A"][-1].event is None


def test_a_house_rule_replaces_the_solicitation_sheet():
    """pimp_solicitation_sheet: a house rule's own Solicitation Sheet, validated on load, is what the table rolls on."""
    import referee_pimp.solicitation as solicitation
    from referee import MEMORY, Extension, Referee, Registry, TableStore, hookimpl

    dearer = solicitation.load(solicitation.SHEET_FILE.read_text(encoding="utf-8").replace("price = 4\n", "price = 5\n", 1))

    class DearerStandard:
        @hookimpl
        def pimp_solicitation_sheet(self, sheet):
            return dearer

    class Offer:
        @hookimpl
        def referee_extensions(self):
            return [Extension(name="dearer", game="pimp", title="Dearer standard punters", plugin=DearerStandard())]

    app = Referee(registry=Registry([Offer()]), store=TableStore(MEMORY))
    table = app.open("pimp", ["A", "B"], seed="s", extensions=["dearer"])
    assert app.rules(table).hook.pimp_solicitation_sheet(sheet=solicitation.SHEET).lookup(1).price == 5
    plain = app.open("pimp", ["A", "B"], seed="s", extensions=[])
    assert app.rules(plain).hook.pimp_solicitation_sheet(sheet=solicitation.SHEET) is None
    assert solicitation.SHEET.lookup(1).price == 4
