"""``python -m referee_pimp.cards DECK.toml...``: deck files checked from a shell."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from .checker import load_deck
from .deck import describe
from .formats import DataError, DeckError
from .rules import RULES, VOCABULARY, load_rules, load_specials, load_vocabulary


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m referee_pimp.cards DECK.toml...``: "OK: ..." per good deck, else every problem; exit 1 on any."""
    parser = argparse.ArgumentParser(
        prog="python -m referee_pimp.cards", description="Check Pimp deck files against the deck assembly rules."
    )
    parser.add_argument("decks", nargs="+", type=Path, metavar="DECK", help="deck files (TOML) to check")
    parser.add_argument("--rules", type=Path, help="house-rule deck assembly rules (default: the shipped deck-rules.toml)")
    parser.add_argument("--qualifications", type=Path, help="house-rule services and qualifications")
    parser.add_argument(
        "--specials", type=Path, help="house-rule special cards (default: the shipped six and those of installed special-card plugins)"
    )
    args = parser.parse_args(argv)
    try:
        rules = load_rules(args.rules) if args.rules else RULES
        vocabulary = load_vocabulary(args.qualifications) if args.qualifications else VOCABULARY
        if args.specials:
            specials = load_specials(args.specials)
        else:
            from ..decks import installed_specials

            specials = installed_specials()
    except DataError as exc:
        print(f"house rule: {exc}", file=sys.stderr)
        return 1
    failed = False
    for path in args.decks:
        try:
            deck = load_deck(path, rules=rules, vocabulary=vocabulary, specials=specials)
        except DeckError as exc:
            failed = True
            for problem in exc.problems:
                print(f"{path}: {problem}")
        else:
            print(f"OK: {path}: {describe(deck)}")
    return 1 if failed else 0
