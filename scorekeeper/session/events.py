"""The event vocabulary of a game, and its strict JSON codec.

A game is an append-only log of these events; its state is a pure fold over them (``scorekeeper.session.state``).
Storage persists each event as the JSON object of :func:`event_to_json` and reads it back with
:func:`event_from_json`. The vocabulary is stable: new events and fields are added, never renamed.

The JSON of a hand's result is exactly the ``RESULT`` object of the public game-record format (issue 3), and a
win is its ``WIN`` object, so a record and an event log share one spelling. The classical family (seed 003) uses the
same events; its wins are a full hand (:class:`HandWin`) or a value called out (:class:`ValueWin`,
``{"seat": s, "value": n}``, this program's addition to the ``WIN`` shapes).
"""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass, field
from typing import Any, TypeAlias, assert_never

from scorekeeper.engine.han_fu import FU_VALUES, MAX_FU, check_han_fu
from scorekeeper.engine.yaku import YAKUMAN, Yaku, closed_han, open_han
from scorekeeper.errors import ErrorCode, GameRecordError, IllegalActionError, InvalidHandError, ScorekeeperError
from scorekeeper.session.chombo_errors import ChomboError, parse_chombo_error
from scorekeeper.session.seats import Seat, parse_seat

__all__ = [
    "EVENT_TYPES",
    "MAX_HAN",
    "MAX_PENALTY",
    "MAX_VALUE",
    "MAX_YAKUMAN",
    "AbortReason",
    "AbortiveDraw",
    "Chombo",
    "DiceAtTimeCall",
    "EndGame",
    "Event",
    "ExhaustiveDraw",
    "HanFuWin",
    "HandDeleted",
    "HandEdited",
    "HandInserted",
    "HandRecord",
    "HandResult",
    "HandWin",
    "LastHandCalled",
    "LoserValue",
    "NagashiMangan",
    "PlayerReplaced",
    "RefereePenalty",
    "RiichiDeclared",
    "Ron",
    "SubstitutionRemoved",
    "Tsumo",
    "ValueWin",
    "Win",
    "YakumanWin",
    "event_from_json",
    "event_to_json",
    "hand_record_from_json",
    "hand_record_to_json",
    "lone_surrogate",
    "result_from_json",
    "result_to_json",
    "win_from_json",
    "win_to_json",
]

#: Upper bounds that keep hostile or mistyped input out (a real hand has far less): 6 yakuman of 13 han each.
MAX_HAN = 78
MAX_YAKUMAN = 6
#: The largest referee penalty (or bonus) accepted, in points.
MAX_PENALTY = 1_000_000
#: The largest hand value a table may call out (classical family): far above any hand (a double slam with the
#: seed's points is a few ten thousands), low enough to refuse a mistyped or hostile number.
MAX_VALUE = 100_000_000
_MAX_TEXT = 500


class AbortReason(enum.StrEnum):
    """Why a hand was abandoned before the wall ran out (an abortive draw); persisted by value."""

    KYUUSHU = "kyuushu"  # nine different terminals and honours in the first draw
    SUUFON = "suufon"  # the same wind discarded by all four in the first go-around
    SUUCHA_RIICHI = "suucha_riichi"  # all four players declared riichi
    SUUKAIKAN = "suukaikan"  # four kans by more than one player
    SANCHAHOU = "sanchahou"  # three players ron the same discard (where triple ron aborts)


def _sorted_seats(seats: tuple[Seat, ...] | tuple[int, ...], what: str) -> tuple[Seat, ...]:
    converted = tuple(parse_seat(s) for s in seats)
    if len(set(converted)) != len(converted):
        raise IllegalActionError(f"{what} lists a seat twice: {[int(s) for s in converted]}")
    return tuple(sorted(converted))


def _check_pao(seat: Seat, pao: Seat | None) -> None:
    if pao is not None and pao == seat:
        raise IllegalActionError(
            f"seat {int(seat)} cannot be liable (pao) for their own win",
            code=ErrorCode.PAO_OWN_WIN,
            fields={"seat": int(seat)},
        )


# ---------------------------------------------------------------------------------------------------------------
# Wins


@dataclass(frozen=True, slots=True, kw_only=True)
class HanFuWin:
    """A win called out as han and fu ("3 han 40 fu"). Pao needs a yakuman, so it is refused here.

    Attributes:
        seat: the winner.
        han: total han, 1 to :data:`MAX_HAN` (13+ is a counted yakuman or sanbaiman, per ruleset).
        fu: rounded fu, a combination with ``han`` that some win has (the engine's one table,
            ``scorekeeper.engine.han_fu``), checked by :class:`Ron` and :class:`Tsumo`, which know how the
            hand was won (20 fu is a tsumo's only, ...).
        pao: always None; present so every win has the same attributes.
        yaku: the yaku the table named (the yaku-list entry), engine :class:`~scorekeeper.engine.yaku.Yaku` values;
            empty when only han and fu were called out. Stored as declared, for statistics only: the han and fu
            alone pay. The session checks what it can without the dora count: each yaku once, no yakuman (a
            yakuman is a :class:`YakumanWin`), and the yaku's han, each at its smallest (open where it may be
            open), not above ``han`` (the rest is dora). Kept in the engine's order of :class:`Yaku`.
    """

    seat: Seat
    han: int
    fu: int
    pao: Seat | None = None
    yaku: tuple[Yaku, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "seat", parse_seat(self.seat))
        if isinstance(self.han, bool) or not isinstance(self.han, int) or not 1 <= self.han <= MAX_HAN:
            raise InvalidHandError(f"a win has 1 to {MAX_HAN} han, got {self.han!r}")
        if isinstance(self.fu, bool) or not isinstance(self.fu, int) or self.fu not in FU_VALUES:
            raise InvalidHandError(f"fu must be 20, 25 or a multiple of 10 from 30 to {MAX_FU}, got {self.fu!r}")
        object.__setattr__(self, "yaku", _check_declared_yaku(self.yaku, self.han))
        if self.pao is not None:
            raise IllegalActionError(
                f"pao (liability) applies only to yakuman; seat {int(self.seat)}'s win is {self.han} han {self.fu} fu"
            )


def _check_declared_yaku(yaku: object, han: int) -> tuple[Yaku, ...]:
    """A han/fu win's declared yaku as engine values, refused when they cannot be the hand's (see HanFuWin)."""
    if not isinstance(yaku, (tuple, list)):
        raise InvalidHandError(f"a win's yaku must be a list of yaku names, got {yaku!r}")
    out: list[Yaku] = []
    for item in yaku:
        if not isinstance(item, str) or item not in Yaku._value2member_map_:
            raise InvalidHandError(f"unknown yaku {item!r}")
        name = Yaku(item)
        if name in YAKUMAN:
            raise InvalidHandError(f"{name.value} is a yakuman: enter the win as a number of yakuman")
        if name in out:
            raise InvalidHandError(f"yaku {name.value} is named twice")
        out.append(name)
    least = sum(open_han(y) or closed_han(y) for y in out)
    if least > han:
        names = ", ".join(y.value for y in out)
        raise InvalidHandError(f"the yaku {names} are worth at least {least} han, more than the {han} han declared")
    order = list(Yaku)
    return tuple(sorted(out, key=order.index))  # the engine's order, so equal wins compare equal


@dataclass(frozen=True, slots=True, kw_only=True)
class YakumanWin:
    """A win called out as a number of yakuman ("double yakuman" is 2), optionally with a liable player.

    Attributes:
        seat: the winner.
        yakuman: the yakuman multiplier, 1 to :data:`MAX_YAKUMAN`.
        pao: the liable player (fed the third dragon or fourth wind set), or None.
    """

    seat: Seat
    yakuman: int
    pao: Seat | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "seat", parse_seat(self.seat))
        if self.pao is not None:
            object.__setattr__(self, "pao", parse_seat(self.pao))
        if isinstance(self.yakuman, bool) or not isinstance(self.yakuman, int) or not 1 <= self.yakuman <= MAX_YAKUMAN:
            raise InvalidHandError(f"a yakuman win counts 1 to {MAX_YAKUMAN} yakuman, got {self.yakuman!r}")
        _check_pao(self.seat, self.pao)


@dataclass(frozen=True, slots=True, kw_only=True)
class HandWin:
    """A win entered as the full hand: the engine scores it under the game's hand rules.

    The hand is kept as canonical JSON text (sorted keys, no spaces) so that the value stays immutable and
    hashable and compares equal however the input object's keys were ordered.

    Attributes:
        seat: the winner.
        hand: the input object of ``scorekeeper score`` (without ``ruleset``), as canonical JSON text.
        pao: the liable player, or None.
    """

    seat: Seat
    hand: str
    pao: Seat | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "seat", parse_seat(self.seat))
        if self.pao is not None:
            object.__setattr__(self, "pao", parse_seat(self.pao))
        try:
            obj = json.loads(self.hand)
        except (TypeError, ValueError):
            raise InvalidHandError(f"a full-hand win needs the hand as JSON text, got {self.hand!r:.200}") from None
        if not isinstance(obj, dict):
            raise InvalidHandError(f"a full-hand win's hand must be a JSON object, got {self.hand!r:.200}")
        if "ruleset" in obj:
            raise InvalidHandError("a full-hand win's hand must not name a ruleset: the game's ruleset scores it")
        object.__setattr__(self, "hand", _canonical(obj))
        _check_pao(self.seat, self.pao)

    @classmethod
    def from_input(cls, seat: Seat | int, hand: dict[str, Any], *, pao: Seat | int | None = None) -> HandWin:
        """A full-hand win from the ``scorekeeper score`` input object."""
        return cls(
            seat=parse_seat(seat),
            hand=_canonical(hand),
            pao=None if pao is None else parse_seat(pao),
        )

    @property
    def input(self) -> dict[str, Any]:
        """The hand as a fresh input object for the engine."""
        obj: dict[str, Any] = json.loads(self.hand)
        return obj


def _canonical(obj: object) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@dataclass(frozen=True, slots=True, kw_only=True)
class ValueWin:
    """A win whose value the table called out in table points ("640"): the classical family's quick entry.

    The classical family values a hand as one number (seed 003, C: points x doubles), which players often
    work out on paper and call out, as riichi players call "3 han 40 fu". Liability is not part of that family.

    Attributes:
        seat: the winner.
        value: the hand's value, 1 to :data:`MAX_VALUE` table points.
        pao: always None; present so every win has the same attributes.
    """

    seat: Seat
    value: int
    pao: Seat | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "seat", parse_seat(self.seat))
        if isinstance(self.value, bool) or not isinstance(self.value, int) or not 1 <= self.value <= MAX_VALUE:
            raise InvalidHandError(f"a called-out hand value is 1 to {MAX_VALUE:,} points, got {self.value!r}")
        if self.pao is not None:
            raise IllegalActionError(
                f"pao (liability) is not part of the classical family; seat {int(self.seat)}'s win is worth"
                f" {self.value}"
            )


Win: TypeAlias = HanFuWin | YakumanWin | HandWin | ValueWin


@dataclass(frozen=True, slots=True)
class LoserValue:
    """A loser's own hand value, for the classical variant where the losers settle among themselves.

    Attributes:
        seat: the loser.
        value: what their (incomplete) hand is worth, 0 to :data:`MAX_VALUE` table points.
    """

    seat: Seat
    value: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "seat", parse_seat(self.seat))
        if isinstance(self.value, bool) or not isinstance(self.value, int) or not 0 <= self.value <= MAX_VALUE:
            raise InvalidHandError(f"a loser's hand value is 0 to {MAX_VALUE:,} points, got {self.value!r}")


def _check_losers(losers: tuple[LoserValue, ...], winners: list[Seat]) -> tuple[LoserValue, ...]:
    ordered = tuple(sorted(losers, key=lambda loser: loser.seat))
    seats = [loser.seat for loser in ordered]
    if len(set(seats)) != len(seats):
        raise IllegalActionError(f"the losers' values list a seat twice: {[int(s) for s in seats]}")
    winning = [int(s) for s in seats if s in winners]
    if winning:
        raise IllegalActionError(f"seat {winning[0]} won: its hand cannot also be among the losers' values")
    return ordered


def _check_won_han_fu(win: Win, *, tsumo: bool) -> None:
    """Refuse a han/fu win that no hand has when won this way (20 fu by ron, 25 fu 2 han by tsumo...).

    The one table is the engine's (``scorekeeper.engine.han_fu``, issue 9 section 3): the session is the judge,
    so a record, the command line and the API are held to the rule the GUI offers.
    """
    if isinstance(win, HanFuWin):
        how = "tsumo" if tsumo else "ron"
        try:
            check_han_fu(win.han, win.fu, tsumo=tsumo, what=f"seat {int(win.seat)}'s {how}")
        except InvalidHandError as error:  # the engine's words, with a code for a program that words it itself
            fields = {"seat": int(win.seat), "han": win.han, "fu": win.fu, "tsumo": tsumo}
            raise InvalidHandError(str(error), code=ErrorCode.HAN_FU_IMPOSSIBLE, fields=fields) from None


# ---------------------------------------------------------------------------------------------------------------
# Hand results


@dataclass(frozen=True, slots=True)
class Ron:
    """One discard won by one or more players (double and triple ron list several wins, in any order).

    Attributes:
        discarder: who discarded the winning tile (or whose kan was robbed).
        wins: one win per winner, 1 to 3, distinct winners, none of them the discarder.
        losers: the losers' own hand values (classical ``losers_settle`` only; sorted by seat on creation).
    """

    discarder: Seat
    wins: tuple[Win, ...]
    losers: tuple[LoserValue, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "discarder", parse_seat(self.discarder))
        object.__setattr__(self, "wins", tuple(self.wins))
        object.__setattr__(self, "losers", _check_losers(tuple(self.losers), [w.seat for w in self.wins]))
        if not 1 <= len(self.wins) <= 3:
            raise IllegalActionError(f"a ron has 1 to 3 winners, got {len(self.wins)}")
        winners = [w.seat for w in self.wins]
        if len(set(winners)) != len(winners):
            raise IllegalActionError(f"a ron lists winner seat twice: {[int(s) for s in winners]}")
        if self.discarder in winners:
            raise IllegalActionError(
                f"seat {int(self.discarder)} cannot win on their own discard (ron from themself)",
                code=ErrorCode.RON_FROM_OWN_DISCARD,
                fields={"seat": int(self.discarder)},
            )
        for win in self.wins:
            _check_won_han_fu(win, tsumo=False)


@dataclass(frozen=True, slots=True)
class Tsumo:
    """A win on a self-drawn tile, paid by the other three (or by the liable player).

    Attributes:
        win: the win.
        losers: the losers' own hand values (classical ``losers_settle`` only; sorted by seat on creation).
    """

    win: Win
    losers: tuple[LoserValue, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "losers", _check_losers(tuple(self.losers), [self.win.seat]))
        _check_won_han_fu(self.win, tsumo=True)


@dataclass(frozen=True, slots=True)
class ExhaustiveDraw:
    """The wall ran out (ryuukyoku); ``tenpai`` lists the seats that showed a ready hand (sorted on creation)."""

    tenpai: tuple[Seat, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "tenpai", _sorted_seats(tuple(self.tenpai), "the tenpai list"))


@dataclass(frozen=True, slots=True)
class NagashiMangan:
    """An exhaustive draw in which ``seats`` made nagashi mangan; ``tenpai`` lists the ready hands (for renchan)."""

    seats: tuple[Seat, ...]
    tenpai: tuple[Seat, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "seats", _sorted_seats(tuple(self.seats), "the nagashi list"))
        object.__setattr__(self, "tenpai", _sorted_seats(tuple(self.tenpai), "the tenpai list"))
        if not self.seats:
            raise IllegalActionError("a nagashi mangan needs at least one nagashi seat")


@dataclass(frozen=True, slots=True)
class AbortiveDraw:
    """A hand abandoned early, for ``reason``."""

    reason: AbortReason

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "reason", AbortReason(self.reason))
        except ValueError:
            known = ", ".join(r.value for r in AbortReason)
            raise IllegalActionError(f"unknown abortive draw reason {self.reason!r}; known: {known}") from None


@dataclass(frozen=True, slots=True)
class Chombo:
    """A foul by ``seat`` that ends the hand; the hand is replayed (settled per the ruleset's chombo knobs).

    Attributes:
        seat: who made it.
        error: which error it was, when the table said (the texts' list: ``scorekeeper.session.chombo_errors``);
            None when not said (every record before it was asked).
    """

    seat: Seat
    error: ChomboError | None = field(default=None, kw_only=True)

    def __post_init__(self) -> None:
        object.__setattr__(self, "seat", parse_seat(self.seat))
        if self.error is not None:
            object.__setattr__(self, "error", parse_chombo_error(self.error))


HandResult: TypeAlias = Ron | Tsumo | ExhaustiveDraw | NagashiMangan | AbortiveDraw | Chombo


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One finished hand as the record keeps it: whose riichi sticks went on the table, whose hands were declared
    dead (:class:`DeadHand`), and how it ended."""

    riichi: tuple[Seat, ...]
    result: HandResult
    dead: tuple[Seat, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "riichi", _sorted_seats(tuple(self.riichi), "the riichi list"))
        object.__setattr__(self, "dead", _sorted_seats(tuple(self.dead), "the dead-hand list"))


# ---------------------------------------------------------------------------------------------------------------
# Other events


@dataclass(frozen=True, slots=True)
class RiichiDeclared:
    """``seat`` declared riichi and their 1000-point stick went on the table."""

    seat: Seat

    def __post_init__(self) -> None:
        object.__setattr__(self, "seat", parse_seat(self.seat))


@dataclass(frozen=True, slots=True)
class DeadHand:
    """``seat``'s hand is declared dead for the rest of the hand in play (RCR 2016 3.4.7, EMA 2025 3.3.14 and 6.x).

    A dead hand cannot win, call or declare riichi, and is noten at an exhaustive draw; a riichi stick already put
    down stays on the table, and a riichi player whose hand was declared dead pays the noten payment at the draw, not
    a chombo (RCR 2016 3.4.6 and 3.4.7, EMA 2025 3.3.14 and 6.7). The session keeps no calls, so it refuses only a
    win, a riichi and a tenpai listing of that seat. ``reason`` says which irregularity (for the record).
    """

    seat: Seat
    reason: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "seat", parse_seat(self.seat))
        _check_text(self.reason, "the reason for the dead hand")


def _check_text(text: object, what: str) -> None:
    if not isinstance(text, str) or len(text) > _MAX_TEXT:
        raise IllegalActionError(f"{what} must be a text of at most {_MAX_TEXT} characters, got {text!r:.80}")
    surrogate = lone_surrogate(text)
    if surrogate is not None:
        raise IllegalActionError(f"{what} {text!r:.80} holds {surrogate}, which is not a character")


def lone_surrogate(text: str) -> str | None:
    """The first lone surrogate in ``text`` (``"U+D800"``), or None.

    JSON's ``"\\ud800"`` escape reads as one; no file, terminal or database can hold it as UTF-8 (writing the
    record, its fingerprint or a table of it failed with UnicodeEncodeError), so a record holding one is refused.
    """
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        return f"U+{ord(text[error.start]):04X}"
    return None


@dataclass(frozen=True, slots=True, kw_only=True)
class RefereePenalty:
    """A referee's penalty (negative) or correction (positive) for ``seat``, applied after uma.

    It never changes the placings (issue 3, "Final result"). ``points`` is a non-zero multiple of 100.
    """

    seat: Seat
    points: int
    reason: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "seat", parse_seat(self.seat))
        if (
            isinstance(self.points, bool)
            or not isinstance(self.points, int)
            or self.points == 0
            or self.points % 100
            or abs(self.points) > MAX_PENALTY
        ):
            raise IllegalActionError(
                f"a penalty is a non-zero multiple of 100 points up to {MAX_PENALTY:,}, got {self.points!r}"
            )
        _check_text(self.reason, "a penalty's reason")


@dataclass(frozen=True, slots=True)
class EndGame:
    """The referee ends the game now (a time limit, a player leaving...), with a reason."""

    reason: str = ""

    def __post_init__(self) -> None:
        _check_text(self.reason, "the reason for ending the game")


@dataclass(frozen=True, slots=True)
class LastHandCalled:
    """Time is called (the time signal of a timed session): the hand in play and ``more`` hands after it are the
    game's last.

    The game goes on until those hands are finished (a win, a draw, a nagashi, an abortive draw or a chombo), then
    ends as an :class:`EndGame` right after it would end it; the referee may still end it outright before.
    ``more`` is 0 under ``finish_hand`` and 1 under the EMA texts (RCR 2016 5.9, EMA 2025 7.4: "the current hand is
    finished and one more hand is played"). Without ``chombo_counts`` a chombo hand is not counted among them
    (RCR 2016 5.9: a chombo "does not count as a hand played"); with it, it is (EMA 2025 7.4).

    Attributes:
        reason: why, for the record ("time limit").
        more: how many hands are played after the one in play: 0 or 1.
        chombo_counts: whether a chombo counts as one of those hands.
    """

    reason: str = ""
    more: int = field(default=0, kw_only=True)
    chombo_counts: bool = field(default=True, kw_only=True)

    def __post_init__(self) -> None:
        _check_text(self.reason, "the reason for calling the last hand")
        if type(self.more) is not int or self.more not in (0, 1):
            raise IllegalActionError(
                f"the hands played after the one in play when time is called are 0 or 1, got {self.more!r:.40}"
            )
        if type(self.chombo_counts) is not bool:
            raise IllegalActionError(f"chombo_counts must be true or false, got {self.chombo_counts!r:.40}")


@dataclass(frozen=True, slots=True, kw_only=True)
class DiceAtTimeCall:
    """The table's answer to a time call under RCR 2016 5.9: had the dice of the hand in play been thrown when time
    was called?

    "A hand begins when the dice are thrown ... If the dice have not been thrown yet when the time signal sounds, the
    players will play only the current hand" (RCR 2016 5.9). A call that reaches a table from the referee (through
    the server, or the table's own Game ▸ Time signal) leaves the hand in play and one more; a table between hands,
    whose dice were not thrown yet, answers ``thrown=False`` and the hand in play becomes the last. ``thrown=True``
    keeps the call as it is. Either answer is recorded, so that the table is asked once (EMA 2025 7.4 starts a hand
    as soon as the previous one ends, and asks nothing).

    Attributes:
        thrown: the dice of the hand in play had been thrown when time was called.
    """

    thrown: bool

    def __post_init__(self) -> None:
        if type(self.thrown) is not bool:
            raise IllegalActionError(f"thrown must be true or false, got {self.thrown!r:.40}")


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerReplaced:
    """A substitute takes ``seat`` from the hand in play on, in place of whoever sits there (a player fell ill or
    had to leave): the seat keeps its score, its riichi sticks and its turn to deal; only who sits there changes.

    The log keeps who sat when, so a correction of an earlier hand moves nothing: the substitute still comes in
    before the same hand. How the result is shared between the two is the tournament's
    (``scorekeeper.session.substitution.seat_shares``).

    Attributes:
        seat: the seat taken over.
        player: who comes in (a text of 1 to 100 characters; a new game's name rules are checked where the
            referee enters it, ``Session.replace_player``, so that a stored log always loads).
        reason: why, for the record.
    """

    seat: Seat
    player: str
    reason: str = ""

    def __post_init__(self) -> None:
        _check_substitution(self, "the reason for the substitution")


@dataclass(frozen=True, slots=True, kw_only=True)
class SubstitutionRemoved:
    """A correction: the substitution of ``player`` at ``seat`` is taken out of the game, as if whoever sat there
    before had played on (the one who left is credited with the seat's result again).

    Made by a referee whose correction of a hand would end the game before the substitute came in (the log would
    no longer play: a substitute cannot come in after the end), or to take out a substitution entered by mistake.
    The :class:`PlayerReplaced` event stays in the log with this one after it, so nothing is lost.

    Attributes:
        seat: the seat the substitute took.
        player: the substitute, as their :class:`PlayerReplaced` names them (the latest of that name at the seat).
        reason: why, for the record.
    """

    seat: Seat
    player: str
    reason: str = ""

    def __post_init__(self) -> None:
        _check_substitution(self, "the reason for taking the substitution out")


def _check_substitution(event: PlayerReplaced | SubstitutionRemoved, reason: str) -> None:
    """A substitution event's seat read, its player's name and its reason checked (a stored log always loads)."""
    object.__setattr__(event, "seat", parse_seat(event.seat))
    player = event.player
    if not isinstance(player, str) or not 1 <= len(player) <= 100 or "\x00" in player:
        raise IllegalActionError(f"a substitute's name must be a text of 1 to 100 characters, got {player!r:.80}")
    _check_text(player, "a substitute's name")
    _check_text(event.reason, reason)


@dataclass(frozen=True, slots=True)
class HandEdited:
    """A referee's correction: the finished hand at ``index`` (0-based) becomes ``hand``; all after is recomputed."""

    index: int
    hand: HandRecord


@dataclass(frozen=True, slots=True)
class HandDeleted:
    """A referee's correction: the finished hand at ``index`` (0-based) never happened; all after is recomputed."""

    index: int


@dataclass(frozen=True, slots=True)
class HandInserted:
    """A referee's correction: a forgotten hand goes in before ``index`` (the number of hands appends it)."""

    index: int
    hand: HandRecord


Event: TypeAlias = (
    RiichiDeclared
    | Ron
    | Tsumo
    | ExhaustiveDraw
    | NagashiMangan
    | AbortiveDraw
    | Chombo
    | RefereePenalty
    | EndGame
    | LastHandCalled
    | DiceAtTimeCall
    | DeadHand
    | PlayerReplaced
    | SubstitutionRemoved
    | HandEdited
    | HandDeleted
    | HandInserted
)


# ---------------------------------------------------------------------------------------------------------------
# JSON codec


def win_to_json(win: Win) -> dict[str, Any]:
    """The record format's ``WIN`` object."""
    out: dict[str, Any]
    match win:
        case HanFuWin():
            out = {"seat": int(win.seat), "han": win.han, "fu": win.fu}
            if win.yaku:
                out["yaku"] = [y.value for y in win.yaku]
        case YakumanWin():
            out = {"seat": int(win.seat), "yakuman": win.yakuman}
        case HandWin():
            out = {"seat": int(win.seat), "hand": win.input}
        case ValueWin():
            out = {"seat": int(win.seat), "value": win.value}
        case _:
            assert_never(win)
    if win.pao is not None:
        out["pao"] = int(win.pao)
    return out


def _with_losers(out: dict[str, Any], losers: tuple[LoserValue, ...]) -> dict[str, Any]:
    """Add ``"losers"`` only when there are any, so that every riichi record keeps exactly the issue's keys."""
    if losers:
        out["losers"] = [{"seat": int(loser.seat), "value": loser.value} for loser in losers]
    return out


def result_to_json(result: HandResult) -> dict[str, Any]:
    """The record format's ``RESULT`` object."""
    match result:
        case Ron():
            out = {"type": "ron", "from": int(result.discarder), "wins": [win_to_json(w) for w in result.wins]}
            return _with_losers(out, result.losers)
        case Tsumo():
            return _with_losers({"type": "tsumo", "win": win_to_json(result.win)}, result.losers)
        case ExhaustiveDraw():
            return {"type": "draw", "tenpai": [int(s) for s in result.tenpai]}
        case NagashiMangan():
            return {
                "type": "nagashi",
                "seats": [int(s) for s in result.seats],
                "tenpai": [int(s) for s in result.tenpai],
            }
        case AbortiveDraw():
            return {"type": "abort", "reason": result.reason.value}
        case Chombo():  # "error" only when said, so that older records keep exactly their keys
            chombo: dict[str, Any] = {"type": "chombo", "seat": int(result.seat)}
            if result.error is not None:
                chombo["error"] = result.error.value
            return chombo
        case _:
            assert_never(result)


def hand_record_to_json(hand: HandRecord) -> dict[str, Any]:
    """The record format's ``HAND`` object (``"dead"`` only when a hand was declared dead, so older records keep
    exactly their keys)."""
    out: dict[str, Any] = {"riichi": [int(s) for s in hand.riichi], "result": result_to_json(hand.result)}
    if hand.dead:
        out["dead"] = [int(s) for s in hand.dead]
    return out


def event_to_json(event: Event) -> dict[str, Any]:
    """An event as a JSON object (``{"type": ..., ...}``); hand results use the record format's spelling."""
    match event:
        case Ron() | Tsumo() | ExhaustiveDraw() | NagashiMangan() | AbortiveDraw() | Chombo():
            return result_to_json(event)
        case RiichiDeclared():
            return {"type": "riichi", "seat": int(event.seat)}
        case RefereePenalty():
            return {"type": "penalty", "seat": int(event.seat), "points": event.points, "reason": event.reason}
        case EndGame():
            return {"type": "end", "reason": event.reason}
        case LastHandCalled():
            out: dict[str, Any] = {"type": "last_hand", "reason": event.reason}
            if event.more:
                out["more"] = event.more
            if not event.chombo_counts:
                out["chombo_counts"] = False
            return out
        case DiceAtTimeCall():
            return {"type": "time_call_dice", "thrown": event.thrown}
        case DeadHand():
            return {"type": "dead_hand", "seat": int(event.seat), "reason": event.reason}
        case PlayerReplaced():
            return {"type": "substitute", "seat": int(event.seat), "player": event.player, "reason": event.reason}
        case SubstitutionRemoved():
            return {
                "type": "substitute_removed",
                "seat": int(event.seat),
                "player": event.player,
                "reason": event.reason,
            }
        case HandEdited():
            return {"type": "edit_hand", "index": event.index, "hand": hand_record_to_json(event.hand)}
        case HandDeleted():
            return {"type": "delete_hand", "index": event.index}
        case HandInserted():
            return {"type": "insert_hand", "index": event.index, "hand": hand_record_to_json(event.hand)}
        case _:
            assert_never(event)


class _Reader:
    """Strict access to one JSON object: required and optional keys, exact types, no unknown keys."""

    def __init__(self, obj: object, where: str) -> None:
        if not isinstance(obj, dict):
            raise GameRecordError(f"{where}: expected a JSON object, got {_show(obj)}")
        self.obj: dict[str, Any] = obj
        self.where = where
        self.seen: set[str] = set()

    def get(self, key: str, *, optional: bool = False) -> Any:
        self.seen.add(key)
        if key not in self.obj:
            if optional:
                return None
            raise GameRecordError(f"{self.where}: missing key {key!r}")
        return self.obj[key]

    def integer(self, key: str, *, optional: bool = False) -> int | None:
        value = self.get(key, optional=optional)
        if value is None and optional:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise GameRecordError(f"{self.where}: {key!r} must be an integer, got {_show(value)}")
        return value

    def seat(self, key: str, *, optional: bool = False) -> Seat | None:
        value = self.integer(key, optional=optional)
        if value is None:
            return None
        try:
            return parse_seat(value)
        except ValueError as error:
            raise GameRecordError(f"{self.where}: {key!r}: {error}") from None

    def seats(self, key: str, *, optional: bool = False) -> tuple[Seat, ...]:
        value = self.get(key, optional=optional)
        if value is None and optional:
            return ()
        if not isinstance(value, list) or len(value) > 4:
            raise GameRecordError(f"{self.where}: {key!r} must be a list of at most 4 seats, got {_show(value)}")
        try:
            return tuple(parse_seat(v) for v in value)
        except ValueError as error:
            raise GameRecordError(f"{self.where}: {key!r}: {error}") from None

    def text(self, key: str) -> str:
        value = self.get(key)
        if not isinstance(value, str):
            raise GameRecordError(f"{self.where}: {key!r} must be a text, got {_show(value)}")
        return value

    def done(self) -> None:
        unknown = sorted(set(self.obj) - self.seen)
        if unknown:
            raise GameRecordError(f"{self.where}: unknown key {unknown[0]!r}")


def _show(value: object) -> str:
    text = json.dumps(value) if isinstance(value, (dict, list, str, int, float, bool, type(None))) else repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _build(where: str, make: Any, *args: Any, **kwargs: Any) -> Any:
    """Construct a value, turning its validation error into a GameRecordError that says where."""
    try:
        return make(*args, **kwargs)
    except GameRecordError:
        raise
    except ScorekeeperError as error:
        raise GameRecordError(f"{where}: {error}") from None


def win_from_json(obj: object, where: str = "win") -> Win:
    """A win from the record format's ``WIN`` object.

    Raises:
        GameRecordError: for a malformed or impossible win, naming ``where``.
    """
    reader = _Reader(obj, where)
    seat = reader.seat("seat")
    pao = reader.seat("pao", optional=True)
    shapes = [k for k in ("han", "yakuman", "hand", "value") if k in reader.obj]
    if len(shapes) != 1:
        raise GameRecordError(f"{where}: a win has exactly one of han+fu, yakuman, hand or value, got {_show(obj)}")
    win: Win
    if shapes[0] == "han":
        han, fu = reader.integer("han"), reader.integer("fu")
        yaku = reader.get("yaku", optional=True)
        reader.done()
        if yaku is not None and (not isinstance(yaku, list) or not yaku):
            raise GameRecordError(f"{where}: 'yaku' must be a non-empty list of yaku names, got {_show(yaku)}")
        win = _build(where, HanFuWin, seat=seat, han=han, fu=fu, pao=pao, yaku=tuple(yaku or ()))
    elif shapes[0] == "yakuman":
        yakuman = reader.integer("yakuman")
        reader.done()
        win = _build(where, YakumanWin, seat=seat, yakuman=yakuman, pao=pao)
    elif shapes[0] == "value":
        value = reader.integer("value")
        reader.done()
        win = _build(where, ValueWin, seat=seat, value=value, pao=pao)
    else:
        hand = reader.get("hand")
        reader.done()
        if not isinstance(hand, dict):
            raise GameRecordError(f"{where}: 'hand' must be the JSON object scorekeeper score takes")
        win = _build(where, HandWin, seat=seat, hand=_canonical(hand), pao=pao)
    return win


def _losers(reader: _Reader) -> tuple[LoserValue, ...]:
    """The optional ``"losers": [{"seat": s, "value": n}, ...]`` of a classical win (``losers_settle``)."""
    value = reader.get("losers", optional=True)
    if value is None:
        return ()
    if not isinstance(value, list) or not 1 <= len(value) <= 3:
        raise GameRecordError(f"{reader.where}: 'losers' must be a list of 1 to 3 losers' values, got {_show(value)}")
    out = []
    for k, item in enumerate(value):
        loser = _Reader(item, f"{reader.where}, loser {k + 1}")
        seat, points = loser.seat("seat"), loser.integer("value")
        loser.done()
        out.append(_build(loser.where, LoserValue, seat, points))
    return tuple(out)


def result_from_json(obj: object, where: str = "result") -> HandResult:
    """A hand's result from the record format's ``RESULT`` object.

    Raises:
        GameRecordError: for a malformed or impossible result, naming ``where``.
    """
    reader = _Reader(obj, where)
    kind = reader.get("type")
    result: HandResult
    if kind == "ron":
        discarder = reader.seat("from")
        wins = reader.get("wins")
        losers = _losers(reader)
        reader.done()
        if not isinstance(wins, list) or not 1 <= len(wins) <= 3:
            raise GameRecordError(f"{where}: 'wins' must be a list of 1 to 3 wins, got {_show(wins)}")
        parsed = tuple(win_from_json(w, f"{where}, win {k + 1}") for k, w in enumerate(wins))
        result = _build(where, Ron, discarder, parsed, losers)
    elif kind == "tsumo":
        win = win_from_json(reader.get("win"), f"{where}, win")
        losers = _losers(reader)
        reader.done()
        result = _build(where, Tsumo, win, losers)
    elif kind == "draw":
        tenpai = reader.seats("tenpai")
        reader.done()
        result = _build(where, ExhaustiveDraw, tenpai)
    elif kind == "nagashi":
        seats, tenpai = reader.seats("seats"), reader.seats("tenpai", optional=True)
        reader.done()
        result = _build(where, NagashiMangan, seats, tenpai)
    elif kind == "abort":
        reason = reader.text("reason")
        reader.done()
        result = _build(where, AbortiveDraw, reason)
    elif kind == "chombo":
        seat = reader.seat("seat")
        error = reader.get("error", optional=True)
        reader.done()
        if error is None and "error" in reader.obj:
            raise GameRecordError(f"{where}: 'error' must be a chombo error's name, got null")
        result = _build(where, Chombo, seat, error=error)
    else:
        raise GameRecordError(
            f"{where}: unknown result type {_show(kind)}; known: ron, tsumo, draw, nagashi, abort, chombo"
        )
    return result


def hand_record_from_json(obj: object, where: str = "hand") -> HandRecord:
    """A hand from the record format's ``HAND`` object.

    Raises:
        GameRecordError: for a malformed hand, naming ``where``.
    """
    reader = _Reader(obj, where)
    riichi = reader.seats("riichi")
    result = result_from_json(reader.get("result"), f"{where}, result")
    dead = reader.seats("dead", optional=True)
    reader.done()
    hand: HandRecord = _build(where, HandRecord, riichi, result, dead)
    return hand


def _index(reader: _Reader) -> int:
    index = reader.integer("index")
    assert index is not None
    if not 0 <= index <= 100_000:
        raise GameRecordError(f"{reader.where}: 'index' must be a hand number from 0, got {index}")
    return index


#: Every ``type`` of the objects :func:`event_to_json` makes and :func:`event_from_json` reads (a tournament server
#: takes event rows of these types only: ``scorekeeper.sync.setup``).
EVENT_TYPES = (
    "riichi",
    "ron",
    "tsumo",
    "draw",
    "nagashi",
    "abort",
    "chombo",
    "penalty",
    "end",
    "last_hand",
    "time_call_dice",
    "dead_hand",
    "substitute",
    "substitute_removed",
    "edit_hand",
    "delete_hand",
    "insert_hand",
)


def event_from_json(obj: object) -> Event:
    """An event from the JSON object :func:`event_to_json` made. Strict: unknown keys and types are refused.

    Raises:
        GameRecordError: for anything that is not exactly such an object, with what is wrong.
    """
    where = "event"
    if not isinstance(obj, dict):
        raise GameRecordError(f"{where}: expected a JSON object, got {_show(obj)}")
    kind = obj.get("type")
    if kind in ("ron", "tsumo", "draw", "nagashi", "abort", "chombo"):
        return result_from_json(obj, f"{where} {kind}")
    reader = _Reader(obj, f"{where} {kind}" if isinstance(kind, str) else where)
    reader.get("type")
    event: Event
    if kind == "riichi":
        seat = reader.seat("seat")
        assert seat is not None  # a required key: missing raises above
        event = RiichiDeclared(seat)
    elif kind == "penalty":
        seat, points, reason = reader.seat("seat"), reader.integer("points"), reader.text("reason")
        event = _build(reader.where, RefereePenalty, seat=seat, points=points, reason=reason)
    elif kind == "end":
        event = _build(reader.where, EndGame, reader.text("reason"))
    elif kind == "last_hand":
        reason, more = reader.text("reason"), reader.integer("more", optional=True)
        chombo_counts = reader.get("chombo_counts", optional=True)
        if chombo_counts is not None and not isinstance(chombo_counts, bool):
            raise GameRecordError(f"{reader.where}: 'chombo_counts' must be true or false, got {_show(chombo_counts)}")
        event = _build(
            reader.where,
            LastHandCalled,
            reason,
            more=more or 0,
            chombo_counts=True if chombo_counts is None else chombo_counts,
        )
    elif kind == "time_call_dice":
        thrown = reader.get("thrown")
        if not isinstance(thrown, bool):
            raise GameRecordError(f"{reader.where}: 'thrown' must be true or false, got {_show(thrown)}")
        event = DiceAtTimeCall(thrown=thrown)
    elif kind == "dead_hand":
        seat, reason = reader.seat("seat"), reader.text("reason")
        event = _build(reader.where, DeadHand, seat, reason)
    elif kind == "substitute":
        seat, player, reason = reader.seat("seat"), reader.text("player"), reader.text("reason")
        event = _build(reader.where, PlayerReplaced, seat=seat, player=player, reason=reason)
    elif kind == "substitute_removed":
        seat, player, reason = reader.seat("seat"), reader.text("player"), reader.text("reason")
        event = _build(reader.where, SubstitutionRemoved, seat=seat, player=player, reason=reason)
    elif kind == "edit_hand":
        event = HandEdited(_index(reader), hand_record_from_json(reader.get("hand"), f"{reader.where}, hand"))
    elif kind == "delete_hand":
        event = HandDeleted(_index(reader))
    elif kind == "insert_hand":
        event = HandInserted(_index(reader), hand_record_from_json(reader.get("hand"), f"{reader.where}, hand"))
    else:
        raise GameRecordError(f"{where}: unknown event type {_show(kind)}; known: {', '.join(EVENT_TYPES)}")
    reader.done()
    return event
