"""Pimp's cards and decks as data, and the deck checker.

The rulebook assumes every player brings a deck built under "Card Customisation and Deck
Assembly", a guide we do not have.  This package is our replacement for it: the card and
deck file formats, the words a card may carry (qualifications) and the services they count
toward, the six special cards, and the deck assembly rules, each kept in a TOML file under
``data/`` so that a house rule can replace any one of them.  DATA.md documents every
format and the reason for every number.  Its parts:

* ``formats``: where the data files are, card kinds and ids, reading TOML, ``DataError``;
* ``rules``: the deck assembly rules, the services and qualifications, the special cards;
* ``deck``: ``Card`` and ``Deck``, the fair cost, ``expand``, ``describe``, ``dump_deck``;
* ``checker``: ``load_deck`` and ``check``, listing every problem of a deck file;
* ``command``: ``python -m referee_pimp.cards DECK.toml...`` checks deck files from a shell.

Every name is importable from ``referee_pimp.cards`` itself, as before the package was
split.
"""

from __future__ import annotations

from .checker import _copies as _copies
from .checker import _DeckReader as _DeckReader
from .checker import _Entry as _Entry
from .checker import _Lines as _Lines
from .checker import build_deck, check, load_deck, shipped_decks
from .command import main
from .deck import Card, Deck, default_id, describe, dump_deck, expand, fair_cost
from .deck import _toml_string as _toml_string
from .formats import _ATTRIBUTES as _ATTRIBUTES
from .formats import _BITCH_FIELDS as _BITCH_FIELDS
from .formats import _DECK_FIELDS as _DECK_FIELDS
from .formats import _SPECIAL_FIELDS as _SPECIAL_FIELDS
from .formats import (
    DATA_DIR,
    DECKS_DIR,
    EDITION,
    EDITION_DECKS,
    ID_PATTERN,
    KINDS,
    RULES_FILE,
    SPECIAL_IDS,
    SPECIALS_FILE,
    STANDARD,
    VOCABULARY_FILE,
    DataError,
    DeckError,
    Kind,
    convert_data,
    slug,
)
from .formats import _bad_name as _bad_name
from .formats import _is_int as _is_int
from .formats import _parse_toml as _parse_toml
from .formats import _quote as _quote
from .formats import _read as _read
from .formats import _suggest as _suggest
from .formats import _type_name as _type_name
from .rules import (
    RULES,
    SPECIALS,
    VOCABULARY,
    AttributeLimits,
    CostFormula,
    DeckLimits,
    Rules,
    ServiceInfo,
    SpecialInfo,
    Specials,
    Vocabulary,
    load_rules,
    load_specials,
    load_vocabulary,
)

__all__ = [
    "DATA_DIR",
    "DECKS_DIR",
    "EDITION",
    "EDITION_DECKS",
    "ID_PATTERN",
    "KINDS",
    "RULES",
    "RULES_FILE",
    "SPECIALS",
    "SPECIALS_FILE",
    "SPECIAL_IDS",
    "STANDARD",
    "VOCABULARY",
    "VOCABULARY_FILE",
    "AttributeLimits",
    "Card",
    "CostFormula",
    "DataError",
    "Deck",
    "DeckError",
    "DeckLimits",
    "Kind",
    "Rules",
    "ServiceInfo",
    "SpecialInfo",
    "Specials",
    "Vocabulary",
    "build_deck",
    "check",
    "convert_data",
    "default_id",
    "describe",
    "dump_deck",
    "expand",
    "fair_cost",
    "load_deck",
    "load_rules",
    "load_specials",
    "load_vocabulary",
    "main",
    "shipped_decks",
    "slug",
]
