"""Which deck each pimp plays, turned into the card faces a table records.

A table option names a ready-made deck (by its name or file name), gives a deck file's
path (read when the table opens) or holds a deck file's text; the faces go into the log, so a table replays without the deck files.
A ready-made deck's name is looked up among the decks of the table's edition (``Game.edition``;
DATA.md, "Editions"): the same name deals other cards at a table of another edition.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path

from referee import RefereeError, Registry, hookimpl

from .cards import EDITION, EDITION_DECKS, SPECIALS, Card, DataError, Deck, Specials, check, expand, load_deck, shipped_decks, slug
from .events import CardFace


@functools.lru_cache(maxsize=64)
def _deck_file(path: str, mtime_ns: int, size: int) -> Deck:
    return load_deck(Path(path))


@functools.lru_cache(maxsize=16)
def _deck_text(text: str) -> Deck:
    return load_deck(text)


def _load(source: str | Path, specials: Specials = SPECIALS) -> Deck:
    """``load_deck``, read and checked once per file version: every table's setup (and every
    verify and replay of one) reads the decks again, and a Deck is immutable."""
    if specials is not SPECIALS:
        # A table with special cards of its own: checked against them, and not remembered.
        return load_deck(source, specials=specials)
    if isinstance(source, str) and "\n" in source:
        return _deck_text(source)
    try:
        stat = os.stat(source)
    except OSError:
        return load_deck(source)  # which says what is wrong with the file
    return _deck_file(str(source), stat.st_mtime_ns, stat.st_size)


def ready_made(edition: int = EDITION) -> dict[str, str]:
    """Each ready-made deck of ``edition``: its name (and file name) -> its file."""
    found: dict[str, str] = {}
    for path in shipped_decks(edition):
        deck = _load(path)
        found[slug(deck.name)] = str(path)
        found[path.stem] = str(path)
    return found


def check_deck_choice(choice: str) -> str:
    """``choice`` as it is (a ready-made deck's name, or a deck's text), refusing a file's path
    by name: the game reads no files, since a table may be opened by someone who does not own
    the host it runs on.  A name of neither kind is refused later, with the ready-made decks
    listed.

    The options are checked before the table has an edition, so a name of any edition's
    decks passes here; setting up deals it from the table's own edition."""
    if "\n" in choice or any(slug(choice) in ready_made(edition) for edition in EDITION_DECKS):
        return choice
    if choice.endswith(".toml") or "/" in choice or "\\" in choice:
        raise ValueError(
            f"{choice!r} looks like a deck file's path, and the game reads no files: give the deck's text "
            f"(the referee command reads a file given as @{choice})"
        )
    return choice


def _face(seat: str, card: Card) -> CardFace:
    return CardFace(
        id=f"{seat}/{card.id}",
        owner=seat,
        kind=card.kind,
        name=card.name,
        cost=card.cost,
        looks=card.looks,
        fight=card.fight,
        stamina=card.stamina,
        services=dict(card.services),
        special=card.special or None,
    )


def ready_made_names(edition: int = EDITION) -> list[str]:
    """The ready-made decks of ``edition``, each by its name's slug, in file order."""
    names = sorted({slug(_load(path).name): path for path in shipped_decks(edition)}.items(), key=lambda item: item[1])
    if not names:
        raise RefereeError("no ready-made Pimp decks are installed")
    return [name for name, _ in names]


def ready_made_name(choice: str, edition: int = EDITION) -> str | None:
    """The ready-made deck of ``edition`` that ``choice`` names (by its name or file name), as
    its name's slug."""
    if "\n" in choice:
        return None
    path = ready_made(edition).get(slug(choice))
    return slug(_load(path).name) if path else None


def faces_for(seat: str, choice: str, specials: Specials = SPECIALS, edition: int = EDITION) -> tuple[str, list[CardFace]]:
    """``(deck name, faces)`` for ``seat``: a ready-made deck's name, or a deck file's text.

    ``specials``: the special cards the deck may hold (the table's, ``specials.specials_of``);
    ``edition``: the table's edition, whose ready-made deck a name deals.
    """
    if "\n" in choice:
        source = choice
    else:
        known = ready_made(edition)
        if slug(choice) not in known:
            raise RefereeError(
                f"{seat}'s deck {choice!r} is not a ready-made deck; the decks are {', '.join(sorted(ready_made_names(edition)))}"
            )
        source = known[slug(choice)]
    try:
        deck = _load(source, specials)
    except DataError as exc:
        raise RefereeError(f"{seat}'s deck: {exc}") from None
    return deck.name, [_face(seat, card) for card in expand(deck)]


def installed_specials() -> Specials:
    """The special cards of every Pimp extension installed here (the shipped six among them)."""
    from .specials import specials_of

    return specials_of(Registry().extensions_of("pimp"))


@hookimpl
def referee_check_file(path: str) -> list[str] | None:
    """``referee check pimp DECK.toml``: every problem of a deck file, or none.

    A deck may name the shipped special cards and those of the special-card plugins
    installed here (a table accepts a plugin's card only where the table names it).
    """
    return check(path, specials=installed_specials())
