"""What a finished table tells a balance measure (``referee_balance_facts``, ``Referee.facts``):
every implementation's facts are counted, in log order, read from the stored log."""

from __future__ import annotations

import highroll

from referee import Extension, Held, Used, hookimpl


class _Chips:
    """A throwaway house rule of High Roll: each bid is a use of "chips", each die a die held."""

    @hookimpl
    def referee_extensions(self) -> list[Extension]:
        return [Extension(name="chips", game="highroll", title="Chips", plugin=self)]

    @hookimpl
    def referee_balance_facts(self, state, event):
        if isinstance(event, highroll.BidMade) and event.chips:
            return [Used(event.seat, "bet", f"{event.chips} chips")]
        if isinstance(event, highroll.DieRolled):
            return [Held(event.seat, "die", f"{len(state.seats)}-seat die")]
        return None


class _Silent:
    """A second house rule that says nothing: its None adds no fact."""

    @hookimpl
    def referee_extensions(self) -> list[Extension]:
        return [Extension(name="silent", game="highroll", title="Silent", plugin=self)]

    @hookimpl
    def referee_balance_facts(self, state, event):
        return None


def _finished(app, extensions):
    table = app.open("highroll", ["Ann", "Bob"], seed="facts", extensions=extensions)
    for seat in ["Ann", "Bob"]:
        app.act(table, seat, "bid", {"chips": 2 if seat == "Ann" else 0})
    assert app.over(table)
    return table


def test_each_implementations_facts_are_read_from_the_log_in_order(memory_referee) -> None:
    app = memory_referee(highroll, _Chips(), _Silent())
    table = _finished(app, ["chips", "silent"])
    facts = app.facts(table)
    assert facts[0] == Used("Ann", "bet", "2 chips")  # Bob's bid of nothing is no use
    assert {f for f in facts if isinstance(f, Held)} == {Held("Ann", "die", "2-seat die"), Held("Bob", "die", "2-seat die")}
    assert len(facts) == 3


def test_a_table_without_the_house_rule_has_no_facts(memory_referee) -> None:
    app = memory_referee(highroll, _Chips())
    assert app.facts(_finished(app, [])) == []
