"""Test helpers for plugin authors: a pytest plugin shipped with the kernel.

Installing ``referee`` registers this package with pytest (the ``pytest11`` entry point),
so an author's tests get two fixtures without a ``conftest.py``:

* ``referee_app``: a factory of referees on in-memory stores;
* ``referee_cli``: the ``referee`` command run in-process on a store of the test's own;

and can import the one-line checks a game, card, power or house rule should pass:

* :func:`check_bot_games`: bot games end, every log verifies, replay equals live play;
* :func:`check_export_round_trip`: exports load back, import and show the same table;
* :func:`check_refused_without`: a log made with a plugin is refused where it is missing;
* :func:`check_views_leak_nothing`: no seat is shown another seat's hidden bodies;
* :func:`check_noninterference`: two worlds differing in one seat's sealed answer look the
  same to every other seat, except where the game declares the rules reveal it;
* :func:`check_scenarios`: the game's scenario suite under a house rule, with the
  scenarios it is meant to change declared;
* :func:`check_composes_with`: your extension and other authors' at one table: bot games,
  verify, replay and the leak check together, each plugin recorded and required.

Each check plays its own tables on an in-memory store, under ``registry`` (default: every
installed plugin, found by entry points, as a player's installation would) and raises
:class:`CheckFailed` (an ``AssertionError``) naming what went wrong.  Games are played
with fixed seeds and table keys, so a failure repeats on every run.  docs/testing-plugins.md
shows them in use.

Import everything from ``referee.testing`` itself.  Behind it, each module serves one use:
``fixtures`` (the two fixtures), ``sweeps`` (bot games, exports, a missing plugin),
``leaks`` (the leak check), ``composing`` (plugins of several authors at one table), ``noninterference`` and ``worlds`` (the two-worlds check and
the copies of a table it compares), ``scenarios`` (the scenario check) and ``play`` (what they share:
``CheckFailed``, ``fixed_key``, bot games played to their end).
"""

from __future__ import annotations

from .composing import check_composes_with
from .fixtures import CliResult, referee_app, referee_cli
from .leaks import _KERNEL as _KERNEL
from .leaks import _PHASES as _PHASES
from .leaks import _REQUEST_OPENED as _REQUEST_OPENED
from .leaks import _WORD as _WORD
from .leaks import EXPORT_POINTS as EXPORT_POINTS
from .leaks import _check_held as _check_held
from .leaks import _Held as _Held
from .leaks import _Known as _Known
from .leaks import _leaves as _leaves
from .leaks import _leaves_and_dicts as _leaves_and_dicts
from .leaks import _mention as _mention
from .leaks import _mentions as _mentions
from .leaks import _path_to as _path_to
from .leaks import _words as _words
from .leaks import check_views_leak_nothing
from .noninterference import Findings, Interference, check_noninterference, find_interference
from .play import MAX_ACTIONS as MAX_ACTIONS
from .play import CheckFailed, fixed_key
from .play import _bot_actions as _bot_actions
from .play import _bot_step as _bot_step
from .play import _difference as _difference
from .play import _next_request as _next_request
from .play import _open as _open
from .play import _referee as _referee
from .play import _spread as _spread
from .scenarios import _scenario_name as _scenario_name
from .scenarios import check_scenarios
from .sweeps import _offering as _offering
from .sweeps import check_bot_games, check_export_round_trip, check_refused_without

__all__ = [
    "CheckFailed",
    "CliResult",
    "check_bot_games",
    "check_composes_with",
    "check_export_round_trip",
    "check_noninterference",
    "find_interference",
    "Findings",
    "Interference",
    "check_refused_without",
    "check_scenarios",
    "check_views_leak_nothing",
    "fixed_key",
    "referee_app",
    "referee_cli",
]
