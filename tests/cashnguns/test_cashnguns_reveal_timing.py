"""When The Insane and The Specialist are revealed (issue 24), and the bullet answer's shape.

* The Insane is "revealed at the start of some round (before the withdraw decision)": with
  the bullet card, or at the latest with the nerve decision, once he has seen the guns
  pointed at him.
* The Specialist is "revealed when the BBB card is used": a Bang! Bang! Bang! played is
  used whether it is fired or discarded unfired ("Bullet cards are single use").
* The Cunning chooses the bullet card "only after everyone has chosen whom to shoot": the
  first bullet request takes exactly one of a card and the reveal, and says so.
"""

from __future__ import annotations

import random

import pytest
from test_cashnguns_powers import Table, of, position, revealed_in

from referee import MEMORY, IllegalAction, Referee, Registry, TableStore, answers
from referee.testing import check_noninterference


@pytest.fixture(scope="module")
def registry() -> Registry:
    return Registry()


# --- 5. The Insane, until the nerve decision ---------------------------------------------


def test_the_insane_is_offered_with_the_bullet_and_with_the_nerve(registry):
    """Power 5: "Revealed at the start of some round (before the withdraw decision)." Every
    gangster is asked the nerve question; only the holder's offers the reveal."""
    table = Table(registry, ["the-insane"])
    assert table.offered("r1.bullet.A") == {"card": ["click", "bang", "bbb"], "reveal": ["the-insane"]}
    table.play(until="nerve")
    assert table.offered("r1.nerve.A") == {"nerve": ["stay-in", "back-down"], "reveal": ["the-insane"]}
    assert table.request("r1.nerve.A").answer["reveal"].optional, "may: the reveal is the holder's choice"
    for seat in "BCD":
        assert table.offered(f"r1.nerve.{seat}") == {"nerve": ["stay-in", "back-down"]}
    assert {r.seat for r in table.requests("nerve")} == set("ABCD"), "everyone is asked, holder or not"
    table.assert_hidden("A", "the-insane")
    with pytest.raises(IllegalAction, match=r"^reveal: no such field"):
        table.act("B", "nerve", {"nerve": "stay-in", "reveal": "the-insane"})


def test_the_insane_revealed_at_the_nerve_answers_the_guns_pointed_at_him(registry):
    """Power 5: "If anyone shoots the holder after the grenade is revealed, everyone standing
    takes a hit."  B points a Bang! at A; A, having seen it, reveals the grenade before the
    count; B stays in and shoots: the grenade wounds C and D too, and the round ends there."""
    table = Table(registry, ["the-insane"])
    table.play(cards={"B": "bang"}, aims={"A": "C", "B": "A", "C": "D", "D": "C"}, until="nerve")
    assert table.view("A")["targets"]["B"] == "A", "A sees B's gun on him"
    shown = table.act("A", "nerve", {"nerve": "stay-in", "reveal": "the-insane"}, request="r1.nerve.A")
    assert revealed_in(shown, "A") == ["the-insane"]
    assert [e.visible_to for e in shown if e.type == "cashnguns.PowerRevealed"] == [None], "face up before the count"
    table.assert_revealed("A", "the-insane")
    assert {r.seat for r in table.requests("nerve")} == set("BCD"), "the others still choose, and see the grenade"
    boom = shown + table.play()
    assert position(boom, "PowerRevealed") < position(boom, "NervesRevealed") < position(boom, "the-insane.GrenadeExploded")
    assert of(boom, "the-insane.GrenadeExploded") == [{"gangster": "A", "victims": ["B", "C", "D"]}]
    assert not of(boom, "PotSplit"), "the round ends there"
    assert "reveal" not in table.offered("r2.bullet.A"), "revealed once"
    table.play(until="nerve")
    assert "reveal" not in table.offered("r2.nerve.A")


def test_the_insane_may_back_down_with_the_reveal(registry):
    """Power 5: the reveal goes with either answer; the grenade then waits for a later round."""
    table = Table(registry, ["the-insane"])
    table.play(until="nerve")
    table.act("A", "nerve", {"nerve": "back-down", "reveal": "the-insane"}, request="r1.nerve.A")
    done = table.play()
    assert of(done, "CowardShamed") == [{"gangster": "A", "shame": 1}]
    assert not of(done, "the-insane.GrenadeExploded")
    table.assert_revealed("A", "the-insane")


def test_asking_the_nerve_tells_nobody_who_holds_the_insane():
    """Power 5, by difference: worlds that differ only in a gangster's nerve answer (with the
    reveal or without, staying in or backing down) look the same to every other seat, a
    spectator and the gamesmaster until the rules reveal (PowerRevealed, NervesRevealed)."""
    found = check_noninterference(
        "cashnguns", ("Ada", "Bert", "Cleo", "Dino"), extensions=["the-insane"], actions=["nerve"], games=2, points=6
    )
    assert found.points >= 4, f"only {found.points} nerve requests answered in several worlds"
    assert found.told_apart["cashnguns.NervesRevealed"], "the check never saw the declared reveal"


def test_the_insane_nerve_reveal_comes_up_in_bot_games(registry):
    """Bots use it: the heuristic reveals the grenade at the nerve when a gun points at it."""
    ref = Referee(registry=registry, store=TableStore(MEMORY))
    at_nerve = 0
    seats = ["A", "B", "C", "D", "E"]
    for seed in range(12):
        table = ref.open("cashnguns", seats, seed=f"insane-{seed}", extensions=["the-insane"])
        ref.bots.play(table, seats)
        assert ref.state(table).over
        entries = ref.entries(table)
        for i, e in enumerate(entries):
            if (
                e.type == "cashnguns.PowerRevealed"
                and entries[i - 1].type == "referee.ActionTaken"
                and entries[i - 1].event["action"] == "nerve"
            ):
                at_nerve += 1
    assert at_nerve >= 3


# --- 9. The Specialist: a Bang! Bang! Bang! discarded unfired is used too ----------------


def test_the_specialist_takes_back_a_bang_bang_bang_discarded_when_he_backs_down(registry):
    """Power 9: "Revealed when the BBB card is used".  Ruling: a Bang! Bang! Bang! played is
    used, fired or not ("Bullet cards are single use"): A backs down, his Bang! Bang! Bang!
    is discarded face down, and he may still take it back."""
    table = Table(registry, ["the-specialist"])
    coward = table.play(cards={"A": "bbb"}, aims={"A": "B"}, brave={"A": False}, until="reload")
    assert of(coward, "BulletDiscarded", gangster="A") == [{"gangster": "A", "gun": "A", "card": "bbb", "reason": "backed down"}]
    assert table.offered("r1.reload.A") == {"discard": ["bang", "click"]}
    table.assert_hidden("A", "the-specialist")
    back = table.play(reloads={"A": {"discard": "click"}})
    assert revealed_in(back, "A") == ["the-specialist"]
    assert of(back, "the-specialist.BangBangBangReloaded") == [{"gangster": "A", "gun": "A", "discarded": "click"}]
    assert table.view("A")["my_guns"] == {"A": ["bang", "bang", "bbb", "click", "click", "click", "click"]}


def test_the_specialist_takes_back_a_bang_bang_bang_lowered_at_a_coward(registry):
    """Power 9 with "round: cowards": A's gun on B is lowered when B backs down and its Bang!
    Bang! Bang! discarded unfired; it was played, so it was used."""
    table = Table(registry, ["the-specialist"])
    lowered = table.play(cards={"A": "bbb"}, aims={"A": "B"}, brave={"B": False}, until="reload")
    assert of(lowered, "AimLowered", gun="A") == [{"gun": "A", "gangster": "A", "target": "B"}]
    assert table.offered("r1.reload.A") == {"discard": ["bang", "click"]}
    table.play(reloads={"A": {"discard": "bang"}})
    table.assert_revealed("A", "the-specialist")
    assert table.view("A")["my_guns"] == {"A": ["bang", "bbb", "click", "click", "click", "click", "click"]}


def test_a_card_discarded_face_down_is_asked_about_whatever_it_was(registry):
    """Power 9, secrecy: the question goes to every gangster who discarded a card face down
    (it might have been Bang! Bang! Bang!) and to whoever fired one, alike; nobody whose
    fired card was a Click! or a Bang! (public: not Bang! Bang! Bang!)."""
    table = Table(registry, ["the-specialist"])
    # B backs down holding a Click!; C's gun on B is lowered; A fires a Bang! at D; D fires a Click! at A.
    table.play(cards={"A": "bang", "C": "bang"}, aims={"A": "D", "B": "A", "C": "B", "D": "A"}, brave={"B": False}, until="reload")
    asked = {r.seat: r for r in table.requests("reload")}
    assert set(asked) == {"B", "C"}
    assert table.offered("r1.reload.B") == table.offered("r1.reload.C") == {"discard": []}
    assert asked["B"].prompt.replace("B", "X") == "Round 1: X, your Click! is spent."
    assert all(r.sealed for r in asked.values())
    table.play()
    table.assert_hidden("A", "the-specialist")


def test_the_specialist_is_asked_about_a_bang_bang_bang_fired_and_one_discarded_alike(registry):
    """Power 9: fired or discarded unfired, the holder's question and its options are the same."""
    fired = Table(registry, ["the-specialist"])
    fired.play(cards={"A": "bbb"}, aims={"A": "B"}, until="reload")
    discarded = Table(registry, ["the-specialist"])
    discarded.play(cards={"A": "bbb"}, aims={"A": "B"}, brave={"A": False}, until="reload")
    one, other = fired.request("r1.reload.A"), discarded.request("r1.reload.A")
    assert (one.prompt, one.answer) == (other.prompt, other.answer)


# --- 7. The Cunning: the bullet answer says exactly what the rules accept ----------------


def test_the_bullet_answer_shape_accepts_exactly_what_the_rules_accept(registry):
    """Power 7 and "round: bullet cards": of every answer a random form could send, the
    shape lets through exactly those the game accepts (none refused after the shape)."""
    for power in ("the-cunning", "the-kid", "the-insane", None):
        table = Table(registry, [power] if power else [])
        request = table.request("r1.bullet.A")
        assert request.answer is not None
        rng = random.Random(power)
        for _ in range(40):
            args = answers.sample(request.answer, rng)
            answers.validate(request.answer, args)
            fork = Table(registry, [power] if power else [])
            fork.act("A", "bullet", args, request="r1.bullet.A")
        keys = ({"card"}, {"reveal"}, {"card", "reveal"})
        candidates = [{k: request.answer[k].options[0].value for k in combo} for combo in keys if combo <= set(request.answer)]
        for args in candidates:
            try:
                answers.validate(request.answer, args)
            except IllegalAction:
                continue
            Table(registry, [power] if power else []).act("A", "bullet", args, request="r1.bullet.A")
