"""Sharing the loot: "Players whose gangsters are still standing share the pot ... no
change" (``round: the split``), after the claims of fallen gangsters who hold It Doesn't
Even Hurt! (the ``claim`` step)."""

from __future__ import annotations

import referee
from referee import Decision, Option, Pick

from .events import PotSplit
from .powers import reveal
from .rounds import R_SPLIT, _ask, _collect, _game, _last_round
from .split import split

STAY_DOWN = "stay-down"
"""The claim answer of a fallen gangster who does not join the split."""


def _fallen(decision: Decision) -> list[str]:
    game = _game(decision)
    standing = set(game.standing())
    return [n for n in game.living() if n not in standing]


def _open_claims(decision: Decision) -> None:
    game = _game(decision)
    fallen = _fallen(decision)
    if game.round.ended_early or not game.pot or not fallen:
        return
    if not any(decision.rules.hook.cashnguns_pending_claims(state=decision.state)):
        return
    for name in fallen:
        options = _collect(decision.rules.hook.cashnguns_claim_options(state=decision.state, gangster=name))
        _ask(
            decision,
            name,
            "claim",
            name,
            f"{name}, you are down. The pot is being split.",
            answer={"claim": Pick((Option(STAY_DOWN, "Stay down"), *(Option(p, label) for p, label in options)))},
            rule=R_SPLIT,
        )


def _claim(decision: Decision, action: referee.Action) -> None:
    claim = action.args["claim"]
    # Tables stored before answer shapes may still have a claim open that lists its
    # choices: {"claim": false} or {"claim": true, "power": ...}.
    power = (str(action.args["power"]) if claim else STAY_DOWN) if isinstance(claim, bool) else str(claim)
    if power != STAY_DOWN:
        reveal(decision, action.seat, power)
        decision.rules.hook.cashnguns_power_chosen(decision=decision, gangster=action.seat, power=power, step="claim", args={})


def _split_pot(decision: Decision) -> None:
    game = _game(decision)
    r = game.round
    if r.ended_early:
        return
    sharers = [n for n in game.living() if n in set(game.standing()) | set(r.claimants)]
    share, bundles, left = split(game.pot, len(sharers))
    decision.emit(PotSplit(share=share, shares=dict(zip(sharers, bundles)), left=left, last=_last_round(decision)), rule=R_SPLIT)
