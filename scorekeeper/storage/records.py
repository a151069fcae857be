"""Single games as files: game-record JSON (import and export) and CSV (hand history and final results).

The JSON is the public ``scorekeeper-game`` version 1 format of issue 3, built and read by
:mod:`scorekeeper.session.record`; this module does the file side: bounded, strict reading and atomic writing.
A record holds finished hands, penalties and a referee's end; a riichi declared in a hand still being played and
the redo list are not part of it (the database keeps those).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Sequence
from pathlib import Path

from scorekeeper.errors import IllegalActionError, SaveFileError, ScorekeeperError, UnsupportedVersionError
from scorekeeper.session.events import result_to_json
from scorekeeper.session.reasons import word_reason
from scorekeeper.session.record import format_record, parse_record, record_from_session, session_from_record
from scorekeeper.session.session import Session
from scorekeeper.session.sheet import HandRow, game_sheet
from scorekeeper.session.state import GameState
from scorekeeper.storage._jsontext import JsonTextError, dump_json, load_json
from scorekeeper.storage.files import MAX_RECORD_BYTES, read_bytes, write_atomically
from scorekeeper.storage.store import GameStore

__all__ = [
    "export_game_csv",
    "export_game_record",
    "export_hands_csv",
    "export_results_csv",
    "format_game_csv",
    "format_hands_csv",
    "format_results_csv",
    "import_game_record",
    "read_game_record_file",
    "write_game_record_file",
]


def read_game_record_file(path: Path) -> Session:
    """The session a game-record JSON file describes.

    Raises:
        UnsupportedVersionError: the record's version is not one this program reads.
        SaveFileError: the file cannot be read, is not JSON, is not a valid record, or has a hand the table
            refuses (the message names the file and the hand).
    """
    path = Path(path)
    data = read_bytes(path, max_bytes=MAX_RECORD_BYTES, what="a game record (a long game is a few KB)")
    try:
        obj = load_json(data, max_chars=MAX_RECORD_BYTES)
    except JsonTextError as error:
        raise SaveFileError(f"{path}: not a game record: {error}", path=path) from None
    try:
        return session_from_record(parse_record(obj))
    except UnsupportedVersionError as error:
        raise UnsupportedVersionError(f"{path}: {error}", path=path) from None
    except ScorekeeperError as error:
        raise SaveFileError(f"{path}: {error}", path=path) from None


def write_game_record_file(path: Path, session: Session) -> None:
    """Write the session's game record as JSON (UTF-8, indented), atomically.

    Raises:
        SaveFileError: the file cannot be written (an existing file is left as it was).
    """
    text = dump_json(format_record(record_from_session(session)), indent=2) + "\n"
    write_atomically(Path(path), text.encode("utf-8"))


def import_game_record(store: GameStore, path: Path) -> int:
    """Read a game-record file and store it as a new game; return the game's id.

    Raises:
        UnsupportedVersionError: the record's version is not one this program reads.
        SaveFileError: the file is not a valid record, or the database cannot be written (nothing is stored then).
    """
    return store.start_game(read_game_record_file(path))


def export_game_record(store: GameStore, game_id: int, path: Path) -> None:
    """Write a stored game as a game-record file, atomically.

    Raises:
        SaveFileError: the game is missing or damaged, or the file cannot be written.
    """
    write_game_record_file(path, store.load_session(game_id))


# -- CSV -----------------------------------------------------------------------------------------------------------

# Spreadsheets run a cell that starts with one of these as a formula ("CSV injection"; OWASP lists = + - @ tab and
# carriage return; a line feed hides a formula on the cell's second line the same way: issue 10). Player names and
# reasons are free text, so such a cell gets a leading apostrophe, which spreadsheets show as plain text.
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n")


def _text(value: str) -> str:
    # A NUL would cut the cell short in some readers: a name stored before import refused them loses it here.
    value = value.replace("\x00", "")
    return "'" + value if value.startswith(_FORMULA_STARTS) else value


def _tenths(value: int) -> str:
    """Tenths of a point as a decimal with one place: 455 -> ``45.5``, -120 -> ``-12.0``."""
    sign = "-" if value < 0 else ""
    whole, tenth = divmod(abs(value), 10)
    return f"{sign}{whole}.{tenth}"


def _csv(rows: Sequence[Sequence[object]]) -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")  # RFC 4180 line ends
    writer.writerows(rows)
    # With a byte-order mark, spreadsheet programs read the names as UTF-8 instead of guessing a local code page.
    return buffer.getvalue().encode("utf-8-sig")


def format_hands_csv(state: GameState) -> bytes:
    """The hand history as CSV: one row per finished hand, each seat's change and score after it.

    Columns: ``hand`` (1, 2...), ``label`` (E1...), ``honba``, ``riichi`` (seats, space separated), ``result``
    (ron, tsumo, draw...), ``details`` (the record format's RESULT object as JSON), then ``<name> change`` and
    ``<name> score`` per seat, and ``riichi_sticks`` left on the table.
    """
    names = [_text(p) for p in state.players]
    header = [
        "hand",
        "label",
        "honba",
        "riichi",
        "result",
        "details",
        *(f"{n} change" for n in names),
        *(f"{n} score" for n in names),
        "riichi_sticks",
    ]
    rows: list[list[object]] = [list(header)]
    for number, hand in enumerate(state.hands, start=1):
        result = result_to_json(hand.record.result)
        rows.append(
            [
                number,
                hand.label,
                hand.honba,
                " ".join(str(int(s)) for s in hand.record.riichi),
                result["type"],
                dump_json(result),
                *hand.deltas,
                *hand.scores,
                hand.riichi_sticks,
            ]
        )
    return _csv(rows)


def format_results_csv(state: GameState) -> bytes:
    """The final results as CSV: one row per seat, then one row per penalty applied after uma.

    Columns: ``seat``, ``player``, ``score`` (after leftover sticks), ``place``, ``points`` (plus-minus after
    penalties), ``points_before_penalties``; penalty rows give ``seat``, ``player``, the points in ``score`` and
    the reason in ``place``'s place, under a ``penalty`` heading.

    Raises:
        IllegalActionError: the game has not ended, so there is no result yet.
    """
    final = state.final
    if not state.ended or final is None:
        raise IllegalActionError(f"the game has no final result yet: it is still in {state.hand_label}")
    sheet = game_sheet(state)
    rows: list[list[object]] = [["seat", "player", "score", "place", "points", "points_before_penalties"]]
    for seat in range(4):
        rows.append(
            [
                seat,
                _text(sheet.seat_names[seat]),  # the seat's result: "Bo / Sub" where a substitute took it
                final.scores[seat],
                final.places[seat],
                _tenths(final.points_tenths[seat]),
                _tenths(final.points_before_penalties_tenths[seat]),
            ]
        )
    if final.penalties:
        rows.append([])
        rows.append(["penalty seat", "player", "table points", "reason"])
        rows.extend(
            [int(p.seat), _text(who), p.points, _text(p.reason)]
            for p, who in zip(final.penalties, sheet.penalty_players, strict=True)
        )
    return _csv(rows)


def _names(row: HandRow, seats: Sequence[int]) -> str:
    return " / ".join(_text(row.players[s]) for s in seats)


def _same(text: str) -> str:
    return text


#: The readable CSV's hand columns before the players' (see :func:`format_game_csv`).
_HAND_COLUMNS = (
    "hand",
    "label",
    "honba",
    "replay",
    "result",
    "winners",
    "discarder",
    "han",
    "fu",
    "yakuman",
    "limit",
    "classical value",
    "pao",
    "riichi",
    "tenpai",
    "abort",
    "chombo",
    "chombo points",
)


def _hand_cells(row: HandRow, tr: Callable[[str], str] = _same) -> list[object]:
    """A hand's cells, naming who sat at each seat in that hand (a substitute only from their first hand on)."""

    def each(values: Sequence[object]) -> str:
        # One value per winner, in the winners' order (a double ron has two); blank where a winner has none.
        shown = ["" if v is None else str(v) for v in values]
        return " / ".join(shown) if any(shown) else ""

    wins = row.wins
    return [
        row.number,
        row.label,
        row.honba,
        tr("yes") if row.replay else "",
        tr(row.kind),
        _names(row, [w.seat for w in wins]),
        "" if row.discarder is None else _text(row.players[row.discarder]),
        each([w.han for w in wins]),
        each([w.fu for w in wins]),
        each([w.yakuman or None for w in wins]),
        each([tr(w.limit.value) if w.limit else None for w in wins]),
        each([w.points for w in wins]),
        each([None if w.pao is None else _text(row.players[w.pao]) for w in wins]),
        _names(row, row.riichi),
        _names(row, row.tenpai),
        tr(row.abort) if row.abort else "",
        "" if row.chombo is None else _text(row.players[row.chombo]),
        row.chombo_points or "",
        *row.deltas,
        *row.scores,
        row.riichi_sticks,
    ]


def format_game_csv(state: GameState, translate: Callable[[str], str] = _same) -> bytes:
    """A game as one spreadsheet a person reads: one row per hand, then the final table (issue 12).

    Hands: ``hand`` (1, 2...), ``label`` (E1...), ``honba``, ``replay`` (``yes`` for the hand replayed after a
    chombo), ``result`` (ron, tsumo, draw, nagashi, abort, chombo), ``winners``, ``discarder``, ``han``, ``fu``,
    ``yakuman``, ``limit``, ``classical value`` (table points), ``pao``, ``riichi``, ``tenpai``, ``abort``,
    ``chombo``, ``chombo points`` (paid at the hand, or taken after uma), ``<name> change`` and ``<name> score``
    per player, ``riichi sticks`` left. Names stand for players; several winners' values are ``/``-separated in
    the winners' order. After a blank row, the final table (the standings so far for a running game):
    ``place``, ``seat`` (1-4, seat 1 the first dealer), ``player``, ``score``, ``uma/oka``, ``penalties``,
    ``points``; then the penalties taken after uma. Every figure is the session's (``game_sheet``).

    The headings and words (``yes``, ``ron``, ``mangan``...) pass through ``translate``
    (``storage.record_words.record_translator``, or the app's translator); figures, names and labels do not.
    """
    tr = translate
    sheet = game_sheet(state)
    seat_names = [_text(p) for p in sheet.seat_names]  # "Bo / Sub" for a seat a substitute took during the game
    rows: list[list[object]] = [
        [
            *(tr(word) for word in _HAND_COLUMNS),
            *(tr("{name} change").format(name=n) for n in seat_names),
            *(tr("{name} score").format(name=n) for n in seat_names),
            tr("riichi sticks"),
        ]
    ]
    rows.extend(_hand_cells(row, tr) for row in sheet.hands)
    rows.append([])
    rows.append([tr("final table") if sheet.ended else tr("standings (game not ended)")])
    rows.append([tr(word) for word in ("place", "seat", "player", "score", "uma/oka", "penalties", "points")])
    for final in sheet.final:
        rows.append(
            [
                final.place,
                int(final.seat) + 1,
                seat_names[final.seat],  # the seat's result: "Bo / Sub" where a substitute took it
                final.score,
                "" if final.uma_oka_tenths is None else _tenths(final.uma_oka_tenths),
                final.penalties or "",
                _tenths(final.points_tenths),
            ]
        )
    if sheet.substituted:
        # Who is credited with what at every seat (seat_shares, as the tournament standings): the one who left
        # has the seat's change while they sat, the one who finished the rest with the place.
        rows.append([])
        rows.append([tr("players credited")])
        rows.append([tr("seat"), tr("player"), tr("first hand"), tr("points")])
        rows.extend(
            [int(x.seat) + 1, _text(x.player), x.first_hand + 1, _tenths(x.points_tenths + x.penalties_tenths)]
            for x in sheet.shares
        )
    if sheet.penalties:
        rows.append([])
        rows.append([tr("penalties after uma")])
        rows.append([tr(word) for word in ("seat", "player", "points", "reason")])
        rows.extend(
            [int(p.seat) + 1, _text(who), p.points, _text(word_reason(p.reason, tr))]
            for p, who in zip(sheet.penalties, sheet.penalty_players, strict=True)
        )
    return _csv(rows)


def export_game_csv(session: Session, path: Path, translate: Callable[[str], str] = _same) -> None:
    """Write :func:`format_game_csv` to a file, atomically, its words through ``translate``.

    Raises:
        SaveFileError: the file cannot be written.
    """
    write_atomically(Path(path), format_game_csv(session.state, translate))


def export_hands_csv(session: Session, path: Path) -> None:
    """Write the hand history as a CSV file, atomically (see :func:`format_hands_csv`).

    Raises:
        SaveFileError: the file cannot be written.
    """
    write_atomically(Path(path), format_hands_csv(session.state))


def export_results_csv(session: Session, path: Path) -> None:
    """Write the final results as a CSV file, atomically (see :func:`format_results_csv`).

    Raises:
        IllegalActionError: the game has not ended.
        SaveFileError: the file cannot be written.
    """
    write_atomically(Path(path), format_results_csv(session.state))
