"""The domain model of one table: its state, the mutator, and deciding actions.

Commands here are functions that return events (``open_table``, ``decide``); state
changes only in ``apply``, which folds one event into a ``TableState``.  Replay is
``apply`` over a stored log, so live play and replay cannot drift apart.
"""

from __future__ import annotations

import contextlib
import functools
import threading
import weakref
from collections.abc import Callable, Generator, Iterator, Sequence
from typing import Any, Protocol

import msgspec
import pluggy

from ._deprecation import warn
from .errors import IllegalAction, RefereeError
from .events import (
    ActionTaken,
    Event,
    GameEnded,
    InvitationReissued,
    PluginRecord,
    RandomDrawn,
    Request,
    SeatClaimed,
    SeatsAutomated,
    SeedRevealed,
    TableOpened,
)
from .flow import Flow, FlowSteps, advance, answered_request, fold
from .limits import check_seat_names, plain, shown, unrecordable
from .log import Entry, canonical_event
from .logging import get_logger
from .plugin import NAME
from .readonly import detached, unchanged
from .rules import _SHOWING_HOOKS, Rules
from .seating import decide_seating, fold_seating, is_seating

log = get_logger("referee")

__all__ = ["ABANDON", "AUTOMATE", "EXPIRE", "GAMESMASTER", "Action", "Flow", "TableState", "Decision", "Emitted"]
__all__ += ["apply", "open_table", "decide", "view"]

GAMESMASTER = "gamesmaster"
"""The actor who runs an order-based table; not a seat, never dealt anything."""


EXPIRE = "expire"
"""The gamesmaster's action closing a timed request whose deadline has passed."""

ABANDON = "abandon"
"""The gamesmaster's action ending a game the rules cannot go on with (a plugin that fails
on every answer, players who left): decided by the kernel alone, so no table is ever stuck.

Its ``GameEnded`` and ``SeedRevealed`` are folded by the kernel's own part first; a plugin
whose ``referee_evolve`` fails on them is logged and named, and the end stands (as it does
for any end of a game: nothing is decided after it, so a plugin's state there changes no
decision, and replay and verify fold it the same way)."""

AUTOMATE = "automate"
"""The gamesmaster's action naming the seats bots play (``{"seats": [...]}``), decided by
the kernel alone: whoever goes on with the table finds the same bots."""


class Action(msgspec.Struct, frozen=True):
    seat: str
    action: str
    args: dict[str, Any] = {}
    request: str | None = None
    """Which open request this answers, where the seat has several for the same action."""


class TableState(msgspec.Struct, kw_only=True):
    """Everything the log has made of one table so far (a snapshot stores exactly this)."""

    table_id: str = ""
    game_name: str = ""
    seats: tuple[str, ...] = ()
    options: dict[str, Any] = {}
    plugins: tuple[PluginRecord, ...] = ()
    seed_commitment: str = ""
    seed_hash: str = ""
    scripted: bool = False
    edition: int = 1
    """The edition of the game's data and rulings this table opened under (``Game.edition``)."""
    flow: Flow = msgspec.field(default_factory=Flow)
    game: Any = None
    """The game's own state object (a msgspec Struct), changed only by ``referee_evolve``."""
    draws: int = 0
    result: GameEnded | None = None
    seed: str | None = None
    key: str | None = None
    """The table's secret key, once the end of the game has revealed it."""
    bots: tuple[str, ...] = ()
    """The seats bots play, as the last ``SeatsAutomated`` named them."""
    claimed: tuple[str, ...] = ()
    """The seats whose invitation was claimed since it was last issued (``referee.seating``)."""
    slots: dict[str, Any] = {}
    """Each extension's own state (``Extension(state=...)``), by extension name."""

    @property
    def over(self) -> bool:
        return self.result is not None

    def slot(self, name: str) -> Any:
        """The state the extension ``name`` keeps at this table (made by its ``state=``);
        change it only in that extension's evolve."""
        try:
            return self.slots[name]
        except KeyError:
            kept = ", ".join(sorted(self.slots)) or "none"
            raise RefereeError(f"no extension named {shown(name)} keeps state at this table (extensions keeping state: {kept})") from None


class RandomSource(Protocol):
    @property
    def seed(self) -> str | None: ...

    @property
    def key(self) -> str: ...

    def outcome(self, draw: int, kind: str, spec: dict[str, Any], purpose: str) -> Any: ...


def apply(rules: Rules, state: TableState, event: Event) -> None:
    """The mutator: fold one event into ``state`` (kernel part, then every plugin)."""
    fold(state.flow, event)
    match event:
        case TableOpened():
            state.table_id, state.game_name = event.table_id, event.game
            state.seats, state.options, state.plugins = event.seats, dict(event.options), event.plugins
            state.seed_commitment, state.seed_hash, state.scripted = event.seed_commitment, event.seed_hash, event.scripted
            state.edition = 1 if event.edition is msgspec.UNSET else event.edition
            state.game = rules.initial_state(event)
            state.slots = rules.new_slots()
        case RandomDrawn():
            state.draws += 1
        case GameEnded():
            state.result = event
        case SeedRevealed():
            state.seed, state.key = event.seed, event.key or None
        case SeatsAutomated():
            state.bots = event.seats
        case SeatClaimed() | InvitationReissued():
            fold_seating(state, event)
    if isinstance(event, (GameEnded, SeedRevealed)):
        _evolve_end(rules, state, event)
    else:
        _evolve(rules, state, event)


def _evolve_end(rules: Rules, state: TableState, event: Event) -> None:
    """Fold the end of a game (or its reveal) into each plugin on its own: a plugin failing
    on it is logged, never fatal, so a table can always be ended (see ``ABANDON``)."""
    impls = rules.hook.referee_evolve.get_hookimpls()
    names = {id(i.function): i.plugin_name for i in impls} | {id(f): n for n, f in rules.evolvers.items()}
    if any(i.wrapper or i.hookwrapper or tuple(i.argnames) != ("state", "event") for i in impls):
        steps: list[tuple[str, Callable[[], object]]] = [("referee_evolve", lambda: _evolve(rules, state, event))]
    else:
        steps = [(names.get(id(f), getattr(f, "__module__", "?")), functools.partial(f, state, event)) for f in rules.evolve_order(impls)]
    for plugin, step in steps:
        try:
            step()
        except Exception as exc:
            error = f"{type(exc).__name__}: {exc}"
            log.warning("a plugin failed to fold the end of the game; the end stands", table=state.table_id, plugin=plugin, error=error)


# Every event of every table is folded through ``referee_evolve``: pluggy's dispatch costs
# more than a plain call to the one or two plugins that implement it, so their functions
# are called directly.  Only a plain set of implementations taking (state, event) is
# called this way, checked against the hook's current implementations on every call (a
# plugin registered later is not missed); anything else goes through pluggy as before.
_evolvers: weakref.WeakKeyDictionary[Rules, tuple[list[Any], tuple[Callable[[TableState, Event], object], ...] | None]] = (
    weakref.WeakKeyDictionary()
)


def _evolve(rules: Rules, state: TableState, event: Event) -> None:
    hook = rules.hook.referee_evolve
    impls = hook.get_hookimpls()
    cached = _evolvers.get(rules)
    if cached is None or cached[0] != impls:
        plain = all(not (i.wrapper or i.hookwrapper) and tuple(i.argnames) == ("state", "event") for i in impls)
        cached = _evolvers[rules] = (impls, tuple(rules.evolve_order(impls)) if plain else None)
    functions = cached[1]
    if functions is None:
        hook(state=state, event=event)
        # A wrapper wraps the hook's implementations only; declared mutators follow them.
        for declared in reversed(rules.evolvers.values()):
            declared(state, event)
        return
    for function in functions:
        function(state, event)


class Emitted(msgspec.Struct, frozen=True):
    """One decided event on its way into the log (a Struct: one is made per event)."""

    event: Event
    body: bytes
    """The event's canonical bytes (sorted keys, without its tag): committed and stored as is."""
    plugin: str
    """The plugin that decided it (see ``Decision.emit``)."""
    rule: str
    visible_to: tuple[str, ...] | None
    declared: tuple[str, str] | None = None
    """``(plugin, rule)`` as 0.2 credited the event (the plugin declaring its type), where
    that differs: verify accepts either (``referee.upcasting.old_credit``)."""


# Which plugin decided an event: the innermost extension whose hook implementation was
# running when it was emitted, else the game.  Each deciding hook implementation of a
# table's rules is wrapped once to note itself on a per-thread stack while it runs (folding
# and showing hooks are not: they never emit).  Rules are shared and a plugin may join their
# manager at any time, so the implementations are checked again whenever they change.
_deciding = threading.local()
_NOT_DECIDING = frozenset(
    {"referee_evolve", "referee_games", "referee_extensions", "referee_event_types", "referee_describe", *_SHOWING_HOOKS}
)
_attributed: weakref.WeakKeyDictionary[Rules, list[pluggy.HookImpl]] = weakref.WeakKeyDictionary()
_NOTING = "_referee_noting_as"
"""Set on a noting wrapper: the plugin it notes (so no implementation is wrapped twice)."""


def _stack() -> list[str]:
    try:
        return _deciding.stack
    except AttributeError:
        _deciding.stack = []
        return _deciding.stack


def _attribute(rules: Rules) -> None:
    """Wrap ``rules``' deciding hook implementations so each notes itself while it runs."""
    impls = [
        impl
        for name, caller in vars(rules.pm.hook).items()
        if isinstance(caller, pluggy.HookCaller) and name not in _NOT_DECIDING
        for impl in caller.get_hookimpls()
    ]
    if _attributed.get(rules) == impls:
        return
    for impl in impls:
        # Only extensions note themselves: the game is who decided whatever no
        # extension's code was running for.
        if impl.plugin_name != rules.game.name and not hasattr(impl.function, _NOTING):
            noting = _wrapping_as if impl.wrapper or impl.hookwrapper else _running_as
            # HookImpl has no public way to wrap its function; the manager of these rules
            # (shared by every table of this game and these extensions) is changed, not
            # the plugin.
            object.__setattr__(impl, "function", noting(impl.function, impl.plugin_name))
    _attributed[rules] = impls


def _running_as(function: Callable[..., Any], plugin: str) -> Callable[..., Any]:
    @functools.wraps(function)
    def running(*args: Any) -> Any:
        stack = _stack()
        stack.append(plugin)
        try:
            return function(*args)
        finally:
            stack.pop()

    setattr(running, _NOTING, plugin)
    return running


def _wrapping_as(function: Callable[..., Any], plugin: str) -> Callable[..., Any]:
    """``_running_as`` for a hook wrapper: its code before and after its ``yield`` runs as ``plugin``."""

    @functools.wraps(function)
    def wrapping(*args: Any, **kwargs: Any) -> Any:
        return _noting(function(*args, **kwargs), plugin)

    setattr(wrapping, _NOTING, plugin)
    return wrapping


def _noting(steps: Generator[Any, Any, Any], plugin: str) -> Generator[Any, Any, Any]:
    stack = _stack()
    stack.append(plugin)
    try:
        value = next(steps)
    except StopIteration as stop:
        return stop.value  # pluggy reports a wrapper that did not yield
    finally:
        stack.pop()
    while True:
        try:
            sent = yield value
        except BaseException as exc:
            stack.append(plugin)
            try:
                value = steps.throw(exc)
            except StopIteration as stop:
                return stop.value
            finally:
                stack.pop()
        else:
            stack.append(plugin)
            try:
                value = steps.send(sent)
            except StopIteration as stop:
                return stop.value
            finally:
                stack.pop()


@functools.lru_cache(maxsize=4096)
def _named_rule(plugin: str, game: str, rule: str) -> str:
    """``rule`` as the log names it: prefixed with its plugin unless it names one already
    (the same few rules are emitted over and over, so the answer is remembered)."""
    return rule if rule.startswith((plugin.split(".")[0], game)) else f"{plugin} {rule}"


class Decision(FlowSteps):
    """The working side of one action: emit events, draw randomness, move the flow.

    Every emitted event is folded at once into ``state``, which is decided on in place (an
    action's is the live session's own state, not a copy), so later rules see earlier
    outcomes.  Nothing reaches the log unless the whole decision finishes without an
    error; when it fails the referee forgets that state and reads the table again.
    """

    def __init__(self, rules: Rules, state: TableState, source: RandomSource) -> None:
        _attribute(rules)
        self.rules = rules
        self.state = state
        self.source = source
        self.emitted: list[Emitted] = []

    # -- reading --------------------------------------------------------------
    @property
    def game(self) -> Any:
        return self.state.game

    def slot(self, name: str) -> Any:
        """The state the extension ``name`` keeps at this table (``TableState.slot``)."""
        return self.state.slot(name)

    @property
    def seats(self) -> tuple[str, ...]:
        return self.state.seats

    @property
    def options(self) -> dict[str, Any]:
        return self.state.options

    @property
    def edition(self) -> int:
        """The edition of the game's data and rulings this table opened under (``Game.edition``)."""
        return self.state.edition

    @contextlib.contextmanager
    def deciding_for(self, extension: str) -> Iterator[None]:
        """Run a function the extension ``extension`` (its name) declared, called by its
        game, as that extension: what it emits is credited to it, exactly as if one of its
        hook implementations had emitted it (a card whose effect its declaration carries)."""
        if not any(e.name == extension for e in self.rules.extensions):
            raise RefereeError(f"no extension named {shown(extension)} is at this table")
        stack = _stack()
        stack.append(f"{self.rules.game.name}.{extension}")
        try:
            yield
        finally:
            stack.pop()

    # -- events ---------------------------------------------------------------
    def emit(self, event: Event, *, rule: str = "", visible_to: Sequence[str] | None = None) -> Event:
        """Record ``event`` as following from the rule ``rule`` (a section like ``"4.4.5"``)."""
        if self.state.over and not isinstance(event, SeedRevealed):
            raise RefereeError(f"the game is over; {type(event).__name__} cannot follow it")
        owner = self.rules.owner_of(event)
        # Credited to the plugin that decided it: the innermost extension running (a
        # card's event of its game's type is the card's), else the game; the kernel's own
        # events (flow, randomness, requests) stay the kernel's.
        plugin = owner
        if owner != NAME:
            stack = _stack()
            plugin = stack[-1] if stack else self.rules.game.name
        game = self.rules.game.name
        named = _named_rule(plugin, game, rule) if rule else rule
        declared = None if plugin == owner else (owner, _named_rule(owner, game, rule) if rule else rule)
        # Fold the event exactly as the log will give it back (keys sorted, tuples as
        # lists), so the live state and a replay of the log cannot differ.
        event, body = canonical_event(event)
        apply(self.rules, self.state, event)
        self.emitted.append(Emitted(event, body, plugin, named, None if visible_to is None else tuple(visible_to), declared))
        return event

    # -- randomness -----------------------------------------------------------
    def _draw(self, kind: str, spec: dict[str, Any], purpose: str, visible_to: Sequence[str] | None, arranged: Any = None) -> Any:
        outcome = arranged if arranged is not None else self.source.outcome(self.state.draws, kind, spec, purpose)
        self.emit(
            RandomDrawn(draw=self.state.draws, kind=kind, spec=spec, purpose=purpose, outcome=outcome),
            rule="randomness",
            visible_to=visible_to,
        )
        return outcome

    def roll(self, sides: int, *, purpose: str, visible_to: Sequence[str] | None = None) -> int:
        """Roll one die with ``sides`` faces."""
        return int(self._draw("die", {"sides": sides}, purpose, visible_to))

    def shuffle(self, items: Sequence[Any], *, purpose: str, visible_to: Sequence[str] | None = ()) -> list[Any]:
        """A shuffled copy of ``items``; by default nobody sees the order until the game ends."""
        order = self._draw("shuffle", {"n": len(items)}, purpose, visible_to, self._arranged(items, purpose))
        return [items[i] for i in order]

    def _arranged(self, items: Sequence[Any], purpose: str) -> list[int] | None:
        """A scenario's deal of named cards (``ScriptedSource.deal``), where the game says
        whom this shuffle deals (``Game.deals``); None for every other table and shuffle."""
        deals = self.rules.game.deals
        if not getattr(self.source, "deal", None) or deals is None:
            return None
        positions = deals(self.state, purpose, len(items))
        return self.source.arrange(items, positions, purpose) if positions else None

    def pick(self, items: Sequence[Any], *, purpose: str, visible_to: Sequence[str] | None = None) -> Any:
        """One of ``items`` at random (ties the rules leave to chance, a first player)."""
        return items[self._draw("pick", {"n": len(items)}, purpose, visible_to)]


def open_table(
    rules: Rules,
    *,
    table_id: str,
    seats: Sequence[str],
    options: dict[str, Any] | None,
    source: RandomSource,
    seed_commitment: str,
    scripted: bool = False,
    seed_hash: str = "",
    plugins: Sequence[PluginRecord] | None = None,
    host_key: str | msgspec.UnsetType = "",
    edition: int | msgspec.UnsetType | None = None,
) -> tuple[TableState, list[Emitted]]:
    """The events that open a table and lay out its game.

    ``host_key`` is the public key that signs the table's receipts.
    ``plugins``, ``seed_hash`` and ``edition`` re-state a recorded opening when it is
    re-decided (the installed plugins were checked against the recorded ones first); a new
    table opens under the game's current edition.
    """
    seats = tuple(seats)
    game = rules.game
    check_seat_names(seats)
    problems = [s for s in seats if not s.strip() or s != s.strip()]
    if problems or len(set(s.casefold() for s in seats)) != len(seats):
        raise RefereeError(f"seat names must be distinct and non-blank: {', '.join(repr(s) for s in seats)}")
    if GAMESMASTER in seats:
        raise RefereeError(f"{GAMESMASTER!r} is reserved for the gamesmaster and cannot be a seat")
    if len(seats) < game.min_seats or (game.max_seats is not None and len(seats) > game.max_seats):
        most = f"-{game.max_seats}" if game.max_seats != game.min_seats else ""
        most = most if game.max_seats is not None else "+"
        raise RefereeError(f"{game.title} is for {game.min_seats}{most} players, not {len(seats)}")
    if problem := unrecordable(options or {}, "options"):
        raise RefereeError(f"the table cannot be opened: {problem}")
    edition = game.edition if edition is None else 1 if edition is msgspec.UNSET else edition
    if not 1 <= edition <= game.edition:
        raise RefereeError(
            f"this table opened under edition {edition} of {game.title}, and the installed rules know "
            + (f"editions 1 to {game.edition}" if game.edition > 1 else "only edition 1")
            + ": install the release that recorded it"
        )
    decision = Decision(rules, TableState(), source)
    decision.emit(
        TableOpened(
            table_id=table_id,
            game=game.name,
            plugins=rules.records if plugins is None else tuple(plugins),
            seats=seats,
            options=rules.options(options),
            seed_commitment=seed_commitment,
            seed_hash=seed_hash,
            scripted=scripted,
            host_key=host_key or msgspec.UNSET,
            edition=edition if edition > 1 else msgspec.UNSET,
        ),
        rule="table",
    )
    if not rules.hook.referee_setup(decision=decision) and game.flow is None:
        raise RefereeError(f"{game.name} does not implement referee_setup")
    if game.flow is not None:
        advance(decision, game.flow)
    return decision.state, decision.emitted


def decide(rules: Rules, state: TableState, action: Action, source: RandomSource) -> tuple[TableState, list[Emitted]]:
    """The events an action produces, folded into ``state`` as they are emitted.

    ``state`` is changed in place (copying the whole table for every action would cost
    more than everything else together).  When this raises, ``state`` may hold part of a
    refused decision: the caller throws it away and reloads the table, as the service
    does.  Raises :class:`IllegalAction` (nothing to append) when the action is not allowed.
    """
    if state.over:
        raise IllegalAction("the game is over; no more actions are taken", "table")
    _check_recordable(action)
    request: Request | None = None
    seating = is_seating(action)
    if action.seat != GAMESMASTER:
        if action.seat not in state.seats:
            raise IllegalAction(f"{shown(action.seat)} has no seat at this table (seats: {', '.join(state.seats)})", "table")
        request = None if seating else answered_request(rules, state, action)
    expiring: Request | None = None
    if action.seat == GAMESMASTER and action.action == EXPIRE:
        expiring = state.flow.requests.get(str(action.args.get("request")))
        if expiring is None or expiring.deadline is None:
            raise IllegalAction(f"no timed request {action.args.get('request')!r} is open", "flow")
    decision = Decision(rules, state, source)
    taken = decision.emit(
        ActionTaken(seat=action.seat, action=action.action, args=dict(action.args), request=request.id if request else None),
        rule="action",
        visible_to=(action.seat,) if request is not None and request.sealed else None,
    )
    # The rules decide on the arguments as the log records them (keys sorted, tuples as
    # lists), which are the ones verify re-decides on.
    assert isinstance(taken, ActionTaken)
    action = msgspec.structs.replace(action, args=taken.args)
    automated: tuple[str, ...] | None = None
    if action.seat == GAMESMASTER and action.action == AUTOMATE:
        automated = _automated_seats(state, action.args.get("seats"))
    if action.seat == GAMESMASTER and action.action == ABANDON:
        reason = str(action.args.get("reason") or "no reason given")
        decision.end_game((), f"abandoned by the gamesmaster: {reason}", rule="table")
    elif automated is not None:
        decision.emit(SeatsAutomated(seats=automated), rule="table")
    elif seating:
        decide_seating(decision, action)
    elif expiring is not None:
        if not rules.hook.referee_request_expired(decision=decision, request=expiring):
            decision.withdraw(expiring.id, f"{expiring.seat} did not answer in time")
    elif not rules.hook.referee_decide(
        decision=decision, action=action if request is None else msgspec.structs.replace(action, request=request.id)
    ):
        raise IllegalAction(f"no rule of {rules.game.name} handles the action {action.action!r}", "table")
    if rules.game.flow is not None:
        # Whoever decided (the game, a card answering its own request, the clock), the
        # declared flow goes on from where the table now is.
        advance(decision, rules.game.flow)
    return decision.state, decision.emitted


def _check_recordable(action: Action) -> None:
    """Refuse, by name, anything in ``action`` a log cannot record as given."""
    for value, name in ((action.action, "the action's name"), (action.request, "the request named"), (action.args, "args")):
        if problem := unrecordable(value, name):
            raise IllegalAction(f"{plain(action.seat)}'s action cannot be recorded: {problem}", "table")


def _automated_seats(state: TableState, named: Any) -> tuple[str, ...]:
    if not isinstance(named, list) or not all(isinstance(s, str) for s in named):
        raise IllegalAction("automate takes the seats bots play as a list of seat names", "table")
    unknown = [s for s in named if s not in state.seats]
    if unknown:
        raise IllegalAction(
            f"{', '.join(shown(s) for s in unknown)} {'has' if len(unknown) == 1 else 'have'} no seat at this table "
            f"(seats: {', '.join(state.seats)})",
            "table",
        )
    return tuple(s for s in state.seats if s in named)


def fold_entries(rules: Rules, entries: Sequence[Entry], to: int | None = None) -> TableState:
    """The state a log gives, folded up to and including entry ``to`` (default: all)."""
    state = TableState()
    for entry in entries:
        if to is not None and entry.seq > to:
            break
        apply(rules, state, rules.decode(entry))
    return state


def view_frame(state: TableState, seat: str | None, requests: list[Any]) -> dict[str, Any]:
    """The table's part of every view: who sits where, the flow, who is awaited, and
    ``requests`` (the seat's own open requests, in the form the caller hands them)."""
    flow = state.flow
    return {
        "table": state.table_id,
        "game": state.game_name,
        "seat": seat,
        "seats": list(state.seats),
        "round": flow.round,
        "turn": flow.turn,
        "active": flow.seat,
        "phase": flow.phase,
        "waiting_for": sorted({r.seat for r in flow.requests.values()}),
        "requests": requests,
    }


def view(rules: Rules, state: TableState, seat: str | None) -> dict[str, Any]:
    """Everything ``seat`` may see now (``None``: a spectator)."""
    own = [msgspec.to_builtins(r) for r in state.flow.requests.values() if seat is not None and r.seat in (seat,)]
    return {
        **view_frame(state, seat, own),
        "result": None if state.result is None else msgspec.to_builtins(state.result),
        # The game is shown the live table and checked to leave it as it was; what it
        # returns is detached from it, so no caller is handed a way into the table.
        "view": detached(unchanged(state, "referee_view", _implementing(rules, "referee_view"), lambda: _game_view(rules, state, seat))),
    }


def _game_view(rules: Rules, state: TableState, seat: str | None) -> Any:
    return rules.hook.referee_view(state=state, seat=seat) or {}


def _implementing(rules: Rules, hook: str) -> Callable[[], list[str]]:
    return lambda: [impl.plugin_name for impl in getattr(rules.hook, hook).get_hookimpls()]


def copy_state(state: TableState) -> TableState:
    """Deprecated: views are worked out on the live state, checked to leave it unchanged (``referee.readonly``)."""
    warn(
        "referee.table.copy_state",
        "Referee.state for a copy (views are worked out on the live state, checked to leave it unchanged: referee.readonly)",
    )
    return copied_state(state)


def copied_state(state: TableState) -> TableState:
    """A private copy of ``state`` (``Referee.state`` gives one)."""
    game = state.game
    copied = msgspec.structs.replace(
        state, flow=_copy(state.flow), game=None, options=dict(state.options), slots={n: _copy(v) for n, v in state.slots.items()}
    )
    if game is not None:
        copied.game = _copy(game)
    return copied


def _copy(value: Any) -> Any:
    return msgspec.msgpack.decode(msgspec.msgpack.encode(value), type=type(value))
