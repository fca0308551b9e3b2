"""`--extensions +NAME,-NAME` (issue 24, "Defaults plus one"): the game's defaults plus or
minus those, on `referee play`, `referee new` and `referee scenario run`."""

from __future__ import annotations

import json


def _recorded(entries: list[dict]) -> set[str]:
    return {p["name"] for p in entries[0]["event"]["plugins"]}


def test_play_with_the_defaults_plus_one_and_minus_one(cli, entries_of) -> None:
    played = cli("play", "cashnguns", "--bots", "4", "--seed", "plus-one", "--quiet", "--extensions", "+the-medic,-the-kid")
    assert played.code == 0, played.err
    recorded = _recorded(entries_of(played.table))
    assert "cashnguns.the-medic" in recorded and "cashnguns.the-kid" not in recorded
    assert "cashnguns.the-insane" in recorded  # the other nine defaults stay


def test_a_removal_alone_is_read_as_the_value_not_an_option(cli, entries_of) -> None:
    """``--extensions -the-kid`` (no `=`) is the extensions' value, not an unknown option."""
    played = cli("new", "cashnguns", "--seats", "Ann,Bob,Cleo,Dino", "--extensions", "-the-kid")
    assert played.code == 0, played.err
    recorded = _recorded(entries_of(played.table))
    assert "cashnguns.the-kid" not in recorded and "cashnguns.the-insane" in recorded


def test_an_unknown_name_is_refused_naming_it(cli) -> None:
    refused = cli("play", "cashnguns", "--bots", "4", "--quiet", "--extensions", "+the-doctor")
    assert refused.code == 2
    assert "no extension named the-doctor" in refused.err and "the-medic" in refused.err
    assert "Traceback" not in refused.err


def test_scenario_run_takes_one_away_with_minus(cli, tmp_path) -> None:
    """A house rule's suite run without one of the game's own: `-NAME` among the extensions."""
    scenario = tmp_path / "no-kid.toml"
    scenario.write_text(
        'title = "without The Kid"\ngame = "cashnguns"\nseats = ["Ann", "Bob", "Cleo", "Dino"]\n'
        'extensions = ["+the-medic"]\n\n[[absent]]\ntype = "referee.TableOpened"\n'
        'event = { plugins = [{ name = "cashnguns.the-kid" }] }\n'
    )
    ran = cli("scenario", "run", scenario, "--extensions=-the-kid", "--json")
    assert ran.code == 0, ran.out + ran.err
    assert json.loads(ran.out)[0]["ok"]
    with_the_kid = cli("scenario", "run", scenario, "--json")  # the file's +the-medic keeps the defaults
    assert with_the_kid.code == 1 and "cashnguns.the-kid" in with_the_kid.out
