"""The public game-record format, ``scorekeeper-game`` version 1 (issue 3): parse and format, pure data.

Storage reads and writes the files; the replay command and import/export use these functions::

    {"format": "scorekeeper-game", "version": 1,
     "ruleset": "tenhou" | {"preset": "ema2016", "overrides": {knob: value}},
     "players": [four names, seat 0 first],
     "hands": [{"riichi": [seats], "result": RESULT, "dead": [seats]}, ...],   ("dead" optional)
     "penalties": [{"seat": s, "points": -n, "reason": "..."}],   (optional)
     "end": {"reason": "..."},                                     (optional, see below)
     "last_hand": {"reason": "...", "hand": n, "more": 1, "chombo_counts": false},   (optional, see below)
     "substitutes": [{"hand": n, "seat": s, "player": "...", "reason": "..."}]}   (optional, see below)

``end`` is this program's addition within version 1: it records a referee's "end the game now", which the issue's
keys cannot say. It is written only for games the referee ended, so every other record is exactly the issue's.
``last_hand`` is the other addition: time was called (:class:`LastHandCalled`) while hand ``n`` (1-based) was in
play, so that hand was the last: ``n`` is the number of hands when the call ended the game after it, one more when
that hand is still in play (or the referee ended the game before it was finished). Written only when time was called.
``more`` and ``chombo_counts`` (written only when not 0 and true) are the EMA texts' timed-session rule: the hand
in play and one more are played (RCR 2016 5.9, EMA 2025 7.4), a chombo not counted under RCR 2016. A hand's
``dead`` lists the seats whose hands were declared dead in it (:class:`DeadHand`; written only when there are any).
``substitutes`` is the third: a substitute took seat ``s`` before hand ``n`` (1-based; one more than the hands
when they came in during the hand in play), in place of whoever sat there (:class:`PlayerReplaced`); ``players``
are the four who sat down at the start. Written only when someone was replaced.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.errors import GameRecordError, InvalidRulesetError, ScorekeeperError, UnsupportedVersionError
from scorekeeper.session.events import (
    DeadHand,
    EndGame,
    Event,
    HandRecord,
    LastHandCalled,
    PlayerReplaced,
    RefereePenalty,
    RiichiDeclared,
    hand_record_from_json,
    hand_record_to_json,
    lone_surrogate,
)
from scorekeeper.session.rules import Ruleset
from scorekeeper.session.session import Session
from scorekeeper.session.state import EndReason, GameState, apply_events, replay_hands

__all__ = [
    "FORMAT",
    "MAX_HANDS",
    "VERSION",
    "GameRecord",
    "format_record",
    "parse_record",
    "record_from_session",
    "record_from_state",
    "session_from_record",
]

FORMAT = "scorekeeper-game"
VERSION = 1
#: More hands than any real game has (a hanchan rarely passes 20); refuses hostile files early.
MAX_HANDS = 1000
_MAX_PENALTIES = 1000
_TOP_KEYS = frozenset(
    {"format", "version", "ruleset", "players", "hands", "penalties", "end", "last_hand", "substitutes"}
)


@dataclass(frozen=True, slots=True, kw_only=True)
class GameRecord:
    """A game as the record format holds it.

    Attributes:
        rules: the ruleset.
        players: the four names, seat 0 first.
        hands: the finished hands in order.
        penalties: the referee's penalties.
        end: the referee's end of the game, if they ended it.
        last_hand: ``(index, call)`` when time was called while hand ``index`` (0-based) was in play.
        substitutes: ``(index, event)`` for each substitute who took a seat before hand ``index`` (0-based).
    """

    rules: Ruleset
    players: tuple[str, str, str, str]
    hands: tuple[HandRecord, ...]
    penalties: tuple[RefereePenalty, ...] = ()
    end: EndGame | None = None
    last_hand: tuple[int, LastHandCalled] | None = None
    substitutes: tuple[tuple[int, PlayerReplaced], ...] = ()

    def events(self) -> tuple[Event, ...]:
        """The record as an event log: each hand's substitutes, riichi, dead hands then result (the last-hand call in
        its place), then penalties, then the end."""
        out: list[Event] = []
        for index, hand in enumerate(self.hands):
            out.extend(event for before, event in self.substitutes if before == index)
            if self.last_hand is not None and self.last_hand[0] == index:
                out.append(self.last_hand[1])
            out.extend(RiichiDeclared(seat) for seat in hand.riichi)
            out.extend(DeadHand(seat) for seat in hand.dead)
            out.append(hand.result)
        out.extend(event for before, event in self.substitutes if before >= len(self.hands))
        if self.last_hand is not None and self.last_hand[0] >= len(self.hands):
            out.append(self.last_hand[1])
        out.extend(self.penalties)
        if self.end is not None:
            out.append(self.end)
        return tuple(out)

    def replay(self) -> GameState:
        """The state after the record's hands, penalties and end.

        Raises:
            IllegalActionError: naming the first hand that cannot be played.
        """
        state = replay_hands(
            self.rules, self.players, self.hands, last_hand=self.last_hand, substitutions=self.substitutes
        )
        return apply_events(state, [*self.penalties, *([self.end] if self.end is not None else [])])


def _parse_ruleset(value: object) -> Ruleset:
    try:
        return Ruleset.from_json(value)
    except InvalidRulesetError as error:
        raise GameRecordError(f"ruleset: {error}") from None


def parse_record(obj: object) -> GameRecord:
    """A game record from its parsed JSON. Strict: unknown keys, types and values are refused.

    Raises:
        UnsupportedVersionError: for a version other than 1 (the path is ``<record>``; storage re-raises with its
            own path).
        GameRecordError: for anything else that is not a valid record, naming what is wrong and where.
    """
    if not isinstance(obj, dict):
        raise GameRecordError(f"a game record is a JSON object, got {type(obj).__name__}")
    if obj.get("format") != FORMAT:
        raise GameRecordError(f"not a scorekeeper game record: 'format' is {obj.get('format')!r:.80}, not {FORMAT!r}")
    version = obj.get("version")
    if version != VERSION or isinstance(version, bool):
        raise UnsupportedVersionError(
            f"game record version {version!r:.40} is not supported (this program reads version {VERSION})",
            path="<record>",
        )
    unknown = sorted(set(obj) - _TOP_KEYS)
    if unknown:
        raise GameRecordError(f"game record: unknown key {unknown[0]!r}")
    rules = _parse_ruleset(obj.get("ruleset"))
    players = obj.get("players")
    if (
        not isinstance(players, list)
        or len(players) != 4
        or not all(isinstance(p, str) and len(p) <= 100 for p in players)
    ):
        raise GameRecordError(f"'players' must be four names (texts of at most 100 characters), got {players!r:.120}")
    for seat, name in enumerate(players):
        if "\x00" in name:
            # A NUL cuts the name short in C libraries, terminals and some spreadsheets (issue 10).
            raise GameRecordError(f"player {seat + 1}'s name {name!r:.60} holds a NUL character")
        surrogate = lone_surrogate(name)
        if surrogate is not None:
            raise GameRecordError(f"player {seat + 1}'s name {name!r:.60} holds {surrogate}, which is not a character")
    hands = obj.get("hands")
    if not isinstance(hands, list) or len(hands) > MAX_HANDS:
        raise GameRecordError(f"'hands' must be a list of at most {MAX_HANDS} hands")
    parsed_hands = tuple(hand_record_from_json(h, f"hand {k + 1}") for k, h in enumerate(hands))
    penalties_json = obj.get("penalties", [])
    if not isinstance(penalties_json, list) or len(penalties_json) > _MAX_PENALTIES:
        raise GameRecordError(f"'penalties' must be a list of at most {_MAX_PENALTIES} penalties")
    penalties = tuple(_parse_penalty(p, k + 1) for k, p in enumerate(penalties_json))
    end = None
    if "end" in obj:
        end_json = obj["end"]
        if not isinstance(end_json, dict) or set(end_json) != {"reason"} or not isinstance(end_json["reason"], str):
            raise GameRecordError("'end' must be {\"reason\": text}")
        try:
            end = EndGame(end_json["reason"])
        except ScorekeeperError as error:
            raise GameRecordError(f"end: {error}") from None
    last_hand = _parse_last_hand(obj["last_hand"], len(parsed_hands)) if "last_hand" in obj else None
    substitutes = _parse_substitutes(obj["substitutes"], len(parsed_hands)) if "substitutes" in obj else ()
    return GameRecord(
        rules=rules,
        players=(players[0], players[1], players[2], players[3]),
        hands=parsed_hands,
        penalties=penalties,
        end=end,
        last_hand=last_hand,
        substitutes=substitutes,
    )


def _parse_substitutes(obj: object, hands: int) -> tuple[tuple[int, PlayerReplaced], ...]:
    if not isinstance(obj, list) or len(obj) > _MAX_PENALTIES:
        raise GameRecordError(f"'substitutes' must be a list of at most {_MAX_PENALTIES} substitutions")
    out: list[tuple[int, PlayerReplaced]] = []
    for number, item in enumerate(obj, start=1):
        where = f"substitute {number}"
        if (
            not isinstance(item, dict)
            or set(item) != {"hand", "seat", "player", "reason"}
            or isinstance(item["hand"], bool)
            or not isinstance(item["hand"], int)
        ):
            raise GameRecordError(
                f'{where}: must be {{"hand": n, "seat": s, "player": name, "reason": text}}, got {item!r:.120}'
            )
        if not 1 <= item["hand"] <= hands + 1:
            raise GameRecordError(f"{where}: 'hand' is the first hand the substitute played, 1 to {hands + 1}")
        try:
            event = PlayerReplaced(seat=item["seat"], player=item["player"], reason=item["reason"])
        except (ScorekeeperError, ValueError) as error:
            raise GameRecordError(f"{where}: {error}") from None
        out.append((item["hand"] - 1, event))
    if [index for index, _ in out] != sorted(index for index, _ in out):
        raise GameRecordError("'substitutes' must be in the order of their hands")
    return tuple(out)


def _parse_last_hand(obj: object, hands: int) -> tuple[int, LastHandCalled]:
    if (
        not isinstance(obj, dict)
        or not {"reason", "hand"} <= set(obj) <= {"reason", "hand", "more", "chombo_counts"}
        or not isinstance(obj["reason"], str)
        or isinstance(obj["hand"], bool)
        or not isinstance(obj["hand"], int)
        or isinstance(obj.get("more", 0), bool)
        or not isinstance(obj.get("more", 0), int)
        or not isinstance(obj.get("chombo_counts", True), bool)
    ):
        raise GameRecordError(
            f'\'last_hand\' must be {{"reason": text, "hand": n}} (with "more": 0 or 1, "chombo_counts": true or'
            f" false), got {obj!r:.120}"
        )
    if not 1 <= obj["hand"] <= hands + 1:
        raise GameRecordError(
            f"last_hand: 'hand' is the hand in play when time was called, 1 to {hands + 1}, got {obj['hand']}"
        )
    try:
        call = LastHandCalled(obj["reason"], more=obj.get("more", 0), chombo_counts=obj.get("chombo_counts", True))
        return obj["hand"] - 1, call
    except ScorekeeperError as error:
        raise GameRecordError(f"last_hand: {error}") from None


def _parse_penalty(obj: object, number: int) -> RefereePenalty:
    where = f"penalty {number}"
    if not isinstance(obj, dict) or set(obj) != {"seat", "points", "reason"}:
        raise GameRecordError(f'{where}: must be {{"seat": s, "points": n, "reason": text}}, got {obj!r:.120}')
    try:
        return RefereePenalty(seat=obj["seat"], points=obj["points"], reason=obj["reason"])
    except ScorekeeperError as error:
        raise GameRecordError(f"{where}: {error}") from None


def format_record(record: GameRecord) -> dict[str, Any]:
    """The JSON object of a game record (``json.dumps`` it); :func:`parse_record` reads it back equal."""
    out: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "ruleset": record.rules.to_json(),
        "players": list(record.players),
        "hands": [hand_record_to_json(h) for h in record.hands],
    }
    if record.penalties:
        out["penalties"] = [{"seat": int(p.seat), "points": p.points, "reason": p.reason} for p in record.penalties]
    if record.end is not None:
        out["end"] = {"reason": record.end.reason}
    if record.last_hand is not None:
        call = record.last_hand[1]
        out["last_hand"] = {"reason": call.reason, "hand": record.last_hand[0] + 1}
        if call.more:
            out["last_hand"]["more"] = call.more
        if not call.chombo_counts:
            out["last_hand"]["chombo_counts"] = False
    if record.substitutes:
        out["substitutes"] = [
            {"hand": index + 1, "seat": int(event.seat), "player": event.player, "reason": event.reason}
            for index, event in record.substitutes
        ]
    return out


def record_from_state(state: GameState, *, end: EndGame | None = None) -> GameRecord:
    """The record of a game state: its finished hands (corrections applied), penalties and referee end.

    Riichi declared in a hand not yet finished is not part of any hand and so is not in the record; a last-hand
    call is (``last_hand``). A game the call ended has no ``end``: the call ends it.
    """
    if state.ended_by_last_hand_call:
        end = None
    elif end is None and state.end_reason is EndReason.REFEREE:
        end = EndGame("")
    last_hand = None
    if state.last_hand_call is not None and state.last_hand_index is not None:
        last_hand = (state.last_hand_index, state.last_hand_call)
    return GameRecord(
        rules=state.rules,
        players=state.starting_players,
        hands=state.records,
        penalties=state.penalties,
        end=end,
        last_hand=last_hand,
        substitutes=state.replacements,
    )


def record_from_session(session: Session) -> GameRecord:
    """The record of a session, keeping the referee's reason for ending the game."""
    end = next((e for e in reversed(session.events) if isinstance(e, EndGame)), None)
    return record_from_state(session.state, end=end if session.state.end_reason is EndReason.REFEREE else None)


def session_from_record(record: GameRecord, *, players: Sequence[str] | None = None) -> Session:
    """A session whose log replays the record (imports start here).

    Raises:
        IllegalActionError: naming the first hand that cannot be played.
    """
    record.replay()  # raises naming the bad hand, if any
    return Session(record.rules, players or record.players, record.events())
