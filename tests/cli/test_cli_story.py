"""Issue 20, "The log as a story", in the terminal: `referee replay` and `referee act` tell the
log in the reader's words, each line with its rule; the kernel's bookkeeping is folded
unless `--bookkeeping` asks for it, and then it is worded too (a random draw says what was
drawn, not `die {'sides': 6}`); a view no game lays out is still readable."""

from __future__ import annotations

import re

from referee_cli import render


def test_replay_tells_the_story_with_rules_and_folds_bookkeeping_unless_asked(cli) -> None:
    played = cli("play", "backhanding", "--bots", "3", "--seed", "story", "--quiet")
    assert played.code == 0, played.err
    table = played.table
    told = cli("replay", table).out.partition("\nstate after entry")[0].splitlines()
    full = cli("replay", table, "--bookkeeping").out.partition("\nstate after entry")[0].splitlines()
    assert told and len(told) < len(full)
    for line in full:
        # Every line: its entry's number, a sentence, the rule it follows.
        assert re.fullmatch(r"\s*\d+ \S.* \(.+\)", line), line
        assert not re.search(r"\{'|\['|\w+=\w|\bNone\b", line), line
    drawn = [line for line in full if line.endswith("(referee randomness)") and "seed is revealed" not in line]
    worded = r"(Picked the \d+\w\w of \d+ at random|Shuffled \d+ items at random|Rolled a six-sided die) \(.+\)(: [1-6])?  "
    assert drawn and all(re.search(worded, line) for line in drawn), drawn
    assert any("Rolled a six-sided die (" in line for line in drawn)
    assert not any(line.endswith("(referee randomness)") or " is asked: " in line for line in told)
    # The JSON form carries the same story, line by line, with each line's kind and rule.
    data = cli("replay", table, "--json").json()
    assert [f"{s['seq']:>5} {s['text']}" for s in data["story"]] == [re.sub(r"( \[private\])?  \(.*\)$", "", line) for line in told]


def test_act_tells_the_seat_what_its_action_did_in_its_words(cli) -> None:
    table = cli("new", "cashnguns", "--seats", "Ann,Bob,Cat,Dan", "--seed", "story-act").table
    said = cli("act", table, "Ann", "bullet", "card=Bang!")
    assert said.code == 0, said.err
    assert re.search(r"^\s+\d+ .*Bang!.*\[private\]", said.out, flags=re.M), said.out
    asked = cli("act", table, "Bob", "bullet", "card=1", "--bookkeeping")
    assert re.search(r"^\s+\d+ You answer: Click! \(5 left\)  \(referee action\)$", asked.out, flags=re.M), asked.out


def test_a_view_no_game_lays_out_reads_as_labelled_lines() -> None:
    """The generic layout (a game with no presentation): titled fields, nested ones
    indented, lists joined, nothing empty, no repr."""
    text = render.generic(
        {
            "my_guns": {"Ann": ["click", "bang"]},
            "decks": {"pimps": 16, "hos": 19},
            "holders": [],
            "offer": None,
            "fired": {},
            "revealed": True,
            "pot": [5000, 10000],
        }
    )
    assert text.splitlines() == [
        "My guns:",
        "  Ann: click, bang",
        "Decks:",
        "  Pimps: 16",
        "  Hos: 19",
        "Revealed: yes",
        "Pot: 5000, 10000",
    ]
