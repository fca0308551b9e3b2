"""A power that opens a request of its own and answers it in its own ``referee_decide``: the
round goes on by itself once every request is answered, with no private function called
(the kernel runs Cash'n'Guns' declared flow after every decided action)."""

from __future__ import annotations

from referee import Event, Extension, Flag, Referee, Registry, hookimpl

SEATS = ["Ann", "Bob", "Cat", "Dan"]


class Steadied(Event, tag="cashnguns.test-steady-hand.Steadied"):
    gangster: str
    steady: bool

    def describe(self) -> str:
        return f"{self.gangster} {'steadies' if self.steady else 'does not steady'} their hand"


class SteadyHand:
    """An eleventh power, as a third party writes it: in every nerve phase its holder (the
    first seat, to keep the test short) is also asked whether to steady their hand."""

    @hookimpl
    def referee_extensions(self):
        return [Extension(name="test-steady-hand", game="cashnguns", title="Steady Hand", kind="power", events=[Steadied])]

    @hookimpl
    def referee_phase_began(self, decision, phase):
        if phase == "nerve":
            decision.request(
                SEATS[0],
                "steady",
                "Steady your hand?",
                answer={"steady": Flag()},
                id=f"r{decision.flow.round}.steady",
                rule="test steady hand",
            )

    @hookimpl
    def referee_decide(self, decision, action):
        if action.action != "steady":
            return None
        decision.emit(Steadied(gangster=action.seat, steady=bool(action.args["steady"])), rule="1")
        return True


def test_a_powers_own_request_answered_last_lets_the_round_go_on():
    app = Referee(":memory:", registry=Registry([SteadyHand()]))
    table = app.open("cashnguns", SEATS, seed="steady", extensions=["test-steady-hand"])
    # Bots answer everything but the power's request until the nerve phase is reached.
    while not any(r.action == "steady" for r in app.requests(table)):
        request = app.requests(table)[0]
        app.act(table, request.seat, request.action, app.bots.answer(table, request), request=request.id)
    nerves = [r for r in app.requests(table) if r.action == "nerve"]
    for request in nerves:
        app.act(table, request.seat, request.action, {"nerve": "stay-in"}, request=request.id)
    # Only the power's request is left: the round waits for it, in the nerve phase.
    assert [r.action for r in app.requests(table)] == ["steady"]
    assert app.view(table, None)["phase"] == "nerve"
    app.act(table, SEATS[0], "steady", {"steady": True})
    # Answered by the power alone, and still the nerves were revealed, the shots fired and
    # the round went on to its next choice.
    types = [e.type for e in app.entries(table)]
    assert types.index("cashnguns.test-steady-hand.Steadied") < types.index("cashnguns.NervesRevealed")
    assert app.requests(table), "the round stalled after the power's own request"
    ended = [e.event["phase"] for e in app.entries(table) if e.type == "referee.PhaseEnded"]
    assert "nerve" in ended and "showdown" in ended
    # And the game plays on to its end with the power in it.
    app.bots.play(table, SEATS)
    assert app.over(table)
    assert app.audit.verify_table(table).ok
