"""The refusals a user meets at the table carry a stable code and the values they name, so a window can word them in
its language; the English message (records, logs, the command line) is exactly what it was."""

from __future__ import annotations

import pickle
from collections.abc import Callable
from pathlib import Path

import pytest

from scorekeeper.engine.hand import Meld, MeldKind
from scorekeeper.engine.tiles import Tile, parse_tiles
from scorekeeper.errors import (
    ErrorCode,
    InvalidHandError,
    NotWinningError,
    NoYakuError,
    ScorekeeperError,
    TileParseError,
)
from scorekeeper.session import (
    EndGame,
    HanFuWin,
    LastHandCalled,
    PlayerReplaced,
    RiichiDeclared,
    Ron,
    Seat,
    Session,
    Tsumo,
    ruleset,
)
from scorekeeper.session.draft import EntryTarget, RiichiDraft
from scorekeeper.storage.files import read_bytes
from scorekeeper.storage.tournament_export import read_csv_text
from scorekeeper.tournament import TournamentSettings

PLAYERS = ("Ann", "Bo", "Cy", "Di")


def _session() -> Session:
    return Session.start(ruleset("tenhou"), PLAYERS)


def _raised(action: Callable[[], object]) -> ScorekeeperError:
    with pytest.raises(ScorekeeperError) as caught:
        action()
    return caught.value


@pytest.mark.parametrize(
    ("text", "code", "position"),
    [
        ("12x3m", ErrorCode.TILE_UNEXPECTED_CHARACTER, 2),
        ("m123", ErrorCode.TILE_NO_DIGITS, 0),
        ("123m8z", ErrorCode.TILE_NO_SUCH_TILE, 4),
        ("123m0z", ErrorCode.TILE_NO_SUCH_TILE, 4),
        ("123m45", ErrorCode.TILE_NO_SUIT, 4),
    ],
    ids=["unexpected-character", "letter-without-digits", "no-8z", "no-red-honour", "digits-without-letter"],
)
def test_tile_notation_refusals_carry_what_is_wrong_where(text: str, code: ErrorCode, position: int) -> None:
    error = _raised(lambda: parse_tiles(text))
    assert isinstance(error, TileParseError)
    assert (error.code, error.position) == (code, position)
    assert dict(error.fields) == {"text": text, "position": position}


def test_riichi_below_1000_points_carries_the_player_and_points_with_the_message_unchanged() -> None:
    session = _session()
    session.apply(Ron(Seat(0), (HanFuWin(seat=Seat(1), han=6, fu=30),)))  # a haneman each: 25,000 -> 1,000
    session.apply(Ron(Seat(0), (HanFuWin(seat=Seat(2), han=6, fu=30),)))
    session.apply(Tsumo(HanFuWin(seat=Seat(3), han=1, fu=30)))  # 300 from a non-dealer
    points = session.state.scores[0]
    assert points == 700
    error = _raised(lambda: session.apply(RiichiDeclared(Seat(0))))
    assert str(error) == f"seat 0 (Ann) has {points} points: riichi needs 1000 under ruleset 'tenhou'"
    assert error.code is ErrorCode.RIICHI_TOO_FEW_POINTS
    assert dict(error.fields) == {"player": "Ann", "points": points}


@pytest.mark.parametrize(
    ("name", "act", "code", "fields", "message"),
    [
        (
            "riichi twice",
            lambda s: (s.apply(RiichiDeclared(Seat(1))), s.apply(RiichiDeclared(Seat(1)))),
            ErrorCode.RIICHI_ALREADY_DECLARED,
            {"player": "Bo"},
            "seat 1 (Bo) already declared riichi this hand",
        ),
        ("undo", lambda s: s.undo(), ErrorCode.NOTHING_TO_UNDO, {}, None),
        ("redo", lambda s: s.redo(), ErrorCode.NOTHING_TO_REDO, {}, None),
        (
            "after the end",
            lambda s: (s.apply(EndGame()), s.apply(RiichiDeclared(Seat(0)))),
            ErrorCode.GAME_ENDED,
            {"hands": 0, "reason": "referee"},
            "the game has already ended (referee) after 0 hands; RiichiDeclared refused",
        ),
        (
            "time called twice",
            lambda s: (s.apply(LastHandCalled()), s.apply(LastHandCalled())),
            ErrorCode.LAST_HAND_ALREADY_CALLED,
            {"hand": "E1"},
            None,
        ),
        (
            "substitute already seated",
            lambda s: s.apply(PlayerReplaced(seat=Seat(0), player="Bo")),
            ErrorCode.SUBSTITUTE_ALREADY_SEATED,
            {"player": "Bo", "seat": 0, "leaving": "Ann"},
            "Bo already sits at this table: a substitute for seat 0 (Ann) must be someone else",
        ),
        (
            "substitute for themself",
            lambda s: s.apply(PlayerReplaced(seat=Seat(0), player="Ann")),
            ErrorCode.SUBSTITUTE_SAME_PLAYER,
            {"player": "Ann", "seat": 0},
            "Ann already sits at seat 0: nobody to replace",
        ),
        (
            "ron from own discard",
            lambda s: Ron(Seat(1), (HanFuWin(seat=Seat(1), han=1, fu=30),)),
            ErrorCode.RON_FROM_OWN_DISCARD,
            {"seat": 1},
            "seat 1 cannot win on their own discard (ron from themself)",
        ),
        (
            "impossible han and fu",
            lambda s: Ron(Seat(0), (HanFuWin(seat=Seat(1), han=1, fu=20),)),
            ErrorCode.HAN_FU_IMPOSSIBLE,
            {"seat": 1, "han": 1, "fu": 20, "tsumo": False},
            None,
        ),
        (
            "impossible han and fu, named with the hand",
            lambda s: s.ron(Seat(0), (HanFuWin(seat=Seat(1), han=1, fu=20),)),
            ErrorCode.HAND_REFUSED,
            None,
            None,
        ),
    ],
    ids=lambda value: value if isinstance(value, str) and " " in value else "",
)
def test_a_session_refusal_carries_its_code_and_fields(
    name: str,
    act: Callable[[Session], object],
    code: ErrorCode,
    fields: dict[str, object] | None,
    message: str | None,
) -> None:
    error = _raised(lambda: act(_session()))
    assert error.code is code, name
    if fields is not None:
        assert dict(error.fields) == fields
    if message is not None:
        assert str(error) == message  # the English the records and the command line show, as before


def test_a_hand_refused_in_play_names_the_hand_and_carries_the_inner_refusal() -> None:
    error = _raised(lambda: _session().ron(Seat(0), (HanFuWin(seat=Seat(1), han=1, fu=20),)))
    assert isinstance(error, InvalidHandError)
    inner = error.fields["error"]
    assert isinstance(inner, ScorekeeperError)
    assert inner.code is ErrorCode.HAN_FU_IMPOSSIBLE
    assert error.fields["hand"] == "E1"
    assert str(error) == f"E1: {inner}"


def test_file_refusals_carry_their_code(tmp_path: Path) -> None:
    missing = _raised(lambda: read_bytes(tmp_path / "nothing.csv"))
    assert missing.code is ErrorCode.FILE_UNREADABLE
    assert missing.fields["path"] == str(tmp_path / "nothing.csv")
    assert _raised(lambda: read_bytes(tmp_path)).code is ErrorCode.FILE_UNREADABLE  # a folder
    big = tmp_path / "big.csv"
    big.write_bytes(b"x" * 11)
    too_large = _raised(lambda: read_bytes(big, max_bytes=10))
    assert (too_large.code, too_large.fields["bytes"]) == (ErrorCode.FILE_TOO_LARGE, 10)
    latin = tmp_path / "latin.csv"
    latin.write_bytes("name\nJosé\n".encode("latin-1"))
    not_utf8 = _raised(lambda: read_csv_text(latin, "a players CSV"))
    assert (not_utf8.code, not_utf8.fields["byte"]) == (ErrorCode.FILE_NOT_UTF8, 8)


def test_a_tournament_without_a_name_carries_its_code() -> None:
    error = _raised(lambda: TournamentSettings(name=" ", dates=("2026-05-01",)))
    assert error.code is ErrorCode.TOURNAMENT_NAME_EMPTY
    assert str(error) == "the tournament's name must not be empty"


@pytest.mark.parametrize("kind", [ScorekeeperError, NoYakuError, NotWinningError])
def test_an_error_without_a_code_has_none_and_no_fields(kind: type[ScorekeeperError]) -> None:
    # NoYakuError and NotWinningError keep the built-in constructor (bulk scoring raises them per refused hand).
    error = kind("something")
    assert (str(error), error.code, dict(error.fields)) == ("something", None, {})


@pytest.mark.parametrize(
    ("overrides", "code", "fields"),
    [
        ({"uma": [25, 10, -10, -20]}, ErrorCode.RULES_UMA_SUM, {"uma": (25, 10, -10, -20)}),
        ({"uma": [10, 20, -10, -20]}, ErrorCode.RULES_UMA_ORDER, {"uma": (10, 20, -10, -20)}),
        (
            {"start_points": 25050},
            ErrorCode.RULES_NOT_A_MULTIPLE,
            {"knob": "start_points", "value": 25050, "step": 100},
        ),
        ({"honba_points": 100}, ErrorCode.RULES_NOT_A_MULTIPLE, {"knob": "honba_points", "value": 100, "step": 300}),
        ({"triple_ron": "allowed", "double_ron": False}, ErrorCode.RULES_TRIPLE_RON_NEEDS_DOUBLE, {}),
    ],
    ids=["uma-sum", "uma-order", "start-points", "honba", "triple-ron"],
)
def test_a_table_knob_out_of_range_carries_its_code(
    overrides: dict[str, object], code: ErrorCode, fields: dict[str, object]
) -> None:
    error = _raised(lambda: ruleset("tenhou", overrides))
    assert (error.code, dict(error.fields)) == (code, fields)


def test_a_chi_of_tiles_that_make_no_run_carries_its_code_and_the_engine_words() -> None:
    draft = RiichiDraft()
    draft.set_target(EntryTarget.CHI)
    for tile in ("1m", "3m", "5m"):
        draft.tap_tile(Tile.parse(tile))
    notice = draft.notice
    assert notice is not None and notice.error is not None
    assert (notice.error.code, dict(notice.error.fields)) == (ErrorCode.CHI_NOT_A_RUN, {"tiles": "135m"})
    with pytest.raises(InvalidHandError) as engine:
        Meld(MeldKind.CHI, tuple(Tile.parse(t) for t in ("1m", "3m", "5m")))
    assert str(notice.error) == str(engine.value)


def test_an_error_with_a_code_crosses_to_another_process_whole() -> None:
    error = _raised(lambda: _session().undo())
    copy = pickle.loads(pickle.dumps(error))
    assert (type(copy), str(copy), copy.code, dict(copy.fields)) == (type(error), str(error), error.code, {})
    refused = _raised(lambda: ruleset("tenhou", {"uma": [25, 10, -10, -20]}))
    copy = pickle.loads(pickle.dumps(refused))
    assert (copy.code, dict(copy.fields)) == (ErrorCode.RULES_UMA_SUM, {"uma": (25, 10, -10, -20)})
