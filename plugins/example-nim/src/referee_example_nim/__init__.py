"""Nim, a minimal complete game for Referee: the example docs/writing-a-game.md walks through."""
