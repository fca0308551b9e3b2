"""PornStar as a Referee game: the opening, the turn, auctions, deals, loans and the end.

A turn is a kernel turn, each step a phase:

    residuals -> draw -> stars -> production -> maintenance

and the opening is two phases before the first turn (``mulligan``, ``placing``).  What
interrupts a turn (an auction, a studio out of money, a deal's answer, a recruit) is
asked as soon as it arises; ``advance`` then goes on with whatever comes next, in this
order: the auction under way, the next lot, a studio out of money, the turn's steps.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import msgspec

import referee
from referee import Amount, Decision, Event, Flag, Game, IllegalAction, Option, Pick, Subset, Text, hookimpl
from referee.bots import bots_by_seat as by_seat
from referee.bots import check_kinds, check_seats
from referee.results import rank

from . import hookspecs
from .bot import BOT_KINDS, DEFAULT_BOT
from .data import GENDERS, STANDARD, Film, Star, Tables
from .events import (
    EVENT_TYPES,
    AuctionOpened,
    BidMade,
    BidPassed,
    CardsDrawn,
    CardsListed,
    CardTaken,
    DealMade,
    DealProposed,
    DealRefused,
    DeckShuffled,
    FilmProduced,
    FinalRoundBegan,
    HandCardsPassed,
    LoanAsked,
    LoanDeclined,
    LoanMade,
    LoanOffered,
    MaintenancePaid,
    MulliganTaken,
    PlayCardDiscarded,
    PlayCardPlayed,
    ResidualsRolled,
    ScoresCounted,
    StarAuctioned,
    StarLost,
    StarRecruited,
    StarsPlaced,
    StarUnsold,
    StudioConceded,
    StudiosOpened,
)
from .play import PlayRules
from .state import PornStar, evolve

_HERE = Path(__file__).parent

START_MONEY = 300
HAND = 5
EXTRA_CARD = 10
MOST_EXTRA = 2
AD_STEP = 10
MOST_AD = 30
DEALS_A_TURN = 3

R_SETUP = "The Setup"
R_MULLIGAN = "The Setup: no Star in the opening hand"
R_PLACING = "The Setup: the free placing of Stars"
R_ORDER = "The Setup: the youngest goes first"
R_RESIDUALS = "Playing the Game: Residuals"
R_DRAW = "Your Turn: the draw"
R_STARS = "Your Turn: Stars into play"
R_PRODUCE = "Producing a Film"
R_ROLL = "Producing a Film: the Production roll"
R_RECRUIT = "Producing a Film: recruiting a Star"
R_LOSE = "Producing a Film: losing a Star"
R_MAINTENANCE = "Maintaining Your Stars"
R_AUCTION = "Maintaining Your Stars: the Auction"
R_PLAY = "Play Cards"
R_DEALS = "Wheelin' and Dealin'"
R_CASH = "Cashflow Problems"
R_END = "Victory!"
R_FINAL = "Victory!: once more around the table"

TURN_PHASES = ("residuals", "draw", "stars", "production", "maintenance")
OPENING_PHASES = ("mulligan", "placing")


class Options(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    first: str = ""
    """The seat that goes first: the youngest player ("" : the first seat listed)."""

    round_limit: int = 30
    """After this many rounds the last round begins even if the deck is not empty (0: no
    limit).  Unsold Stars go back into the deck, so a table where nobody keeps or buys
    Stars could otherwise draw for ever."""

    bots: str | list[str] | dict[str, str] = DEFAULT_BOT
    """Which bot plays a seat the table lets bots play: one kind for every seat
    ("heuristic", "random"), kinds in seat order (a list, or a comma-separated string
    such as "heuristic,random"), or a mapping of seat to kind (seats left out get
    "heuristic").  It chooses nothing for a seat a person plays."""

    def __post_init__(self) -> None:
        if self.round_limit < 0:
            raise ValueError("round_limit cannot be negative (0: no limit)")
        check_kinds(self.bots, BOT_KINDS)


def bots_by_seat(options: dict[str, Any], seats: Iterable[str]) -> dict[str, str]:
    """Each seat's bot kind, from the table option ``bots`` (checked at setup)."""
    return by_seat(options.get("bots", DEFAULT_BOT), seats, DEFAULT_BOT)


def _check_options(options: dict[str, Any], seats: list[str]) -> None:
    check_seats(options.get("bots", DEFAULT_BOT), seats)
    first = options.get("first", "")
    if first and first not in seats:
        raise referee.RefereeError(f"option first names {first!r}, who has no seat (seats: {', '.join(seats)})")


SUMMARY = (
    "Studios of smut: put Stars under contract, produce Films on 2d6, collect Residuals, "
    "auction the Stars you cannot keep, deal and borrow; the richest studio when the deck runs out wins. "
    "The card list, the Residual Rolls table and the Production Rolls table are lost: "
    "those played here are the project's own design (DATA.md), as are the ten Play cards."
)


@hookimpl
def referee_games() -> list[Game]:
    return [
        Game(
            name="pornstar",
            title="PornStar",
            min_seats=2,
            max_seats=6,
            summary=SUMMARY,
            options=Options,
            hookspecs=[hookspecs],
            rules_document=str(_HERE / "RULES.md"),
            scenarios=str(_HERE / "scenarios"),
            events=EVENT_TYPES,
            initial_state=lambda opened: PornStar(),
            evolve=_evolve,
        )
    ]


def _evolve(state: referee.TableState, event: Event) -> None:
    evolve(state.game, event)


# --- reading the table -------------------------------------------------------------------


def tables(state: Decision | referee.TableState) -> Tables:
    """The card list and roll tables this table plays with (listed when it opened)."""
    return game_of(state).tables


def game_of(decision: Decision | referee.TableState) -> PornStar:
    game: PornStar = decision.game
    return game


class Cards:
    """Every card of a table's list, by id."""

    def __init__(self, t: Tables) -> None:
        self.stars: dict[str, Star] = {s.id: s for s in t.stars}
        self.films: dict[str, Film] = {f.id: f for f in t.films}
        self.plays: dict[str, str] = {p.id: p.kind for p in t.plays}

    def name(self, card: str) -> str:
        if card in self.stars:
            return self.stars[card].name
        if card in self.films:
            return self.films[card].title
        from .play import TITLES

        return TITLES.get(self.plays.get(card, ""), (card, ""))[0]


_CARDS: dict[int, tuple[Tables, Cards]] = {}


def cards(state: Decision | referee.TableState) -> Cards:
    t = tables(state)
    found = _CARDS.get(id(t))
    if found is None or found[0] is not t:
        if len(_CARDS) > 64:
            _CARDS.clear()
        found = _CARDS[id(t)] = (t, Cards(t))
    return found[1]


def specialties(decision: Decision, star: str) -> set[str]:
    printed = cards(decision).stars[star].specialty
    extra = [s for found in decision.rules.hook.pornstar_specialties(state=decision.state, star=star) if found for s in found]
    return {printed, *extra}


def star_uses(decision: Decision, seat: str, star: str) -> int:
    found = decision.rules.hook.pornstar_star_uses(state=decision.state, seat=seat, star=star)
    return 1 if found is None else int(found)


def usable_stars(decision: Decision, seat: str) -> list[str]:
    """Stars ``seat`` may put in a Film now: its own and those rented for this turn, each
    used fewer times this turn than it may be."""
    game = game_of(decision)
    own = [s for s in game.studios[seat].stable if s not in game.rented]
    rented = [s for s, renter in game.rented.items() if renter == seat]
    return [s for s in [*own, *rented] if game.used.get(s, 0) < star_uses(decision, seat, s)]


def _cheapest_cast(film: Film, stars: list[Star]) -> int | None:
    """The least the Stars of a cast meeting ``film``'s needs cost, or None if none does."""
    by_cost = sorted(stars, key=lambda s: s.filming)
    males = [s for s in by_cost if s.gender == "M"][: film.males]
    females = [s for s in by_cost if s.gender == "F"][: film.females]
    if len(males) < film.males or len(females) < film.females:
        return None
    rest = [s for s in by_cost if s not in males and s not in females][: film.any]
    if len(rest) < film.any:
        return None
    return sum(s.filming for s in (*males, *females, *rest))


def producible(decision: Decision, seat: str) -> list[str]:
    game = game_of(decision)
    known = cards(decision)
    stars = [known.stars[s] for s in usable_stars(decision, seat)]
    money = game.studios[seat].money
    found = []
    for card in game.studios[seat].hand:
        film = known.films.get(card)
        if film is None:
            continue
        cast = _cheapest_cast(film, stars)
        if cast is not None and film.cost + cast <= money:
            found.append(card)
    return found


def _rules_of(decision: Decision | referee.Rules, kind: str) -> PlayRules | None:
    rules = decision.rules if isinstance(decision, Decision) else decision
    found: PlayRules | None = rules.hook.pornstar_play_rules(kind=kind)
    return found


def _candidates(game: PornStar, seat: str, target: str) -> list[str]:
    others = [s for s in game.in_play() if s != seat]
    match target:
        case "own-star":
            return list(game.studios[seat].stable)
        case "other-star":
            return [star for s in others for star in game.studios[s].stable]
        case "own-film":
            return game.films_of(seat)
        case "other-film":
            return [film for s in others for film in game.films_of(s)]
        case "other-studio":
            return others
    return [""]


def legal_targets(decision: Decision, seat: str, card: str) -> list[str]:
    """The targets ``seat`` may play ``card`` on now ("" for a card without one)."""
    kind = cards(decision).plays.get(card, "")
    rules = _rules_of(decision, kind)
    if rules is None:
        return []
    return [
        t
        for t in _candidates(game_of(decision), seat, rules.target)
        if decision.rules.hook.pornstar_play_refused(state=decision.state, seat=seat, card=card, kind=kind, target=t) is None
    ]


def playable(decision: Decision, seat: str) -> list[str]:
    known = cards(decision)
    return [c for c in game_of(decision).studios[seat].hand if c in known.plays and legal_targets(decision, seat, c)]


def _label(decision: Decision, item: str) -> str:
    known = cards(decision)
    if item in known.stars:
        s = known.stars[item]
        return f"{s.name} ({GENDERS[s.gender]}, {s.specialty}; filming ${s.filming}, maintenance ${s.maintenance})"
    if item in known.films:
        f = known.films[item]
        return f"{f.title} (${f.cost}; {f.needs()}; specialty {f.specialty})"
    if item in known.plays:
        # Two copies of a card share a title: the id tells them apart.
        return f"{known.name(item)} ({item})"
    return item


def _options(decision: Decision, items: Iterable[str]) -> tuple[Option, ...]:
    return tuple(Option(i, _label(decision, i)) for i in items)


# --- drawing and shuffling ----------------------------------------------------------------


def shuffle_deck(decision: Decision, reason: str, cards: list[str] | None = None) -> None:
    """Shuffle the deck as it is now, or ``cards`` as the new deck (through the table's
    dice); the order is seen by nobody until the game ends."""
    order = decision.shuffle(list(game_of(decision).deck) if cards is None else cards, purpose=reason)
    decision.emit(DeckShuffled(order=tuple(order), reason=reason), rule=R_SETUP, visible_to=())


def draw(decision: Decision, seat: str, count: int, *, paid: int = 0, rule: str = R_DRAW) -> int:
    """``seat`` draws up to ``count`` cards from the top of the deck; returns how many."""
    game = game_of(decision)
    count = min(count, len(game.deck))
    decision.emit(CardsDrawn(seat=seat, count=count, paid=paid, left=len(game.deck) - count), rule=rule)
    for _ in range(count):
        decision.emit(CardTaken(seat=seat, card=game.deck[0]), rule=rule, visible_to=[seat])
    return count


# --- setup -------------------------------------------------------------------------------


@hookimpl
def referee_setup(decision: Decision) -> bool:
    seats = list(decision.seats)
    _check_options(decision.options, seats)
    first = decision.options.get("first") or seats[0]
    at = seats.index(first)
    order = tuple(seats[at:] + seats[:at])
    listed: Tables = decision.rules.hook.pornstar_tables(tables=STANDARD) or STANDARD
    ids = listed.card_ids()
    decision.emit(StudiosOpened(money=START_MONEY, order=order, deck=len(ids)), rule=R_ORDER)
    decision.emit(CardsListed(tables=listed), rule=R_SETUP)
    shuffle_deck(decision, "the deck", ids)
    for seat in order:
        draw(decision, seat, HAND, rule=R_SETUP)
    advance(decision)
    return True


# --- the engine ----------------------------------------------------------------------------


def advance(decision: Decision) -> None:
    """Go on until someone must answer or the game ends."""
    while not decision.flow.requests and not decision.state.over:
        game = game_of(decision)
        if game.opened and len(game.in_play()) <= 1:
            end_game(decision, "only one studio is left in business")
            return
        if game.auction is not None:
            _next_bid(decision)
            continue
        if game.lots:
            _open_auction(decision)
            continue
        broke = _broke(decision)
        if broke:
            _ask_cashflow(decision, broke)
            continue
        seat = decision.flow.seat
        if seat is not None and game.studios[seat].out:
            if decision.flow.phase:
                decision.end_phase()
            _end_turn(decision)
            continue
        phase = decision.flow.phase
        if phase is None:
            _next_step(decision)
        else:
            _START[phase](decision)


def _next_step(decision: Decision) -> None:
    game = game_of(decision)
    last = game.last_phase
    if not game.opened:
        if last == "":
            decision.begin_phase("mulligan")
        elif last == "mulligan":
            decision.begin_phase("placing")
        else:
            decision.begin_round()
            decision.begin_turn(game.order[0])
        return
    if decision.flow.seat is None:
        raise referee.RefereeError("pornstar: no turn is under way and none follows")
    following = TURN_PHASES.index(last) + 1 if last in TURN_PHASES else 0
    if following < len(TURN_PHASES):
        decision.begin_phase(TURN_PHASES[following])
    else:
        _end_turn(decision)


def _end_turn(decision: Decision) -> None:
    game = game_of(decision)
    seat = decision.flow.seat or ""
    for card, lasting in list(game.lasting.items()):
        if lasting.lasts == "turn":
            decision.emit(PlayCardDiscarded(card=card, reason="the turn it was played in is over"), rule=R_PLAY)
    decision.end_turn()
    in_play = game.in_play()
    if not in_play:
        end_game(decision, "every studio has conceded")
        return
    new_round = False
    if game.final:
        left = [s for s in game.final_left if s in in_play]
        if not left:
            why = "the round limit is reached" if game.deck else "the deck is empty"
            end_game(decision, f"{why} and every studio has had its last turn")
            return
        following = left[0]
    else:
        following = _after(game, seat)
        new_round = game.order.index(following) <= game.order.index(seat)
        limit = int(decision.options.get("round_limit", 0))
        if not game.deck or (limit and new_round and decision.flow.round >= limit):
            rotation = [*_rotation(game, seat)[1:], seat] if seat in in_play else _rotation(game, following)
            decision.emit(FinalRoundBegan(order=tuple(rotation)), rule=R_FINAL)
            following, new_round = rotation[0], True
    if new_round:
        decision.end_round()
        decision.begin_round()
    decision.begin_turn(following)


def _rotation(game: PornStar, seat: str) -> list[str]:
    """Studios in play in seat order, from ``seat`` (which may be out)."""
    at = game.order.index(seat)
    ordered = game.order[at:] + game.order[:at]
    return [s for s in ordered if not game.studios[s].out]


def _after(game: PornStar, seat: str) -> str:
    at = game.order.index(seat)
    ordered = game.order[at + 1 :] + game.order[: at + 1]
    return next(s for s in ordered if not game.studios[s].out)


# --- the opening ---------------------------------------------------------------------------


def _start_mulligan(decision: Decision) -> None:
    game = game_of(decision)
    known = cards(decision)
    for seat in game.order:
        if not any(c in known.stars for c in game.studios[seat].hand):
            decision.request(
                seat,
                "mulligan",
                f"{seat}: no Star in your opening hand. Discard it and draw five new cards?",
                answer={"mulligan": Flag()},
                rule=f"pornstar {R_MULLIGAN}",
            )
    if not decision.flow.requests:
        decision.end_phase()


def _mulligan(decision: Decision, action: referee.Action) -> None:
    if action.args.get("mulligan"):
        game = game_of(decision)
        decision.emit(MulliganTaken(seat=action.seat, returned=len(game.studios[action.seat].hand)), rule=R_MULLIGAN)
        shuffle_deck(decision, f"the deck, after {action.seat}'s mulligan")
        draw(decision, action.seat, HAND, rule=R_MULLIGAN)
    if not decision.flow.requests:
        decision.end_phase()


def _start_placing(decision: Decision) -> None:
    game = game_of(decision)
    known = cards(decision)
    for seat in game.order:
        stars = [c for c in game.studios[seat].hand if c in known.stars]
        if stars:
            decision.request(
                seat,
                "place",
                f"{seat}: put any Stars of your opening hand face up, free (you refill your hand to five after).",
                answer={"stars": Subset(_options(decision, stars), label="Stars to put into play")},
                rule=f"pornstar {R_PLACING}",
            )
    if not decision.flow.requests:
        decision.end_phase()


def _place(decision: Decision, action: referee.Action) -> None:
    stars = tuple(action.args.get("stars", ()))
    if stars:
        decision.emit(StarsPlaced(seat=action.seat, stars=stars, opening=True), rule=R_PLACING)
        draw(decision, action.seat, HAND - len(game_of(decision).studios[action.seat].hand), rule=R_PLACING)
    if not decision.flow.requests:
        decision.end_phase()


# --- the turn ------------------------------------------------------------------------------


def _start_residuals(decision: Decision) -> None:
    game = game_of(decision)
    seat = decision.flow.seat or ""
    t = tables(decision)
    known = cards(decision)
    for film in game.films_of(seat):
        produced = game.films[film]
        if produced.wanked >= 2:
            continue
        die = decision.roll(6, purpose=f"residuals of {known.name(film)}")
        bonus = sum(b or 0 for b in decision.rules.hook.pornstar_residual_bonus(state=decision.state, seat=seat, film=film))
        modifier = produced.marker + bonus
        amount = t.residual_amount(die + modifier)
        wanked = 0 if amount > 0 else min(2, produced.wanked + 1)
        decision.emit(
            ResidualsRolled(seat=seat, film=film, die=die, modifier=modifier, total=die + modifier, paid=amount, wanked=wanked),
            rule=R_RESIDUALS,
        )
    decision.end_phase()


def _start_draw(decision: Decision) -> None:
    game = game_of(decision)
    seat = decision.flow.seat or ""
    if game.final or not game.deck:
        decision.end_phase()
        return
    most = min(MOST_EXTRA, game.studios[seat].money // EXTRA_CARD, len(game.deck) - 1)
    if most <= 0:
        draw(decision, seat, 1)
        decision.end_phase()
        return
    decision.request(
        seat,
        "draw",
        f"{seat}: draw one card; up to {most} more at ${EXTRA_CARD} each?",
        answer={"extra": Amount(min=0, max=most, label="extra cards")},
        rule=f"pornstar {R_DRAW}",
    )


def _draw(decision: Decision, action: referee.Action) -> None:
    extra = int(action.args.get("extra", 0))
    draw(decision, action.seat, 1 + extra, paid=EXTRA_CARD * extra)
    decision.end_phase()


def _start_stars(decision: Decision) -> None:
    game = game_of(decision)
    seat = decision.flow.seat or ""
    stars = [c for c in game.studios[seat].hand if c in cards(decision).stars]
    if not stars:
        decision.end_phase()
        return
    decision.request(
        seat,
        "hire",
        f"{seat}: put Stars into play (at least one: you must if you can).",
        answer={"stars": Subset(_options(decision, stars), min=1, label="Stars to put into play")},
        rule=f"pornstar {R_STARS}",
    )


def _cast(decision: Decision, action: referee.Action) -> None:
    decision.emit(StarsPlaced(seat=action.seat, stars=tuple(action.args["stars"])), rule=R_STARS)
    decision.end_phase()


def _start_production(decision: Decision) -> None:
    game = game_of(decision)
    seat = decision.flow.seat or ""
    films = producible(decision, seat)
    plays = playable(decision, seat)
    partners = [s for s in game.in_play() if s != seat] if game.proposed < DEALS_A_TURN else []
    doing = [Option("make-film", "produce a Film")] if films else []
    doing += [Option("play-card", "play a Play card")] if plays else []
    doing += [Option("offer-deal", "propose a deal")] if partners else []
    doing.append(Option("end-production", "end production (then Maintenance)"))
    answer: dict[str, referee.Shape] = {"do": Pick(tuple(doing), label="what to do")}
    if films:
        answer["film"] = Pick(_options(decision, films), optional=True, label="the Film to produce")
    if plays:
        answer["card"] = Pick(_options(decision, plays), optional=True, label="the Play card")
    if partners:
        answer["with"] = Pick(tuple(Option(s, s) for s in partners), optional=True, label="the studio to deal with")
    decision.request(
        seat,
        "production",
        f"{seat}: make Films, play cards, strike deals; then end production.",
        answer=answer,
        sealed=True,
        rule=f"pornstar {R_PRODUCE}",
    )


def _turn(decision: Decision, action: referee.Action) -> None:
    seat = action.seat
    args = action.args
    turn = decision.flow.turn
    match args["do"]:
        case "end-production":
            decision.end_phase()
        case "make-film":
            film = args.get("film")
            if not film:
                raise IllegalAction("name the Film to produce", f"pornstar {R_PRODUCE}")
            usable = usable_stars(decision, seat)
            money = game_of(decision).studios[seat].money
            spare = money - cards(decision).films[film].cost
            decision.request(
                seat,
                "shoot",
                f"{seat}: cast {cards(decision).films[film].title} ({cards(decision).films[film].needs()}) and choose Advertising (+1 per ${AD_STEP}), before the 2d6.",
                answer={
                    "stars": Subset(_options(decision, usable), optional=True, label="the Stars (none: keep the Film in hand)"),
                    "advertising": Amount(
                        min=0, max=max(0, min(MOST_AD, spare)), step=AD_STEP, optional=True, label="advertising, +1 per $10"
                    ),
                },
                id=f"t{turn}.shoot.{film}",
                rule=f"pornstar {R_PRODUCE}",
            )
        case "play-card":
            card = args.get("card")
            if not card:
                raise IllegalAction("name the Play card", f"pornstar {R_PLAY}")
            targets = legal_targets(decision, seat, card)
            if targets == [""]:
                play_card(decision, seat, card, "")
                return
            decision.request(
                seat,
                "aim",
                f"{seat}: play {cards(decision).name(card)} on what?",
                answer={"target": Pick(tuple(Option(t, _label(decision, t)) for t in targets), label="the target")},
                id=f"t{turn}.aim.{card}",
                rule=f"pornstar {R_PLAY}",
            )
        case "offer-deal":
            party = args.get("with")
            if not party:
                raise IllegalAction("name the studio to deal with", f"pornstar {R_DEALS}")
            _ask_deal(decision, seat, party)


def _subject(request: str | None, kind: str) -> str:
    parts = (request or "").split(".", 2)
    if len(parts) != 3 or parts[1] != kind:
        raise IllegalAction(f"no {kind} choice is open", "pornstar")
    return parts[2]


def _film(decision: Decision, action: referee.Action) -> None:
    seat = action.seat
    film_id = _subject(action.request, "shoot")
    stars = list(action.args.get("stars", ()))
    if not stars:
        return  # the Film stays in hand
    game = game_of(decision)
    known = cards(decision)
    film = known.films[film_id]
    chosen = [known.stars[s] for s in stars]
    males = sum(1 for s in chosen if s.gender == "M")
    females = len(chosen) - males
    if males < film.males or females < film.females or len(chosen) < film.stars_needed:
        raise IllegalAction(
            f"{film.title} needs {film.needs()}; the cast has {males} Male(s) and {females} Female(s)", f"pornstar {R_PRODUCE}"
        )
    advertising = int(action.args.get("advertising", 0))
    filming = sum(s.filming for s in chosen)
    money = game.studios[seat].money
    if film.cost + filming + advertising > money:
        raise IllegalAction(
            f"{film.title} costs ${film.cost} + ${filming} filming + ${advertising} advertising; {seat} has ${money}",
            f"pornstar {R_PRODUCE}",
        )
    dice = (
        decision.roll(6, purpose=f"{film.title}: production, first die"),
        decision.roll(6, purpose=f"{film.title}: production, second die"),
    )
    specialty = sum(1 for s in stars if film.specialty in specialties(decision, s))
    card_bonus = sum(
        b or 0 for b in decision.rules.hook.pornstar_production_bonus(state=decision.state, seat=seat, film=film_id, stars=stars)
    )
    total = sum(dice) + specialty + advertising // AD_STEP + card_bonus
    row = tables(decision).production_row(total)
    left = money - film.cost - filming - advertising
    # "the main cost of the Film (including paying the Stars but not including any money
    # spent on Advertising)" is what the table's multiples are of.
    base = film.cost + filming
    recovered = lost = written_off = 0
    if row.percent >= 0:
        recovered = base * row.percent // 100
    else:
        loss = base * -row.percent // 100
        lost = min(loss, left)
        written_off = loss - lost
    rented = tuple(s for s in stars if game.rented.get(s) == seat)
    decision.emit(
        FilmProduced(
            seat=seat,
            film=film_id,
            stars=tuple(stars),
            rented=rented,
            production_cost=film.cost,
            filming_cost=filming,
            advertising=advertising,
            dice=dice,
            specialty_bonus=specialty,
            card_bonus=card_bonus,
            total=total,
            result=row.name,
            recovered=recovered,
            lost=lost,
            written_off=written_off,
            marker=row.marker,
            award=row.award,
        ),
        rule=R_ROLL,
    )
    if row.lose_star:
        own = [s for s in stars if s in game.studios[seat].stable] or list(game.studios[seat].stable)
        if own:
            star = own[0] if len(own) == 1 else decision.pick(own, purpose=f"{film.title}: the Star lost")
            decision.emit(StarLost(seat=seat, star=star, reason=row.name), rule=R_LOSE)
    if row.recruit:
        others = [star for s in game.in_play() if s != seat for star in game.studios[s].stable]
        if others:
            decision.request(
                seat,
                "recruit",
                f"{seat}: {row.name}! You may steal any Star on the table for your stable.",
                answer={"star": Pick(_options(decision, others), optional=True, label="the Star to steal")},
                rule=f"pornstar {R_RECRUIT}",
            )


def _recruit(decision: Decision, action: referee.Action) -> None:
    star = action.args.get("star")
    if star:
        owner = game_of(decision).owner_of_star(star)
        decision.emit(StarRecruited(seat=action.seat, star=star, from_seat=owner or ""), rule=R_RECRUIT)


def _target(decision: Decision, action: referee.Action) -> None:
    card = _subject(action.request, "aim")
    play_card(decision, action.seat, card, str(action.args["target"]))


def play_card(decision: Decision, seat: str, card: str, target: str) -> None:
    kind = cards(decision).plays[card]
    rules = _rules_of(decision, kind)
    if rules is None:
        raise IllegalAction(f"no plugin of this table plays {kind!r} cards", f"pornstar {R_PLAY}")
    reason = decision.rules.hook.pornstar_play_refused(state=decision.state, seat=seat, card=card, kind=kind, target=target)
    if reason:
        raise IllegalAction(reason, f"pornstar {R_PLAY}")
    decision.emit(
        PlayCardPlayed(seat=seat, card=card, kind=kind, title=cards(decision).name(card), target=target, lasts=rules.lasts), rule=R_PLAY
    )
    decision.rules.hook.pornstar_play_card(decision=decision, seat=seat, card=card, kind=kind, target=target)


def maintenance_due(decision: Decision, seat: str) -> dict[str, int]:
    """Stars of ``seat`` not used in a Film and not brought into play this turn, with their cost."""
    game = game_of(decision)
    known = cards(decision)
    due = {}
    for star in game.studios[seat].stable:
        if game.used.get(star, 0) or star in game.brought:
            continue
        cost = known.stars[star].maintenance
        found = decision.rules.hook.pornstar_maintenance(state=decision.state, seat=seat, star=star, cost=cost)
        due[star] = cost if found is None else int(found)
    return due


def _start_maintenance(decision: Decision) -> None:
    game = game_of(decision)
    seat = decision.flow.seat or ""
    due = maintenance_due(decision, seat)
    if game.final or not due:
        decision.end_phase()
        return
    if not any(due.values()):
        decision.emit(MaintenancePaid(seat=seat, stars=tuple(due), paid=0, unpaid=()), rule=R_MAINTENANCE)
        decision.end_phase()
        return
    options = tuple(Option(s, f"keep {cards(decision).name(s)} for ${cost}") for s, cost in due.items())
    decision.request(
        seat,
        "maintenance",
        f"{seat}: pay Maintenance for the Stars you keep (${game.studios[seat].money} in hand); the rest go to auction.",
        answer={"keep": Subset(options, label="the Stars to keep")},
        rule=f"pornstar {R_MAINTENANCE}",
    )


def _maintenance(decision: Decision, action: referee.Action) -> None:
    seat = action.seat
    due = maintenance_due(decision, seat)
    keep = [s for s in due if s in action.args.get("keep", ())]
    amount = sum(due[s] for s in keep)
    money = game_of(decision).studios[seat].money
    if amount > money:
        raise IllegalAction(f"keeping them costs ${amount}; {seat} has ${money}", f"pornstar {R_MAINTENANCE}")
    unpaid = tuple(s for s in due if s not in keep)
    decision.emit(MaintenancePaid(seat=seat, stars=tuple(keep), paid=amount, unpaid=unpaid), rule=R_MAINTENANCE)
    decision.end_phase()


# --- auctions ------------------------------------------------------------------------------


def _open_auction(decision: Decision) -> None:
    game = game_of(decision)
    lot = game.lots[0]
    opening = cards(decision).stars[lot.star].maintenance
    bidders = tuple(s for s in _rotation(game, lot.from_seat) if s != lot.from_seat)
    decision.emit(AuctionOpened(star=lot.star, from_seat=lot.from_seat, opening=opening, bidders=bidders), rule=R_AUCTION)


def minimum_bid(game: PornStar) -> int:
    auction = game.auction
    assert auction is not None
    return auction.high + 1 if auction.leader else auction.opening


def _next_bid(decision: Decision) -> None:
    game = game_of(decision)
    auction = game.auction
    assert auction is not None
    least = minimum_bid(game)
    bidders = auction.bidders
    start = bidders.index(auction.last) + 1 if auction.last in bidders else 0
    for seat in bidders[start:] + bidders[:start]:
        if seat in auction.passed or seat == auction.leader or game.studios[seat].out or game.studios[seat].money < max(least, 1):
            continue
        decision.request(
            seat,
            "bid-for-star",
            f"{seat}: {cards(decision).name(auction.star)} is up for auction; "
            + (f"{auction.leader} bids ${auction.high}." if auction.leader else f"the opening bid is ${auction.opening}.")
            + " Bid (money to the bank) or leave it out to pass for good.",
            answer={"bid": Amount(min=least, max=game.studios[seat].money, optional=True, label="your bid")},
            id=f"bid.{auction.star}.{seat}",
            rule=f"pornstar {R_AUCTION}",
        )
        return
    if auction.leader:
        decision.emit(StarAuctioned(star=auction.star, seat=auction.leader, price=auction.high), rule=R_AUCTION)
        return
    for card, lasting in list(game.lasting.items()):
        if lasting.target == auction.star:
            decision.emit(PlayCardDiscarded(card=card, reason="its Star went back into the deck"), rule=R_AUCTION)
    decision.emit(StarUnsold(star=auction.star), rule=R_AUCTION)
    shuffle_deck(decision, "the deck, with an unsold Star shuffled back")


def _bid(decision: Decision, action: referee.Action) -> None:
    game = game_of(decision)
    assert game.auction is not None
    if "bid" in action.args:
        decision.emit(BidMade(seat=action.seat, star=game.auction.star, dollars=int(action.args["bid"])), rule=R_AUCTION)
    else:
        decision.emit(BidPassed(seat=action.seat, star=game.auction.star), rule=R_AUCTION)


# --- deals ---------------------------------------------------------------------------------


def _ask_deal(decision: Decision, seat: str, party: str) -> None:
    game = game_of(decision)
    mine, theirs = game.studios[seat], game.studios[party]
    offer = [*mine.stable, *game.films_of(seat), *mine.hand]
    ask = [*theirs.stable, *game.films_of(party)]
    rentable = [s for s in theirs.stable if not game.used.get(s, 0)]
    answer: dict[str, referee.Shape] = {
        "give_money": Amount(min=0, max=mine.money, optional=True, label="money you give"),
        "get_money": Amount(min=0, max=theirs.money, optional=True, label="money you get"),
        "give": Subset(_options(decision, offer), optional=True, label="Stars, Films and cards in hand you give"),
        "get": Subset(_options(decision, ask), optional=True, label="Stars and Films you get"),
        "rent": Subset(_options(decision, rentable), optional=True, label="their Stars you rent for one Film this turn"),
        "ask_cards": Amount(min=0, max=min(3, len(theirs.hand)), optional=True, label="cards from their hand (they choose)"),
        "terms": Text(optional=True, hint="promises the rules do not enforce, e.g. a 50-50 split of the Film's residuals", max_length=500),
    }
    decision.request(
        seat,
        "offer-deal",
        f"{seat}: propose a deal to {party} (it takes effect only if {party} accepts); propose nothing to call it off.",
        answer=answer,
        sealed=True,
        id=f"t{decision.flow.turn}.offer-deal.{party}",
        rule=f"pornstar {R_DEALS}",
    )


def _deal(decision: Decision, action: referee.Action) -> None:
    seat = action.seat
    party = _subject(action.request, "offer-deal")
    args = action.args
    give, get, rent = tuple(args.get("give", ())), tuple(args.get("get", ())), tuple(args.get("rent", ()))
    give_money, get_money, ask_cards = int(args.get("give_money", 0)), int(args.get("get_money", 0)), int(args.get("ask_cards", 0))
    terms = str(args.get("terms", "")).strip()
    if not (give or get or rent or give_money or get_money or ask_cards):
        return  # called off before it was made
    if set(get) & set(rent):
        raise IllegalAction("a Star is either bought or rented, not both", f"pornstar {R_DEALS}")
    game = game_of(decision)
    number = game.deals + 1
    decision.emit(
        DealProposed(
            deal=number,
            proposer=seat,
            party=party,
            give_money=give_money,
            get_money=get_money,
            give=give,
            get=get,
            rent=rent,
            ask_cards=ask_cards,
            terms=terms,
        ),
        rule=R_DEALS,
        visible_to=[seat, party],
    )
    answer: dict[str, referee.Shape] = {"accept": Flag(label="accept the deal")}
    if ask_cards:
        answer["cards"] = Subset(
            _options(decision, game.studios[party].hand), min=ask_cards, max=ask_cards, optional=True, label="the cards you give"
        )
    decision.request(
        party,
        "answer-deal",
        f"{party}: {seat} proposes deal {number}: {describe_deal(decision, game.deal)}. Accept?",
        answer=answer,
        sealed=True,
        id=f"deal.{number}.{party}",
        rule=f"pornstar {R_DEALS}",
    )


def describe_deal(decision: Decision, deal: Any) -> str:
    known = cards(decision)
    parts = []
    if deal.give_money:
        parts.append(f"{deal.proposer} pays ${deal.give_money}")
    if deal.get_money:
        parts.append(f"{deal.party} pays ${deal.get_money}")
    if deal.give:
        parts.append(f"{deal.proposer} gives {', '.join(known.name(c) for c in deal.give)}")
    if deal.get:
        parts.append(f"{deal.party} gives {', '.join(known.name(c) for c in deal.get)}")
    if deal.rent:
        parts.append(f"{deal.party} rents out {', '.join(known.name(c) for c in deal.rent)} for one Film")
    if deal.ask_cards:
        parts.append(f"{deal.party} gives {deal.ask_cards} card(s) from hand")
    if deal.terms:
        parts.append(f"terms: {deal.terms}")
    return "; ".join(parts)


def _answer_deal(decision: Decision, action: referee.Action) -> None:
    game = game_of(decision)
    deal = game.deal
    if deal is None:
        raise IllegalAction("no deal is waiting for an answer", f"pornstar {R_DEALS}")
    given_back = tuple(action.args.get("cards", ()))
    if not action.args.get("accept"):
        decision.emit(
            DealRefused(deal=deal.deal, proposer=deal.proposer, party=deal.party), rule=R_DEALS, visible_to=[deal.proposer, deal.party]
        )
        return
    if len(given_back) != deal.ask_cards:
        raise IllegalAction(f"accepting gives {deal.ask_cards} card(s) from your hand: choose them", f"pornstar {R_DEALS}")
    mine, theirs = game.studios[deal.proposer], game.studios[deal.party]
    if deal.give_money > mine.money or deal.get_money > theirs.money:
        raise IllegalAction("the money of the deal is no longer there", f"pornstar {R_DEALS}")
    hand = tuple(c for c in deal.give if c in mine.hand)
    public_give = tuple(c for c in deal.give if c not in hand)
    decision.emit(
        DealMade(
            deal=deal.deal,
            proposer=deal.proposer,
            party=deal.party,
            give_money=deal.give_money,
            get_money=deal.get_money,
            give=public_give,
            get=tuple(deal.get),
            rent=tuple(deal.rent),
            cards_given=len(hand),
            cards_asked=len(given_back),
            terms=deal.terms,
        ),
        rule=R_DEALS,
    )
    if hand:
        decision.emit(
            HandCardsPassed(from_seat=deal.proposer, to_seat=deal.party, cards=hand), rule=R_DEALS, visible_to=[deal.proposer, deal.party]
        )
    if given_back:
        decision.emit(
            HandCardsPassed(from_seat=deal.party, to_seat=deal.proposer, cards=given_back),
            rule=R_DEALS,
            visible_to=[deal.proposer, deal.party],
        )


# --- cashflow problems ---------------------------------------------------------------------


def _broke(decision: Decision) -> str | None:
    game = game_of(decision)
    if not game.opened:
        return None
    first = decision.flow.seat if decision.flow.seat in game.order else game.order[0]
    return next((s for s in _rotation(game, first) if game.studios[s].money <= 0), None)


def lenders(game: PornStar, seat: str) -> list[str]:
    return [s for s in game.in_play() if s != seat and game.studios[s].money > 0 and s not in game.asked]


def _ask_cashflow(decision: Decision, seat: str) -> None:
    game = game_of(decision)
    others = lenders(game, seat)
    doing = ([Option("ask-loan", "beg a studio for a loan")] if others else []) + [Option("give-up", "concede: you have lost the game")]
    answer: dict[str, referee.Shape] = {"do": Pick(tuple(doing), label="what to do")}
    if others:
        answer["lender"] = Pick(tuple(Option(s, f"{s} (${game.studios[s].money})") for s in others), optional=True, label="the lender")
        answer["amount"] = Amount(min=1, optional=True, label="the loan asked for")
        answer["note"] = Text(optional=True, hint="what you offer in return", max_length=500)
    decision.request(
        seat,
        "cashflow",
        f"{seat}: you have run completely out of money. Beg for a loan, or concede.",
        answer=answer,
        rule=f"pornstar {R_CASH}",
    )


def _cashflow(decision: Decision, action: referee.Action) -> None:
    seat = action.seat
    if action.args["do"] == "give-up":
        concede(decision, seat)
        return
    lender, amount = action.args.get("lender"), action.args.get("amount")
    if not lender or not amount:
        raise IllegalAction("name the lender and the amount", f"pornstar {R_CASH}")
    game = game_of(decision)
    decision.emit(LoanAsked(borrower=seat, lender=lender, dollars=int(amount), note=str(action.args.get("note", ""))), rule=R_CASH)
    collateral = [*game.studios[seat].stable, *game.films_of(seat)]
    answer: dict[str, referee.Shape] = {
        "lend": Flag(label="lend the money"),
        "amount": Amount(min=1, max=game.studios[lender].money, optional=True, label="how much (default: what was asked, if you have it)"),
        "terms": Text(optional=True, hint="your conditions, e.g. repay $60 within three turns", max_length=500),
    }
    if collateral:
        answer["demand"] = Subset(_options(decision, collateral), optional=True, label="Stars and Films they must hand over")
    decision.request(
        lender,
        "lend-money",
        f"{lender}: {seat} is broke and begs you for ${amount}. Lend, on your terms?",
        answer=answer,
        rule=f"pornstar {R_CASH}",
    )


def _lend(decision: Decision, action: referee.Action) -> None:
    game = game_of(decision)
    loan = game.loan
    assert loan is not None
    if not action.args.get("lend"):
        decision.emit(LoanDeclined(borrower=loan.borrower, lender=loan.lender, by=loan.lender), rule=R_CASH)
        return
    amount = int(action.args.get("amount") or min(loan.dollars, game.studios[loan.lender].money))
    demand = tuple(action.args.get("demand", ()))
    terms = str(action.args.get("terms", ""))
    decision.emit(LoanOffered(borrower=loan.borrower, lender=loan.lender, dollars=amount, demand=demand, terms=terms), rule=R_CASH)
    known = cards(decision)
    handed = f", handing over {', '.join(known.name(c) for c in demand)}" if demand else ""
    decision.request(
        loan.borrower,
        "loan-terms",
        f"{loan.borrower}: {loan.lender} lends ${amount}{handed}" + (f"; terms: {terms}" if terms else "") + ". Accept?",
        answer={"accept": Flag(label="accept the loan")},
        rule=f"pornstar {R_CASH}",
    )


def _loan_terms(decision: Decision, action: referee.Action) -> None:
    loan = game_of(decision).loan
    assert loan is not None
    if action.args.get("accept"):
        decision.emit(
            LoanMade(borrower=loan.borrower, lender=loan.lender, dollars=loan.dollars, demand=tuple(loan.demand), terms=loan.terms),
            rule=R_CASH,
        )
    else:
        decision.emit(LoanDeclined(borrower=loan.borrower, lender=loan.lender, by=loan.borrower), rule=R_CASH)


def concede(decision: Decision, seat: str) -> None:
    game = game_of(decision)
    films = set(game.films_of(seat))
    for card, lasting in list(game.lasting.items()):
        if lasting.target in films:
            decision.emit(PlayCardDiscarded(card=card, reason=f"{seat} conceded"), rule=R_CASH)
    for rid, request in list(decision.flow.requests.items()):
        if request.seat == seat:
            decision.withdraw(rid, f"{seat} conceded", rule=f"pornstar {R_CASH}")
    decision.emit(StudioConceded(seat=seat), rule=R_CASH)


# --- the end -------------------------------------------------------------------------------


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


# --- dispatch --------------------------------------------------------------------------------


_START = {
    "mulligan": _start_mulligan,
    "placing": _start_placing,
    "residuals": _start_residuals,
    "draw": _start_draw,
    "stars": _start_stars,
    "production": _start_production,
    "maintenance": _start_maintenance,
}

_ACTIONS = {
    "mulligan": _mulligan,
    "place": _place,
    "draw": _draw,
    "hire": _cast,
    "production": _turn,
    "shoot": _film,
    "recruit": _recruit,
    "aim": _target,
    "maintenance": _maintenance,
    "bid-for-star": _bid,
    "offer-deal": _deal,
    "answer-deal": _answer_deal,
    "cashflow": _cashflow,
    "lend-money": _lend,
    "loan-terms": _loan_terms,
}


@hookimpl
def referee_decide(decision: Decision, action: referee.Action) -> bool | None:
    handler = _ACTIONS.get(action.action)
    if handler is None:
        return None
    handler(decision, action)
    advance(decision)
    return True
