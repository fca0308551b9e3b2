"""Reading a PornStar table for the rules, and its deck.

What every part of the rules asks of the table: the card list it plays with, the Stars a
studio may put in a Film, the Films it could produce and the Play cards it could play
now, the seat order from a studio (The Setup: "play proceeds to the left"), and the deck
(The Setup: "shuffle all cards together"; Your Turn: the draw).
"""

from __future__ import annotations

from collections.abc import Iterable

import referee
from referee import Decision, IllegalAction, Option
from referee.words import Words

from .data import Film, Star, Tables
from .events import WANKED, CardsDrawn, CardTaken, DeckShuffled
from .faces import film_label, play_label, star_label
from .play import TITLES, PlayFace, PlayRules
from .playcard import declaration, refused
from .rulebook import R_DRAW, R_PRODUCE, R_SETUP, asked
from .state import PornStar


def tables(state: Decision | referee.TableState) -> Tables:
    """The card list and roll tables this table plays with (listed when it opened)."""
    return game_of(state).tables


def game_of(decision: Decision | referee.TableState) -> PornStar:
    game: PornStar = decision.game
    return game


class Cards:
    """Every card of a table's list, by id: its name, and its copy number where cards
    share a name (the two copies of a Play card: "Hype Machine (1st)", "(2nd)")."""

    def __init__(self, t: Tables, titles: dict[str, str] | None = None) -> None:
        self.titles = {kind: title for kind, (title, _) in TITLES.items()} | (titles or {})
        """Play card kind -> title: the faces of the table's cards, else the ten's."""
        self.stars: dict[str, Star] = {s.id: s for s in t.stars}
        self.films: dict[str, Film] = {f.id: f for f in t.films}
        self.plays: dict[str, str] = {p.id: p.kind for p in t.plays}
        by_name: dict[str, list[str]] = {}
        for card in t.card_ids():
            by_name.setdefault(self.name(card), []).append(card)
        self.copies: dict[str, int] = {c: n for same in by_name.values() if len(same) > 1 for n, c in enumerate(same, start=1)}

    def name(self, card: str) -> str:
        if card in self.stars:
            return self.stars[card].name
        if card in self.films:
            return self.films[card].title
        return self.titles.get(self.plays.get(card, ""), "a Play card")

    def copy(self, card: str) -> int | None:
        return self.copies.get(card)

    def names(self, items: Iterable[str]) -> dict[str, str]:
        """Card id -> name for each card among ``items`` (seats and "" are left out), as
        events carry them so that the log names cards without reading the table."""
        return {c: self.name(c) for c in items if c in self.stars or c in self.films or c in self.plays}


_CARDS: dict[tuple[int, tuple[tuple[str, str], ...]], tuple[Tables, Cards]] = {}


def cards(state: Decision | referee.TableState) -> Cards:
    t = tables(state)
    slots = state.state.slots if isinstance(state, Decision) else state.slots
    # A card's title is its declaration's, kept as its face at the table (PlayCard).
    titles = tuple(sorted((kind, face.title) for kind, face in slots.items() if isinstance(face, PlayFace)))
    key = (id(t), titles)
    found = _CARDS.get(key)
    if found is None or found[0] is not t:
        if len(_CARDS) > 64:
            _CARDS.clear()
        found = _CARDS[key] = (t, Cards(t, dict(titles)))
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


def play_rules(decision: Decision | referee.Rules, kind: str) -> PlayRules | None:
    """How a card of ``kind`` is played: its declaration's rules (``PlayCard``), else a
    plugin's answer to ``pornstar_play_rules``; None: no plugin of the table plays it."""
    declared = declaration(decision, kind)
    if declared is not None:
        return declared.play_rules()
    rules = decision.rules if isinstance(decision, Decision) else decision
    found: PlayRules | None = rules.hook.pornstar_play_rules(kind=kind)
    return found


def candidates(game: PornStar, seat: str, target: str) -> list[str]:
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
    rules = play_rules(decision, kind)
    if rules is None:
        return []
    return [t for t in candidates(game_of(decision), seat, rules.target) if refused(decision, seat, card, kind, t) is None]


def playable(decision: Decision, seat: str) -> list[str]:
    known = cards(decision)
    return [c for c in game_of(decision).studios[seat].hand if c in known.plays and legal_targets(decision, seat, c)]


def label(decision: Decision, item: str, seat: str | None = None) -> str:
    """What a player reads for ``item`` in a prompt: a card's name with what it is chosen
    by (a Star's Specialty and Filming, a Film's cost and cast, the copy of a Play card),
    whose it is when it is not ``seat``'s, or a studio's name."""
    known = cards(decision)
    game = game_of(decision)
    copy = known.copy(item)
    if item in known.stars:
        owner = game.owner_of_star(item)
        return star_label(known.stars[item], copy, _whose(owner) if owner and owner != seat else "")
    if item in known.films:
        produced = game.films.get(item)
        if produced is None:
            return film_label(known.films[item], copy)
        return film_label(known.films[item], copy, _whose(produced.owner) if produced.owner != seat else "", WANKED[produced.wanked])
    if item in known.plays:
        return play_label(known.name(item), copy)
    return item


def _whose(seat: str) -> str:
    """Whose a card is, in an option label: "Bob's", or "yours" for the seat the terminal
    calls You (``referee.words`` speaks to it in the second person whoever reads)."""
    return "yours" if Words().is_reader(seat) else f"{seat}'s"


def named(decision: Decision, *items: str | Iterable[str]) -> dict[str, str]:
    """Card id -> name for the cards among ``items`` (ids, or lists of them): what an
    event carries so that the log names them."""
    flat = [i for item in items for i in ([item] if isinstance(item, str) else item)]
    return cards(decision).names(flat)


def options_of(decision: Decision, items: Iterable[str], seat: str | None = None) -> tuple[Option, ...]:
    return tuple(Option(i, label(decision, i, seat)) for i in items)


def chosen(decision: Decision, doing: str) -> str:
    """The subject of what the studio in production chose to do (``doing``): the request
    answered now is about it."""
    found = game_of(decision).chosen
    if found is None or found.doing != doing:
        raise IllegalAction(f"no {doing} choice is open", asked(R_PRODUCE))
    return found.subject


def rotation(game: PornStar, seat: str) -> list[str]:
    """Studios in play in seat order, from ``seat`` (which may be out)."""
    at = game.order.index(seat)
    ordered = game.order[at:] + game.order[:at]
    return [s for s in ordered if not game.studios[s].out]


def after(game: PornStar, seat: str) -> str:
    at = game.order.index(seat)
    ordered = game.order[at + 1 :] + game.order[: at + 1]
    return next(s for s in ordered if not game.studios[s].out)


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
        card = game.deck[0]
        decision.emit(CardTaken(seat=seat, card=card, names=named(decision, card)), rule=rule, visible_to=[seat])
    return count
