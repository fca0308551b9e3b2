"""Producing a Film, and playing Play cards.

Your Turn: production, a menu the studio is offered again after each thing it does
(produce a Film, play a Play card, propose a deal) until it ends production.  Producing a
Film: the cast and Advertising, the Production roll, recruiting a Star, losing a Star.
Play Cards: a card is played from production, on a legal target.  What the studio chose
to do is recorded for it alone (``ProductionChosen``): the request that follows is about
that, and says so only in the state and in what its seat is asked.  The choice, and the
cast or target that follows it, are sealed and recorded under one rule (``R_PRODUCTION``)
whatever was chosen: the rulebook makes a Film public when it is produced ("New Films are
played face-up for all to see") and a Play card when it is played, not before, so a
studio that casts nobody (the Film stays in hand) or proposes nothing has shown nothing.
"""

from __future__ import annotations

import referee
from referee import Amount, Decision, IllegalAction, Option, Pick, Subset
from referee.words import count, listing, money

from .deals import offer_deal
from .events import FilmProduced, PlayCardPlayed, ProductionChosen, StarLost, StarRecruited
from .events_replies import FilmPutUp, FilmReturned
from .playcard import carry_out, refused
from .replies import ask_reply, reply_cards
from .rulebook import AD_STEP, DEALS_A_TURN, MOST_AD, R_DEALS, R_LOSE, R_PLAY, R_PRODUCE, R_PRODUCTION, R_RECRUIT, R_REPLY, R_ROLL, asked
from .table import (
    cards,
    chosen,
    game_of,
    label,
    legal_targets,
    named,
    options_of,
    play_rules,
    playable,
    producible,
    specialties,
    tables,
    usable_stars,
)
from .turn import in_business


def offer_production(decision: Decision) -> None:
    """The production menu: what the studio may do now, or end production."""
    seat = in_business(decision)
    if seat is None:
        return
    game = game_of(decision)
    films = producible(decision, seat)
    plays = playable(decision, seat)
    partners = [s for s in game.in_play() if s != seat] if game.proposed < DEALS_A_TURN else []
    doing = [Option("make-film", "produce a Film")] if films else []
    doing += [Option("play-card", "play a Play card")] if plays else []
    doing += [Option("offer-deal", "propose a deal")] if partners else []
    doing.append(Option("end-production", "end production (then Maintenance)"))
    answer: dict[str, referee.Shape] = {"do": Pick(tuple(doing), label="what to do")}
    if films:
        answer["film"] = Pick(options_of(decision, films, seat), optional=True, label="the Film to produce")
    if plays:
        answer["card"] = Pick(options_of(decision, plays, seat), optional=True, label="the Play card")
    if partners:
        answer["with"] = Pick(tuple(Option(s, s) for s in partners), optional=True, label="the studio to deal with")
    decision.request(
        seat,
        "production",
        f"{seat}: produce Films, play Play cards, propose deals; then end production.",
        answer=answer,
        sealed=True,
        rule=asked(R_PRODUCTION),
    )


def answer_production(decision: Decision, action: referee.Action) -> None:
    seat = action.seat
    args = action.args
    match args["do"]:
        case "end-production":
            decision.end_phase()
        case "make-film":
            film = args.get("film")
            if not film:
                raise IllegalAction("name the Film to produce", asked(R_PRODUCE))
            _choose(decision, seat, "make-film", film)
            _ask_cast(decision, seat, film)
        case "play-card":
            card = args.get("card")
            if not card:
                raise IllegalAction("name the Play card", asked(R_PLAY))
            targets = legal_targets(decision, seat, card)
            if targets == [""]:
                play_card(decision, seat, card, "")
                return
            _choose(decision, seat, "play-card", card)
            decision.request(
                seat,
                "aim",
                f"{seat}: play {label(decision, card, seat)} on what? {_text(decision, card)}",
                answer={"target": Pick(options_of(decision, targets, seat), label="the target")},
                sealed=True,
                rule=asked(R_PRODUCTION),
            )
        case "offer-deal":
            party = args.get("with")
            if not party:
                raise IllegalAction("name the studio to deal with", asked(R_DEALS))
            _choose(decision, seat, "offer-deal", party)
            offer_deal(decision, seat, party)


def _text(decision: Decision, card: str) -> str:
    """The Play card's rules text, as its plugin prints it."""
    rules = play_rules(decision, cards(decision).plays[card])
    return f"({rules.text})" if rules is not None else ""


def _choose(decision: Decision, seat: str, doing: str, subject: str) -> None:
    decision.emit(
        ProductionChosen(seat=seat, doing=doing, subject=subject, names=named(decision, subject)), rule=R_PRODUCTION, visible_to=[seat]
    )


def _ask_cast(decision: Decision, seat: str, film_id: str) -> None:
    film = cards(decision).films[film_id]
    spare = game_of(decision).studios[seat].money - film.cost
    decision.request(
        seat,
        "shoot",
        f"{seat}: cast {film.title} ({film.needs()}; +1 for each Star with {film.specialty}) and choose Advertising"
        f" (+1 for each {money(AD_STEP)}), before the 2d6.",
        answer={
            "stars": Subset(
                options_of(decision, usable_stars(decision, seat), seat), optional=True, label="the Stars (none: keep the Film in hand)"
            ),
            "advertising": Amount(
                min=0, max=max(0, min(MOST_AD, spare)), step=AD_STEP, optional=True, label=f"Advertising, +1 for each {money(AD_STEP)}"
            ),
        },
        sealed=True,
        rule=asked(R_PRODUCTION),
    )


def answer_shoot(decision: Decision, action: referee.Action) -> None:
    """Put the chosen Film up with the cast and Advertising given, for the others' replies
    (asked by ``game.settle``: ``settle_put_up``); no cast keeps it in hand."""
    seat = action.seat
    film_id = chosen(decision, "make-film")
    stars = list(action.args.get("stars", ()))
    if not stars:
        return  # the Film stays in hand
    advertising = int(action.args.get("advertising", 0))
    problem = _unproduceable(decision, seat, film_id, stars, advertising)
    if problem:
        raise IllegalAction(problem, asked(R_PRODUCE))
    decision.emit(
        FilmPutUp(seat=seat, film=film_id, stars=tuple(stars), advertising=advertising, names=named(decision, film_id, stars)),
        rule=R_PRODUCE,
    )


def _unproduceable(decision: Decision, seat: str, film_id: str, stars: list[str], advertising: int) -> str:
    """Why ``seat`` cannot produce ``film_id`` with ``stars`` and ``advertising`` now ("": it can)."""
    known = cards(decision)
    film = known.films[film_id]
    gone = [s for s in stars if s not in usable_stars(decision, seat)]
    if gone:
        return f"{listing([known.name(s) for s in gone])} cannot appear in {film.title} now"
    cast = [known.stars[s] for s in stars]
    males = sum(1 for s in cast if s.gender == "M")
    females = len(cast) - males
    if males < film.males or females < film.females or len(cast) < film.stars_needed:
        has = f"{count(males, 'Male')} and {count(females, 'Female')}"
        return f"{film.title} needs {film.needs()}; the cast has {has}"
    filming = sum(s.filming for s in cast)
    cash = game_of(decision).studios[seat].money
    if film.cost + filming + advertising > cash:
        # No seat named: this reason is also told to that seat ("You take ... back into hand: ...").
        return f"{film.title} costs {money(film.cost)} + {money(filming)} Filming + {money(advertising)} Advertising, more than the studio's {money(cash)}"
    return ""


def answer_reply(decision: Decision, action: referee.Action) -> None:
    """A Play card played in reply to the Film put up (none: the studio lets it roll)."""
    card = action.args.get("card")
    if not card:
        return
    seat = action.seat
    if card not in reply_cards(decision, seat):
        raise IllegalAction(f"{cards(decision).name(card)} cannot be played in reply now", asked(R_REPLY))
    targets = legal_targets(decision, seat, card)
    target = "" if targets == [""] else str(action.args.get("target", ""))
    if target not in targets:
        shown = "; ".join(label(decision, t, seat) for t in targets)
        raise IllegalAction(f"{cards(decision).name(card)} is played on one of: {shown}", asked(R_REPLY))
    play_card(decision, seat, card, target)


def settle_put_up(decision: Decision) -> None:
    """The Film put up: ask the next studio for its reply; once every studio has replied,
    roll it, or, if a reply made it unproduceable ("return it to your hand for later use"),
    it goes back to the hand it never left."""
    if ask_reply(decision):
        return
    put_up = game_of(decision).put_up
    assert put_up is not None
    seat, film_id, stars, advertising = put_up.seat, put_up.film, list(put_up.stars), put_up.advertising
    problem = "its studio is out of business" if game_of(decision).studios[seat].out else ""
    problem = problem or _unproduceable(decision, seat, film_id, stars, advertising)
    if problem:
        decision.emit(FilmReturned(seat=seat, film=film_id, reason=problem, names=named(decision, film_id)), rule=R_REPLY)
        return
    _roll(decision, seat, film_id, stars, advertising)


def _roll(decision: Decision, seat: str, film_id: str, stars: list[str], advertising: int) -> None:
    """The Production roll, and what its row says: money back or lost, a Star lost or recruited."""
    game = game_of(decision)
    known = cards(decision)
    film = known.films[film_id]
    filming = sum(known.stars[s].filming for s in stars)
    cash = game.studios[seat].money
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
    left = cash - film.cost - filming - advertising
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
            names=named(decision, film_id, stars),
        ),
        rule=R_ROLL,
    )
    if row.lose_star:
        own = [s for s in stars if s in game.studios[seat].stable] or list(game.studios[seat].stable)
        if own:
            star = own[0] if len(own) == 1 else decision.pick(own, purpose=f"{film.title}: the Star lost")
            decision.emit(StarLost(seat=seat, star=star, reason=row.name, names=named(decision, star)), rule=R_LOSE)
    if row.recruit:
        others = [star for s in game.in_play() if s != seat for star in game.studios[s].stable]
        if others:
            decision.request(
                seat,
                "recruit",
                f"{seat}: {row.name}! You may steal any Star on the table for your stable.",
                answer={"star": Pick(options_of(decision, others, seat), optional=True, label="the Star to steal")},
                rule=asked(R_RECRUIT),
            )


def answer_recruit(decision: Decision, action: referee.Action) -> None:
    star = action.args.get("star")
    if star:
        owner = game_of(decision).owner_of_star(star)
        decision.emit(StarRecruited(seat=action.seat, star=star, from_seat=owner or "", names=named(decision, star)), rule=R_RECRUIT)


def answer_aim(decision: Decision, action: referee.Action) -> None:
    card = chosen(decision, "play-card")
    play_card(decision, action.seat, card, str(action.args["target"]))


def play_card(decision: Decision, seat: str, card: str, target: str) -> None:
    kind = cards(decision).plays[card]
    rules = play_rules(decision, kind)
    if rules is None:
        raise IllegalAction(f"no rule of this table plays {cards(decision).name(card)}", asked(R_PLAY))
    reason = refused(decision, seat, card, kind, target)
    if reason:
        raise IllegalAction(reason, asked(R_PLAY))
    decision.emit(
        PlayCardPlayed(
            seat=seat,
            card=card,
            kind=kind,
            title=cards(decision).name(card),
            target=target,
            lasts=rules.lasts,
            names=named(decision, card, target),
        ),
        rule=R_PLAY,
    )
    carry_out(decision, seat, card, kind, target)
