"""The kernel's hook specifications: how games, cards, powers and house rules plug in.

Two plugin managers use these specs.  The *discovery* manager loads every plugin
installed under the ``referee`` entry-point group and asks it what it offers
(``referee_games``, ``referee_extensions``).  Each game and choice of extensions then
gets its own manager (shared by every table playing them) holding only that game, those
extensions and the game's own hookspecs, so one game's hooks never fire at another
game's table.

Hooks are called with keyword arguments only.  Implementations run last-registered
first: extensions and house rules are registered after their game, so a house rule's
``firstresult`` implementation overrides the game's.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from .plugin import hookspec

if TYPE_CHECKING:
    from .events import Event, Request, TableOpened
    from .facts import Held, Used
    from .log import Entry
    from .presentation import Presentation
    from .registry import Extension, Game
    from .table import Action, Decision, TableState
    from .words import Words


# --- Discovery ---------------------------------------------------------------------


@hookspec
def referee_games() -> list[Game]:
    """Declare the games this plugin provides.

    Called once by the discovery manager when plugins are loaded.  Return a list of
    :class:`referee.Game` (usually one).  All results are collected; two games with
    the same name are an error naming the game.
    """


@hookspec
def referee_extensions() -> list[Extension]:
    """Declare cards, powers and house rules that extend an existing game.

    Called once by the discovery manager.  Return a list of
    :class:`referee.Extension`, each naming the game it extends, its kind and whether
    tables of that game use it unless told otherwise.  All results are collected.
    """


# --- One table: data and state -----------------------------------------------------


@hookspec
def referee_event_types() -> list[type[Event]]:
    """Deprecated: declare ``Game(events=...)`` or ``Extension(events=...)`` instead.

    Registers the event types this plugin may emit; still called for plugins written
    against 0.2, and the registry warns (``DeprecationWarning``) naming each one.

    Called when a table's rules are assembled.  Return a list of
    :class:`referee.Event` subclasses, each with a unique stable tag.  All results
    are collected.  An event whose type nobody registered cannot be emitted.  The log
    entry of an event names the plugin that decided it: the innermost extension whose
    code was running when it was emitted, else the game.
    """


@hookspec(firstresult=True)
def referee_initial_state(opened: TableOpened) -> Any:
    """Create the game's state object for a table that has just opened (or declare
    ``Game(initial_state=...)``, which this hook's first non-None result replaces).

    Called while folding the first event.  ``opened`` carries seats and options.
    Return a fresh mutable object; the first non-None result wins.  Not deprecated (unlike
    ``referee_event_types`` and ``referee_evolve``): a house rule replacing its game's state
    implements it.
    """


@hookspec
def referee_evolve(state: TableState, event: Event) -> None:
    """Deprecated: declare ``Game(evolve=...)`` or ``Extension(evolve=...)`` instead.

    Folds one event into ``state.game`` (the mutator); still called for plugins written
    against 0.2, and the registry warns (``DeprecationWarning``) naming each one.

    Called for every event, live and in replay, after the kernel has folded its own
    part (flow, randomness, result).  Every plugin sees every event and changes only
    what its own events mean.  This is the only place game state may change, and it
    must not draw randomness, read the clock or do I/O.  Return value is ignored.
    """


# --- One table: deciding -----------------------------------------------------------


@hookspec(firstresult=True)
def referee_setup(decision: Decision) -> bool | None:
    """Lay out a new table: deal, place, and open the first requests.

    Called once, right after ``TableOpened``.  Emit events through ``decision``.
    Return True when handled; the first non-None result wins (so a house rule may
    replace the whole setup).  A game that declares its flow (``Game(flow=...)``) needs
    no setup: its flow starts after this hook, and opens the first requests.
    """


@hookspec(firstresult=True)
def referee_decide(decision: Decision, action: Action) -> bool | None:
    """Decide what an action does.

    Called after the kernel has checked that ``action.seat`` had an open request for
    ``action.action`` (or is the gamesmaster), that ``action.args`` fit the request's
    answer shape (``request.answer``), and recorded the action.  Check what the shape
    cannot say (answers that must go together) yourself.  Raise
    :class:`referee.IllegalAction` naming the rule to refuse it (nothing is then
    appended); otherwise emit events through ``decision`` and return True.  The first
    non-None result wins; if no plugin returns one, the action is refused.
    """


@hookspec(firstresult=True)
def referee_request_expired(decision: Decision, request: Request) -> bool | None:
    """A timed request's deadline passed before its seat answered.

    Called when the gamesmaster (or a server's clock acting for it) takes the action
    ``expire`` on the request.  Emit what the rules say happens to a seat that delays
    (Cash'n'Guns: it sits the round out), withdraw the request, and return True.  With
    no implementation the request is simply withdrawn.  The first non-None result wins.
    """


@hookspec
def referee_round_began(decision: Decision, round: int) -> None:
    """A round began (every seat will act in it).  Emit events to act at this point."""


@hookspec
def referee_round_ended(decision: Decision, round: int) -> None:
    """A round ended.  Emit events to act at this point."""


@hookspec
def referee_turn_began(decision: Decision, turn: int, seat: str) -> None:
    """``seat``'s turn began.  Emit events to act at this point."""


@hookspec
def referee_turn_ended(decision: Decision, turn: int, seat: str) -> None:
    """``seat``'s turn ended.  Emit events to act at this point."""


@hookspec
def referee_phase_began(decision: Decision, phase: str) -> None:
    """A phase began (``decision.state.flow`` says whose turn and which round).

    A card that acts "in your Pay Dues phase" implements this hook.
    """


@hookspec
def referee_phase_ended(decision: Decision, phase: str) -> None:
    """A phase ended.  Emit events to act at this point."""


@hookspec(firstresult=True)
def referee_idle_reason(state: TableState, seat: str) -> str | None:
    """Why nothing is asked of ``seat`` now, in the game's words ("Dan is out of the game (7)").

    Called when a seat acts without an open request, to word the refusal.  Return a
    sentence, or None to let the kernel say whom the table is waiting for.  The
    first non-None result wins.
    """


# --- One table: showing ------------------------------------------------------------


@hookspec(firstresult=True)
def referee_view(state: TableState, seat: str | None) -> dict[str, Any] | None:
    """What ``seat`` may see of the game (``None``: a spectator, who sees only public things).

    Called for every view a seat or adapter asks for.  Return plain JSON-able data
    that never includes another seat's hidden cards, orders or powers; the kernel adds
    the flow and the seat's own open requests.  The first non-None result wins.
    """


@hookspec(firstresult=True)
def referee_present(view: dict[str, Any], seat: str | None) -> Presentation | None:
    """The seat's view laid out as a table a person sits at (``referee.presentation``).

    Called by the terminal and the browser each time they show a table.  ``view`` is the
    seat's whole view as ``Referee.view`` returns it (the game's own part, what
    :func:`referee_view` returned, under ``"view"``; the flow under ``"round"``, ``"turn"``,
    ``"active"``, ``"phase"``; the seat's open ``"requests"``; the ``"result"``), for
    ``seat`` (None: a spectator), so a presentation cannot show more than the view.  Return a ``Presentation`` (zones of cards and counters
    in the game's words), or None to let the adapter lay the view out generically.  The
    first non-None result wins, so a house rule may re-present a game.
    """


@hookspec(firstresult=True)
def referee_describe(event: Event, words: Words) -> str | None:
    """One sentence describing ``event`` for the log, in words a player would say.

    Called for each entry a reader may see, in the terminal, the browser and ``explain``.
    ``words`` speaks to that reader (``words.says("Ada", "aims", "at Bob")`` gives
    "You aim at Bob" to Ada); an implementation may leave the parameter out.  An event
    says what happened itself (``Event.describe``); implement this hook to word another
    plugin's events (or the kernel's) otherwise.  Return None for events you leave alone;
    the first non-None result wins over the event's own words.
    """


@hookspec(firstresult=True)
def referee_describe_hidden(entry: Entry, words: Words) -> str | None:
    """What a reader may know of an entry hidden from them, in words ("Bob chose a bullet card").

    Called for each entry whose body the reader may not see; ``entry`` carries only its
    header (type, seat, rule, seq), never the body.  Say only what the header already
    tells.  Return a sentence, or None for the kernel's ("Bob made a choice hidden from
    you"); the first non-None result wins.
    """


@hookspec(firstresult=True)
def referee_check_file(path: str) -> list[str] | None:
    """Problems in a data file a game reads (a Pimp deck file), for ``referee check``.

    Called with the path a user gave.  Return the problems (an empty list: the file is
    fine), or None if this plugin reads no such file.  The first non-None result wins.
    """


@hookspec(firstresult=True)
def referee_render_view(view: dict[str, Any], seat: str | None) -> str | None:
    """Plain text of a seat's view for a terminal (the hot-seat CLI).

    ``view`` is what :func:`referee_view` returned for ``seat``.  Return the text, or
    None for the CLI's generic layout; the first non-None result wins.
    """


@hookspec(firstresult=True)
def referee_report(state: TableState, entries: list[Any], round: int | None) -> str | None:
    """A game's own written report of a round (Pigsty's turn report for a forum post).

    ``entries`` are the log entries a spectator may see, decoded as ``(entry, event)``
    pairs; ``round`` is the round asked for (None: the last one complete).  Return
    plain text, or None if the game has no report; the first non-None result wins.
    """


@hookspec(firstresult=True)
def referee_bot_action(view: dict[str, Any], seat: str, request: Request, rng: random.Random) -> dict[str, Any] | None:
    """Choose a legal answer to ``request`` for a bot in ``seat``.

    Called by adapters that play seats automatically.  ``view`` is exactly what the
    seat may see (the result of ``referee_view`` plus flow), so a bot cannot peek;
    ``rng`` is the bot's own generator, not the table's.  Return the action's args,
    fitting ``request.answer``; the first non-None result wins.  With no result the
    kernel's bot sends a random answer of the request's shape (``answers.sample``).
    """


# --- Measuring balance ---------------------------------------------------------------


@hookspec
def referee_balance_facts(state: TableState, event: Event) -> list[Held | Used] | None:
    """What ``event`` of a finished game tells a balance measure: that a seat held a
    power, deck, card or ability (``referee.Held``, counted once per seat and game) or used
    one (``referee.Used``, counted each time).

    Called by the balance lab (``referee balance``) once for each event of a finished
    game, in log order; ``state`` is the table at the game's end (for the names of ids the
    event carries).  Names are the rulebook's: ``Held("Ann", "power", "The Insane")``.
    Return a list, or None for nothing.  Every implementation's facts are counted, so a
    house rule adds its own card's beside the game's.
    """
