"""What a PornStar card says to a player: its name, its numbers and its rules text.

A Star card prints a gender, a Specialty, a Filming and a Maintenance cost; a Film card a
cost, the Stars it needs and a Specialty (The Cards).  What those numbers do is the
rulebook's, so a Star's or a Film's rules text is the rulebook's sentence applied to its
numbers, followed by what the card itself says where its data carries ``text`` (a card of
a house rule or another distribution).  A Play card's text is its plugin's (``PlayFace``).

Two cards of one name (the two copies of each Play card) are told apart by their copy
number in the table's card list: "Hype Machine (1st)" and "Hype Machine (2nd)", in every
prompt and on the table alike.
"""

from __future__ import annotations

from referee.words import money, ordinal

from .data import Film, Star
from .rulebook import AD_STEP, MOST_AD

GENDER = {"M": ("Male", "he"), "F": ("Female", "she")}
"""A Star's gender as the card prints it, and the pronoun the rules text uses."""


def star_text(star: Star) -> str:
    _, pronoun = GENDER[star.gender]
    rules = (
        f"+1 to the Production roll of any {star.specialty} Film {pronoun} is in. Pay {money(star.filming)} Filming for each "
        f"Film; at the end of a turn {pronoun} is in none, {money(star.maintenance)} Maintenance, or {pronoun} goes up for auction."
    )
    return f"{rules} {star.text}" if star.text else rules


def film_text(film: Film) -> str:
    rules = (
        f"Needs at least {film.cast()}. Pay {money(film.cost)} and the cast's Filming, then roll 2d6: +1 for each "
        f"{film.specialty} Star, +1 for each {money(AD_STEP)} of Advertising (up to {money(MOST_AD)}). Earns Residuals each "
        f"of your turns; scores {money(film.cost)} at the end unless Wanked."
    )
    return f"{rules} {film.text}" if film.text else rules


def remark(*parts: str) -> str:
    """The bracketed remark after a card's name in an option label ("(2nd; Bob's)"):
    semicolons, never commas, so a label can be typed in a comma-separated list."""
    shown = [p for p in parts if p]
    return f" ({'; '.join(shown)})" if shown else ""


def copy_words(copy: int | None) -> str:
    return ordinal(copy) if copy else ""


def star_label(star: Star, copy: int | None, whose: str = "") -> str:
    """ "Rod Steele (Bob's; Well-Hung Male; Filming $25)": what a Star is to choose by."""
    gender, _ = GENDER[star.gender]
    return star.name + remark(copy_words(copy), whose, f"{star.specialty} {gender}", f"Filming {money(star.filming)}")


def film_label(film: Film, copy: int | None, whose: str = "", state: str = "") -> str:
    """ "Forrest Hump ($30; 1 Male + 1 Female; Amateur)" in hand; "Forrest Hump (Bob's; $30;
    Wanked)" on the table."""
    if whose or state:
        return film.title + remark(copy_words(copy), whose, money(film.cost), state)
    return film.title + remark(copy_words(copy), money(film.cost), film.cast(" + "), film.specialty)


def play_label(title: str, copy: int | None) -> str:
    return title + remark(copy_words(copy))
