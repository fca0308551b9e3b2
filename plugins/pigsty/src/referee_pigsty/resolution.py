"""Resolving one turn of Pigsty to Palace (rules 3-8, 11, 12).

The Gamesmaster resolves everyone's orders at once, but the rulebook never says in
what order its effects apply.  ``resolve_turn`` fixes one order (documented, with the
reason for every choice, in RULES.md) and reports each outcome as an event paired with
the rule it applies.  It never touches the board it is given: it works on a private
copy that it updates with ``evolve`` after every event, so each step sees exactly the
state a replay of the log would, and ``evolve`` stays the only code that changes state.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import msgspec

from referee.errors import IllegalAction
from referee.events import Event
from referee_pigsty.events import (
    BANDITS,
    BanditJoined,
    BecameDishonest,
    BecameHonest,
    FarmerEliminated,
    GuardsHired,
    LostPigsCounted,
    OrderCancelled,
    OrderCut,
    OrdersRevealed,
    OrdersWritten,
    PalaceBought,
    PigsBred,
    PigsReturned,
    PigsTaken,
    PigTraded,
    PorkAllotted,
    PorkIndustryDestroyed,
    PunishmentImposed,
    TheftAttempted,
    TradeCancelled,
    TurnResolved,
    YeomanJoined,
    YeomenFunded,
)
from referee_pigsty.orders import KINDS, Order, OrderError, name_key

__all__ = [
    "RULEBOOK",
    "Board",
    "FarmerState",
    "Params",
    "allot_pork",
    "copy_board",
    "evolve",
    "new_board",
    "pork_industry_destroyed",
    "resolve_turn",
]

MIN_FARMERS = 3
"""Rule 3: at least three Pig Farmers should play."""


class Params(msgspec.Struct, frozen=True, kw_only=True):
    """The rulebook's numbers, as knobs a house rule may turn."""

    pork_per_pig: int = 5
    """Rules 4.2, 4.5: Pork that breeds one Pig, and the least Trade that gives one."""
    yeoman_fund_target: int = 10
    """Rule 4.6: Fund that buys one more Yeoman."""
    pigs_lost_per_bandit: int = 10
    """Rule 11.2: lost, unreturned Pigs that attract one more Bandit."""
    yeomen_per_punishment_level: int = 2
    """Rule 4.6.3: Yeomen per level of automatic Punishment."""
    palace_pigs: int = 100
    """Rule 8: Pigs that buy a Palace."""
    mad_pigs_per_farmer: int = 5
    """Rule 7.1: fewer Pigs than this per farmer in the game destroys the pork industry."""

    def __post_init__(self) -> None:
        for name in (
            "pork_per_pig",
            "yeoman_fund_target",
            "pigs_lost_per_bandit",
            "yeomen_per_punishment_level",
            "palace_pigs",
        ):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1, not {getattr(self, name)}")
        if self.mad_pigs_per_farmer < 0:
            raise ValueError(f"mad_pigs_per_farmer cannot be negative ({self.mad_pigs_per_farmer})")


RULEBOOK = Params()
"""The numbers as the rulebook prints them."""


class FarmerState(msgspec.Struct):
    """One Pig Farmer between events."""

    name: str
    pigs: int = 10
    honest: bool = False
    reputation: int = 0
    punishment_due: int = 0
    """Pork to take off the next allowance (rule 4.1); cleared when Pork is allotted."""
    eliminated: bool = False


class Board(msgspec.Struct):
    """The whole table between events.  ``farmers`` is in seat order."""

    farmers: dict[str, FarmerState]
    yeomen: int = 1
    fund: int = 0
    bandits: int = 1
    lost_total: int = 0
    turn: int = 0
    """Turns resolved so far."""
    over: bool = False
    winners: list[str] = []


def new_board(names: Sequence[str], *, starting_pigs: int = 10) -> Board:
    """The table at the start of the game (rule 3).

    Names are refused where orders could not tell farmers apart (same name up to case
    and spacing), could not be written (``;`` and ``,`` separate orders) or would be
    mistaken for the Bandits.
    """
    if len(names) < MIN_FARMERS:
        raise IllegalAction(f"at least {MIN_FARMERS} Pig Farmers should play, not {len(names)}", "3")
    if starting_pigs < 1:
        raise IllegalAction(f"every Pig Farmer begins with Pigs, not {starting_pigs}", "3")
    seen: dict[str, str] = {}
    for name in names:
        if not name.strip() or name != name.strip():
            raise IllegalAction(f"{name!r} is not a usable farmer's name", "3")
        if any(mark in name for mark in ";,") or name.strip("-").strip() == "" or name.isdigit():
            raise IllegalAction(f"{name!r} cannot be written in orders; choose another name", "10.1")
        if name_key(name) == name_key(BANDITS):
            raise IllegalAction(f"{name!r} is the Bandits' name; choose another", "11.3")
        if name_key(name) in seen:
            raise IllegalAction(f"{name!r} and {seen[name_key(name)]!r} would be the same farmer in orders", "10.1")
        seen[name_key(name)] = name
    return Board(farmers={name: FarmerState(name=name, pigs=starting_pigs) for name in names})


def copy_board(board: Board) -> Board:
    """A copy sharing nothing mutable with ``board``."""
    return Board(
        farmers={name: msgspec.structs.replace(farmer) for name, farmer in board.farmers.items()},
        yeomen=board.yeomen,
        fund=board.fund,
        bandits=board.bandits,
        lost_total=board.lost_total,
        turn=board.turn,
        over=board.over,
        winners=list(board.winners),
    )


def evolve(board: Board, event: Event) -> None:
    """Fold one event into the board: the only place the board changes.

    Events of other plugins are ignored (the kernel folds them elsewhere); an unknown
    ``pigsty.`` event is a programming error, not something to skip silently.
    """
    match event:
        case PorkAllotted(farmer=farmer):
            board.farmers[farmer].punishment_due = 0
        case BecameHonest(farmer=farmer):
            board.farmers[farmer].honest = True
        case BecameDishonest(farmer=farmer, reputation=reputation):
            board.farmers[farmer].honest = False
            board.farmers[farmer].reputation = reputation
        case YeomenFunded(fund=fund):
            board.fund = fund
        case YeomanJoined(yeomen=yeomen, fund=fund):
            board.yeomen = yeomen
            board.fund = fund
        case PigsTaken(thief=thief, victim=victim, taken=taken, stolen=stolen):
            board.farmers[victim].pigs -= taken
            if stolen:
                board.farmers[thief].pigs += stolen
        case PigsReturned(farmer=farmer, pigs=pigs):
            board.farmers[farmer].pigs += pigs
        case PigTraded(receiver=receiver):
            board.farmers[receiver].pigs += 1
        case PigsBred(farmer=farmer, pigs=pigs):
            board.farmers[farmer].pigs += pigs
        case PunishmentImposed(thief=thief, pork=pork):
            board.farmers[thief].punishment_due += pork
        case LostPigsCounted(lost_total=lost_total):
            board.lost_total = lost_total
        case BanditJoined(bandits=bandits):
            board.bandits = bandits
        case FarmerEliminated(farmer=farmer):
            board.farmers[farmer].eliminated = True
        case PorkIndustryDestroyed():
            board.over = True
            board.winners = []
        case PalaceBought(farmer=farmer):
            board.over = True
            if farmer not in board.winners:
                board.winners.append(farmer)
        case TurnResolved(turn=turn):
            board.turn = turn
        case OrdersWritten() | OrdersRevealed() | OrderCut() | OrderCancelled() | GuardsHired() | TheftAttempted() | TradeCancelled():
            # Records of intent and of intermediate numbers: nothing lasts past the turn.
            pass
        case _:
            tag = type(event).__struct_config__.tag
            if isinstance(tag, str) and tag.startswith("pigsty."):
                raise TypeError(f"evolve does not know how to fold {tag}")


def pork_industry_destroyed(board: Board, params: Params = RULEBOOK) -> PorkIndustryDestroyed | None:
    """The M.A.D. event if the Pigs in play are now fewer than 5 per Pig Farmer (rule 7.1).

    "If ever": the game calls this wherever the Pigs in play are settled, at the start
    of the game and of every turn as well as at the end of every turn's resolution
    (RULES.md, 7.1).  Farmers out of the game are not counted (a ruling).
    """
    remaining = [farmer for farmer in board.farmers.values() if not farmer.eliminated]
    in_play = sum(farmer.pigs for farmer in remaining)
    if not remaining or in_play < params.mad_pigs_per_farmer * len(remaining):
        return PorkIndustryDestroyed(pigs_in_play=in_play, farmers=len(remaining))
    return None


def _check_playing(board: Board) -> None:
    if board.over:
        if board.winners:
            raise IllegalAction(f"the game is over: {', '.join(board.winners)} bought a Palace", "8")
        raise IllegalAction("the game is over: the pork industry is destroyed", "7.1")


def allot_pork(board: Board) -> list[tuple[PorkAllotted, str]]:
    """Every farmer's Pork for the coming turn (rules 4, 4.1)."""
    _check_playing(board)
    allotted: list[tuple[PorkAllotted, str]] = []
    for farmer in board.farmers.values():
        if farmer.eliminated:
            continue
        pork = max(0, farmer.pigs - farmer.punishment_due)
        event = PorkAllotted(farmer=farmer.name, pigs=farmer.pigs, punishment=farmer.punishment_due, pork=pork)
        allotted.append((event, "4.1" if farmer.punishment_due else "4"))
    return allotted


@dataclass
class _Spending:
    """One farmer's paid orders, summed the way the rules read them."""

    by_kind: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    steals: dict[str, int] = field(default_factory=dict)
    """Victim -> Pork on Thieves, in the order first written."""
    trades: dict[str, int] = field(default_factory=dict)
    """Receiver -> Pork traded, in the order first written."""


@dataclass(frozen=True)
class _Attempt:
    thief: str
    victim: str
    thieves: int
    pigs_wanted: int


@dataclass(frozen=True)
class _Taking:
    thief: str
    victim: str
    lost: int


def _tally(board: Board, orders: Mapping[str, Sequence[Order]]) -> dict[str, _Spending]:
    playing = {name for name, farmer in board.farmers.items() if not farmer.eliminated}
    spending = {name: _Spending() for name in board.farmers if name in playing}
    for farmer, written in orders.items():
        if farmer not in playing:
            if farmer in board.farmers:
                raise OrderError(f"{farmer} has lost all their Pigs and is out of the game", "7")
            raise OrderError(f"{farmer} is not a Pig Farmer at this table", "10.1")
        mine = spending[farmer]
        for order in written:
            if order.target is not None and (order.target not in playing or order.target == farmer):
                raise OrderError(
                    f'{farmer} line {order.line}: "{order.target}" is not another Pig Farmer in the game',
                    "10.1",
                    order.line,
                )
            if order.amount == 0:
                continue
            mine.by_kind[order.kind] += order.amount
            if order.target is not None:
                book = mine.steals if order.kind == "stealing" else mine.trades
                book[order.target] = book.get(order.target, 0) + order.amount
    return spending


class _Turn:
    """One turn being resolved on a private copy of the board."""

    def __init__(self, board: Board, orders: Mapping[str, Sequence[Order]], params: Params) -> None:
        self.board = copy_board(board)
        self.params = params
        self.spending = _tally(board, orders)
        self.seats = list(self.spending)
        self.seat_of = {name: index for index, name in enumerate(self.seats)}
        # Set once the Fund has been paid (step 1): every Yeoman in play then works
        # for the whole turn (RULES.md, 4.6, "as soon as").
        self.yeomen = board.yeomen
        self.events: list[tuple[Event, str]] = []

    def emit(self, event: Event, rule: str) -> None:
        evolve(self.board, event)
        self.events.append((event, rule))

    def honest(self, name: str) -> bool:
        return self.board.farmers[name].honest

    def pigs(self, name: str) -> int:
        return self.board.farmers[name].pigs

    def resolve(self) -> list[tuple[Event, str]]:
        self.become_honest()
        self.fund_yeomen()
        self.yeomen = self.board.yeomen
        guards = self.hire_guards()
        attempts = self.attempt_thefts(guards)
        self.trade_and_breed(attempts)
        takings = self.take_pigs(attempts)
        returned = self.return_lost_pigs(takings)
        self.punish_and_disgrace()
        self.count_lost_pigs(sum(taking.lost for taking in takings), returned)
        self.end_turn()
        return self.events

    def become_honest(self) -> None:
        for name in self.seats:
            pork = self.spending[name].by_kind["yeomen"]
            farmer = self.board.farmers[name]
            if pork >= 1 and pork >= farmer.reputation and not farmer.honest:
                rule = "12.2" if farmer.reputation else "4.6.4.1"
                self.emit(BecameHonest(farmer=name, yeomen_pork=pork, reputation=farmer.reputation), rule)

    def hire_guards(self) -> dict[str, int]:
        guards = {name: self.spending[name].by_kind["guards"] for name in self.seats}
        for name in self.seats:
            if guards[name]:
                self.emit(GuardsHired(farmer=name, guards=guards[name]), "4.3")
        return guards

    def attempt_thefts(self, guards: Mapping[str, int]) -> list[_Attempt]:
        wanted = [(thief, victim, pork) for thief in self.seats for victim, pork in self.spending[thief].steals.items()]
        if self.board.bandits:
            wanted += [(BANDITS, victim, self.board.bandits) for victim in self.seats]
        attempts = []
        for thief, victim, thieves in wanted:
            by_guards = min(thieves, guards[victim])
            by_yeomen = min(thieves - by_guards, self.yeomen) if self.honest(victim) else 0
            pigs_wanted = (thieves - by_guards - by_yeomen) // 2
            self.emit(
                TheftAttempted(
                    thief=thief,
                    victim=victim,
                    thieves=thieves,
                    stopped_by_guards=by_guards,
                    stopped_by_yeomen=by_yeomen,
                    pigs_wanted=pigs_wanted,
                ),
                "11.3" if thief == BANDITS else "4.4.4",
            )
            attempts.append(_Attempt(thief, victim, thieves, pigs_wanted))
        return attempts

    def trade_and_breed(self, attempts: Iterable[_Attempt]) -> None:
        # Any Thieves getting through take at least one Pig: a farmer still in the game
        # has one, and breeding only adds to it.
        robbed = {attempt.victim for attempt in attempts if attempt.pigs_wanted > 0}
        for trader in self.seats:
            for receiver, pork in self.spending[trader].trades.items():
                if trader in robbed:
                    self.emit(TradeCancelled(trader=trader, receiver=receiver, pork=pork, reason="trader-robbed"), "4.5.5")
                elif trader in self.spending[receiver].steals:
                    self.emit(TradeCancelled(trader=trader, receiver=receiver, pork=pork, reason="receiver-stole"), "4.5.5")
                elif pork >= self.params.pork_per_pig:
                    self.emit(PigTraded(trader=trader, receiver=receiver, pork=pork), "4.5")
        for name in self.seats:
            spent = self.spending[name]
            pork = spent.by_kind["investment"] + spent.by_kind["trading"]
            if pork:
                self.emit(PigsBred(farmer=name, pork=pork, pigs=pork // self.params.pork_per_pig), "4.2")

    def take_pigs(self, attempts: Sequence[_Attempt]) -> list[_Taking]:
        # Stolen Pigs are in the thief's hands only after every theft: they count
        # against nobody's Pigs this turn, so takings draw on a separate tally.
        left = {name: self.pigs(name) for name in self.seats}
        bandit_seat = len(self.seats)
        takings = []
        for victim in self.seats:
            queue = sorted(
                (a for a in attempts if a.victim == victim and a.pigs_wanted > 0),
                key=lambda a: (-a.thieves, self.seat_of.get(a.thief, bandit_seat)),
            )
            for attempt in queue:
                taken = min(attempt.pigs_wanted, left[victim])
                left[victim] -= taken
                short = attempt.pigs_wanted - taken
                if attempt.thief == BANDITS:
                    lost, stolen, rule = taken, 0, "11.4"
                else:
                    lost, stolen = (taken + 1) // 2, taken // 2
                    rule = "4.4.7" if short else "4.4.5"
                self.emit(
                    PigsTaken(
                        thief=attempt.thief,
                        victim=victim,
                        taken=taken,
                        lost=lost,
                        stolen=stolen,
                        short=short,
                    ),
                    rule,
                )
                takings.append(_Taking(attempt.thief, victim, lost))
        return takings

    def return_lost_pigs(self, takings: Iterable[_Taking]) -> int:
        returned = 0
        for taking in takings:
            if taking.lost and self.yeomen and self.honest(taking.victim):
                pigs = min(taking.lost, self.yeomen)
                self.emit(PigsReturned(farmer=taking.victim, thief=taking.thief, pigs=pigs, yeomen=self.yeomen), "4.6.2")
                returned += pigs
        return returned

    def punish_and_disgrace(self) -> None:
        level = self.yeomen // self.params.yeomen_per_punishment_level
        punished: set[str] = set()
        for thief in self.seats:
            for victim in self.spending[thief].steals:
                by_victim = self.spending[victim].by_kind["punishment"]
                by_yeomen = level if self.honest(victim) else 0
                if by_victim + by_yeomen:
                    self.emit(
                        PunishmentImposed(
                            thief=thief,
                            victim=victim,
                            pork=by_victim + by_yeomen,
                            by_victim=by_victim,
                            by_yeomen=by_yeomen,
                        ),
                        "4.1" if by_victim else "4.6.3",
                    )
                    punished.add(thief)
        # Honesty changes at the end of the turn, after every victim's Honesty has
        # counted for the Yeomen's Punishment above.
        for name in self.seats:
            if name in punished and self.honest(name):
                reputation = self.board.farmers[name].reputation + 1
                self.emit(BecameDishonest(farmer=name, reputation=reputation), "4.6.4.2")

    def fund_yeomen(self) -> None:
        target = self.params.yeoman_fund_target
        for name in self.seats:
            pork = self.spending[name].by_kind["yeomen"]
            if not pork:
                continue
            self.emit(YeomenFunded(farmer=name, pork=pork, fund=self.board.fund + pork), "4.6")
            joined, fund = divmod(self.board.fund, target)
            if joined:
                self.emit(YeomanJoined(joined=joined, yeomen=self.board.yeomen + joined, fund=fund), "4.6")

    def count_lost_pigs(self, lost: int, returned: int) -> None:
        if not lost:
            return
        lost_total = self.board.lost_total + lost - returned
        self.emit(LostPigsCounted(lost=lost - returned, returned=returned, lost_total=lost_total), "11.2")
        bandits = 1 + lost_total // self.params.pigs_lost_per_bandit
        if bandits > self.board.bandits:
            self.emit(BanditJoined(joined=bandits - self.board.bandits, bandits=bandits, lost_total=lost_total), "11.2")

    def end_turn(self) -> None:
        for name in self.seats:
            if self.pigs(name) == 0:
                self.emit(FarmerEliminated(farmer=name), "7")
        destroyed = pork_industry_destroyed(self.board, self.params)
        if destroyed is not None:
            self.emit(destroyed, "7.1")
        else:
            for name in self.seats:
                if self.board.farmers[name].eliminated:
                    continue
                if self.pigs(name) >= self.params.palace_pigs:
                    self.emit(PalaceBought(farmer=name, pigs=self.pigs(name)), "8")
        pigs = {name: farmer.pigs for name, farmer in self.board.farmers.items()}
        self.emit(TurnResolved(turn=self.board.turn + 1, pigs=pigs), "9")


def resolve_turn(
    board: Board,
    orders: Mapping[str, Sequence[Order]],
    *,
    params: Params = RULEBOOK,
) -> list[tuple[Event, str]]:
    """Resolve one turn of paid orders into its events, each with the rule it applies.

    ``orders`` maps farmers to their orders after rule 10.2 (see ``orders.pay_orders``);
    a farmer missing from it spent nothing.  The steps, their order and the rulings
    behind them are in RULES.md.  ``board`` is not modified.
    """
    _check_playing(board)
    return _Turn(board, orders, params).resolve()
