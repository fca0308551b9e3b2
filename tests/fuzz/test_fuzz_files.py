"""Fuzzing the files a user hands Referee: scenario files and Pimp deck files.

Each input is either a shipped file mutated byte by byte (cut, repeated, overwritten,
wrapped in deep nesting, made binary or non-UTF-8) or a file written from generated
data; every one must be read or refused in one line naming the problem, never crash
or hang.  Limits are those of ``referee.limits``.
"""

from __future__ import annotations

import json
import math
import re
import tempfile
from pathlib import Path

import pytest
from budget import FUZZ, no_hang
from hypothesis import event, example, given
from hypothesis import strategies as st

import referee_cashnguns
import referee_pigsty
import referee_pimp.cards as cards
from referee import RefereeError, Registry
from referee.limits import MAX_FILE_BYTES, MAX_NESTING
from referee.scenario import load_scenario, run_scenario

SCENARIOS = sorted(
    [
        *Path(referee_pigsty.__file__).with_name("scenarios").glob("*.toml"),
        *Path(referee_cashnguns.__file__).with_name("scenarios").glob("*.toml"),
    ]
)
DECKS = cards.shipped_decks()


@st.composite
def mutated(draw: st.DrawFn, originals: list[Path]) -> bytes:
    """A shipped file with a few byte-level edits."""
    data = bytearray(draw(st.sampled_from(originals)).read_bytes())
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["number", "number", "string", "string", "cut", "repeat", "overwrite", "insert", "nest", "truncate"]))
        at = draw(st.integers(0, len(data)))
        if kind in ("number", "string"):
            # Keep the file valid TOML and change what it says, so the input gets past
            # parsing into validation and play.
            found = list(re.finditer(rb"(?<![\w.])\d+(?![\w.])" if kind == "number" else rb'"[^"\n]*"', data))
            if found:
                hit = draw(st.sampled_from(found))
                if kind == "number":
                    new = str(draw(st.sampled_from([0, 1, 2, 7, 99, -1, 10**6, 10**30]) | st.integers(-5, 200))).encode()
                else:
                    new = _string(
                        draw(st.sampled_from(["", "Bill", "gamesmaster", "I 5", "S 99 Ted", "\x1b[2J", "é" * 3]) | text(max_size=10))
                    ).encode()
                data[hit.start() : hit.end()] = new
        elif kind == "cut":
            del data[at : at + draw(st.integers(1, 200))]
        elif kind == "repeat":
            data[at:at] = data[at : at + draw(st.integers(1, 400))] * draw(st.integers(1, 5))
        elif kind == "overwrite":
            chunk = draw(st.binary(min_size=1, max_size=8))
            data[at : at + len(chunk)] = chunk
        elif kind == "insert":
            data[at:at] = draw(st.sampled_from([b"\x00", b"\xff\xfe", b"[", b"{", b"]]", b'"', b"\n[[step]]\n", b"= 1", "é".encode()]))
        elif kind == "nest":
            depth = draw(st.integers(MAX_NESTING - 2, 2000))
            data[at:at] = b"\nfuzz = " + b"[" * depth + b"]" * depth + b"\n"
        else:
            data = data[:at]
    return bytes(data)


def _string(text: str) -> str:
    """A TOML basic string: JSON's escapes, with characters beyond ASCII left as they are
    (TOML refuses JSON's surrogate-pair escapes) and DEL escaped (TOML refuses it raw)."""
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    assert isinstance(value, dict)
    return "{ " + ", ".join(f"{_string(k)} = {_toml_value(v)}" for k, v in value.items()) + " }"


def toml(data: dict[str, object]) -> bytes:
    """``data`` as TOML: top-level keys, then each step as an ``[[step]]`` table."""
    steps = data.pop("step", None)
    text = "".join(f"{_string(k)} = {_toml_value(v)}\n" for k, v in data.items())
    if isinstance(steps, list):
        text += "".join("\n[[step]]\n" + "".join(f"{_string(k)} = {_toml_value(v)}\n" for k, v in s.items()) for s in steps)
    return text.encode("utf-8", "surrogatepass")


def text(max_size: int) -> st.SearchStrategy[str]:
    """Text TOML can hold (no lone surrogates), control characters and all."""
    return st.text(st.characters(exclude_categories=("Cs",)), max_size=max_size)


scalars = st.one_of(
    st.integers(-(10**6), 10**6),
    st.integers(0, 4200).map(lambda n: 10**n),
    st.floats(allow_nan=False, allow_infinity=False),
    st.booleans(),
    text(max_size=12),
)
values = st.recursive(
    scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(text(max_size=6), inner, max_size=4), max_leaves=12
)


def mostly(valid: st.SearchStrategy[object]) -> st.SearchStrategy[object]:
    """Usually a well-formed value, sometimes anything: inputs must get past the first check."""
    return st.integers(0, 9).flatmap(lambda n: valid if n else values)


steps = st.fixed_dictionaries(
    {"seat": mostly(st.sampled_from(["Bill", "Ted", "Charlie", "Dan", "gamesmaster", "Nobody"]))},
    optional={
        "action": mostly(st.sampled_from(["orders", "close", "bullet", "expire", "nosuch"])),
        "args": mostly(
            st.fixed_dictionaries(
                {}, optional={"text": mostly(st.sampled_from(["I 5", "G 1; S 3 Ted", "", "T 5 Bill", "P 2"])), "request": values}
            )
        ),
        "request": mostly(st.sampled_from(["r1", "r1.bullet.Ann", ""])),
        "expect_error": mostly(text(max_size=5)),
        "expect": st.lists(
            st.fixed_dictionaries(
                {"type": st.sampled_from(["pigsty.PigsTaken", "referee.RoundEnded", "x"])},
                optional={"event": mostly(st.dictionaries(st.sampled_from(["thief", "taken"]), values, max_size=2))},
            ),
            max_size=2,
        ),
        "state": st.dictionaries(st.sampled_from(["seat", "view", "round"]), values, max_size=2),
    },
)
generated = st.fixed_dictionaries(
    {
        "title": mostly(text(max_size=10)),
        "game": mostly(st.sampled_from(["pigsty", "cashnguns", "pimp", "nosuch"])),
        "seats": mostly(st.sampled_from([["Bill", "Ted", "Charlie"], ["Bill", "Ted", "Charlie", "Dan"], [], ["Bill", "bill", "x"]])),
    },
    optional={
        "random": st.lists(mostly(st.integers(-2, 12)), max_size=6),
        "options": st.dictionaries(text(max_size=8), values, max_size=2),
        "extensions": mostly(st.lists(st.sampled_from(["harvest-festival", "the-kid", "nosuch", ""]), max_size=2)),
        "step": st.lists(steps, max_size=5),
    },
).map(toml)

scenario_files = st.one_of(mutated(SCENARIOS), generated, st.binary(max_size=300))


@pytest.fixture(scope="module")
def registry() -> Registry:
    return Registry()


def _write(data: bytes, name: str) -> Path:
    folder = Path(tempfile.mkdtemp(prefix="referee-fuzz-"))
    path = folder / name
    path.write_bytes(data)
    return path


@FUZZ
@given(scenario_files)
@example(b'title = "x"\ngame = "pigsty"\nseats = ' + b"[" * 5000 + b"]" * 5000)
@example(b'title = "\xff\xfe"\ngame = "pigsty"\nseats = ["A", "B", "C"]\n')
@example(b'title = "x"\ngame = "pigsty"\nseats = ["A", "B", "C"]\nrandom = [' + b"9" * 5000 + b"]\n")
@example(b'title = "x"\ngame = "cashnguns"\nseats = ["A", "B", "C", "D"]\nrandom = [[0, 1, 2], 0, -1, 100000000000]\n')
def test_scenario_files_run_or_are_refused_in_one_line(registry, data: bytes) -> None:
    path = _write(data, "scenario.toml")
    with no_hang(data[:200]):
        try:
            scenario = load_scenario(path)
        except RefereeError as exc:
            event("refused when loaded")
            assert "\n" not in exc.message, exc.message
            return
        try:
            result = run_scenario(scenario, registry)
        except RefereeError as exc:
            event("refused when run")
            assert "\n" not in exc.message, exc.message
            return
    event(f"ran: {'passed' if result.ok else 'failed'}")
    assert result.ok in (True, False)
    assert all(failure.strip() for failure in result.failures)


def test_a_scenario_file_over_the_size_limit_is_refused_unread(tmp_path) -> None:
    path = tmp_path / "huge.toml"
    path.write_bytes(b"# padding\n" * (MAX_FILE_BYTES // 10 + 1))
    with pytest.raises(RefereeError, match=f"larger than {MAX_FILE_BYTES} bytes"):
        load_scenario(path)


card_fields = {
    "kind": st.sampled_from(["escort", "streetwalker", "special", "Escort", ""]),
    "name": st.sampled_from(["Annika", "Zoë", " x", ""]) | text(max_size=8),
    "special": st.sampled_from(["king-of-cool", "posse", "nosuch"]),
    "cost": st.integers(-5, 80),
    "looks": st.integers(-1, 12),
    "fight": st.integers(-1, 12),
    "stamina": st.integers(-1, 12),
    "qualifications": st.lists(st.sampled_from(["Greek", "French", "greek", "nosuch"]), max_size=3),
    "copies": st.integers(-1, 50),
    "id": st.sampled_from(["a", "a", "b", ""]),
    "text": text(max_size=10),
}
cards_ = st.lists(
    st.fixed_dictionaries({}, optional={k: mostly(v) for k, v in card_fields.items()}) | values,
    max_size=25,
)
generated_decks = st.fixed_dictionaries(
    {"name": mostly(text(max_size=10))},
    optional={"description": mostly(text(max_size=10)), "cards": mostly(cards_), "extra": values},
).map(toml)

deck_files = st.one_of(mutated(DECKS), generated_decks, st.binary(max_size=300))


@FUZZ
@given(deck_files)
@example(b'name = "Deep"\n[[cards]]\nkind = ' + b"[" * 3000 + b"]" * 3000)
@example(b'name = "Binary\x00"\n')
@example(b'name = "\xc3\x28"\n')
@example(b'name = "Big"\n[[cards]]\nkind = "escort"\nname = "A"\ncost = ' + b"9" * 5000 + b"\n")
def test_pimp_deck_files_are_checked_or_refused_never_crash(data: bytes) -> None:
    path = _write(data, "deck.toml")
    with no_hang(data[:200]):
        problems = cards.check(path)
    event("a legal deck" if not problems else "problems listed")
    assert isinstance(problems, list) and all(isinstance(p, str) and p for p in problems)
    if data in {p.read_bytes() for p in DECKS}:
        assert problems == []


def test_pimp_deck_limits_are_the_kernel_limits(tmp_path) -> None:
    huge = tmp_path / "huge.toml"
    huge.write_bytes(b"#" * (MAX_FILE_BYTES + 1))
    deep = tmp_path / "deep.toml"
    deep.write_text("name = " + "[" * (MAX_NESTING + 1) + "]" * (MAX_NESTING + 1), encoding="utf-8")
    assert cards.check(huge) == [f"the file {huge} is larger than {MAX_FILE_BYTES} bytes"]
    assert cards.check(deep) == [f"nests lists or tables deeper than {MAX_NESTING} levels"]
    assert math.isfinite(MAX_FILE_BYTES)
