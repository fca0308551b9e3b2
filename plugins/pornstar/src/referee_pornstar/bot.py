"""Bots for PornStar seats, reading only their own seat's view and request.

Two kinds, chosen per seat by the table option ``bots``:

``random``
    Any legal answer: every action the request offers is as likely as another, and the
    details (a cast, a bid, a deal, a loan's terms) are drawn among those the rules accept.
``heuristic``
    A studio with a plan.  It produces the dearest Film it can afford with money to
    spare, casting Stars with the Film's Specialty and advertising when rich; plays its
    Play cards where they help it or hurt the leader; rents the Star a Film lacks from
    another studio (paying for it and promising half the residuals); keeps the Stars it
    can afford; bids for cheap Stars when it has money to spare, and for a Star a Film in
    its hand lacks; lends on hard terms (when not rich, only against a Star or Film worth
    the loan), borrows when broke, and accepts deals that pay it more than they cost it.
    It never spends its last dollar: at $0 a studio must beg or give up.

    Where its choice is not forced it draws from the seat's keyed generator: it takes, at
    random, one of the options worth nearly as much as the best (a Film within
    ``FILM_MARGIN`` of the dearest, a target or a Star within ``VALUE_MARGIN``), breaks
    ties at random, judges its money with ``MONEY_NOISE`` dollars of noise and varies its
    bids and loans by a few dollars, so that a seat running this code on what it sees
    cannot tell what it will do.

    When the deck runs short (``SHORT_DECK`` cards a studio in business or fewer), the
    studio ahead plays to end the game while it leads (Victory!: the game ends when no
    card is left to draw): it draws all it may, keeps every Star it can pay for, and
    buys the Stars put up for auction, since an unsold Star goes back into the deck
    and keeps the game going.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import referee
from referee import Amount, Pick, Subset, answers, hookimpl

BOT_KINDS = ("heuristic", "random")
"""The bots this game ships; ``heuristic`` plays a seat unless the table says otherwise."""
DEFAULT_BOT = "heuristic"

FILM_MARGIN = 10
"""Dollars of production cost by which a Film may fall short of the dearest affordable one and still be made."""

VALUE_MARGIN = 10
"""Points of the heuristic's worth by which a target or a Star may fall short of the best and still be chosen."""

MONEY_NOISE = 20
"""Dollars either way by which the heuristic misjudges its own money, so its thresholds cannot be read."""


LEND_RESERVE = 50
"""Dollars a heuristic lender short of riches keeps when it lends against a Star or Film."""

SHORT_DECK = 4
"""Cards in the deck per studio in business at or below which the leader hurries the end."""

LATE_ROUND = 20
"""The round from which the leader hurries the end whatever the deck holds: by then a deck
that is not running down is being refilled by Stars nobody can keep."""


def near_best(options: list[str], value: Callable[[str], float], margin: float, rng: random.Random) -> str:
    """One of ``options`` worth at least the best value less ``margin``, at random."""
    best = max(value(o) for o in options)
    return rng.choice([o for o in options if value(o) >= best - margin])


def _sensed(view: dict[str, Any], seat: str, rng: random.Random) -> int:
    """The seat's money as the heuristic judges it: off by up to ``MONEY_NOISE`` either way."""
    return _money(view, seat) + rng.randint(-MONEY_NOISE, MONEY_NOISE)


def _offered(request: referee.Request, field: str) -> list[str]:
    shape = (request.answer or {}).get(field)
    return [o.value for o in shape.options] if isinstance(shape, Pick | Subset) else []


def _amount(request: referee.Request, field: str) -> Amount | None:
    shape = (request.answer or {}).get(field)
    return shape if isinstance(shape, Amount) else None


def _card(view: dict[str, Any], card: str) -> dict[str, Any]:
    found: dict[str, Any] = view["cards"].get(card, {})
    return found


def _money(view: dict[str, Any], seat: str) -> int:
    return int(view["studios"][seat]["money"])


def _subject(view: dict[str, Any]) -> str:
    """What the seat chose to do in production is about (its open request's subject)."""
    return str((view.get("chosen") or {}).get("subject", ""))


def _casts(
    view: dict[str, Any], film: dict[str, Any], stars: list[str], rng: random.Random | None, *, cheapest: bool = False
) -> list[str] | None:
    """A cast of ``stars`` meeting ``film``'s needs: the cheapest (preferring its
    Specialty) when ``cheapest``, equally good Stars in a random order if ``rng`` is
    given; otherwise a random one drawn with ``rng``."""
    pool = list(stars)
    if rng is not None:
        rng.shuffle(pool)
    if cheapest or rng is None:
        # A stable sort: after the shuffle, equally good Stars stay in random order.
        pool.sort(key=lambda s: (_card(view, s)["specialty"] != film["specialty"], _card(view, s)["filming"]))
    cast: list[str] = []
    for gender, count in (("M", film["males"]), ("F", film["females"])):
        chosen = [s for s in pool if _card(view, s)["gender"] == gender and s not in cast][:count]
        if len(chosen) < count:
            return None
        cast += chosen
    rest = [s for s in pool if s not in cast][: film["any"]]
    if len(rest) < film["any"]:
        return None
    return cast + rest


def _cost(view: dict[str, Any], film: dict[str, Any], cast: list[str]) -> int:
    return int(film["cost"]) + sum(int(_card(view, s)["filming"]) for s in cast)


# --- random --------------------------------------------------------------------------------


def _random_film(view: dict[str, Any], seat: str, request: referee.Request, rng: random.Random) -> dict[str, Any]:
    film = _card(view, _subject(view))
    stars = _offered(request, "stars")
    money = _money(view, seat)
    for _ in range(20):
        cast = _casts(view, film, stars, rng)
        if cast and _cost(view, film, cast) <= money:
            break
    else:
        cast = _casts(view, film, stars, None)
        if not cast or _cost(view, film, cast) > money:
            return {}
    spare = money - _cost(view, film, cast)
    top = min(spare, (_amount(request, "advertising") or Amount(max=0)).max or 0) // 10
    return {"stars": cast, "advertising": 10 * rng.randint(0, max(0, top))}


def _random_maintenance(view: dict[str, Any], seat: str, request: referee.Request, rng: random.Random) -> dict[str, Any]:
    money = _money(view, seat)
    keep = []
    for star in _offered(request, "keep"):
        cost = int(_card(view, star)["maintenance"])
        if rng.random() < 0.5 and cost <= money:
            keep.append(star)
            money -= cost
    return {"keep": keep}


def _random_deal(request: referee.Request, rng: random.Random) -> dict[str, Any]:
    args: dict[str, Any] = {}
    for field in ("give", "get", "rent"):
        offered = [o for o in _offered(request, field) if not (field == "rent" and o in args.get("get", []))]
        if offered and rng.random() < 0.4:
            args[field] = rng.sample(offered, 1)
    for field in ("give_money", "get_money", "ask_cards"):
        shape = _amount(request, field)
        if shape is not None and shape.max and rng.random() < 0.4:
            args[field] = rng.randint(shape.min, min(shape.max, 40))
    if rng.random() < 0.3:
        args["terms"] = "half the residuals of my next Film"
    return args


def _random_answer_deal(view: dict[str, Any], request: referee.Request, rng: random.Random) -> dict[str, Any]:
    if rng.random() < 0.5:
        return {"accept": False}
    args: dict[str, Any] = {"accept": True}
    wanted = (view.get("offer") or {}).get("ask_cards", 0)
    if wanted:
        args["cards"] = rng.sample(_offered(request, "cards"), wanted)
    return args


def _random_window(view: dict[str, Any], request: referee.Request, rng: random.Random) -> dict[str, Any]:
    """Now and then a small deal out of turn: money for one of the other studio's Stars or Films."""
    partners = _offered(request, "with")
    if not partners or rng.random() < 0.8:
        return {}
    party = rng.choice(partners)
    theirs = [*view["studios"][party]["stable"], *view["studios"][party]["films"]]
    most = (_amount(request, "give_money") or Amount(max=0)).max or 0
    if most <= 0:
        return {}
    args: dict[str, Any] = {"with": party, "give_money": rng.randint(1, min(most, 40))}
    if theirs:
        args["get"] = [rng.choice(theirs)]
    return args


def _random_reply(view: dict[str, Any], request: referee.Request, rng: random.Random) -> dict[str, Any]:
    hand = _offered(request, "card")
    if not hand or rng.random() < 0.5:
        return {}
    card = rng.choice(hand)
    wanted = {"own-star": "star", "other-star": "star", "own-film": "film", "other-film": "film", "other-studio": "studio"}
    kind = wanted.get(_card(view, card).get("target", ""), "")
    targets = [t for t in _offered(request, "target") if (view["cards"].get(t, {}).get("type") or "studio") == kind]
    return {"card": card, "target": rng.choice(targets)} if targets else {"card": card}


def random_answer(view: dict[str, Any], seat: str, request: referee.Request, rng: random.Random) -> dict[str, Any]:
    assert request.answer is not None
    match request.action:
        case "production":
            do = rng.choice(_offered(request, "do"))
            field = {"make-film": "film", "play-card": "card", "offer-deal": "with"}.get(do)
            return {"do": do, field: rng.choice(_offered(request, field))} if field else {"do": do}
        case "shoot":
            return _random_film(view, seat, request, rng)
        case "maintenance":
            return _random_maintenance(view, seat, request, rng)
        case "bid-for-star":
            shape = _amount(request, "bid")
            if shape is None or rng.random() < 0.5:
                return {}
            return {"bid": rng.randint(shape.min, min(shape.max or shape.min, shape.min + 20))}
        case "offer-deal":
            return _random_deal(request, rng)
        case "deal":
            return _random_window(view, request, rng)
        case "reply":
            return _random_reply(view, request, rng)
        case "answer-deal":
            return _random_answer_deal(view, request, rng)
        case "cashflow":
            do = rng.choice(_offered(request, "do"))
            if do == "give-up":
                return {"do": do}
            return {"do": do, "lender": rng.choice(_offered(request, "lender")), "amount": rng.randint(1, 80)}
        case "lend-money":
            if rng.random() < 0.4:
                return {"lend": False}
            args: dict[str, Any] = {"lend": True}
            shape = _amount(request, "amount")
            if shape is not None and shape.max and rng.random() < 0.5:
                args["amount"] = rng.randint(1, min(shape.max, 80))
            demand = _offered(request, "demand")
            if demand and rng.random() < 0.3:
                args["demand"] = rng.sample(demand, 1)
            return args
    return answers.sample(request.answer, rng)


# --- heuristic -----------------------------------------------------------------------------


def _hurries(view: dict[str, Any], seat: str) -> bool:
    """Whether ``seat`` plays for the end: the deck is short and no studio in business
    scores more than it (Victory!: the highest total wins when the deck runs out)."""
    studios = {s: v for s, v in view["studios"].items() if not v["out"]}
    late = view.get("round", 0) >= LATE_ROUND
    if seat not in studios or view["final_round"] or (view["deck"] > SHORT_DECK * len(studios) and not late):
        return False
    return studios[seat]["score"] >= max(v["score"] for v in studios.values())


def _star_value(view: dict[str, Any], star: str) -> int:
    c = _card(view, star)
    return int(c.get("filming", 0)) + 2 * int(c.get("maintenance", 0)) if c.get("type") == "star" else int(c.get("cost", 10))


def _best_film(view: dict[str, Any], seat: str, films: list[str], stars: list[str], rng: random.Random) -> str | None:
    """A Film it can cast and afford with money to spare, among the dearest such."""
    money = _sensed(view, seat, rng)
    reserve = 0 if view["final_round"] else 30
    affordable = []
    for f in films:
        film = _card(view, f)
        cast = _casts(view, film, stars, None)
        if cast is not None and _cost(view, film, cast) + reserve <= money:
            affordable.append(f)
    return near_best(affordable, lambda f: _card(view, f)["cost"], FILM_MARGIN, rng) if affordable else None


def _usable(view: dict[str, Any], seat: str) -> list[str]:
    own = [s for s in view["studios"][seat]["stable"] if s not in view["rented"] and not view["used"].get(s)]
    return own + [s for s, renter in view["rented"].items() if renter == seat and not view["used"].get(s)]


def _missing(view: dict[str, Any], film: dict[str, Any], stars: list[str]) -> dict[str, int]:
    have = {"M": 0, "F": 0}
    for s in stars:
        have[_card(view, s)["gender"]] += 1
    need = {"M": max(0, film["males"] - have["M"]), "F": max(0, film["females"] - have["F"])}
    spare = have["M"] - film["males"] + need["M"] + have["F"] - film["females"] + need["F"]
    if film["any"] > spare:
        need["M"] += film["any"] - spare
    return need


def _rent_plan(view: dict[str, Any], seat: str) -> tuple[str, list[str], str] | None:
    """A Film in hand one or two rented Stars away, and whom to rent them from."""
    mine = _usable(view, seat)
    money = _money(view, seat)
    for card in view["hand"]:
        film = _card(view, card)
        if film.get("type") != "film":
            continue
        need = _missing(view, film, mine)
        if sum(need.values()) == 0 or sum(need.values()) > 2:
            continue
        for other, studio in view["studios"].items():
            if other == seat or studio["out"]:
                continue
            free = [s for s in studio["stable"] if not view["used"].get(s)]
            picked: list[str] = []
            for gender, count in need.items():
                picked += [s for s in free if _card(view, s)["gender"] == gender][:count]
            if len(picked) == sum(need.values()):
                cast = _casts(view, film, mine + picked, None)
                if cast and _cost(view, film, cast) + 20 * len(picked) + 30 <= money:
                    return card, picked, other
    return None


def _target_value(view: dict[str, Any], seat: str, target: str) -> int:
    if target in view["studios"]:
        return _money(view, target)
    if target in view["films"]:
        f = view["films"][target]
        return (-100 * f["wanked"] if f["owner"] != seat else 100 * f["wanked"]) + int(_card(view, target).get("cost", 0))
    return _star_value(view, target)


def _heuristic_turn(view: dict[str, Any], seat: str, request: referee.Request, rng: random.Random) -> dict[str, Any]:
    doing = _offered(request, "do")
    # With a Film to make too, the card may wait: either order plays both.
    if "play-card" in doing and ("make-film" not in doing or rng.random() < 0.5):
        return {"do": "play-card", "card": rng.choice(_offered(request, "card"))}
    if "make-film" in doing:
        film = _best_film(view, seat, _offered(request, "film"), _usable(view, seat), rng)
        if film is not None:
            return {"do": "make-film", "film": film}
    if "offer-deal" in doing and not view.get("proposed"):
        plan = _rent_plan(view, seat)
        if plan is not None and plan[2] in _offered(request, "with"):
            return {"do": "offer-deal", "with": plan[2]}
    return {"do": "end-production"}


def _heuristic_film(view: dict[str, Any], seat: str, request: referee.Request, rng: random.Random) -> dict[str, Any]:
    film = _card(view, _subject(view))
    cast = _casts(view, film, _offered(request, "stars"), rng, cheapest=True)
    money = _money(view, seat)
    if cast is None or _cost(view, film, cast) > money:
        return {}
    spare = money - _cost(view, film, cast)
    judged = spare + rng.randint(-MONEY_NOISE, MONEY_NOISE)
    top = (_amount(request, "advertising") or Amount(max=0)).max or 0
    ads = 30 if judged > 150 else 20 if judged > 90 else 10 if judged > 50 else 0
    if ads and rng.random() < 0.25:
        ads -= 10  # a step less now and then: the Advertising says less about the cash behind it
    return {"stars": cast, "advertising": min(ads, top, spare // 10 * 10)}


def _heuristic_deal(view: dict[str, Any], seat: str, request: referee.Request, rng: random.Random) -> dict[str, Any]:
    plan = _rent_plan(view, seat)
    if plan is None or plan[2] != _subject(view):
        return {}
    film, stars, _ = plan
    rentable = _offered(request, "rent")
    stars = [s for s in stars if s in rentable]
    if not stars:
        return {}
    pay = min(_money(view, seat), sum(rng.randint(10, 20) for _ in stars))
    title = _card(view, film).get("title", film)
    return {"rent": stars, "give_money": pay, "terms": f"{seat} splits the residuals of {title} 50-50 with {_subject(view)}"}


def _heuristic_answer_deal(view: dict[str, Any], seat: str, request: referee.Request, rng: random.Random) -> dict[str, Any]:
    deal = view.get("offer") or {}
    gain = int(deal.get("give_money", 0)) + sum(_star_value(view, c) for c in deal.get("give", []))
    cost = int(deal.get("get_money", 0)) + sum(_star_value(view, c) for c in deal.get("get", []))
    cost += 10 * len(deal.get("rent", [])) + 15 * int(deal.get("ask_cards", 0))
    # A deal within a few dollars of even is a coin toss.
    if gain + rng.randint(-5, 5) < cost or (not gain and not deal.get("terms")):
        return {"accept": False}
    args: dict[str, Any] = {"accept": True}
    wanted = int(deal.get("ask_cards", 0))
    if wanted:
        mine = sorted(_offered(request, "cards"), key=lambda c: (_star_value(view, c), rng.random()))
        args["cards"] = mine[:wanted]
    return args


def _heuristic_reply(view: dict[str, Any], seat: str, request: referee.Request, rng: random.Random) -> dict[str, Any]:
    """Spoil a rival's Film when a card in hand can: take a Star of its cast, or audit a
    studio that could not pay for the Film after the audit."""
    put_up = view.get("put_up") or {}
    targets = _offered(request, "target")
    for card in _offered(request, "card"):
        kind = _card(view, card).get("kind")
        if kind == "contract-dispute":
            cast = [s for s in put_up.get("stars", []) if s in targets]
            if cast and rng.random() < 0.7:
                return {"card": card, "target": rng.choice(cast)}
        if kind == "tax-audit" and put_up.get("seat") in targets:
            film = _card(view, put_up["film"])
            bill = _cost(view, film, put_up["stars"]) + int(put_up.get("advertising", 0))
            if _money(view, put_up["seat"]) - 30 < bill:
                return {"card": card, "target": put_up["seat"]}
    return {}


def _affordable_stars(view: dict[str, Any], seat: str, stars: list[str], rng: random.Random) -> list[str]:
    """``stars``, or only the cheapest of them when the studio could not keep them all: a Star
    in hand costs no Maintenance, while one in play that cannot be kept goes up for auction
    and, unsold, back into the deck, which then never runs out."""
    upkeep = sum(int(_card(view, s)["maintenance"]) for s in [*view["studios"][seat]["stable"], *stars])
    if len(stars) > 1 and upkeep >= _money(view, seat):
        return [min(stars, key=lambda s: (_card(view, s)["maintenance"], rng.random()))]
    return stars


def _heuristic_maintenance(view: dict[str, Any], seat: str, request: referee.Request, rng: random.Random) -> dict[str, Any]:
    offered = _offered(request, "keep")
    # Never down to $0: a studio out of money must beg or give up (Cashflow Problems).
    budget = min(_money(view, seat) - 1, _sensed(view, seat, rng) - 20)
    if _hurries(view, seat):
        budget = _money(view, seat) - 1  # a Star let go goes back into the deck: keep all it can
    elif sum(int(_card(view, s)["maintenance"]) for s in offered) > budget:
        budget -= 20  # tight: let the dear ones go
    keep = []
    for star in sorted(offered, key=lambda s: (_card(view, s)["maintenance"], rng.random())):
        cost = int(_card(view, star)["maintenance"])
        if cost <= budget:
            keep.append(star)
            budget -= cost
    return {"keep": keep}


def _completes(view: dict[str, Any], seat: str, star: str) -> int | None:
    """What the cheapest Film in hand that ``star`` completes costs with its cast, if any."""
    mine = list(view["studios"][seat]["stable"])
    costs = []
    for card in view["hand"]:
        film = _card(view, card)
        if film.get("type") == "film" and _casts(view, film, mine, None) is None:
            cast = _casts(view, film, [*mine, star], None)
            if cast is not None:
                costs.append(_cost(view, film, cast))
    return min(costs, default=None)


def _heuristic_bid(view: dict[str, Any], seat: str, request: referee.Request, rng: random.Random) -> dict[str, Any]:
    shape = _amount(request, "bid")
    auction = view.get("auction") or {}
    if shape is None or not auction or view["final_round"]:
        return {}
    worth = int(_card(view, auction["star"]).get("maintenance", 0)) * 2 + rng.randint(0, 10)
    limit = min(worth, _money(view, seat) - 100)
    completes = _completes(view, seat, auction["star"])
    if completes is not None:
        # The Star a Film in hand lacks: worth its Filming cost more, if the Film stays affordable.
        limit = max(limit, min(worth + int(_card(view, auction["star"])["filming"]), _money(view, seat) - completes - 30))
    if _hurries(view, seat):
        # Unsold, the Star goes back into the deck and the game goes on: bought, it may end it.
        limit = min(worth, _money(view, seat) - 1)
    if shape.min > limit:
        return {}
    # A raise of a few dollars now and then: the bid says less about the limit behind it.
    return {"bid": rng.randint(shape.min, min(limit, shape.min + 5))}


def heuristic_answer(view: dict[str, Any], seat: str, request: referee.Request, rng: random.Random) -> dict[str, Any]:
    assert request.answer is not None
    match request.action:
        case "mulligan":
            return {"mulligan": True}
        case "place":
            stars = _offered(request, "stars")
            # Cheap Stars are placed; one at the border of cheap is a coin toss.
            cheap = [s for s in stars if _card(view, s)["maintenance"] + rng.choice((-5, 0)) <= 5]
            return {"stars": _affordable_stars(view, seat, cheap or [rng.choice(stars)] if stars else [], rng)}
        case "draw":
            money = _sensed(view, seat, rng)
            most = (_amount(request, "extra") or Amount(max=0)).max or 0
            planned = 2 if money > 250 else 1 if money > 150 else 0
            if _hurries(view, seat):
                # Every card it may draw, but never its last dollar: at $0 it would be broke.
                return {"extra": min(most, (_money(view, seat) - 1) // 10)}
            return {"extra": max(0, min(most, planned + rng.choice((-1, 0, 0, 1))))}
        case "hire":
            stars = sorted(_offered(request, "stars"), key=lambda s: (_card(view, s)["maintenance"], rng.random()))
            films = any(_card(view, c).get("type") == "film" for c in view["hand"])
            return {"stars": _affordable_stars(view, seat, stars if films or _sensed(view, seat, rng) > 150 else stars[:1], rng)}
        case "production":
            return _heuristic_turn(view, seat, request, rng)
        case "shoot":
            return _heuristic_film(view, seat, request, rng)
        case "recruit":
            stars = _offered(request, "star")
            return {"star": near_best(stars, lambda s: _star_value(view, s), VALUE_MARGIN, rng)} if stars else {}
        case "aim":
            targets = _offered(request, "target")
            best = max(_target_value(view, seat, t) for t in targets)
            # A target's worth runs to hundreds of dollars: the margin grows with it.
            margin = max(VALUE_MARGIN, abs(best) // 6)
            return {"target": near_best(targets, lambda t: _target_value(view, seat, t), margin, rng)}
        case "maintenance":
            return _heuristic_maintenance(view, seat, request, rng)
        case "bid-for-star":
            return _heuristic_bid(view, seat, request, rng)
        case "offer-deal":
            return _heuristic_deal(view, seat, request, rng)
        case "deal":
            return {}  # out of turn the heuristic studio waits for deals put to it
        case "reply":
            return _heuristic_reply(view, seat, request, rng)
        case "answer-deal":
            return _heuristic_answer_deal(view, seat, request, rng)
        case "cashflow":
            lenders = _offered(request, "lender")
            if not lenders:
                return {"do": "give-up"}
            lender = near_best(lenders, lambda s: _money(view, s), 2 * MONEY_NOISE, rng)
            asked = rng.choice((50, 60, 70))
            return {"do": "ask-loan", "lender": lender, "amount": asked, "note": f"I pay back ${asked + 20} from my next hit"}
        case "lend-money":
            money = _money(view, seat)
            demand = sorted(_offered(request, "demand"), key=lambda c: (_star_value(view, c), rng.random()))
            prize = _star_value(view, demand[-1]) if demand else 0
            lent = min(rng.choice((50, 60, 70)), money // 4)
            if _sensed(view, seat, rng) < 150:
                # Not rich, it still lends when the Star or Film it takes is worth the loan.
                lent = min(lent, prize, money - LEND_RESERVE)
                if lent <= 0:
                    return {"lend": False}
            borrower = (view.get("loan") or {}).get("borrower", "")
            args: dict[str, Any] = {"lend": True, "amount": lent, "terms": f"{borrower} repays ${lent + 20} when able"}
            if demand:
                args["demand"] = demand[-1:]
            return args
        case "loan-terms":
            return {"accept": True}
    return answers.sample(request.answer, rng)


@hookimpl
def referee_bot_action(view: dict[str, Any], seat: str, request: referee.Request, rng: random.Random) -> dict[str, Any] | None:
    if request.answer is None:
        return None
    game = {**view["view"], "round": view["round"]}
    kind = game.get("bots", {}).get(seat, DEFAULT_BOT)
    if kind == "random":
        return random_answer(game, seat, request, rng)
    return heuristic_answer(game, seat, request, rng)
