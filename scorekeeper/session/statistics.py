"""Player statistics over finished games, read from the fold of each game's event log (no Qt, no storage).

Every figure comes from what the game state already holds: the final result sheet (places, plus-minus points,
scores) and each finished hand's settlement (who was paid for a win, and every transfer with its reason). Nothing
here settles a hand or pays a yaku again; the exact definitions are in docs/statistics.md.

The unit is one player's line in one game (:class:`PlayerTotals`): one per seat, or, for a seat a substitute took
during the game (:class:`~scorekeeper.session.events.PlayerReplaced`), one for each who sat there. Totals add up
(``+``) and every average is a quotient of two totals, so the statistics of a selection of games are the sums of
the statistics of its parts: that is what makes a league table, a player's card and a head-to-head table the same
computation over different selections (and what the property test checks).

A substituted seat is shared as the standings share it (:func:`scorekeeper.session.substitution.seat_shares`, our
reading, docs/tournament.md): each one who sat there has the hands they played (their riichi, wins, deal-ins,
chombo and yaku) and their share of the seat's points; the one who finished the game there has the seat's place
(and a bust); the game counts as a game for each. The lines of a seat add up to the seat's.

Players are named by an identity text given per line (the registry's player, or the name at the table); a line
whose identity is None (a guest) counts in no one's statistics, but its games still count for the others.
"""

from __future__ import annotations

import datetime
import json
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from scorekeeper.engine.yaku import Yaku
from scorekeeper.errors import IllegalActionError
from scorekeeper.session.events import Chombo, HandResult, HanFuWin, Ron, Tsumo
from scorekeeper.session.seats import Seat
from scorekeeper.session.settlement import RiichiSettlement, TransferReason, WinValue
from scorekeeper.session.state import GameState, HandEntry
from scorekeeper.session.substitution import seat_shares

__all__ = [
    "ROW_FIELDS",
    "GameLines",
    "HeadToHead",
    "PlayerGame",
    "PlayerLine",
    "PlayerTotals",
    "Row",
    "Selection",
    "YakuCounts",
    "club_totals",
    "format_lines",
    "game_lines",
    "head_to_head",
    "league_table",
    "line_totals",
    "moving_average",
    "parse_lines",
    "player_history",
    "player_statistics",
    "round_half_up",
    "seat_totals",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerTotals:
    """A player's counts over some games: one seat of one game, or the sum over a selection (``a + b``).

    Attributes:
        games: finished games played (a game left or joined during play counts for each who sat at the seat).
        places: how many times 1st, 2nd, 3rd and 4th (tied seats share a place where the ruleset splits ties): a
            place is the one's who finished the game at the seat, so one who left a game has none for it.
        points_tenths: plus-minus points after uma, oka and penalties, in tenths of a point.
        busts: games finished with a final score below zero.
        chombo: chombo committed.
        hands: hands played (every finished hand of those games: wins, draws, aborts and chombo hands).
        wins: hands won (ron or tsumo; each winner of a multiple ron; nagashi mangan is not a win).
        tsumo_wins: of those, won by self-draw.
        deal_ins: hands in which the player's discard was won (once per hand, however many won on it).
        riichi: riichi declarations.
        win_points: the sum of the hand values paid to the player for their wins (no honba, no sticks; a pao hand
            counts all its value, whoever paid it).
        largest_win: the largest of those values (0 without a win).
        han_fu_wins: wins with a han and fu reading (called out as han and fu, or entered as tiles below yakuman).
        han: the sum of their han.
        fu: the sum of their fu.
        detailed_wins: wins entered as tiles (the engine's yaku and dora are known).
        dora: the sum of their dora han (dora, red fives and ura dora).
        yaku_wins: wins whose yaku are known: entered as tiles, or with the yaku list (a han/fu win's yaku).
        yaku: how many of those wins had each yaku, as sorted (yaku name, count) pairs.
    """

    games: int = 0
    places: tuple[int, int, int, int] = (0, 0, 0, 0)
    points_tenths: int = 0
    busts: int = 0
    chombo: int = 0
    hands: int = 0
    wins: int = 0
    tsumo_wins: int = 0
    deal_ins: int = 0
    riichi: int = 0
    win_points: int = 0
    largest_win: int = 0
    han_fu_wins: int = 0
    han: int = 0
    fu: int = 0
    detailed_wins: int = 0
    dora: int = 0
    yaku_wins: int = 0
    yaku: tuple[tuple[str, int], ...] = ()

    def to_row(self) -> Row:
        """The counts as one tuple of integers in :data:`ROW_FIELDS` order (the yaku apart)."""
        return (self.games, *self.places, *(getattr(self, name) for name in _COUNT_FIELDS))

    @classmethod
    def from_row(cls, row: Row, yaku: tuple[tuple[str, int], ...] = ()) -> PlayerTotals:
        """The totals from :meth:`to_row`'s tuple and the (yaku, count) pairs."""
        return cls(
            games=row[0],
            places=(row[1], row[2], row[3], row[4]),
            yaku=yaku,
            **dict(zip(_COUNT_FIELDS, row[5:], strict=True)),
        )

    def __add__(self, other: PlayerTotals) -> PlayerTotals:
        if not isinstance(other, PlayerTotals):
            return NotImplemented
        yaku = Counter(dict(self.yaku))
        yaku.update(dict(other.yaku))
        return PlayerTotals(
            games=self.games + other.games,
            places=(
                self.places[0] + other.places[0],
                self.places[1] + other.places[1],
                self.places[2] + other.places[2],
                self.places[3] + other.places[3],
            ),
            points_tenths=self.points_tenths + other.points_tenths,
            busts=self.busts + other.busts,
            chombo=self.chombo + other.chombo,
            hands=self.hands + other.hands,
            wins=self.wins + other.wins,
            tsumo_wins=self.tsumo_wins + other.tsumo_wins,
            deal_ins=self.deal_ins + other.deal_ins,
            riichi=self.riichi + other.riichi,
            win_points=self.win_points + other.win_points,
            largest_win=max(self.largest_win, other.largest_win),
            han_fu_wins=self.han_fu_wins + other.han_fu_wins,
            han=self.han + other.han,
            fu=self.fu + other.fu,
            detailed_wins=self.detailed_wins + other.detailed_wins,
            dora=self.dora + other.dora,
            yaku_wins=self.yaku_wins + other.yaku_wins,
            yaku=tuple(sorted(yaku.items())),
        )

    # -- the averages and rates: exact fractions, None where the denominator is zero -------------------------

    @property
    def average_place(self) -> Fraction | None:
        """The mean place, 1 to 4, over the games finished at the seat (a game left during play has no place)."""
        placed = sum(self.places)
        if not placed:
            return None
        return Fraction(sum(k * n for k, n in enumerate(self.places, start=1)), placed)

    @property
    def average_points_tenths(self) -> Fraction | None:
        """The mean plus-minus per game, in tenths of a point."""
        return Fraction(self.points_tenths, self.games) if self.games else None

    def _per_hand(self, count: int) -> Fraction | None:
        return Fraction(count, self.hands) if self.hands else None

    @property
    def win_rate(self) -> Fraction | None:
        """Wins per hand played."""
        return self._per_hand(self.wins)

    @property
    def tsumo_rate(self) -> Fraction | None:
        """Self-drawn wins per hand played."""
        return self._per_hand(self.tsumo_wins)

    @property
    def deal_in_rate(self) -> Fraction | None:
        """Deal-ins per hand played."""
        return self._per_hand(self.deal_ins)

    @property
    def riichi_rate(self) -> Fraction | None:
        """Riichi declarations per hand played."""
        return self._per_hand(self.riichi)

    @property
    def chombo_rate(self) -> Fraction | None:
        """Chombo per hand played."""
        return self._per_hand(self.chombo)

    @property
    def average_win(self) -> Fraction | None:
        """The mean hand value of a win, in table points."""
        return Fraction(self.win_points, self.wins) if self.wins else None

    @property
    def average_han(self) -> Fraction | None:
        """The mean han of the wins with a han and fu reading."""
        return Fraction(self.han, self.han_fu_wins) if self.han_fu_wins else None

    @property
    def average_fu(self) -> Fraction | None:
        """The mean fu of the wins with a han and fu reading."""
        return Fraction(self.fu, self.han_fu_wins) if self.han_fu_wins else None

    @property
    def dora_per_win(self) -> Fraction | None:
        """The mean dora han of the wins entered as tiles."""
        return Fraction(self.dora, self.detailed_wins) if self.detailed_wins else None

    def yaku_frequencies(self) -> tuple[tuple[str, int, Fraction], ...]:
        """Each yaku with its count and its share of the wins with known yaku, the most frequent first."""
        if not self.yaku_wins:
            return ()
        ordered = sorted(self.yaku, key=lambda item: (-item[1], item[0]))
        return tuple((name, count, Fraction(count, self.yaku_wins)) for name, count in ordered)


_ZERO = PlayerTotals()

#: The integer counts after ``games`` and the four places, in a row's order.
_COUNT_FIELDS: tuple[str, ...] = (
    "points_tenths",
    "busts",
    "chombo",
    "hands",
    "wins",
    "tsumo_wins",
    "deal_ins",
    "riichi",
    "win_points",
    "largest_win",
    "han_fu_wins",
    "han",
    "fu",
    "detailed_wins",
    "dora",
    "yaku_wins",
)
#: A line as a row of integers (:meth:`PlayerTotals.to_row`): the form games are stored, cached and added in.
ROW_FIELDS: tuple[str, ...] = ("games", "first", "second", "third", "fourth", *_COUNT_FIELDS)
_LARGEST = ROW_FIELDS.index("largest_win")
_POINTS = ROW_FIELDS.index("points_tenths")
#: A line's counts in :data:`ROW_FIELDS` order.
Row = tuple[int, ...]
#: A line's yaku: sorted (yaku name, count) pairs.
YakuCounts = tuple[tuple[str, int], ...]


def _win_points(entry: HandEntry, seat: Seat) -> int:
    """The hand value paid to ``seat`` for its win: the transfers for the hand itself, pao payments included."""
    return sum(t.points for t in entry.settlement.transfers if t.payee == seat and t.reason is TransferReason.HAND)


def _riichi_wins(entry: HandEntry) -> dict[Seat, WinValue]:
    """Each paid riichi win's value (han, fu, the engine's scoring); none for a classical hand (seed 003)."""
    settlement = entry.settlement
    return {w.seat: w for w in settlement.wins} if isinstance(settlement, RiichiSettlement) else {}


def _declared_yaku(result: HandResult, seat: Seat) -> tuple[Yaku, ...]:
    """The yaku a han/fu win of ``seat`` was entered with (the yaku list), or () when none were named."""
    wins = result.wins if isinstance(result, Ron) else (result.win,) if isinstance(result, Tsumo) else ()
    for win in wins:
        if win.seat == seat and isinstance(win, HanFuWin):
            return win.yaku
    return ()


def _finished(state: GameState) -> None:
    if not state.ended or state.final is None:
        raise IllegalActionError(f"statistics count finished games only; this game is still in {state.hand_label}")


def _count(
    state: GameState, owner: Sequence[Sequence[int]], lines: int
) -> tuple[list[Counter[str]], list[int], list[Counter[str]]]:
    """The per-hand counts of each line: ``owner[seat][hand]`` is the line that sat at ``seat`` in ``hand``."""
    counts: list[Counter[str]] = [Counter() for _ in range(lines)]
    largest = [0] * lines
    yaku: list[Counter[str]] = [Counter() for _ in range(lines)]
    for index, entry in enumerate(state.hands):
        result = entry.record.result
        for seat in Seat:
            counts[owner[seat][index]]["hands"] += 1
        for seat in entry.record.riichi:
            counts[owner[seat][index]]["riichi"] += 1
        if isinstance(result, Chombo):
            counts[owner[result.seat][index]]["chombo"] += 1
        winners = entry.settlement.winners
        if isinstance(result, Ron) and winners:
            counts[owner[result.discarder][index]]["deal_ins"] += 1
        values = _riichi_wins(entry)
        for seat in winners:
            who = owner[seat][index]
            line = counts[who]
            line["wins"] += 1
            if isinstance(result, Tsumo):
                line["tsumo_wins"] += 1
            points = _win_points(entry, seat)
            line["win_points"] += points
            largest[who] = max(largest[who], points)
            value = values.get(seat)
            if value is None:
                continue
            if value.value.han is not None and value.value.fu is not None and not value.value.yakuman:
                line["han_fu_wins"] += 1
                line["han"] += value.value.han
                line["fu"] += value.value.fu
            if value.score is not None:
                line["detailed_wins"] += 1
                line["dora"] += value.score.dora + value.score.aka + value.score.ura
                line["yaku_wins"] += 1
                yaku[who].update({y.yaku.value for y in value.score.yaku})
            elif declared := _declared_yaku(result, seat):
                line["yaku_wins"] += 1
                yaku[who].update(y.value for y in declared)
    return counts, largest, yaku


def _totals(
    counts: Counter[str], largest: int, yaku: Counter[str], *, points_tenths: int, place: int | None, busted: bool
) -> PlayerTotals:
    places = [0, 0, 0, 0]
    if place is not None:
        places[place - 1] = 1
    return PlayerTotals(
        games=1,
        places=(places[0], places[1], places[2], places[3]),
        points_tenths=points_tenths,
        busts=int(busted),
        largest_win=largest,
        yaku=tuple(sorted(yaku.items())),
        **counts,
    )


def seat_totals(state: GameState) -> tuple[PlayerTotals, PlayerTotals, PlayerTotals, PlayerTotals]:
    """Each seat's counts in one finished game, seat 0 first, whoever sat there (:func:`line_totals` shares a seat
    a substitute took among those who sat there; the lines of a seat add up to this).

    Raises:
        IllegalActionError: the game has not ended (statistics count finished games only).
    """
    _finished(state)
    final = state.final
    assert final is not None
    hands = len(state.hands)
    counts, largest, yaku = _count(state, [[seat] * hands for seat in Seat], 4)
    out = [
        _totals(
            counts[seat],
            largest[seat],
            yaku[seat],
            points_tenths=final.points_tenths[seat],
            place=final.places[seat],
            busted=final.scores[seat] < 0,
        )
        for seat in Seat
    ]
    return (out[0], out[1], out[2], out[3])


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerLine:
    """One player's line of one finished game: the seat, who sat there, and their counts.

    Attributes:
        seat: the seat.
        player: the name at the table.
        totals: their counts (:func:`line_totals`).
    """

    seat: Seat
    player: str
    totals: PlayerTotals


def line_totals(state: GameState) -> tuple[PlayerLine, ...]:
    """Each player's counts in one finished game: a line per seat, seat 0 first, and for a seat a substitute took
    during the game a line for each who sat there, in the order they sat (the standings' ``seat_shares`` order).

    The hands are counted for whoever sat at the seat in each; the points are the standings' shares (penalties
    included); the seat's place, and a bust, are the one's who finished the game there.

    Raises:
        IllegalActionError: the game has not ended (statistics count finished games only).
    """
    _finished(state)
    final = state.final
    assert final is not None
    shares = seat_shares(state, final)
    hands = len(state.hands)
    owner: list[list[int]] = [[0] * hands for _ in Seat]
    for index, share in enumerate(shares):
        for hand in range(min(share.first_hand, hands), hands):
            owner[share.seat][hand] = index  # a later share of the seat overwrites from its first hand on
    counts, largest, yaku = _count(state, owner, len(shares))
    return tuple(
        PlayerLine(
            seat=share.seat,
            player=share.player,
            totals=_totals(
                counts[index],
                largest[index],
                yaku[index],
                points_tenths=share.points_tenths + share.penalties_tenths,
                place=share.place,
                busted=share.place is not None and final.scores[share.seat] < 0,
            ),
        )
        for index, share in enumerate(shares)
    )


_SEATS = (0, 1, 2, 3)


@dataclass(frozen=True, slots=True, kw_only=True)
class GameLines:
    """One finished game as statistics see it: when, under which rules, who sat where, and each line's counts.

    A line is one player's part of a seat (:func:`line_totals`): four lines, one per seat, or more when a substitute
    took a seat during the game (``seats`` then names a seat more than once, in the order they sat).

    Attributes:
        game_id: the game's id in its store (0 for a game read from a record).
        played: the day the game was played (or created).
        ruleset: the ruleset's preset name (``tenhou``, ``ema2016``...).
        players: each line's player identity; None for a guest.
        rows: each line's counts as a row (:data:`ROW_FIELDS`).
        yaku: each line's yaku counts (none given: none for every line).
        seats: each line's seat (0 East), seat order: ``(0, 1, 2, 3)`` for a game without a substitute.
    """

    game_id: int
    played: datetime.date
    ruleset: str
    players: tuple[str | None, ...]
    rows: tuple[Row, ...]
    yaku: tuple[YakuCounts, ...] = ()
    seats: tuple[int, ...] = _SEATS

    def __post_init__(self) -> None:
        if not self.yaku:
            object.__setattr__(self, "yaku", ((),) * len(self.rows))
        _check_seats(self.seats)
        count = len(self.seats)
        if len(self.rows) != count or any(len(row) != len(ROW_FIELDS) for row in self.rows):
            raise IllegalActionError(f"a game has a line of {len(ROW_FIELDS)} counts per seat and substitute")
        if len(self.players) != count or len(self.yaku) != count:
            raise IllegalActionError(f"a game of {count} lines has {count} identities and {count} yaku counts")

    @property
    def lines(self) -> tuple[PlayerTotals, ...]:
        """Each line's totals, in line order."""
        return tuple(PlayerTotals.from_row(row, yaku) for row, yaku in zip(self.rows, self.yaku, strict=True))

    def lines_of(self, player: str) -> tuple[int, ...]:
        """The lines of ``player`` in this game (normally one)."""
        return tuple(line for line, who in enumerate(self.players) if who == player)


def _check_seats(seats: Sequence[int]) -> None:
    if seats is _SEATS:
        return  # the usual four lines, as parse_lines and GameLines give them
    if not (
        len(seats) >= 4
        and all(isinstance(seat, int) and 0 <= seat <= 3 for seat in seats)
        and list(seats) == sorted(seats)
        and set(seats) == set(_SEATS)
    ):
        raise IllegalActionError(
            f"statistics lines: a game's lines are every seat 0 to 3 in order, got {tuple(seats)!r:.80}"
        )


def format_lines(rows: Sequence[Row], yaku: Sequence[YakuCounts], seats: Sequence[int] = _SEATS) -> str:
    """A game's lines as compact text (storage caches them), read back by :func:`parse_lines`.

    The rows, comma-separated integers, are separated by ``;``; the yaku counts follow a ``|`` as JSON
    (``[[["riichi", 1], ...], [], [], []]``) when any line has some; a game with a substitute's lines end with
    ``@`` and each line's seat (``@0,1,1,2,3``). Integers parse far faster than JSON objects, and a league table
    reads ten thousand of these.
    """
    text = ";".join(",".join(str(v) for v in row) for row in rows)
    if any(yaku):
        text += "|" + json.dumps([[list(pair) for pair in counts] for counts in yaku], separators=(",", ":"))
    if tuple(seats) != _SEATS:
        text += "@" + ",".join(str(seat) for seat in seats)
    return text


def parse_lines(text: str) -> tuple[tuple[Row, ...], tuple[YakuCounts, ...], tuple[int, ...]]:
    """The rows, yaku counts and seats :func:`format_lines` wrote.

    Raises:
        IllegalActionError: the text is not a row of integers per line, the optional yaku counts and seats.
    """
    body, _, seat_text = text.partition("@")
    head, _, tail = body.partition("|")
    width = len(ROW_FIELDS)
    try:
        parts = head.split(";")
        # One split and one int() pass over every line's numbers (a league table reads ten thousand games).
        values = tuple(map(int, head.replace(";", ",").split(",")))
        seats = tuple(map(int, seat_text.split(","))) if seat_text else _SEATS
        yaku = json.loads(tail) if tail else None
    except ValueError:
        raise IllegalActionError(f"statistics lines must be rows of integers, got {text[:80]!r}") from None
    if len(parts) != len(seats) or len(values) != width * len(parts) or any(p.count(",") != width - 1 for p in parts):
        raise IllegalActionError(f"statistics lines must be a row of {width} integers per line, got {text[:80]!r}")
    rows = tuple(values[k : k + width] for k in range(0, len(values), width))
    _check_seats(seats)
    if yaku is None:
        return rows, ((),) * len(rows), seats
    if (
        not isinstance(yaku, list)
        or len(yaku) != len(rows)
        or not all(
            isinstance(c, list)
            and all(isinstance(p, list) and len(p) == 2 and isinstance(p[0], str) and _is_count(p[1]) for p in c)
            for c in yaku
        )
    ):
        raise IllegalActionError(
            f"statistics lines: the yaku must be a list of (yaku, count) per line, got {tail[:80]!r}"
        )
    counts = tuple(tuple((p[0], p[1]) for p in c) for c in yaku)
    return rows, counts, seats


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def game_lines(
    state: GameState,
    *,
    game_id: int = 0,
    played: datetime.date,
    players: Sequence[str | None] | None = None,
) -> GameLines:
    """The statistics lines of one finished game (:func:`line_totals`).

    Args:
        state: the game's state after its whole log (it must have ended).
        game_id: the game's id in its store.
        played: the day it was played.
        players: each line's identity (None: a guest), in :func:`line_totals` order (one per seat without a
            substitute); the names at the table if not given.

    Raises:
        IllegalActionError: the game has not ended, or ``players`` is not one entry per line.
    """
    lines = line_totals(state)
    who = tuple(line.player for line in lines) if players is None else tuple(players)
    if len(who) != len(lines):
        raise IllegalActionError(
            f"this game has {len(lines)} lines (seats and substitutes), got {len(who)} player identities"
        )
    return GameLines(
        game_id=game_id,
        played=played,
        ruleset=state.rules.preset,
        players=who,
        rows=tuple(line.totals.to_row() for line in lines),
        yaku=tuple(line.totals.yaku for line in lines),
        seats=tuple(int(line.seat) for line in lines),
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class Selection:
    """Which finished games count. Every condition given must hold; an empty selection takes every game.

    Attributes:
        since: the first day (inclusive).
        until: the last day (inclusive).
        ruleset: the preset name.
        game_ids: only these games (a tournament's, for instance).
        opponents: only games in which all of these sat (for a player's games "with" given people).
    """

    since: datetime.date | None = None
    until: datetime.date | None = None
    ruleset: str | None = None
    game_ids: frozenset[int] | None = None
    opponents: frozenset[str] = frozenset()

    def matches(self, game: GameLines) -> bool:
        """Whether ``game`` is in the selection."""
        return (
            (self.since is None or game.played >= self.since)
            and (self.until is None or game.played <= self.until)
            and (self.ruleset is None or game.ruleset == self.ruleset)
            and (self.game_ids is None or game.game_id in self.game_ids)
            and self.opponents.issubset(game.players)
        )


def player_statistics(games: Iterable[GameLines], player: str, selection: Selection = Selection()) -> PlayerTotals:
    """``player``'s totals over the selected games (all zero if they played none)."""
    part = _Part()
    for game in games:
        if selection.matches(game):
            for line in game.lines_of(player):
                part.add(game, line)
    return part.total()


def club_totals(games: Iterable[GameLines], selection: Selection = Selection()) -> PlayerTotals:
    """Every line's totals over the selected games, guests included: the club's average player (its rates are
    the club's rates, its averages the club's averages)."""
    part = _Part()
    for game in games:
        if selection.matches(game):
            for line in range(len(game.rows)):
                part.add(game, line)
    return part.total()


def moving_average(values: Sequence[int], window: int) -> tuple[Fraction, ...]:
    """The mean of each value and the ``window - 1`` before it (fewer at the start), exactly.

    Raises:
        IllegalActionError: a window below 1.
    """
    if window < 1:
        raise IllegalActionError(f"a moving average needs a window of at least 1, got {window}")
    out = []
    total = 0
    for index, value in enumerate(values):
        total += value
        if index >= window:
            total -= values[index - window]
        out.append(Fraction(total, min(index + 1, window)))
    return tuple(out)


def league_table(games: Iterable[GameLines], selection: Selection = Selection()) -> dict[str, PlayerTotals]:
    """Every player's totals over the selected games (guests left out), in one pass."""
    parts: dict[str, _Part] = {}
    for game in games:
        if selection.matches(game):
            for line, player in enumerate(game.players):
                if player is not None:
                    if player not in parts:
                        parts[player] = _Part()
                    parts[player].add(game, line)
    return {player: part.total() for player, part in parts.items()}


class _Part:
    """Lines gathered to be added up at once: rows column by column, yaku in one counter."""

    __slots__ = ("rows", "yaku")

    def __init__(self) -> None:
        self.rows: list[Row] = []
        self.yaku: list[YakuCounts] = []

    def add(self, game: GameLines, line: int) -> None:
        self.rows.append(game.rows[line])
        if game.yaku[line]:
            self.yaku.append(game.yaku[line])

    def total(self) -> PlayerTotals:
        return PlayerTotals.from_row(_sum_rows(self.rows), _sum_yaku(self.yaku))


def _sum_rows(rows: Sequence[Row]) -> Row:
    """Rows added column by column; the largest win is the largest, not a sum."""
    if not rows:
        return (0,) * len(ROW_FIELDS)
    columns = [sum(column) for column in zip(*rows, strict=True)]
    columns[_LARGEST] = max(row[_LARGEST] for row in rows)
    return tuple(columns)


def _sum_yaku(counts: Sequence[YakuCounts]) -> YakuCounts:
    if not counts:
        return ()
    total: Counter[str] = Counter()
    for pairs in counts:
        for name, count in pairs:
            total[name] += count
    return tuple(sorted(total.items()))


@dataclass(frozen=True, slots=True, kw_only=True)
class HeadToHead:
    """A player's results in the games they played against one opponent.

    Attributes:
        opponent: the opponent's identity.
        totals: the player's totals over those games.
        opponent_totals: the opponent's totals over the same games.
    """

    opponent: str
    totals: PlayerTotals
    opponent_totals: PlayerTotals


def head_to_head(
    games: Iterable[GameLines], player: str, *, min_games: int = 1, selection: Selection = Selection()
) -> tuple[HeadToHead, ...]:
    """``player`` against each opponent met in at least ``min_games`` selected games, the most met first."""
    mine: dict[str, _Part] = {}
    theirs: dict[str, _Part] = {}
    for game in games:
        own_lines = game.lines_of(player)
        if not own_lines or not selection.matches(game):
            continue
        # Who took a seat from this player during the game (or whose seat they took) sat there instead of them:
        # they did not play each other.
        own_seats = {game.seats[line] for line in own_lines}
        for line, other in enumerate(game.players):
            if other is None or other == player or game.seats[line] in own_seats:
                continue
            if other not in mine:
                mine[other], theirs[other] = _Part(), _Part()
            for own in own_lines:
                mine[other].add(game, own)
            theirs[other].add(game, line)
    out = [
        HeadToHead(opponent=other, totals=part.total(), opponent_totals=theirs[other].total())
        for other, part in mine.items()
        if len(part.rows) >= min_games
    ]
    return tuple(sorted(out, key=lambda h: (-h.totals.games, h.opponent)))


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerGame:
    """One of a player's games, for the points-over-time chart.

    Attributes:
        game_id: the game's id.
        played: the day.
        place: the player's place; None for a game they left during play (the place is the one's who finished it).
        points_tenths: the player's plus-minus, in tenths of a point.
    """

    game_id: int
    played: datetime.date
    place: int | None
    points_tenths: int


def player_history(
    games: Iterable[GameLines], player: str, selection: Selection = Selection()
) -> tuple[PlayerGame, ...]:
    """``player``'s selected games in the order played (by day, then game id)."""
    out = []
    for game in games:
        if not selection.matches(game):
            continue
        for line in game.lines_of(player):
            row = game.rows[line]
            out.append(
                PlayerGame(
                    game_id=game.game_id,
                    played=game.played,
                    place=row[1:5].index(1) + 1 if 1 in row[1:5] else None,
                    points_tenths=row[_POINTS],
                )
            )
    return tuple(sorted(out, key=lambda g: (g.played, g.game_id)))


def round_half_up(value: Fraction, places: int) -> Decimal:
    """An exact fraction rounded to ``places`` decimals, halves away from zero (the CLI's and the card's figures)."""
    quantum = Decimal(1).scaleb(-places)
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return exact.quantize(quantum, rounding=ROUND_HALF_UP)
