"""The command line: `referee games` marks the designed tables, `referee play pornstar
--bots 4` plays whole games to the end on the default SQLite store, and they verify."""

from __future__ import annotations

import re


def test_games_lists_pornstar_and_says_its_tables_and_cards_are_the_projects_design(referee_cli):
    result = referee_cli("games")
    assert result.code == 0
    block = result.out[result.out.index("pornstar") :]
    assert "project's own design" in block and "Residual Rolls" in block and "Production Rolls" in block
    for card in ("nostalgia-fetish", "double-shift", "union-holiday", "talent-scout"):
        assert f"card {card}" in block


def test_play_with_four_bots_ends_and_verifies(referee_cli):
    for bots in ("4", "heuristic,random,random,heuristic"):
        played = referee_cli("play", "pornstar", "--bots", bots, "--quiet")
        assert played.code == 0, played.err
        table = re.search(r"pornstar-[0-9a-f]+", played.out + played.err)
        assert table, played.out
        verified = referee_cli("verify", table.group(0))
        assert verified.code == 0 and "ok" in verified.out.lower(), verified.out + verified.err
        export = referee_cli("export", table.group(0))
        assert '"pornstar.ScoresCounted"' in export.out and '"referee.GameEnded"' in export.out


def test_a_bad_option_is_one_line_naming_it(referee_cli):
    result = referee_cli("play", "pornstar", "--bots", "3", "--option", "first=Nobody")
    assert result.code != 0
    assert "first" in result.err and "Nobody" in result.err and len(result.err.strip().splitlines()) == 1
    result = referee_cli("play", "pornstar", "--bots", "3", "--option", "round_limit=-1")
    assert result.code != 0 and "round_limit" in result.err and len(result.err.strip().splitlines()) == 1
