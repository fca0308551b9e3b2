"""What every Pimp data file shares: where the files are, the card kinds and ids, reading
TOML within the kernel's limits, and the ``DataError`` that lists every problem found.

Its words (``slug``, ``convert_data`` and the problem helpers) serve the deck assembly
rules (``rules``), the deck checker (``checker``) and the Solicitation Sheet.
"""

from __future__ import annotations

import difflib
import json
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Literal

import msgspec

from referee.errors import RefereeError
from referee.limits import MAX_FILE_BYTES, parse_toml, read_text

# The data files lie beside this package, in referee_pimp/data.
DATA_DIR = Path(__file__).parent.with_name("data")
RULES_FILE = DATA_DIR / "deck-rules.toml"
VOCABULARY_FILE = DATA_DIR / "qualifications.toml"
SPECIALS_FILE = DATA_DIR / "specials.toml"
DECKS_DIR = DATA_DIR / "decks"
EDITION = 2
"""The edition of Pimp's data that new tables open under (``Game.edition``; DATA.md,
"Editions").  Edition 2 is the ready-made decks rebalanced with the balance lab."""
EDITION_DECKS = {1: DATA_DIR / "editions" / "1" / "decks", 2: DECKS_DIR}
"""Each edition's ready-made decks.  Every edition stays installed, since a table keeps
dealing from the decks of the edition it opened under and its log verifies only so."""

Kind = Literal["escort", "streetwalker", "special"]
KINDS: tuple[Kind, ...] = ("escort", "streetwalker", "special")
SPECIAL_IDS = ("king-of-cool", "tame-shrink", "word-on-the-streets", "posse", "bitch-magnet", "charisma")
"""The rulebook's six special cards, whose rules ship with the game; a plugin may declare
more (``referee_pimp.specials.SpecialCard``), which decks may hold where it is at the table."""
STANDARD = "standard"
"""The service every bitch offers ("straight vanilla sex which all bitches can do")."""

ID_PATTERN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*\Z")
_ATTRIBUTES = ("cost", "looks", "fight", "stamina")
_BITCH_FIELDS = ("kind", "name", "cost", "looks", "fight", "stamina", "qualifications", "copies", "id", "text")
_SPECIAL_FIELDS = ("kind", "special", "copies", "id", "text")
_DECK_FIELDS = ("name", "description", "cards")


# -- errors -----------------------------------------------------------------------------------------


class DataError(ValueError):
    """A Pimp data file (or a struct built in code) breaks its format.

    ``problems`` holds every problem found, so one run shows the whole list; ``source``
    names the file (or ``<text>``) once the loader knows it.
    """

    def __init__(self, problems: Sequence[str], source: str = "") -> None:
        self.problems = list(problems)
        self.source = source
        super().__init__(self._message())

    def _message(self) -> str:
        head = f"{self.source}: " if self.source else ""
        if len(self.problems) == 1:
            return head + self.problems[0]
        return head + f"{len(self.problems)} problems:" + "".join(f"\n  - {p}" for p in self.problems)


class DeckError(DataError):
    """A deck file breaks the card format or the deck assembly rules (every problem listed)."""


# -- small helpers ----------------------------------------------------------------------------------


def slug(text: str) -> str:
    """``"Streetwalker A"`` -> ``"streetwalker-a"``, ``"Zoë"`` -> ``"zoe"``: the default card id.

    Accents are dropped and apostrophes vanish (``"Fat Jerry's"`` -> ``"fat-jerrys"``) so an id
    reads like the name; a name with no latin letters or digits gives ``""`` and then needs an
    explicit ``id``.
    """
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    ascii_text = ascii_text.replace("'", "")
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")


def _suggest(word: str, choices: Iterable[str]) -> str:
    """`` (did you mean "Greek"?)`` for a near miss, compared without regard to capitals."""
    options = {c.lower(): c for c in choices}
    close = difflib.get_close_matches(word.lower(), list(options), n=1, cutoff=0.6)
    return f' (did you mean "{options[close[0]]}"?)' if close else ""


def _quote(value: object) -> str:
    """A value as it would be written in TOML, for messages: ``"nine"``, ``12``, ``true``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    return repr(value)


def _type_name(value: object) -> str:
    names = {bool: "true/false", int: "a whole number", float: "a decimal number", str: "text", list: "a list", dict: "a table"}
    return names.get(type(value), type(value).__name__)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _bad_name(name: str) -> str | None:
    """Why ``name`` cannot be written on a card, or None."""
    if not name.strip():
        return "is empty"
    if name != name.strip():
        return "has spaces at its start or end (the spelling counts, so they would make a different name)"
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        return "contains a control character (a line break or tab)"
    return None


def _read(source: str | Path, error: type[DataError]) -> tuple[str, str]:
    """(text, label) for a path, or for TOML text itself.

    A ``Path`` is always a file; a ``str`` is TOML text when it holds a line break and a
    file name otherwise (no useful Pimp file fits on one line).  A file is read within
    the kernel's limits (``referee.limits``: size, UTF-8 text, no binary).
    """
    if isinstance(source, str) and "\n" in source:
        return source, "<text>"
    path = Path(source)
    try:
        return read_text(path, "the file"), str(path)
    except RefereeError as exc:
        raise error([exc.message], str(path)) from None


def _parse_toml(text: str, label: str, error: type[DataError]) -> dict[str, Any]:
    if len(text) > MAX_FILE_BYTES:
        raise error([f"the text is larger than {MAX_FILE_BYTES} bytes"], label)
    try:
        return parse_toml(text, "the file")
    except RefereeError as exc:
        raise error([exc.message.removeprefix("the file is ").removeprefix("the file ")], label) from None


def convert_data(data: Mapping[str, Any], kind: type[Any], label: str) -> Any:
    """``msgspec.convert`` with its errors turned into a ``DataError`` naming ``label``.

    Problems raised by a struct's own ``__post_init__`` come back whole (every problem);
    msgspec's type errors name the place in the file (``at services[2].price``).
    """
    try:
        return msgspec.convert(data, kind)
    except msgspec.ValidationError as exc:
        cause = exc.__cause__
        if isinstance(cause, DataError):
            raise DataError(cause.problems, label) from None
        message = str(exc).replace("`$.", "`").replace(" - at `$`", "")
        raise DataError([message.replace("`", "")], label) from None
