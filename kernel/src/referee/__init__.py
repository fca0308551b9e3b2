"""Referee: an event-sourced rules kernel for tabletop games.

The kernel knows tables, seats, actions, events, requests, phases, randomness and
the log.  Everything a rulebook says lives in plugins (see ``referee.hookspecs``).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .plugin import NAME, hookimpl, hookspec

# Names are imported on first use (PEP 562): a command that needs only the parser, or only
# the store, does not pay for importing every module of the kernel.
_WHERE = {
    "answers": "",
    "presentation": "",
    "words": "",
    "Arrow": "presentation",
    "Backs": "presentation",
    "Card": "presentation",
    "Place": "presentation",
    "Presentation": "presentation",
    "Stat": "presentation",
    "Zone": "presentation",
    "Words": "words",
    "story": "",
    "receipts": "",
    "disputes": "",
    "dispute_report": "",
    "Receipt": "receipts",
    "short_head": "receipts",
    "load_receipts": "receipts",
    "dump_receipts": "receipts",
    "Copy": "disputes",
    "against": "disputes",
    "dispute": "disputes",
    "seat_of": "disputes",
    "entry_report": "dispute_report",
    "Acknowledged": "receipts",
    "ForgedReceipt": "receipts",
    "Amount": "answers",
    "Assign": "answers",
    "Flag": "answers",
    "Option": "answers",
    "Order": "answers",
    "Pick": "answers",
    "Shape": "answers",
    "Subset": "answers",
    "Text": "answers",
    "Explanation": "audit",
    "Verdict": "audit",
    "explain": "audit",
    "replay": "audit",
    "verify": "audit",
    "BadLog": "errors",
    "ConcurrentWrite": "errors",
    "PluginFailed": "errors",
    "IllegalAction": "errors",
    "PluginMismatch": "errors",
    "RefereeError": "errors",
    "UnknownGame": "errors",
    "UnknownTable": "errors",
    "ActionTaken": "events",
    "Choice": "events",
    "Event": "events",
    "GameEnded": "events",
    "PhaseBegan": "events",
    "PhaseEnded": "events",
    "RandomDrawn": "events",
    "Request": "events",
    "RequestOpened": "events",
    "RequestWithdrawn": "events",
    "RoundBegan": "events",
    "RoundEnded": "events",
    "SeedRevealed": "events",
    "SeatsAutomated": "events",
    "SeatClaimed": "events",
    "InvitationReissued": "events",
    "event_tag": "events",
    "MAX_NESTING": "limits",
    "check_nesting": "limits",
    "parse_json": "limits",
    "read_text": "limits",
    "shown": "limits",
    "unrecordable": "limits",
    "Standing": "events",
    "Held": "facts",
    "bots_by_seat": "bots",
    "fixed_key": "randomness",
    "Used": "facts",
    "TableOpened": "events",
    "TurnBegan": "events",
    "TurnEnded": "events",
    "Entry": "log",
    "dump_jsonl": "log",
    "load_jsonl": "log",
    "Extension": "registry",
    "Game": "registry",
    "Registry": "registry",
    "Rules": "registry",
    "Referee": "service",
    "TableInfo": "service",
    "ReplayView": "groups.audit",
    "MEMORY": "store",
    "TableStore": "store",
    "Phase": "flow",
    "Menu": "flow",
    "Rounds": "flow",
    "Turns": "flow",
    "GAMESMASTER": "table",
    "Action": "table",
    "Decision": "table",
    "Flow": "table",
    "TableState": "table",
}

if TYPE_CHECKING:
    from . import answers, dispute_report, disputes, presentation, receipts, words
    from .answers import Amount, Assign, Flag, Option, Order, Pick, Shape, Subset, Text
    from .audit import Explanation, Verdict, explain, replay, verify
    from .bots import bots_by_seat
    from .dispute_report import entry_report
    from .disputes import Copy, against, dispute, seat_of
    from .errors import BadLog, ConcurrentWrite, IllegalAction, PluginFailed, PluginMismatch, RefereeError, UnknownGame, UnknownTable
    from .events import (
        ActionTaken,
        Choice,
        Event,
        GameEnded,
        InvitationReissued,
        PhaseBegan,
        PhaseEnded,
        RandomDrawn,
        Request,
        RequestOpened,
        RequestWithdrawn,
        RoundBegan,
        RoundEnded,
        SeatClaimed,
        SeatsAutomated,
        SeedRevealed,
        Standing,
        TableOpened,
        TurnBegan,
        TurnEnded,
        event_tag,
    )
    from .facts import Held, Used
    from .flow import Menu, Phase, Rounds, Turns
    from .groups.audit import ReplayView
    from .limits import MAX_NESTING, check_nesting, parse_json, read_text, shown, unrecordable
    from .log import Entry, dump_jsonl, load_jsonl
    from .presentation import Arrow, Backs, Card, Place, Presentation, Stat, Zone
    from .randomness import fixed_key
    from .receipts import Acknowledged, ForgedReceipt, Receipt, dump_receipts, load_receipts, short_head
    from .registry import Extension, Game, Registry, Rules
    from .service import Referee, TableInfo
    from .store import MEMORY, TableStore
    from .table import GAMESMASTER, Action, Decision, Flow, TableState
    from .words import Words


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:  # "" is a submodule of that name
        raise AttributeError(f"module 'referee' has no attribute {name!r}")
    value = (
        importlib.import_module(f".{name}", __name__) if module == "" else getattr(importlib.import_module(f".{module}", __name__), name)
    )
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_WHERE])


__all__ = [
    "presentation",
    "story",
    "receipts",
    "disputes",
    "dispute_report",
    "Receipt",
    "short_head",
    "load_receipts",
    "dump_receipts",
    "Copy",
    "against",
    "dispute",
    "seat_of",
    "entry_report",
    "Acknowledged",
    "ForgedReceipt",
    "words",
    "Arrow",
    "Backs",
    "Card",
    "Place",
    "Presentation",
    "Stat",
    "Words",
    "Zone",
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
    "Rounds",
    "Turns",
    "Phase",
    "Menu",
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
    "Held",
    "Used",
    "bots_by_seat",
    "fixed_key",
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
    "SeatsAutomated",
    "SeatClaimed",
    "InvitationReissued",
    "event_tag",
    "TableInfo",
    "ReplayView",
    "RefereeError",
    "IllegalAction",
    "UnknownGame",
    "UnknownTable",
    "PluginMismatch",
    "ConcurrentWrite",
    "PluginFailed",
    "BadLog",
    "Verdict",
    "Explanation",
    "replay",
    "verify",
    "explain",
    "dump_jsonl",
    "load_jsonl",
    "MAX_NESTING",
    "check_nesting",
    "parse_json",
    "read_text",
    "shown",
    "unrecordable",
]
