"""A game session: rules, players and the event log, with undo, redo, corrections and previews.

The GUI controller is the only caller that changes a session; after each call it redraws from :attr:`Session.state`.
Every change is one event appended to the log (``Session.events``), which storage persists one transaction per
event. Undo removes the last event and keeps it for redo; any new event clears the redo list.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from scorekeeper.errors import ErrorCode, IllegalActionError, InvalidHandError, NothingToUndoError
from scorekeeper.session._engine import check_new_hand
from scorekeeper.session.chombo_errors import ChomboError
from scorekeeper.session.events import (
    AbortiveDraw,
    AbortReason,
    Chombo,
    DeadHand,
    EndGame,
    Event,
    ExhaustiveDraw,
    HandDeleted,
    HandEdited,
    HandInserted,
    HandRecord,
    HandResult,
    HandWin,
    NagashiMangan,
    PlayerReplaced,
    RefereePenalty,
    RiichiDeclared,
    Ron,
    SubstitutionRemoved,
    Tsumo,
    Win,
)
from scorekeeper.session.names import PlayerNameError, check_player_names, player_name_problem
from scorekeeper.session.rules import Family, Ruleset, last_hand_call
from scorekeeper.session.seats import Seat
from scorekeeper.session.settlement import Settlement
from scorekeeper.session.state import GameState, apply_event, initial_state

__all__ = ["Session"]


class Session:
    """One game: its ruleset, the four players and the event log, with the state folded from it.

    The states after each event are cached, so undo is instant and only a correction of an old hand recomputes.
    """

    def __init__(
        self,
        rules: Ruleset,
        players: Sequence[str],
        events: Iterable[Event] = (),
        *,
        redo: Iterable[Event] = (),
    ) -> None:
        """Start a game, or reopen one from its stored log.

        Args:
            rules: the ruleset.
            players: four names, seat 0 (the first dealer) first.
            events: the log so far (from storage), applied in order.
            redo: events that were undone and may be redone, the next one to redo first.

        Raises:
            IllegalActionError: for bad names or an event the table refuses (naming its position in the log).
        """
        self._rules = rules
        self._states: list[GameState] = [initial_state(rules, players)]
        self._events: list[Event] = []
        self._redo: list[Event] = []
        for number, event in enumerate(events, start=1):
            try:
                self._push(event)
            except IllegalActionError as error:
                raise IllegalActionError(
                    f"event {number} of the stored log ({type(event).__name__}): {error}"
                ) from None
        self._redo = list(redo)[::-1]

    @classmethod
    def start(cls, rules: Ruleset, players: Sequence[str]) -> Session:
        """Start a new game: as the constructor with no events, and the names must be fit for a new game.

        A stored game reopens through the constructor, which takes any names it was stored with (an old game is
        never refused for its names); a new one is where they are judged (``scorekeeper.session.names``).

        Raises:
            PlayerNameError: an empty, padded, too long, repeated or multi-line name (every problem listed).
            IllegalActionError: anything but four names.
        """
        names = tuple(players)
        if len(names) != 4:
            raise IllegalActionError(f"a game has four player names, got {len(names)}: {names!r:.200}")
        check_player_names(names)
        return cls(rules, names)

    # -- reading ------------------------------------------------------------------------------------------------

    @property
    def rules(self) -> Ruleset:
        """The ruleset."""
        return self._rules

    @property
    def players(self) -> tuple[str, str, str, str]:
        """The four names, seat 0 first."""
        return self._states[0].players

    @property
    def state(self) -> GameState:
        """The table now."""
        return self._states[-1]

    @property
    def events(self) -> tuple[Event, ...]:
        """The event log, oldest first."""
        return tuple(self._events)

    @property
    def redo_events(self) -> tuple[Event, ...]:
        """The events that redo would apply, next first."""
        return tuple(reversed(self._redo))

    @property
    def can_undo(self) -> bool:
        """Whether there is an event to undo."""
        return bool(self._events)

    @property
    def can_redo(self) -> bool:
        """Whether there is an undone event to redo."""
        return bool(self._redo)

    def state_at(self, count: int) -> GameState:
        """The state after the first ``count`` events (0: the start)."""
        return self._states[count]

    def preview(self, result: HandResult) -> Settlement:
        """Who would pay whom for ``result`` now (hand, honba, sticks, pao), without recording it.

        Raises:
            IllegalActionError: when the result is not allowed now.
        """
        return self.state.preview(result)

    def position_before(self, index: int) -> GameState:
        """The table as finished hand ``index`` found it (``len(hands)``: the hand in play), before any riichi.

        Raises:
            IllegalActionError: for an index outside ``0..len(hands)``.
        """
        return self.state.position_before(index)

    def preview_at(self, index: int, result: HandResult, riichi: Iterable[Seat]) -> Settlement:
        """Who would pay whom for ``result`` as hand ``index`` with ``riichi`` declared: new hands, edits, inserts.

        Raises:
            IllegalActionError: when the result (or a riichi) is not allowed in that position.
            ScorekeeperError: for a full hand the engine cannot score.
        """
        return self.state.preview_at(index, result, riichi)

    # -- changing -----------------------------------------------------------------------------------------------

    def apply(self, event: Event) -> GameState:
        """Record one event and return the new state; the redo list is cleared. Nothing changes if it is refused.

        Raises:
            IllegalActionError: for an event the table does not allow now, or an edit that changes no hand.
            ScorekeeperError: for a full-hand win the engine cannot score.
        """
        if isinstance(event, HandEdited) and 0 <= event.index < len(self.state.hands):
            from scorekeeper.session.corrections import is_same_hand  # an edit's: not in a table's cold start

            entry = self.state.hands[event.index]
            if is_same_hand(self.state, event.index, event.hand):
                # Edit hand saved without a change (the hand's text may differ: corrections.is_same_hand).
                label = f"{entry.label}-{entry.honba}" if entry.honba else entry.label
                raise IllegalActionError(
                    f"hand {label} is saved unchanged: there is nothing to correct",
                    code=ErrorCode.HAND_UNCHANGED,
                    fields={"hand": label},
                )
        if self._rules.family is Family.RIICHI:
            for win in _hand_wins(event):
                check_new_hand(win.input, self._rules.hand)
        new_state = self._push(event)
        self._redo.clear()
        return new_state

    def _push(self, event: Event) -> GameState:
        new_state = apply_event(self.state, event)
        self._events.append(event)
        self._states.append(new_state)
        return new_state

    def undo(self) -> Event:
        """Take back the last event (a riichi, a hand, a correction...) and return it.

        Raises:
            NothingToUndoError: when the log is empty.
        """
        if not self._events:
            raise NothingToUndoError(
                "nothing to undo: no event has been recorded in this game", code=ErrorCode.NOTHING_TO_UNDO
            )
        event = self._events.pop()
        self._states.pop()
        self._redo.append(event)
        return event

    def redo(self) -> Event:
        """Apply again the last undone event and return it.

        Raises:
            NothingToUndoError: when nothing was undone since the last new event.
        """
        if not self._redo:
            raise NothingToUndoError(
                "nothing to redo: no event was undone since the last change", code=ErrorCode.NOTHING_TO_REDO
            )
        event = self._redo[-1]
        self._push(event)
        self._redo.pop()
        return event

    # -- the table's vocabulary, for the controller ---------------------------------------------------------------

    def declare_riichi(self, seat: Seat) -> GameState:
        """``seat`` declares riichi: 1000 points go on the table."""
        return self.apply(RiichiDeclared(seat))

    def ron(self, discarder: Seat, wins: Sequence[Win]) -> GameState:
        """One or more players ron ``discarder``'s tile.

        Raises:
            InvalidHandError: for a win no hand has, naming the hand in play (``S4-2: seat 1's ron: ...``).
        """
        try:
            event = Ron(discarder, tuple(wins))
        except InvalidHandError as error:
            raise InvalidHandError(
                f"{self.state.hand_label}: {error}",
                code=ErrorCode.HAND_REFUSED,
                fields={"hand": self.state.hand_label, "error": error},
            ) from None
        return self.apply(event)

    def tsumo(self, win: Win) -> GameState:
        """A self-drawn win.

        Raises:
            InvalidHandError: for a win no hand has, naming the hand in play.
        """
        try:
            event = Tsumo(win)
        except InvalidHandError as error:
            raise InvalidHandError(
                f"{self.state.hand_label}: {error}",
                code=ErrorCode.HAND_REFUSED,
                fields={"hand": self.state.hand_label, "error": error},
            ) from None
        return self.apply(event)

    def draw(self, tenpai: Sequence[Seat]) -> GameState:
        """An exhaustive draw with the tenpai seats."""
        return self.apply(ExhaustiveDraw(tuple(tenpai)))

    def nagashi(self, seats: Sequence[Seat], tenpai: Sequence[Seat] = ()) -> GameState:
        """An exhaustive draw with nagashi mangan for ``seats``."""
        return self.apply(NagashiMangan(tuple(seats), tuple(tenpai)))

    def abort(self, reason: AbortReason) -> GameState:
        """An abortive draw."""
        return self.apply(AbortiveDraw(reason))

    def chombo(self, seat: Seat, error: ChomboError | None = None) -> GameState:
        """A chombo by ``seat``, and which error it was when said (``scorekeeper.session.chombo_errors``)."""
        return self.apply(Chombo(seat, error=error))

    def penalty(self, seat: Seat, points: int, reason: str) -> GameState:
        """A referee's penalty, applied after uma."""
        return self.apply(RefereePenalty(seat=seat, points=points, reason=reason))

    def end_game(self, reason: str = "") -> GameState:
        """The referee ends the game now."""
        return self.apply(EndGame(reason))

    def call_last_hand(self, reason: str = "", *, hand_started: bool = True) -> GameState:
        """Time is called: the game ends once the hands the ruleset's time rule leaves are finished (the hand in play
        under ``finish_hand``; it and one more under the EMA texts, RCR 2016 5.9 and EMA 2025 7.4).

        ``hand_started``: under RCR 2016 5.9, whether the dice of the hand in play were thrown (if not, only that
        hand is played).
        """
        return self.apply(last_hand_call(self.rules.time_limit, reason, hand_started=hand_started))

    def declare_dead_hand(self, seat: Seat, reason: str = "") -> GameState:
        """``seat``'s hand is declared dead for the rest of the hand in play (RCR 2016 3.4.7, EMA 2025 3.3.14): it
        cannot win or declare riichi and is noten at an exhaustive draw.

        Raises:
            IllegalActionError: after the end of the game, or a hand already declared dead.
        """
        return self.apply(DeadHand(seat, reason))

    def replace_player(self, seat: Seat, player: str, reason: str = "") -> GameState:
        """A substitute takes ``seat`` from the hand in play on; the seat's points carry on.

        Raises:
            PlayerNameError: a name a new game would refuse (empty, padded, multi-line, too long).
            IllegalActionError: after the end of the game, or a name already at the table.
        """
        problem = player_name_problem(player)
        if problem is not None:
            raise PlayerNameError((problem,))
        return self.apply(PlayerReplaced(seat=seat, player=player, reason=reason))

    def remove_substitution(self, seat: Seat, player: str, reason: str = "") -> GameState:
        """Take the latest substitution of ``player`` at ``seat`` out of the game, as if whoever sat there before had
        played on (a correction: before a correction that would end the game before they came in).

        Raises:
            IllegalActionError: no such substitution, or a game that would no longer play without it.
        """
        return self.apply(SubstitutionRemoved(seat=seat, player=player, reason=reason))

    def edit_hand(self, index: int, hand: HandRecord) -> GameState:
        """Replace finished hand ``index`` (0-based); everything after it is recomputed."""
        return self.apply(HandEdited(index, hand))

    def delete_hand(self, index: int) -> GameState:
        """Delete finished hand ``index`` (0-based); everything after it is recomputed."""
        return self.apply(HandDeleted(index))

    def insert_hand(self, index: int, hand: HandRecord) -> GameState:
        """Insert a forgotten hand before ``index`` (0-based); everything after it is recomputed."""
        return self.apply(HandInserted(index, hand))


def _hand_wins(event: Event) -> tuple[HandWin, ...]:
    """The full-hand wins an event brings into the game (a result, or a correction's or inserted hand's)."""
    result = event.hand.result if isinstance(event, HandEdited | HandInserted) else event
    if isinstance(result, Ron):
        wins: tuple[object, ...] = tuple(result.wins)
    elif isinstance(result, Tsumo):
        wins = (result.win,)
    else:
        return ()
    return tuple(win for win in wins if isinstance(win, HandWin))
