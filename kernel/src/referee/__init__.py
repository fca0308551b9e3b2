"""Referee: an event-sourced rules kernel for tabletop games.

The kernel knows tables, seats, actions, events, requests, phases, randomness and
the log.  Everything a rulebook says lives in plugins (see ``referee.hookspecs``).
"""

import structlog as _structlog

from . import logging as _logging

if not _structlog.is_configured():
    # Quiet by default as a library; adapters and host applications configure their own.
    _logging.configure("warning")

from . import answers
from .answers import Amount, Assign, Flag, Option, Order, Pick, Shape, Subset, Text
from .audit import Explanation, Verdict, explain, replay, verify
from .errors import BadLog, ConcurrentWrite, IllegalAction, PluginMismatch, RefereeError, UnknownGame, UnknownTable
from .events import (
    ActionTaken,
    Choice,
    Event,
    GameEnded,
    PhaseBegan,
    PhaseEnded,
    RandomDrawn,
    Request,
    RequestOpened,
    RequestWithdrawn,
    RoundBegan,
    RoundEnded,
    SeedRevealed,
    Standing,
    TableOpened,
    TurnBegan,
    TurnEnded,
)
from .log import Entry, dump_jsonl, load_jsonl
from .plugin import NAME, hookimpl, hookspec
from .registry import Extension, Game, Registry, Rules
from .service import Referee, TableInfo
from .store import MEMORY, TableStore
from .table import GAMESMASTER, Action, Decision, Flow, TableState

__all__ = [
    "NAME",
    "hookimpl",
    "hookspec",
    "Referee",
    "Registry",
    "Rules",
    "Game",
    "Extension",
    "TableStore",
    "MEMORY",
    "Event",
    "Entry",
    "Action",
    "Decision",
    "Flow",
    "TableState",
    "GAMESMASTER",
    "Request",
    "Choice",
    "Option",
    "Shape",
    "Pick",
    "Subset",
    "Amount",
    "Order",
    "Assign",
    "Text",
    "Flag",
    "answers",
    "Standing",
    "TableOpened",
    "ActionTaken",
    "RandomDrawn",
    "RoundBegan",
    "RoundEnded",
    "TurnBegan",
    "TurnEnded",
    "PhaseBegan",
    "PhaseEnded",
    "RequestOpened",
    "RequestWithdrawn",
    "GameEnded",
    "SeedRevealed",
    "TableInfo",
    "RefereeError",
    "IllegalAction",
    "UnknownGame",
    "UnknownTable",
    "PluginMismatch",
    "ConcurrentWrite",
    "BadLog",
    "Verdict",
    "Explanation",
    "replay",
    "verify",
    "explain",
    "dump_jsonl",
    "load_jsonl",
]
