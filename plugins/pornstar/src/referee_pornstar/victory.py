"""Victory!: the score (cash, Films not Wanked, Adult Film of the Year doubled) and the
end of the game: when every studio has had its last turn of the final round, or when
only one studio is left in business (Cashflow Problems: the others gave up)."""

from __future__ import annotations

from referee import Decision
from referee.results import rank

from .events import ScoresCounted
from .rulebook import R_END
from .state import PornStar
from .table import game_of


def scores(game: PornStar) -> tuple[dict[str, int], dict[str, int], dict[str, int], dict[str, int]]:
    """Cash, Films not Wanked (their production cost), Adult Film of the Year (doubled), total."""
    cash = {s: game.studios[s].money for s in game.order}
    films = {s: 0 for s in game.order}
    awards = {s: 0 for s in game.order}
    for produced in game.films.values():
        if produced.wanked:
            continue
        if produced.award:
            awards[produced.owner] += 2 * produced.cost
        else:
            films[produced.owner] += produced.cost
    total = {s: cash[s] + films[s] + awards[s] for s in game.order}
    return cash, films, awards, total


def end_game(decision: Decision, reason: str) -> None:
    game = game_of(decision)
    cash, films, awards, total = scores(game)
    decision.emit(ScoresCounted(cash=cash, films=films, awards=awards, total=total), rule=R_END)
    standing = rank((s, total[s], not game.studios[s].out, "" if not game.studios[s].out else "conceded") for s in game.order)
    best = max((total[s] for s in game.in_play()), default=None)
    winners = [s for s in game.in_play() if total[s] == best]
    decision.end_game(winners, reason, standing, rule=R_END)


def end_if_over(decision: Decision) -> None:
    """After each turn and before each round: end the game once every studio has conceded
    or, in the final round, every studio has had its last turn."""
    game = game_of(decision)
    if not decision.flow.round:
        return
    in_play = game.in_play()
    if not in_play:
        end_game(decision, "every studio has conceded")
    elif game.final and not any(s in in_play for s in game.final_left):
        why = "the deck is empty" if game.emptied else "the round limit is reached"
        end_game(decision, f"{why} and every studio has had its last turn")


def end_if_alone(decision: Decision) -> bool:
    """End the game at once when only one studio is left in business; True if it ended."""
    if decision.flow.round and len(game_of(decision).in_play()) <= 1:
        end_game(decision, "only one studio is left in business")
        return True
    return False
