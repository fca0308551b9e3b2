"""Cash'n'Guns's ten special powers, each tested against what its card says.

Each power is a plugin of kind "power", on by default.  A table here plays with the powers
it names when it opens; the kernel's script fixes the loot (a shuffle of the 40 notes,
sorted ascending: 0-14 are $5,000, 15-29 $10,000, 30-39 $20,000) and then the deal (a
shuffle of the enabled powers sorted by name, seat i getting ``sorted[perm[i]]``).

For every power the tests check what it does, when it is revealed, and that until then
no other seat (nor a spectator) can see it, in the view or in the seat's export.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, ClassVar

import msgspec
import pytest

import referee_cashnguns
from referee import MEMORY, Entry, IllegalAction, Pick, Referee, Registry, TableStore, answers, replay
from referee.scenario import load_scenario, run_scenario
from referee_cashnguns.powers import POWERS

SEATS = ["A", "B", "C", "D"]
LOOT = list(range(40))
"""The loot in ascending order: rounds 1-3 turn up five $5,000 notes each, rounds 4-6
five $10,000 notes, rounds 7-8 five $20,000 notes (the last round takes the first
$20,000 notes left)."""

SCENARIO_DIR = Path(referee_cashnguns.__file__).parent / "scenarios"
POWER_SCENARIOS = sorted(SCENARIO_DIR.glob("power-*.toml"))


@pytest.fixture(scope="module")
def registry() -> Registry:
    return Registry()


@pytest.fixture(autouse=True)
def every_table_verifies():
    """Every game a test plays verifies, and replays to the live state, when the test ends."""
    Table.made = []
    yield
    for table in Table.made:
        table.assert_log_holds()


# --- a table driven from the outside, like a hot-seat terminal ---------------------------


class Table:
    """One in-memory table and the moves of the test, with checks on what each seat sees."""

    made: ClassVar[list[Table]] = []

    def __init__(
        self,
        registry: Registry,
        powers: Sequence[str] | None,
        perm: Sequence[int] | None = None,
        seats: Sequence[str] = SEATS,
        loot: Sequence[int] = LOOT,
    ) -> None:
        self.registry = registry
        self.seats = list(seats)
        self.ref = Referee(registry=registry, store=TableStore(MEMORY))
        script: list[Any] = [list(loot)]
        if powers or perm is not None:
            script.append(list(perm if perm is not None else range(len(powers or ()))))
        self.id = self.ref.open("cashnguns", self.seats, extensions=powers, script=script)
        Table.made.append(self)

    # reading
    @property
    def game(self) -> Any:
        return self.ref.state(self.id).game

    @property
    def phase(self) -> str | None:
        return self.ref.state(self.id).flow.phase

    @property
    def round(self) -> int:
        return self.ref.state(self.id).flow.round

    @property
    def over(self) -> bool:
        return self.ref.state(self.id).over

    def requests(self, action: str | None = None, seat: str | None = None) -> list[Any]:
        return [r for r in self.ref.requests(self.id) if (action is None or r.action == action) and (seat is None or r.seat == seat)]

    def request(self, rid: str) -> Any:
        found = [r for r in self.ref.requests(self.id) if r.id == rid]
        assert found, f"no open request {rid}; open: {[r.id for r in self.ref.requests(self.id)]}"
        return found[0]

    def offered(self, rid: str) -> dict[str, list[str]]:
        """The values each field of request ``rid`` offers."""
        return offered(self.request(rid))

    def view(self, seat: str | None) -> dict[str, Any]:
        return self.ref.view(self.id, seat)["view"]

    def seen(self, seat: str | None, name: str) -> dict[str, Any]:
        return next(g for g in self.view(seat)["gangsters"] if g["name"] == name)

    def entries(self) -> list[Entry]:
        return self.ref.entries(self.id)

    def export(self, seat: str) -> list[Entry]:
        return [msgspec.json.decode(line, type=Entry) for line in self.ref.export(self.id, seat).splitlines()]

    # acting
    def act(self, seat: str, action: str, args: dict[str, Any], request: str | None = None) -> list[Entry]:
        return self.ref.act(self.id, seat, action, args, request=request)

    def play(
        self,
        cards: dict[str, str] | None = None,
        aims: dict[str, str] | None = None,
        brave: dict[str, bool] | None = None,
        reveal: dict[str, str] | None = None,
        claims: dict[str, dict[str, Any]] | None = None,
        takes: dict[str, dict[str, Any]] | None = None,
        until: str | Callable[[Table], bool] | None = None,
        reloads: dict[str, dict[str, Any]] | None = None,
    ) -> list[Entry]:
        """Answer every request of the current round, and return the entries appended.

        ``cards`` and ``aims`` are by gun (a gun is named after its first owner), the rest by
        gangster; unnamed guns load Click! and aim at the first choice, the unnamed are brave,
        stay down, keep their cards and leave the guns.  ``reveal`` reveals a power with the
        first bullet card; ``reloads`` answers The Specialist's question, by gangster.
        ``until`` (a phase, or a test of the table) stops before answering anything more.
        Every answer must fit the request's answer shape: one that does not fails the test.
        """
        cards, aims, brave, reveal = cards or {}, aims or {}, brave or {}, reveal or {}
        claims, takes = claims or {}, takes or {}
        start, number = len(self.entries()), self.round
        while not self.over and self.round == number:
            if until is not None and (self.phase == until if isinstance(until, str) else until(self)):
                break
            open_requests = self.ref.requests(self.id)
            assert open_requests, f"round {number}: nobody is asked anything in phase {self.phase}"
            request = open_requests[0]
            seat, gun = request.seat, request.id.rsplit(".", 1)[1]
            values = offered(request)
            if request.action == "bullet":
                card = cards.get(gun, "click" if "click" in values["card"] else values["card"][0])
                power = reveal.get(seat) if gun == seat else None
                if power and power in values.get("reveal", []):
                    args: dict[str, Any] = {"reveal": power} if power == "the-cunning" else {"card": card, "reveal": power}
                else:
                    args = {"card": card}
            elif request.action == "aim":
                args = {"target": aims.get(gun, values["target"][0])}
            elif request.action == "nerve":
                args = {"nerve": "stay-in" if brave.get(seat, True) else "back-down"}
            elif request.action == "claim":
                args = claims.get(seat, {"claim": "stay-down"})
            elif request.action == "reload":
                args = (reloads or {}).get(seat, {})
            else:
                args = takes.get(seat, {})
            assert request.answer is not None
            answers.validate(request.answer, args)
            self.act(seat, request.action, args, request=request.id)
        return self.entries()[start:]

    def quiet(self, coward: str, **others: Any) -> list[Entry]:
        """A round where ``coward`` backs down and every gun points at him: nobody is hurt."""
        living = [n for n, g in self.game.gangsters.items() if g.alive]
        aims = {gun.id: coward for gun in self.game.guns.values() if gun.owner in living and gun.owner != coward}
        return self.play(aims=aims, brave={coward: False}, **others)

    def finish(self, coward: str) -> list[Entry]:
        """Quiet rounds to the end of the game; returns the last round's entries."""
        last: list[Entry] = []
        while not self.over:
            last = self.quiet(coward)
        return last

    # checking
    def assert_hidden(self, holder: str, power: str) -> None:
        """``holder``'s power is seen by ``holder`` alone: not in another seat's view, nor export."""
        assert not self.game.gangsters[holder].revealed
        mine = self.seen(holder, holder)
        assert (mine["power"], mine["power_revealed"]) == (power, False)
        for seat in [s for s in self.seats if s != holder] + [None]:
            theirs = self.seen(seat, holder)
            assert (theirs["power"], theirs["power_revealed"]) == (None, False), f"{seat} sees {holder}'s power"
            if seat is None:
                continue
            for e in self.export(seat):
                if e.event is not None and e.event.get("gangster") == holder:
                    assert e.type not in ("cashnguns.PowerDealt", "cashnguns.PowerRevealed"), f"{seat}'s export shows {e}"
                assert e.event is None or power not in str(e.event.get("request", "")), f"{seat}'s export shows {e}"

    def assert_revealed(self, holder: str, power: str) -> None:
        for seat in [*self.seats, None]:
            theirs = self.seen(seat, holder)
            assert (theirs["power"], theirs["power_revealed"]) == (power, True), f"{seat} does not see {holder}'s {power}"

    def assert_log_holds(self) -> None:
        entries = self.entries()
        verdict = self.ref.audit.verify_table(self.id)
        assert verdict.ok, verdict.message
        _rules, state = replay(self.registry, entries)
        assert state.game == self.game


def tag(kind: str) -> str:
    """``PotSplit`` -> ``cashnguns.PotSplit``; ``the-insane.GrenadeExploded`` -> ``cashnguns.the-insane.GrenadeExploded``."""
    return kind if kind.startswith(("referee.", "cashnguns.")) else f"cashnguns.{kind}"


def of(entries: Sequence[Entry], kind: str, **fields: Any) -> list[dict[str, Any]]:
    """Bodies of the entries of type ``cashnguns.<kind>`` (or a full tag) whose fields match."""
    tag_ = tag(kind)
    return [e.event for e in entries if e.type == tag_ and e.event is not None and all(e.event.get(k) == v for k, v in fields.items())]


def position(entries: Sequence[Entry], kind: str, **fields: Any) -> int:
    tag_ = tag(kind)
    for i, e in enumerate(entries):
        if e.type == tag_ and e.event is not None and all(e.event.get(k) == v for k, v in fields.items()):
            return i
    raise AssertionError(f"no {tag_} {fields}")


def requests_seen_of(table: Table, seat: str, holder: str) -> list[Entry]:
    """The requests of ``holder`` whose body ``seat``'s export shows."""
    return [e for e in table.export(seat) if e.type == "referee.RequestOpened" and e.event and e.event["request"]["seat"] == holder]


def revealed_in(entries: Sequence[Entry], gangster: str) -> list[str]:
    return [e["power"] for e in of(entries, "PowerRevealed", gangster=gangster)]


def kill_d(table: Table, takes: dict[str, dict[str, Any]] | None = None) -> list[Entry]:
    """Rounds 1-2: B and C shoot D with both their Bang! cards; D dies in round 2."""
    table.play(cards={"B": "bang", "C": "bang"}, aims={"A": "B", "B": "D", "C": "D", "D": "A"})
    return table.play(cards={"C": "bang"}, aims={"A": "B", "B": "C", "C": "D", "D": "A"}, takes=takes)


# --- the powers as plugins --------------------------------------------------------------


def test_the_ten_powers_are_power_extensions_on_by_default(registry):
    """Special powers: "Each player gets one random special power" -- a new table deals them
    unless told otherwise (changed: the powers used to be off by default)."""
    found = {e.name: e for e in registry.extensions_of("cashnguns")}
    assert set(POWERS) <= set(found)
    for name, title in POWERS.items():
        assert (found[name].kind, found[name].default, found[name].title) == ("power", True, title)
    assert list(POWERS) == [
        "six-feet-under",
        "the-unbreakable",
        "you-dont-need-it-anymore",
        "dragon-skin",
        "the-insane",
        "the-kid",
        "the-cunning",
        "super-coward",
        "the-specialist",
        "it-doesnt-even-hurt",
    ], "numbered as in the rulebook, 1-10"


def test_table_opened_records_every_power_plugin(registry):
    everything = Table(registry, sorted(POWERS), perm=[3, 1, 4, 0, 9, 7, 2, 8, 6, 5])
    opened = everything.entries()[0]
    assert opened.type == "referee.TableOpened"
    names = [p["name"] for p in opened.event["plugins"]]
    assert names[0] == "cashnguns"
    assert sorted(names[1:]) == sorted(f"cashnguns.{p}" for p in POWERS)
    assert all(p["distribution"] == "referee-cashnguns" for p in opened.event["plugins"])
    one = Table(registry, ["the-kid"])
    assert [p["name"] for p in one.entries()[0].event["plugins"]] == ["cashnguns", "cashnguns.the-kid"]
    none = Table(registry, [])
    assert [p["name"] for p in none.entries()[0].event["plugins"]] == ["cashnguns"]
    default = Table(registry, None, perm=list(range(10)))
    assert sorted(p["name"] for p in default.entries()[0].event["plugins"]) == sorted(names)
    assert all(g.power for g in default.game.gangsters.values()), "each player gets one random special power"


def test_the_deal_follows_the_script_and_each_power_is_seen_by_its_holder_alone(registry):
    seats = ["A", "B", "C", "D", "E", "F"]
    perm = [3, 1, 4, 0, 9, 7, 2, 8, 6, 5]
    table = Table(registry, sorted(POWERS), perm=perm, seats=seats)
    ordered = sorted(POWERS)
    dealt = {e.event["gangster"]: e.event["power"] for e in table.entries() if e.type == "cashnguns.PowerDealt"}
    assert dealt == {seat: ordered[perm[i]] for i, seat in enumerate(seats)}
    for e in table.entries():
        if e.type == "cashnguns.PowerDealt":
            assert e.visible_to == [e.event["gangster"]]
        if e.type == "referee.RandomDrawn" and e.event["purpose"].startswith("special powers"):
            assert e.visible_to == [], "the deal's order would show every power"
    for seat in seats:
        table.assert_hidden(seat, dealt[seat])
    # Fewer powers than seats: the first seats get one each, the others none.
    two = Table(registry, ["the-kid", "dragon-skin"], perm=[1, 0])
    assert [g.power for g in two.game.gangsters.values()] == ["the-kid", "dragon-skin", None, None]


def offered(request: Any) -> dict[str, list[str]]:
    """The values each Pick field of ``request`` offers (a flag offers none)."""
    return {name: [o.value for o in shape.options] for name, shape in request.answer.items() if isinstance(shape, Pick)}


def test_a_table_without_powers_deals_none_and_never_asks_claim_or_take_gun(registry):
    """The basic game (``extensions=[]``): no power dealt, no power offered, no claim, reload
    or gun step, ever, whichever bots play."""
    for bots in ("heuristic", "random"):
        ref = Referee(registry=registry, store=TableStore(MEMORY))
        table = ref.open("cashnguns", ["A", "B", "C", "D", "E"], extensions=[], seed="no powers", options={"bots": bots})
        ref.bots.play(table, ["A", "B", "C", "D", "E"])
        entries = ref.entries(table)
        assert ref.state(table).over
        assert not [e for e in entries if e.type in ("cashnguns.PowerDealt", "cashnguns.PowerRevealed")]
        asked = [e.event["request"] for e in entries if e.type == "referee.RequestOpened"]
        assert {r["action"] for r in asked} == {"bullet", "aim", "nerve"}
        assert not [r for r in asked if "reveal" in r["answer"]]
        assert all(g.power is None for g in ref.state(table).game.gangsters.values())
        assert [p.name for p in ref.state(table).plugins] == ["cashnguns"]
        assert [e.event["bonus"] for e in entries if e.type == "cashnguns.MoneyCounted"] == [0] * 5
        assert ref.audit.verify_table(table).ok


# --- 1. Six Feet Under -----------------------------------------------------------------


def test_six_feet_under_pays_10000_per_dead_gangster_revealed_at_the_end(registry):
    """ "At the end, $10,000 for each dead gangster.  Revealed at the end."

    D dies in round 1, B and C in round 3 (Bang! Bang! Bang! cards fire first, and both
    hit), so A is the last living gangster and the game ends after round 3.
    """
    table = Table(registry, ["six-feet-under"])
    table.play(cards={"A": "bang", "B": "bang", "C": "bang", "D": "bang"}, aims={"A": "D", "B": "D", "C": "D", "D": "B"})
    assert not table.game.gangsters["D"].alive
    table.assert_hidden("A", "six-feet-under")
    table.play(cards={"A": "bang", "B": "bang", "C": "bang"}, aims={"A": "C", "B": "C", "C": "B"})
    table.assert_hidden("A", "six-feet-under")
    last = table.play(cards={"A": "bbb", "C": "bbb"}, aims={"A": "C", "B": "C", "C": "B"})
    assert table.over
    assert [g for g, x in table.game.gangsters.items() if x.alive] == ["A"]
    # Revealed at the end: after the last round, before the money is counted.
    assert revealed_in(last, "A") == ["six-feet-under"]
    assert position(last, "referee.RoundEnded") < position(last, "PowerRevealed") < position(last, "MoneyCounted")
    # Round 1: A and C split $25,000 ($10,000 each, $5,000 waits); rounds 2-3: A alone.
    counted = {e["gangster"]: e for e in of(last, "MoneyCounted")}
    assert counted["A"] == {"gangster": "A", "notes": 65_000, "shame": 0, "bonus": 30_000, "total": 95_000, "alive": True}
    assert [counted[n]["bonus"] for n in "BCD"] == [0, 0, 0]
    table.assert_revealed("A", "six-feet-under")
    table.assert_log_holds()


def test_six_feet_under_with_nobody_dead_pays_nothing_and_is_revealed_at_the_end(registry):
    table = Table(registry, ["six-feet-under"], perm=[0], seats=["B", "A", "C", "D"])
    for _ in range(7):
        table.quiet("C")
        table.assert_hidden("B", "six-feet-under")
    last = table.quiet("C")
    assert table.over and revealed_in(last, "B") == ["six-feet-under"]
    assert of(last, "MoneyCounted", gangster="B")[0]["bonus"] == 0
    table.assert_log_holds()


def test_six_feet_under_does_not_count_its_own_holder(registry):
    """The holder killed: only the other dead count (the holder cannot win anyway)."""
    table = Table(registry, ["six-feet-under"], perm=[0], seats=["D", "A", "B", "C"])
    # D holds it; B and C kill D in rounds 1-2; then A, B, C click to the end.
    kill_d(table)
    last = table.finish("A")
    assert of(last, "MoneyCounted", gangster="D")[0]["bonus"] == 0
    assert revealed_in(last, "D") == ["six-feet-under"]
    table.assert_log_holds()


# --- 2. The Unbreakable ------------------------------------------------------------------


def test_the_unbreakable_survives_the_third_wound_revealing_itself_and_dies_at_the_fourth(registry):
    """ "Dies only at the fourth hit.  Revealed on taking the third hit." """
    table = Table(registry, ["the-unbreakable"])
    first = table.play(cards={"B": "bang", "C": "bang"}, aims={"A": "D", "B": "A", "C": "A", "D": "B"})
    assert of(first, "WoundTaken", gangster="A")[0]["total"] == 2
    assert revealed_in(first, "A") == []
    table.assert_hidden("A", "the-unbreakable")
    third = table.play(cards={"B": "bang"}, aims={"A": "D", "B": "A", "C": "D", "D": "B"})
    assert of(third, "WoundTaken", gangster="A")[0]["total"] == 3
    assert revealed_in(third, "A") == ["the-unbreakable"]
    assert position(third, "WoundTaken", gangster="A") < position(third, "PowerRevealed", gangster="A")
    assert not of(third, "GangsterDied")
    assert table.game.gangsters["A"].alive
    table.assert_revealed("A", "the-unbreakable")
    assert [e.rule for e in table.entries() if e.type == "cashnguns.PowerRevealed"] == ["cashnguns power 2 The Unbreakable"]
    fourth = table.play(cards={"C": "bang"}, aims={"A": "D", "B": "D", "C": "A", "D": "B"})
    assert of(fourth, "WoundTaken", gangster="A")[0]["total"] == 4
    assert of(fourth, "GangsterDied") == [{"gangster": "A", "wounds": 4}]
    assert revealed_in(fourth, "A") == [], "revealed once"
    table.assert_log_holds()


def test_the_unbreakable_two_hits_at_two_wounds_reveal_it_and_kill_at_four(registry):
    table = Table(registry, ["the-unbreakable"])
    table.play(cards={"B": "bang", "C": "bang"}, aims={"A": "D", "B": "A", "C": "A", "D": "B"})
    table.assert_hidden("A", "the-unbreakable")
    both = table.play(cards={"B": "bang", "C": "bang"}, aims={"A": "D", "B": "A", "C": "A", "D": "B"})
    assert of(both, "WoundTaken", gangster="A")[0]["total"] == 4
    assert revealed_in(both, "A") == ["the-unbreakable"]
    assert of(both, "GangsterDied") == [{"gangster": "A", "wounds": 4}]
    table.assert_log_holds()


def test_a_gangster_without_the_unbreakable_dies_at_three(registry):
    table = Table(registry, ["the-unbreakable"])
    died = kill_d(table)
    assert of(died, "GangsterDied") == [{"gangster": "D", "wounds": 3}]
    table.assert_hidden("A", "the-unbreakable")


# --- 3. You Don't Need It Anymore... --------------------------------------------------------


def test_you_dont_need_it_anymore_every_living_gangster_is_asked_when_someone_dies(registry):
    """Being asked reveals nothing: everyone alive gets the same question."""
    table = Table(registry, ["you-dont-need-it-anymore"])
    died = table.play(cards={"B": "bang", "C": "bang"}, aims={"A": "B", "B": "D", "C": "D", "D": "A"})
    assert not table.requests("take-gun")
    died = table.play(cards={"C": "bang"}, aims={"A": "B", "B": "C", "C": "D", "D": "A"}, until="guns")
    assert of(died, "GangsterDied") == [{"gangster": "D", "wounds": 3}]
    asked = {r.seat: r for r in table.requests()}
    assert set(asked) == {"A", "B", "C"} and all(r.action == "take-gun" for r in asked.values())
    assert len({r.prompt.replace(r.seat, "X") for r in asked.values()}) == 1 and all(r.sealed for r in asked.values())
    assert offered(asked["B"]) == {"take": []} == offered(asked["C"])
    assert offered(asked["A"]) == {"take": ["D"]} and asked["A"].answer["take"].optional, "leaving it out leaves the guns"
    table.assert_hidden("A", "you-dont-need-it-anymore")
    for seat in "BC":
        assert not requests_seen_of(table, seat, "A")


def test_you_dont_need_it_anymore_takes_the_gun_and_shoots_with_two_guns(registry):
    """ "May take a dead player's gun and bullets, and from then on use two guns; each gun has
    its own bullets, which may not be mixed.  Revealed when a player dies and the holder wants
    the gun." """
    table = Table(registry, ["you-dont-need-it-anymore"])
    taken = kill_d(table, takes={"A": {"take": "D"}})
    assert revealed_in(taken, "A") == ["you-dont-need-it-anymore"]
    assert of(taken, "you-dont-need-it-anymore.GunTaken") == [{"gangster": "A", "dead": "D", "guns": ["D"]}]
    assert position(taken, "GangsterDied") < position(taken, "PowerRevealed") < position(taken, "you-dont-need-it-anymore.GunTaken")
    table.assert_revealed("A", "you-dont-need-it-anymore")
    assert table.game.guns["D"].owner == "A"
    assert table.seen("B", "A")["guns"] == 2
    # Round 3: two bullet requests, one per gun, each offering that gun's cards only.
    assert table.round == 3
    bullets = {r.id: r for r in table.requests("bullet", "A")}
    assert set(bullets) == {"r3.bullet.A", "r3.bullet.D"}
    # A played Click! twice; D played Click! twice: D's gun still holds its Bang! cards.
    assert table.view("A")["my_guns"] == {
        "A": ["bang", "bang", "bbb", "click", "click", "click"],
        "D": ["bang", "bang", "bbb", "click", "click", "click"],
    }
    with pytest.raises(IllegalAction, match="several"):
        table.act("A", "bullet", {"card": "click"})
    table.act("A", "bullet", {"card": "bbb"}, request="r3.bullet.D")
    table.act("A", "bullet", {"card": "click"}, request="r3.bullet.A")
    assert table.view("A")["my_bullets"] == {"A": "click", "D": "bbb"}
    assert table.view("A")["my_guns"] == {"A": ["bang", "bang", "bbb", "click", "click"], "D": ["bang", "bang", "click", "click", "click"]}
    for seat, card in (("B", "bang"), ("C", "click")):
        assert table.view(seat)["my_bullets"] == {}
        table.act(seat, "bullet", {"card": card})
    # Two aim requests, one per gun.
    assert {r.id for r in table.requests("aim", "A")} == {"r3.aim.A", "r3.aim.D"}
    table.act("A", "aim", {"target": "B"}, request="r3.aim.A")
    table.act("A", "aim", {"target": "C"}, request="r3.aim.D")
    table.act("B", "aim", {"target": "C"})
    shots = table.play(aims={"C": "B"})
    assert of(shots, "TargetsRevealed")[0] == {"targets": {"A": "B", "B": "C", "C": "B", "D": "C"}, "holders": {"D": "A"}}
    assert of(shots, "ShotFired", gun="D") == [{"gun": "D", "gangster": "A", "target": "C", "card": "bbb"}]
    # Worded as the holder's, never as dead D's (changed: "D aims at C" after D died).
    told = [
        table.ref.audit.describe(table.ref.rules(table.id), e)
        for e in shots
        if e.type in ("cashnguns.TargetsRevealed", "cashnguns.ShotFired")
    ]
    assert "A aims D's gun at C" in told[0] and "D aims" not in told[0]
    assert "A shoots C with D's gun" in "\n".join(told) and "D shoots" not in "\n".join(told)
    assert of(shots, "ShotFired", gun="A") == [{"gun": "A", "gangster": "A", "target": "B", "card": "click"}]
    # Bang! Bang! Bang!'s wound comes before the other cards are fired (changed: one WoundTaken of 2).
    assert of(shots, "WoundTaken", gangster="C") == [
        {"gangster": "C", "hits": 1, "wounds": 1, "total": 1},
        {"gangster": "C", "hits": 1, "wounds": 1, "total": 2},
    ]
    assert table.game.gangsters["B"].wounds == 0
    # Round 4: one gun each at C and B.  C dies; one gun in the whole game, so nobody is
    # asked about C's gun.
    table.play(cards={"A": "bang", "D": "bang"}, aims={"A": "C", "D": "B", "B": "C", "C": "B"}, until="nerve")
    shown = table.ref.present(table.id, "B")
    assert shown is not None
    on_b = sorted((a.source, a.label) for a in shown.arrows if a.target == "B")
    assert on_b == [("A", "aims D's gun at"), ("C", "aims at")], "D's gun on B is drawn as A's"
    hand = next(z for z in table.ref.present(table.id, "A").zones if z.role == "hand")
    # D's gun holds Bang! and Click! in hand and a loaded Bang!: its cards are told apart from A's own.
    assert sorted(c.name for c in hand.cards if "D's gun" in c.notes) == ["Bang!", "Bang!", "Click!"]
    died = table.play()
    assert of(died, "GangsterDied") == [{"gangster": "C", "wounds": 3}]
    assert [g.wounds for g in table.game.gangsters.values()] == [0, 1, 3, 3]
    assert all(e["request"]["action"] != "take-gun" for e in of(died, "referee.RequestOpened"))
    # Each gun spent its own cards: never mixed.
    assert table.view("A")["my_guns"] == {"A": ["bang", "bbb", "click", "click"], "D": ["bang", "click", "click", "click"]}
    table.assert_log_holds()


def test_you_dont_need_it_anymore_declining_keeps_it_secret_and_it_may_be_used_later(registry):
    table = Table(registry, ["you-dont-need-it-anymore"])
    declined = kill_d(table)
    assert revealed_in(declined, "A") == [] and not of(declined, "you-dont-need-it-anymore.GunTaken")
    table.assert_hidden("A", "you-dont-need-it-anymore")
    assert table.game.guns["D"].owner == "D"
    assert [r.id for r in table.requests("bullet", "A")] == ["r3.bullet.A"]
    # Round 3-4: B shoots C twice... C dies in round 5 (B's Bang! Bang! Bang!, A's two Bang!).
    table.play(cards={"A": "bang"}, aims={"A": "C", "B": "A", "C": "B"})
    table.play(cards={"A": "bang"}, aims={"A": "C", "B": "A", "C": "B"})
    table.assert_hidden("A", "you-dont-need-it-anymore")
    taken = table.play(
        cards={"B": "bbb"},
        aims={"A": "B", "B": "C", "C": "B"},
        takes={"A": {"take": "C"}},
    )
    assert of(taken, "GangsterDied") == [{"gangster": "C", "wounds": 3}]
    assert of(taken, "you-dont-need-it-anymore.GunTaken") == [{"gangster": "A", "dead": "C", "guns": ["C"]}]
    assert {r.id for r in table.requests("bullet", "A")} == {"r6.bullet.A", "r6.bullet.C"}
    table.assert_log_holds()


def test_you_dont_need_it_anymore_a_gangster_with_two_guns_hit_by_bang_bang_bang_fires_neither(registry):
    table = Table(registry, ["you-dont-need-it-anymore"])
    kill_d(table, takes={"A": {"take": "D"}})
    shots = table.play(cards={"A": "bang", "D": "bang", "B": "bbb"}, aims={"A": "C", "D": "C", "B": "A", "C": "B"})
    assert [e["gun"] for e in of(shots, "ShotFired")] == ["B", "C"]
    discarded = [e.event for e in table.entries()[-len(shots) :] if e.type == "cashnguns.BulletDiscarded" and e.event]
    assert {d["gun"] for d in discarded} == {"A", "D"}
    assert table.game.gangsters["C"].wounds == 0, "neither of A's guns fired"
    assert table.game.gangsters["A"].wounds == 1
    table.assert_log_holds()


def test_you_dont_need_it_anymore_two_guns_back_down_together(registry):
    """A coward with two guns discards both cards; guns pointed at him are lowered."""
    table = Table(registry, ["you-dont-need-it-anymore"])
    kill_d(table, takes={"A": {"take": "D"}})
    down = table.play(cards={"A": "bang", "D": "bbb", "B": "bang"}, aims={"A": "B", "D": "C", "B": "A", "C": "A"}, brave={"A": False})
    assert {e["gun"]: e["card"] for e in of(down, "BulletDiscarded") if e["gangster"] == "A"} == {"A": "bang", "D": "bbb"}
    assert {e["gun"] for e in of(down, "AimLowered")} == {"B", "C"}
    assert not of(down, "ShotFired") and not of(down, "WoundTaken")
    assert of(down, "CowardShamed") == [{"gangster": "A", "shame": 1}]
    assert table.view("A")["my_guns"] == {"A": ["bang", "bbb", "click", "click", "click"], "D": ["bang", "bang", "click", "click", "click"]}
    table.assert_log_holds()


def test_you_dont_need_it_anymore_two_dead_at_once_one_gun_taken(registry):
    """Two gangsters die in one round: the holder may take either gun, not both."""
    table = Table(registry, ["you-dont-need-it-anymore"], seats=["A", "B", "C", "D", "E"])
    table.play(cards={"A": "bang", "B": "bang", "C": "bang", "E": "bang"}, aims={"A": "D", "B": "D", "C": "E", "D": "A", "E": "C"})
    table.play(
        cards={"A": "bang", "B": "bang", "C": "bang", "E": "bang"}, aims={"A": "E", "B": "D", "C": "E", "D": "A", "E": "D"}, until="guns"
    )
    assert {g.name for g in table.game.gangsters.values() if not g.alive} == {"D", "E"}
    assert table.offered("r2.take-gun.A") == {"take": ["D", "E"]}
    taken = table.play(takes={"A": {"take": "E"}})
    assert of(taken, "you-dont-need-it-anymore.GunTaken") == [{"gangster": "A", "dead": "E", "guns": ["E"]}]
    assert (table.game.guns["E"].owner, table.game.guns["D"].owner) == ("A", "D")
    assert {r.id for r in table.requests("bullet", "A")} == {"r3.bullet.A", "r3.bullet.E"}
    table.assert_log_holds()


# --- 4. Dragon Skin ---------------------------------------------------------------------


def test_dragon_skin_never_more_than_one_wound_a_round_revealed_on_several_hits(registry):
    """ "Never takes more than one wound in a round.  Revealed on taking several hits in the same round." """
    table = Table(registry, ["dragon-skin"])
    one = table.play(cards={"B": "bang"}, aims={"A": "D", "B": "A", "C": "D", "D": "B"})
    assert of(one, "WoundTaken", gangster="A") == [{"gangster": "A", "hits": 1, "wounds": 1, "total": 1}]
    assert revealed_in(one, "A") == []
    table.assert_hidden("A", "dragon-skin")
    two = table.play(cards={"C": "bang", "D": "bang"}, aims={"A": "B", "B": "D", "C": "A", "D": "A"})
    assert of(two, "WoundTaken", gangster="A") == [{"gangster": "A", "hits": 2, "wounds": 1, "total": 2}]
    assert revealed_in(two, "A") == ["dragon-skin"]
    assert position(two, "ShotFired", target="A") < position(two, "PowerRevealed") < position(two, "WoundTaken", gangster="A")
    table.assert_revealed("A", "dragon-skin")
    three = table.play(cards={"B": "bbb", "C": "bbb", "D": "bang"}, aims={"A": "B", "B": "A", "C": "A", "D": "A"})
    # Bang! Bang! Bang!s first (two hits, one wound), then D's Bang!: a hit, no more wound.
    assert of(three, "WoundTaken", gangster="A") == [
        {"gangster": "A", "hits": 2, "wounds": 1, "total": 3},
        {"gangster": "A", "hits": 1, "wounds": 0, "total": 3},
    ]
    assert revealed_in(three, "A") == []
    assert of(three, "GangsterDied") == [{"gangster": "A", "wounds": 3}]
    table.assert_log_holds()


def test_dragon_skin_does_not_help_others(registry):
    table = Table(registry, ["dragon-skin"])
    hit = table.play(cards={"A": "bang", "C": "bang"}, aims={"A": "D", "B": "A", "C": "D", "D": "B"})
    assert of(hit, "WoundTaken", gangster="D") == [{"gangster": "D", "hits": 2, "wounds": 2, "total": 2}]
    table.assert_hidden("A", "dragon-skin")


# --- 5. The Insane -----------------------------------------------------------------------


def test_the_insane_is_revealed_with_a_bullet_card(registry):
    """ "Revealed at the start of some round (before the withdraw decision)": with the bullet
    card, or with the nerve answer (test_cashnguns_reveal_timing.py)."""
    table = Table(registry, ["the-insane"])
    assert table.offered("r1.bullet.A") == {"card": ["click", "bang", "bbb"], "reveal": ["the-insane"]}
    assert not table.request("r1.bullet.A").answer["card"].optional, "the grenade is revealed with a bullet card"
    for seat in "BCD":
        assert table.offered(f"r1.bullet.{seat}") == {"card": ["click", "bang", "bbb"]}
    table.play(until="nerve")
    assert table.offered("r1.nerve.A") == {"nerve": ["stay-in", "back-down"], "reveal": ["the-insane"]}, "still offered until the nerve"
    table.assert_hidden("A", "the-insane")
    table.play()
    # Round 2: revealed with a bullet card, at once, while the others still choose theirs.
    shown = table.act("A", "bullet", {"card": "click", "reveal": "the-insane"})
    assert revealed_in(shown, "A") == ["the-insane"]
    assert table.phase == "bullets" and {r.seat for r in table.requests("bullet")} == {"B", "C", "D"}
    table.assert_revealed("A", "the-insane")
    assert table.view("B")["my_bullets"] == {} and table.view("A")["my_bullets"] == {"A": "click"}
    table.play()
    assert "reveal" not in table.offered("r3.bullet.A"), "revealed once"


def test_the_insane_grenade_wounds_everyone_standing_and_ends_the_round(registry):
    """ "The next time the holder is wounded, everyone standing is wounded too, and the round
    ends there.  The grenade is single use." """
    table = Table(registry, ["the-insane"])
    first = table.play(reveal={"A": "the-insane"})
    assert revealed_in(first, "A") == ["the-insane"]
    assert not of(first, "the-insane.GrenadeExploded"), "nobody wounded A"
    assert of(first, "PotSplit")[0]["share"] == 5_000
    pot_before = sorted(table.game.pot)  # round 2's pot: $5,000 left from round 1 and five new notes
    # Round 2: B shoots A, C shoots D.  A's wound sets the grenade off: B and C, still standing,
    # are wounded too; D, hit anyway, takes his own wound only.  No split: the pot waits.
    boom = table.play(cards={"B": "bang", "C": "bang"}, aims={"A": "B", "B": "A", "C": "D", "D": "C"})
    assert of(boom, "the-insane.GrenadeExploded") == [{"gangster": "A", "victims": ["B", "C"]}]
    wounds = of(boom, "WoundTaken")
    assert [(w["gangster"], w["wounds"]) for w in wounds] == [("A", 1), ("B", 1), ("C", 1), ("D", 1)]
    assert position(boom, "WoundTaken", gangster="A") < position(boom, "the-insane.GrenadeExploded")
    assert not of(boom, "PotSplit")
    assert all(e["request"]["action"] not in ("claim", "take-gun") for e in of(boom, "referee.RequestOpened"))
    third = of(boom, "PotRevealed")[0]
    assert sorted(third["pot"]) == sorted(pot_before + third["notes"]), "round 2's pot waits, whole"
    assert [g.wounds for g in table.game.gangsters.values()] == [1, 1, 1, 1]
    # Round 3: A is wounded again; the grenade is spent.
    again = table.play(cards={"B": "bang"}, aims={"A": "B", "B": "A", "C": "D", "D": "C"})
    assert not of(again, "the-insane.GrenadeExploded")
    assert [g.wounds for g in table.game.gangsters.values()] == [2, 1, 1, 1]
    assert of(again, "PotSplit")
    table.assert_log_holds()


def test_the_insane_unrevealed_has_no_grenade(registry):
    table = Table(registry, ["the-insane"])
    hit = table.play(cards={"B": "bang"}, aims={"A": "B", "B": "A", "C": "D", "D": "C"})
    assert not of(hit, "the-insane.GrenadeExploded")
    assert [g.wounds for g in table.game.gangsters.values()] == [1, 0, 0, 0]
    assert of(hit, "PotSplit")
    table.assert_hidden("A", "the-insane")


def test_the_insane_grenade_can_kill(registry):
    """Victims of the grenade at their third wound die with the round."""
    table = Table(registry, ["the-insane"])
    kill_d(table)  # D dead; B and C unhurt
    table.play(cards={"A": "bang"}, aims={"A": "B", "B": "C", "C": "B"}, reveal={"A": "the-insane"})
    table.play(cards={"A": "bang"}, aims={"A": "B", "B": "C", "C": "B"})
    assert [g.wounds for g in table.game.gangsters.values()] == [0, 2, 0, 3]
    boom = table.play(cards={"C": "bbb"}, aims={"A": "B", "B": "C", "C": "A"})
    assert of(boom, "the-insane.GrenadeExploded") == [{"gangster": "A", "victims": ["B", "C"]}]
    assert of(boom, "GangsterDied") == [{"gangster": "B", "wounds": 3}]
    assert [g.wounds for g in table.game.gangsters.values()] == [1, 3, 1, 3]
    table.assert_log_holds()


# --- 6. The Kid --------------------------------------------------------------------------


def test_the_kid_aims_after_seeing_the_others_targets_from_the_round_revealed(registry):
    """ "Chooses whom to shoot after the others ... Revealed in some round before targets are
    chosen; lasts to the end of the game." """
    table = Table(registry, ["the-kid"])
    # Round 1, unrevealed: A aims with everyone.
    table.play(until="aim")
    assert {r.seat for r in table.requests("aim")} == {"A", "B", "C", "D"}
    table.assert_hidden("A", "the-kid")
    table.play()
    # Round 2: revealed with the bullet card, before targets.
    assert table.offered("r2.bullet.A") == {"card": ["click", "bang", "bbb"], "reveal": ["the-kid"]}
    shown = table.act("A", "bullet", {"card": "bang", "reveal": "the-kid"})
    assert revealed_in(shown, "A") == ["the-kid"]
    table.assert_revealed("A", "the-kid")
    table.play(until="aim")
    assert {r.seat for r in table.requests("aim")} == {"B", "C", "D"}, "the Kid is not asked yet"
    rest = table.play(aims={"B": "C", "C": "D", "D": "B"}, until="late-aim")
    assert of(rest, "TargetsRevealed") == [{"targets": {"B": "C", "C": "D", "D": "B"}, "holders": {}}]
    assert table.view("A")["targets"] == {"B": "C", "C": "D", "D": "B"}
    assert [r.id for r in table.requests()] == ["r2.aim.A"]
    entries = table.entries()
    opened = next(i for i, e in enumerate(entries) if e.type == "referee.RequestOpened" and e.event["request"]["id"] == "r2.aim.A")
    assert opened > max(i for i, e in enumerate(entries) if e.type == "cashnguns.TargetsRevealed")
    late = table.play(aims={"A": "D"})
    assert of(late, "TargetsRevealed")[0] == {"targets": {"A": "D"}, "holders": {}}
    assert of(late, "ShotFired", gangster="A")[0] == {"gun": "A", "gangster": "A", "target": "D", "card": "bang"}
    # Round 3: still last, no reveal offered again.
    assert "reveal" not in table.offered("r3.bullet.A")
    table.play(until="aim")
    assert "A" not in {r.seat for r in table.requests("aim")}
    table.play(until="late-aim")
    assert [r.id for r in table.requests()] == ["r3.aim.A"]
    table.play()
    table.assert_log_holds()


def test_the_kid_and_the_cunning_the_kid_aims_before_the_cunning_loads(registry):
    """ "If The Cunning is in play, The Kid chooses the target before The Cunning." """
    # Sorted: the-cunning, the-kid; A gets the-kid, B the-cunning.
    table = Table(registry, ["the-kid", "the-cunning"], perm=[1, 0])
    assert (table.game.gangsters["A"].power, table.game.gangsters["B"].power) == ("the-kid", "the-cunning")
    table.act("A", "bullet", {"card": "click", "reveal": "the-kid"})
    table.act("B", "bullet", {"reveal": "the-cunning"})
    table.assert_revealed("A", "the-kid")
    table.assert_revealed("B", "the-cunning")
    table.play(until="aim")
    assert {r.seat for r in table.requests("aim")} == {"B", "C", "D"}
    assert not table.requests("bullet")
    table.play(aims={"B": "C", "C": "A", "D": "A"}, until="late-aim")
    assert [r.id for r in table.requests()] == ["r1.aim.A"]
    table.act("A", "aim", {"target": "B"})
    assert table.phase == "late-bullet"
    assert [r.id for r in table.requests()] == ["r1.bullet.B"]
    assert table.view("B")["targets"] == {"A": "B", "B": "C", "C": "A", "D": "A"}
    assert table.offered("r1.bullet.B") == {"card": ["click", "bang", "bbb"]}
    done = table.play(cards={"B": "bbb"})
    kinds = [e.type.split(".")[-1] for e in done if e.type in ("cashnguns.BulletChosen", "cashnguns.NervesRevealed")]
    assert kinds[0] == "BulletChosen" and "NervesRevealed" in kinds
    assert of(done, "ShotFired", gangster="B")[0]["card"] == "bbb"
    table.assert_log_holds()


# --- 7. The Cunning ----------------------------------------------------------------------


def test_the_cunning_chooses_the_bullet_after_all_targets_are_known(registry):
    """ "Chooses a bullet card only after everyone has chosen whom to shoot.  Revealed in some
    round before targets are chosen; lasts to the end of the game." """
    table = Table(registry, ["the-cunning"])
    assert table.offered("r1.bullet.A") == {"card": ["click", "bang", "bbb"], "reveal": ["the-cunning"]}
    shape = table.request("r1.bullet.A").answer
    assert shape["card"].one_of == shape["reveal"].one_of != "", "revealing The Cunning replaces the bullet card: exactly one of the two"
    with pytest.raises(IllegalAction, match=r"^card or reveal: given together; give exactly one of them$"):
        table.act("A", "bullet", {"card": "click", "reveal": "the-cunning"})
    with pytest.raises(IllegalAction, match=r"^card or reveal: missing; give exactly one of them$"):
        table.act("A", "bullet", {})
    table.play()
    table.assert_hidden("A", "the-cunning")
    shown = table.act("A", "bullet", {"reveal": "the-cunning"})
    assert revealed_in(shown, "A") == ["the-cunning"] and not of(shown, "BulletChosen")
    table.assert_revealed("A", "the-cunning")
    assert table.view("A")["my_bullets"] == {}
    table.play(until="aim")
    assert {r.seat for r in table.requests("aim")} == {"A", "B", "C", "D"}, "the Cunning aims with the others"
    table.play(aims={"A": "B", "B": "C", "C": "D", "D": "A"}, until="late-bullet")
    assert [r.id for r in table.requests()] == ["r2.bullet.A"]
    assert table.view("A")["targets"] == {"A": "B", "B": "C", "C": "D", "D": "A"}
    assert table.offered("r2.bullet.A") == {"card": ["click", "bang", "bbb"]}
    loaded = table.act("A", "bullet", {"card": "bang"})
    assert of(loaded, "BulletChosen") == [{"gangster": "A", "gun": "A", "card": "bang"}]
    assert [e.visible_to for e in loaded if e.type == "cashnguns.BulletChosen"] == [["A"]]
    assert table.phase == "nerve"
    fired = table.play()
    assert of(fired, "ShotFired", gangster="A")[0]["card"] == "bang"
    # Round 3 on: no bullet request for A at the bullet step, one after the targets.
    table.play(until="aim")
    assert not table.requests("bullet", "A") and table.view("A")["my_bullets"] == {}
    assert [r.id for r in table.requests(seat="A")] == ["r3.aim.A"]
    table.play(until="late-bullet")
    assert [r.id for r in table.requests()] == ["r3.bullet.A"]
    table.play()
    table.assert_log_holds()


def test_the_cunning_lasts_to_the_end_of_the_game(registry):
    """Every round after the reveal, The Cunning's card is chosen after all targets are known."""
    table = Table(registry, ["the-cunning"])
    rounds = [table.play(reveal={"A": "the-cunning"})]
    for _ in range(7):
        rounds.append(table.quiet("D"))
    assert table.over
    for entries in rounds:
        assert position(entries, "TargetsRevealed") < position(entries, "BulletChosen", gangster="A") < position(entries, "NervesRevealed")
    assert table.game.guns["A"].bullets == [], "a card every round: eight in eight rounds"


# --- 8. Super Coward ---------------------------------------------------------------------


def test_super_coward_shame_tokens_are_worth_plus_5000_revealed_at_the_end(registry):
    """ "At the end, $5,000 for each shame token.  Revealed at the end."  As published: each
    token is worth +$5,000 instead of -$5,000."""
    table = Table(registry, ["super-coward"])
    table.play(brave={"A": False, "B": False})
    table.play(brave={"A": False})
    assert table.game.gangsters["A"].shame == 2
    table.assert_hidden("A", "super-coward")
    for _ in range(5):
        table.quiet("D")
        table.assert_hidden("A", "super-coward")
    last = table.quiet("D")
    assert table.over
    assert revealed_in(last, "A") == ["super-coward"]
    assert position(last, "referee.RoundEnded") < position(last, "PowerRevealed") < position(last, "MoneyCounted")
    counted = {e["gangster"]: e for e in of(last, "MoneyCounted")}
    a, b = counted["A"], counted["B"]
    assert (a["shame"], a["bonus"], a["total"]) == (2, 20_000, a["notes"] + 10_000)
    assert (b["shame"], b["bonus"], b["total"]) == (1, 0, b["notes"] - 5_000)
    assert (counted["C"]["shame"], counted["C"]["total"]) == (0, counted["C"]["notes"])
    assert (counted["D"]["shame"], counted["D"]["total"]) == (6, counted["D"]["notes"] - 30_000)
    table.assert_revealed("A", "super-coward")
    table.assert_log_holds()


def test_super_coward_without_shame_is_still_revealed_at_the_end(registry):
    table = Table(registry, ["super-coward"])
    last = table.finish("B")
    assert revealed_in(last, "A") == ["super-coward"]
    a = of(last, "MoneyCounted", gangster="A")[0]
    assert (a["bonus"], a["total"]) == (0, a["notes"])


# --- 9. The Specialist ---------------------------------------------------------------------


def test_the_specialist_may_take_bang_bang_bang_back_discarding_a_card_of_his_choice(registry):
    """ "May use the Bang! Bang! Bang! card twice.  Revealed when the BBB card is used: the
    holder discards another bullet card and takes the BBB card back into hand."  The holder
    chooses the card (changed: it used to be automatic, always the weakest)."""
    table = Table(registry, ["the-specialist"])
    table.play(until="nerve", cards={"A": "bbb"}, aims={"A": "B"})
    table.assert_hidden("A", "the-specialist")
    first = table.play(until="reload")
    assert of(first, "ShotFired", gangster="A") == [{"gun": "A", "gangster": "A", "target": "B", "card": "bbb"}]
    # B, hit by it before shooting, discarded his card face down: he is asked too (it might
    # have been his Bang! Bang! Bang!), offered nothing.
    assert sorted(r.id for r in table.requests()) == ["r1.reload.A", "r1.reload.B"]
    assert table.offered("r1.reload.B") == {"discard": []}
    assert table.offered("r1.reload.A") == {"discard": ["bang", "click"]}
    assert table.request("r1.reload.A").answer["discard"].optional, "the card says may"
    table.assert_hidden("A", "the-specialist")
    with pytest.raises(IllegalAction, match="discard"):
        table.act("A", "reload", {"discard": "bbb"}, request="r1.reload.A")  # not offered
    first += table.play(reloads={"A": {"discard": "bang"}})
    assert revealed_in(first, "A") == ["the-specialist"]
    reloads = [e for e in first if e.type == "cashnguns.the-specialist.BangBangBangReloaded"]
    assert [e.event for e in reloads] == [{"gangster": "A", "gun": "A", "discarded": "bang"}]
    assert reloads[0].visible_to == ["A"], "the discard is face down"
    assert position(first, "ShotFired", gangster="A") < position(first, "PowerRevealed") < first.index(reloads[0])
    table.assert_revealed("A", "the-specialist")
    assert table.view("A")["my_guns"] == {"A": ["bang", "bbb", "click", "click", "click", "click", "click"]}
    assert table.seen("B", "A")["bullets_left"] == 7
    hidden = [e for e in table.export("B") if e.type == "cashnguns.the-specialist.BangBangBangReloaded"]
    assert hidden and hidden[0].event is None
    second = table.play(cards={"A": "bbb"}, aims={"A": "C"})
    assert of(second, "ShotFired", gangster="A")[0]["card"] == "bbb"
    assert not of(second, "the-specialist.BangBangBangReloaded")
    assert not [e for e in second if e.type == "referee.RequestOpened" and e.event and e.event["request"]["action"] == "reload"], (
        "once a game"
    )
    assert table.view("A")["my_guns"] == {"A": ["bang", "click", "click", "click", "click", "click"]}
    assert [g.wounds for g in table.game.gangsters.values()] == [0, 1, 1, 0]
    table.assert_log_holds()


def test_the_specialist_may_keep_his_cards_and_stays_secret(registry):
    """ "May": leaving the card out keeps every card, and the power stays secret."""
    table = Table(registry, ["the-specialist"])
    fired = table.play(cards={"A": "bbb"}, aims={"A": "B"}, reloads={"A": {}})
    assert of(fired, "ShotFired", gangster="A")[0]["card"] == "bbb"
    assert not of(fired, "the-specialist.BangBangBangReloaded") and revealed_in(fired, "A") == []
    assert table.view("A")["my_guns"] == {"A": ["bang", "bang", "click", "click", "click", "click", "click"]}
    table.assert_hidden("A", "the-specialist")
    table.assert_log_holds()


def test_every_bang_bang_bang_shooter_is_asked_so_the_question_reveals_nothing(registry):
    """Whoever fires Bang! Bang! Bang! is asked the same question (holders are offered cards),
    so that being asked tells nobody who holds The Specialist; so is whoever discarded a card
    face down (C, hit before shooting), which might have been Bang! Bang! Bang!."""
    table = Table(registry, ["the-specialist"])
    table.play(until="reload", cards={"B": "bbb", "C": "bang"}, aims={"B": "C", "C": "D"})
    assert sorted(r.id for r in table.requests()) == ["r1.reload.B", "r1.reload.C"]
    assert table.offered("r1.reload.B") == table.offered("r1.reload.C") == {"discard": []}
    table.play(reloads={"B": {}})
    table.assert_hidden("A", "the-specialist")
    assert table.view("B")["my_guns"]["B"] == ["bang", "bang", "click", "click", "click", "click", "click"]


# --- 10. It Doesn't Even Hurt! --------------------------------------------------------------


def test_it_doesnt_even_hurt_every_fallen_gangster_is_asked_at_the_split(registry):
    table = Table(registry, ["it-doesnt-even-hurt"])
    # Round 1: B shoots C; D backs down; A, the holder, stands.
    table.play(cards={"B": "bang"}, aims={"A": "B", "B": "C", "C": "A", "D": "A"}, brave={"D": False}, until="claim")
    asked = {r.seat: r for r in table.requests()}
    assert set(asked) == {"C", "D"} and all(r.action == "claim" for r in asked.values())
    assert all(offered(r) == {"claim": ["stay-down"]} for r in asked.values())
    table.assert_hidden("A", "it-doesnt-even-hurt")
    # Round 2: A is hit; A, B (a coward) are asked, alike but for A's extra choice.
    table.play()
    table.play(cards={"C": "bang"}, aims={"A": "B", "B": "C", "C": "A", "D": "A"}, brave={"B": False}, until="claim")
    asked = {r.seat: r for r in table.requests()}
    assert set(asked) == {"A", "B"}
    assert len({r.prompt.replace(r.seat, "X") for r in asked.values()}) == 1 and all(r.sealed for r in asked.values())
    assert offered(asked["A"]) == {"claim": ["stay-down", "it-doesnt-even-hurt"]}
    table.assert_hidden("A", "it-doesnt-even-hurt")
    for seat in "BCD":
        assert not requests_seen_of(table, seat, "A")


def test_it_doesnt_even_hurt_joins_the_split_though_wounded_once(registry):
    """ "May take part in the split even when wounded or withdrawn.  Revealed in the split,
    when the holder joins in.  Single use." """
    table = Table(registry, ["it-doesnt-even-hurt"])
    joined = table.play(cards={"B": "bang"}, aims={"A": "C", "B": "A", "C": "D", "D": "C"}, claims={"A": {"claim": "it-doesnt-even-hurt"}})
    assert revealed_in(joined, "A") == ["it-doesnt-even-hurt"]
    assert of(joined, "it-doesnt-even-hurt.PainIgnored") == [{"gangster": "A"}]
    assert position(joined, "WoundTaken") < position(joined, "PowerRevealed") < position(joined, "PotSplit")
    split = of(joined, "PotSplit")[0]
    assert split == {"share": 5_000, "shares": {"A": [5_000], "B": [5_000], "C": [5_000], "D": [5_000]}, "left": [5_000], "last": False}
    assert table.game.gangsters["A"].wounds == 1
    table.assert_revealed("A", "it-doesnt-even-hurt")
    # Round 2: A falls again; the card is spent, so nobody is asked at all.
    again = table.play(cards={"B": "bang"}, aims={"A": "C", "B": "A", "C": "D", "D": "C"})
    assert all(e["request"]["action"] != "claim" for e in of(again, "referee.RequestOpened"))
    assert set(of(again, "PotSplit")[0]["shares"]) == {"B", "C", "D"}
    table.assert_log_holds()


def test_it_doesnt_even_hurt_a_coward_may_join_too(registry):
    table = Table(registry, ["it-doesnt-even-hurt"])
    joined = table.play(brave={"A": False}, claims={"A": {"claim": "it-doesnt-even-hurt"}})
    assert of(joined, "CowardShamed") == [{"gangster": "A", "shame": 1}]
    assert set(of(joined, "PotSplit")[0]["shares"]) == {"A", "B", "C", "D"}
    assert table.game.gangsters["A"].shame == 1
    table.assert_log_holds()


def test_it_doesnt_even_hurt_declining_keeps_it_secret_for_later(registry):
    table = Table(registry, ["it-doesnt-even-hurt"])
    stayed = table.play(cards={"B": "bang"}, aims={"A": "C", "B": "A", "C": "D", "D": "C"})
    assert revealed_in(stayed, "A") == [] and set(of(stayed, "PotSplit")[0]["shares"]) == {"B", "C", "D"}
    table.assert_hidden("A", "it-doesnt-even-hurt")
    joined = table.play(brave={"A": False}, claims={"A": {"claim": "it-doesnt-even-hurt"}})
    assert revealed_in(joined, "A") == ["it-doesnt-even-hurt"]
    assert "A" in of(joined, "PotSplit")[0]["shares"]
    table.assert_log_holds()


def test_it_doesnt_even_hurt_not_when_the_grenade_went_off(registry):
    """ "Does not work when the grenade has been used": that round has no split to join."""
    # Sorted: it-doesnt-even-hurt, the-insane; A holds It Doesn't Even Hurt!, B The Insane.
    table = Table(registry, ["it-doesnt-even-hurt", "the-insane"])
    assert [g.power for g in table.game.gangsters.values()] == ["it-doesnt-even-hurt", "the-insane", None, None]
    boom = table.play(cards={"C": "bang"}, aims={"A": "D", "B": "D", "C": "B", "D": "A"}, reveal={"B": "the-insane"})
    assert of(boom, "the-insane.GrenadeExploded") == [{"gangster": "B", "victims": ["A", "C", "D"]}]
    assert all(e["request"]["action"] != "claim" for e in of(boom, "referee.RequestOpened"))
    assert not of(boom, "PotSplit")
    table.assert_hidden("A", "it-doesnt-even-hurt")
    # The card is not spent: next round A may still join a split.
    later = table.play(cards={"D": "bang"}, aims={"A": "D", "B": "D", "C": "B", "D": "A"}, claims={"A": {"claim": "it-doesnt-even-hurt"}})
    assert revealed_in(later, "A") == ["it-doesnt-even-hurt"]
    assert "A" in of(later, "PotSplit")[0]["shares"]
    table.assert_log_holds()


# --- nobody uses a power he does not hold ------------------------------------------------


def test_a_power_use_that_was_not_offered_is_refused_and_appends_nothing(registry):
    """A seat cannot reveal, claim with or take a gun by a power it does not hold, nor twice."""
    table = Table(registry, ["the-kid", "it-doesnt-even-hurt", "you-dont-need-it-anymore", "the-cunning"], perm=[3, 2, 0, 1])
    # Sorted: it-doesnt-even-hurt, the-cunning, the-kid, you-dont-need-it-anymore.
    assert [g.power for g in table.game.gangsters.values()] == ["you-dont-need-it-anymore", "the-kid", "it-doesnt-even-hurt", "the-cunning"]
    before = len(table.entries())
    for seat, args, refusal in [
        ("A", {"card": "click", "reveal": "the-kid"}, r"^reveal: no such field in this answer \(it takes card\)$"),
        ("C", {"reveal": "the-cunning"}, "^reveal: no such field"),
        ("C", {"card": "click", "reveal": "it-doesnt-even-hurt"}, "^reveal: no such field"),
        (
            "B",
            {"card": "click", "reveal": "the-cunning"},
            r"^reveal: \"the-cunning\" is not offered \(Reveal The Kid: from now on you aim after seeing the others' targets\)$",
        ),
        ("D", {"card": "click", "reveal": "the-cunning"}, "give exactly one of them"),
    ]:
        with pytest.raises(IllegalAction, match=refusal):
            table.act(seat, "bullet", args)
    assert len(table.entries()) == before
    table.act("B", "bullet", {"card": "click", "reveal": "the-kid"})
    table.play(cards={"B": "bang", "C": "bang"}, aims={"B": "C", "C": "B", "A": "D", "D": "A"}, until="claim")
    for seat, args in [("B", {"claim": "it-doesnt-even-hurt"}), ("B", {"claim": "the-kid"})]:
        with pytest.raises(IllegalAction, match=r'^claim: "[a-z-]+" is not offered \(Stay down\)$'):
            table.act(seat, "claim", args)
    table.play()
    assert "reveal" not in table.offered("r2.bullet.B"), "The Kid is revealed once"
    table.play(cards={"B": "bang", "C": "bang"}, aims={"B": "D", "C": "D", "A": "D"})
    kill = table.play(cards={"C": "bbb"}, aims={"B": "C", "C": "D", "A": "B", "D": "A"}, until="guns")
    assert of(kill, "GangsterDied") == [{"gangster": "D", "wounds": 3}]
    with pytest.raises(IllegalAction, match=r'^take: "D" is not offered \(nothing\)$'):
        table.act("B", "take-gun", {"take": "D"})
    with pytest.raises(
        IllegalAction, match=r"^take: \"B\" is not offered \(Take D's gun and its bullets \(reveals You Don't Need It Anymore\.\.\.\)\)$"
    ):
        table.act("A", "take-gun", {"take": "B"})
    table.play()
    table.assert_hidden("A", "you-dont-need-it-anymore")
    table.assert_log_holds()


# --- the scenario files ----------------------------------------------------------------------


def test_there_is_a_power_scenario_for_each_power():
    powers = set()
    for path in POWER_SCENARIOS:
        scenario = load_scenario(path)
        assert scenario.game == "cashnguns"
        powers.update(scenario.extensions or [])
    assert set(POWERS) <= powers


@pytest.mark.parametrize("path", POWER_SCENARIOS, ids=[p.stem for p in POWER_SCENARIOS])
def test_power_scenarios(path, registry):
    """Every power-*.toml scenario of the plugin: what a card says, with its own numbers."""
    scenario = load_scenario(path)
    result = run_scenario(scenario, registry)
    assert result.ok, result.summary()
    # The same game played again through the API: its log verifies.
    with Referee(registry=registry, store=TableStore(MEMORY)) as ref:
        table = ref.open("cashnguns", scenario.seats, extensions=scenario.extensions, script=scenario.random)
        for step in scenario.step:
            if step.expect_error is None:
                ref.act(table, step.seat, step.action, step.args, request=step.request)
        verdict = ref.audit.verify_table(table)
        assert verdict.ok, verdict.message


# --- tables stored before answer shapes ----------------------------------------------------


def legacy_table(registry: Registry, action: str, power: str) -> tuple[Referee, str, Any]:
    """A stored table whose open ``action`` requests still list their choices, as every
    request did before answer shapes; one of them offers ``power``."""
    for n in range(200):
        ref = Referee(registry=registry, store=TableStore(MEMORY))
        table = ref.open("cashnguns", list(SEATS), extensions=[power], seed=f"legacy-{n}")
        while not ref.state(table).over and not [r for r in ref.requests(table) if r.action == action]:
            request = ref.requests(table)[0]
            ref.act(table, request.seat, request.action, ref.bots.answer(table, request), request=request.id)
        asked = [r for r in ref.requests(table) if r.action == action]
        # The claim offers the power by name, the gun offer a dead gangster's name.
        if not any(set(offered(r)[next(iter(r.answer))]) - {"stay-down"} for r in asked):
            continue
        entries = []
        for entry in ref.entries(table):
            body = entry.event or {}
            if entry.type == "referee.RequestOpened" and body["request"]["action"] == action:
                body = {"request": {**body["request"], "choices": legacy_choices(body["request"])}}
                del body["request"]["answer"]
            entries.append(msgspec.structs.replace(entry, event=body))
        stored = Referee(registry=registry, store=TableStore(MEMORY))
        stored.store.create(table, "cashnguns", entries, ref.store.secret(table))
        return stored, table, asked
    raise AssertionError(f"no seed opened a {action} request offering {power}")


def legacy_choices(request: dict[str, Any]) -> list[dict[str, Any]]:
    if request["action"] == "claim":
        powers = [o["value"] for o in request["answer"]["claim"]["options"] if o["value"] != "stay-down"]
        return [{"label": "stay down", "args": {"claim": False}}] + [{"label": p, "args": {"claim": True, "power": p}} for p in powers]
    power = "you-dont-need-it-anymore"
    dead = [o["value"] for o in request["answer"]["take"]["options"]]
    return [{"label": "leave the guns", "args": {"take": False}}] + [
        {"label": d, "args": {"take": True, "power": power, "dead": d}} for d in dead
    ]


def test_a_table_stored_before_answer_shapes_goes_on_through_its_listed_choices(registry):
    """A claim or gun offer left open in a table stored before answer shapes is answered with
    the choices it lists, with the same effects as today's answers."""
    ref, table, asked = legacy_table(registry, "claim", "it-doesnt-even-hurt")
    assert any("it-doesnt-even-hurt" in offered(r)["claim"] for r in asked)
    for request in asked:
        holder = "it-doesnt-even-hurt" in offered(request)["claim"]
        args = {"claim": True, "power": "it-doesnt-even-hurt"} if holder else {"claim": False}
        with pytest.raises(IllegalAction, match="not one of the choices"):
            ref.act(table, request.seat, "claim", {"claim": "stay-down"}, request=request.id)
        made = ref.act(table, request.seat, "claim", args, request=request.id)
        assert [e.event for e in made if e.type == "cashnguns.it-doesnt-even-hurt.PainIgnored"] == (
            [{"gangster": request.seat}] if holder else []
        )
    ref, table, asked = legacy_table(registry, "take-gun", "you-dont-need-it-anymore")
    assert any(offered(r)["take"] for r in asked)
    for request in asked:
        dead = offered(request)["take"]
        args = {"take": True, "power": "you-dont-need-it-anymore", "dead": dead[0]} if dead else {"take": False}
        made = ref.act(table, request.seat, "take-gun", args, request=request.id)
        taken = [e.event for e in made if e.type == "cashnguns.you-dont-need-it-anymore.GunTaken"]
        assert [t["dead"] for t in taken] == dead[:1]
