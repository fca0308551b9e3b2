"""Pigsty to Palace as a Referee game: setup, the turn cycle, views and bots.

A turn is a kernel round: Pork is allotted, every farmer still in the game is asked
for sealed orders, and when the last orders are in (or the gamesmaster closes the
turn) the orders are revealed and the turn is resolved by ``resolution``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

import referee
from referee import GAMESMASTER, Decision, Event, Game, IllegalAction, Rounds, Standing, hookimpl
from referee.results import join_names, rank

from . import hookspecs
from .bot import BOTS, DEFAULT_BOT, bots_by_seat
from .events import EVENT_TYPES, FarmerEliminated, OrdersRevealed, OrdersWritten, PorkAllotted
from .orders import Order, parse_orders, pay_orders
from .resolution import RULEBOOK, Board, Params, allot_pork, evolve, new_board, pork_industry_destroyed, resolve_turn

_HERE = Path(__file__).parent

ORDERS_HINT = (
    "your orders, one per line or separated by ';': P, I, G, S, T or Y (or the full word), "
    "the Pork to spend, and for S and T the farmer's name; e.g. 'T 5 Danny; S 4 Eddie; G 1'; "
    "empty orders spend nothing"
)

MAD_ENDING = "M.A.D.: the local pork industry is destroyed and everyone loses"

_SHOWN_NUMBERS = ("palace_pigs", "pork_per_pig", "yeoman_fund_target", "pigs_lost_per_bandit")

ORDERS_ANSWER = {"text": referee.Text(hint=ORDERS_HINT, label="orders")}
"""Orders are free text (rule 10.1); leaving the text out is refused by the kernel, so
spending nothing is said on purpose, with empty orders."""


class Options(Params, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Table options: every rulebook number of ``Params``, and two of the table's own."""

    starting_pigs: int = 10
    """Rule 3."""
    turn_limit: int = 0
    """Turns after which the game ends with no Palace; 0 (the rulebook) plays on."""
    bots: str | dict[str, str] = DEFAULT_BOT
    """How bot seats play (``bot.BOTS``): one kind for every seat ("random"), one per
    seat in seat order ("heuristic,random,random"), or a mapping of seat to kind (seats
    left out play "heuristic").  It changes nothing for seats played by people."""

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.starting_pigs < 1 or self.turn_limit < 0:
            raise ValueError("starting_pigs must be at least 1 and turn_limit at least 0")
        kinds = self.bots.values() if isinstance(self.bots, dict) else self.bots.split(",")
        unknown = sorted({kind.strip() for kind in kinds} - set(BOTS))
        if unknown:
            raise ValueError(f"no bot called {', '.join(map(repr, unknown))}; the bots are {', '.join(BOTS)}")


class Pigsty(msgspec.Struct):
    """The game's state: the board plus this turn's Pork and sealed orders."""

    board: Board
    pork: dict[str, int] = {}
    written: dict[str, OrdersWritten] = {}


def _params(decision: Decision) -> Params:
    options = decision.options
    params = Params(**{k: options[k] for k in Params.__struct_fields__ if k in options})
    return decision.rules.hook.pigsty_params(params=params, state=decision.state) or params


def _in_game(board: Board) -> list[str]:
    return [f.name for f in board.farmers.values() if not f.eliminated]


@hookimpl
def referee_games() -> list[Game]:
    return [
        Game(
            name="pigsty",
            title="Pigsty to Palace",
            min_seats=3,
            max_seats=None,
            summary="Pig farmers write secret orders to invest, trade, guard and steal until someone affords a Palace.",
            options=Options,
            hookspecs=[hookspecs],
            rules_document=str(_HERE / "RULES.md"),
            scenarios=str(_HERE / "scenarios"),
            events=EVENT_TYPES,
            initial_state=lambda opened: Pigsty(board=new_board(opened.seats, starting_pigs=int(opened.options.get("starting_pigs", 10)))),
            evolve=_evolve,
            flow=FLOW,
            # Where the rules make sealed orders public (referee.testing.check_noninterference).
            reveals={"pigsty.OrdersRevealed": "pigsty 9: once every farmer has written, the orders are read out"},
        )
    ]


def _evolve(state: referee.TableState, event: Event) -> None:
    game: Pigsty = state.game
    match event:
        case PorkAllotted():
            game.pork[event.farmer] = event.pork
            game.written.pop(event.farmer, None)
        case OrdersWritten():
            game.written[event.farmer] = event
        case FarmerEliminated():
            game.pork.pop(event.farmer, None)
            game.written.pop(event.farmer, None)
    if isinstance(event, EVENT_TYPES):
        evolve(game.board, event)


@hookimpl
def referee_setup(decision: Decision) -> bool:
    # A list of bots must fit the seats; checked here, where the seats are known.
    bots_by_seat(decision.options.get("bots", DEFAULT_BOT), list(decision.game.board.farmers))
    return True


def _end_if_over(decision: Decision) -> None:
    """Between turns (and before the first): a Palace, M.A.D. or the turn limit ends the game."""
    game: Pigsty = decision.game
    board = game.board
    limit = int(decision.options.get("turn_limit", 0))
    standings = _standings(board)
    if decision.flow.round:
        if board.over and board.winners:
            decision.end_game(board.winners, f"{join_names(board.winners)} can afford a Palace", standings, rule="8")
        elif board.over:
            decision.end_game([], MAD_ENDING, standings, rule="7.1")
        elif limit and board.turn >= limit:
            decision.end_game([], f"the table's turn limit of {limit} turns was reached; nobody built a Palace", standings, rule="options")
        if decision.state.over:
            return
    # 7.1 "If ever": the Pigs in play are settled here too, at the start of the game (a
    # table may start with few Pigs) and after a house rule's effects at the end of a turn.
    destroyed = pork_industry_destroyed(board, _params(decision))
    if destroyed is not None:
        decision.emit(destroyed, rule="7.1")
        decision.end_game([], MAD_ENDING, _standings(board), rule="7.1")


def _begin_turn(decision: Decision) -> None:
    """A turn: Pork for every farmer, then everyone still in writes orders (4, 9)."""
    game: Pigsty = decision.game
    for event, rule in allot_pork(game.board):
        decision.emit(event, rule=rule)
    turn = decision.flow.round
    for farmer in _in_game(game.board):
        decision.request(
            farmer,
            "orders",
            f"Turn {turn}: {farmer}, you have {game.pork[farmer]} Pork to spend. Write your orders.",
            answer=ORDERS_ANSWER,
            sealed=True,
            id=f"turn{turn}.orders.{farmer}",
            rule="pigsty 4",
        )


@hookimpl
def referee_decide(decision: Decision, action: referee.Action) -> bool | None:
    if action.action == "orders":
        if action.seat == GAMESMASTER:
            raise IllegalAction("the gamesmaster resolves orders but writes none; farmers do", "pigsty 9")
        _write_orders(decision, action)
    elif action.action == "close" and action.seat == GAMESMASTER:
        open_orders = [r.id for r in decision.flow.requests.values() if r.action == "orders"]
        if not open_orders:
            raise IllegalAction("no turn is waiting for orders", "pigsty 9")
        _check_turn_closed(action.args.get("turn"), decision.flow.round)
        for rid in open_orders:
            decision.withdraw(rid, "the gamesmaster closed the turn: no orders, no Pork spent", rule="pigsty 9")
    else:
        return None
    return True


def _check_turn_closed(turn: object, now: int) -> None:
    """A close names the turn it closes, so that a close sent twice (or by two consoles at
    once) closes one turn, not two.  A close naming none closes the turn in play: the
    logs of 0.2 hold such closes and must replay."""
    if turn is None:
        return
    if not isinstance(turn, int) or isinstance(turn, bool):
        raise IllegalAction(f"turn: the number of the turn to close (turn {now} is open now), not {referee.shown(turn)}", "pigsty 9")
    if turn < now:
        raise IllegalAction(f"turn {turn} is already closed; turn {now} is open now (nothing closed)", "pigsty 9")
    if turn > now:
        raise IllegalAction(f"turn {turn} has not begun; turn {now} is open now (nothing closed)", "pigsty 9")


def _write_orders(decision: Decision, action: referee.Action) -> None:
    # Requests of older logs had no answer shape, and missing text meant no orders then.
    text = action.args.get("text", "")
    if not isinstance(text, str):
        raise IllegalAction("orders are written as text, e.g. 'T 5 Danny; G 1'", "pigsty 10.1")
    board: Board = decision.game.board
    out = [f.name for f in board.farmers.values() if f.eliminated]
    orders, total = parse_orders(text, farmer=action.seat, farmers=_in_game(board), eliminated=out)
    decision.emit(OrdersWritten(farmer=action.seat, orders=orders, stated_total=total), rule="10.1", visible_to=[action.seat])


def _resolve(decision: Decision) -> None:
    game: Pigsty = decision.game
    paid: dict[str, tuple[Order, ...]] = {}
    for farmer in _in_game(game.board):
        written = game.written.get(farmer)
        orders = written.orders if written else ()
        decision.emit(OrdersRevealed(farmer=farmer, orders=orders, stated_total=written.stated_total if written else None), rule="9")
        paid[farmer], adjustments = pay_orders(farmer, orders, game.pork.get(farmer, 0))
        for event in adjustments:
            decision.emit(event, rule="10.2")
    for event, rule in resolve_turn(game.board, paid, params=_params(decision)):
        decision.emit(event, rule=rule)
    board = game.board
    limit = int(decision.options.get("turn_limit", 0))
    if not board.over and not (limit and board.turn >= limit):
        decision.rules.hook.pigsty_turn_resolved(decision=decision)


FLOW = Rounds(begin=_begin_turn, end=_resolve, ends=_end_if_over)
"""A round of the kernel is a turn (rule 9): Pork and orders, then, once every farmer's
orders are in (or the gamesmaster closed the turn), the results; a Palace, M.A.D. or the
turn limit ends the game between turns."""


def _standings(board: Board) -> list[Standing]:
    return rank((f.name, f.pigs, not f.eliminated, "out of the game" if f.eliminated else "") for f in board.farmers.values())


@hookimpl
def referee_idle_reason(state: referee.TableState, seat: str) -> str | None:
    farmer = state.game.board.farmers.get(seat)
    if farmer is not None and farmer.eliminated:
        return f"{seat} has lost all their Pigs and is out of the game (pigsty 7)"
    if seat in state.game.written:
        return f"{seat} has already written orders for turn {state.flow.round}; waiting for the other farmers (pigsty 9)"
    return None


@hookimpl
def referee_view(state: referee.TableState, seat: str | None) -> dict[str, Any]:
    game: Pigsty = state.game
    board = game.board
    mine = game.written.get(seat) if seat else None
    return {
        "turn": state.flow.round,
        "farmers": [
            {
                "name": f.name,
                "pigs": f.pigs,
                "pork": game.pork.get(f.name, 0),
                "honest": f.honest,
                "reputation": f.reputation,
                "punishment_due": f.punishment_due,
                "out": f.eliminated,
                "orders_in": f.name in game.written,
            }
            for f in board.farmers.values()
        ],
        "yeomen": board.yeomen,
        "yeoman_fund": board.fund,
        "bandits": board.bandits,
        "lost_pigs": board.lost_total,
        "my_orders": None if mine is None else [msgspec.to_builtins(o) for o in mine.orders],
        "winners": list(board.winners),
        # The table's numbers as its options set them (rules 4.2, 4.6, 8, 11.2); a house
        # rule that turns them adds its own to the view.
        "numbers": {name: state.options.get(name, getattr(RULEBOOK, name)) for name in _SHOWN_NUMBERS},
        # The table's options are public (they open its log); bots read their kind here.
        "bots": bots_by_seat(state.options.get("bots", DEFAULT_BOT), list(board.farmers)),
    }
