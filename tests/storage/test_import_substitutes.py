"""A substitute in an imported record joins the registry as the four who sat down do, and the import says how.

Before, the store's triggers bound every imported substitute to the oldest entry of exactly their name, without
asking where several entries carry it (the four who sat down were asked) and without a word in the report. Now the
import asks ``choose`` about a substitute's name as about a seated one, the caller may choose new entries or guests
for every substitute (``SubstituteJoin``), and ``ImportReport.names`` says how each substitute joined.

The record: tenhou, Ann, Bo, Cy and Di; Sub takes Bo's seat (1) after the second hand.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.session.record import format_record, record_from_session
from scorekeeper.storage.imports import (
    NEW_PLAYER,
    ImportedName,
    JoinKind,
    SubstituteJoin,
    import_records,
    read_records,
)
from scorekeeper.storage.registry import (
    Player,
    add_player,
    find_players,
    game_seats,
    game_substitutes,
    list_players,
)
from scorekeeper.storage.store import GameStore
from tests.session.builders import S1, S2, S3, game, hf
from tests.session.test_statistics import game_1
from tests.session.test_statistics_substitution import _substituted


def _write(path: Path, session_record: dict[str, object]) -> Path:
    path.write_text(json.dumps(session_record), encoding="utf-8")
    return path


def _record(tmp_path: Path, *, name: str = "game.json", substitute: str = "Sub", north: str = "Di") -> Path:
    record = format_record(record_from_session(_substituted()))
    record["substitutes"][0]["player"] = substitute
    record["players"][3] = north
    return _write(tmp_path / name, record)


def _new_player(name: str, candidates: tuple[Player, ...], *, substitute: bool) -> int | None:
    """A chooser that answers "a new player of that name"."""
    return NEW_PLAYER


def _default_join(name: str, candidates: tuple[Player, ...], *, substitute: bool) -> int | None:
    """A chooser that leaves the question unanswered (the usual join)."""
    return None


def _bound(store: GameStore, game_id: int) -> int | None:
    (seat,) = game_substitutes(store, game_id)
    return seat.player


def test_a_substitute_whose_name_several_entries_carry_is_asked_about_like_a_seated_player(tmp_path: Path) -> None:
    asked: list[tuple[str, tuple[int, ...], bool]] = []
    with GameStore.open(tmp_path / "g.sqlite3") as store:
        first, second = add_player(store, "Sub"), add_player(store, "SUB")

        def choose(name: str, candidates: tuple[Player, ...], *, substitute: bool) -> int | None:
            asked.append((name, tuple(p.id for p in candidates), substitute))
            return second

        report = import_records(store, read_records(_record(tmp_path)), choose=choose)
        (game_id,) = report.imported
        # The four who sat down have one entry each, or none; the question says the name is a substitute's.
        assert asked == [("Sub", (first, second), True)]
        assert _bound(store, game_id) == second
        assert report.names == (
            ImportedName(
                game_id=game_id,
                where=str(tmp_path / "game.json"),
                seat=1,
                name="Sub",
                substitute=True,
                player=second,
                how=JoinKind.CHOSEN,
                namesakes=2,
            ),
        )


def test_an_answer_for_a_new_player_gives_the_substitute_a_new_entry(tmp_path: Path) -> None:
    with GameStore.open(tmp_path / "g.sqlite3") as store:
        first, second = add_player(store, "Sub"), add_player(store, "sub")
        report = import_records(store, read_records(_record(tmp_path)), choose=_new_player)
        (game_id,) = report.imported
        new = _bound(store, game_id)
        assert new not in (first, second, None)
        assert tuple(p.id for p in find_players(store, "Sub")) == (first, second, new)


def test_unasked_a_substitute_joins_the_oldest_entry_of_their_name_and_the_report_says_so(tmp_path: Path) -> None:
    with GameStore.open(tmp_path / "g.sqlite3") as store:
        first = add_player(store, "Sub")
        add_player(store, "sub")
        report = import_records(store, read_records(_record(tmp_path)))
        (game_id,) = report.imported
        assert _bound(store, game_id) == first
        (said,) = report.names
        assert (said.substitute, said.player, said.how, said.namesakes) == (True, first, JoinKind.EXISTING, 2)


def test_a_substitute_new_to_the_registry_is_reported_as_a_new_player(tmp_path: Path) -> None:
    with GameStore.open(tmp_path / "g.sqlite3") as store:
        report = import_records(store, read_records(_record(tmp_path)))
        (game_id,) = report.imported
        (sub,) = find_players(store, "Sub")
        assert _bound(store, game_id) == sub.id
        (said,) = report.names
        assert (said.player, said.how, said.namesakes) == (sub.id, JoinKind.NEW, 0)


def test_substitutes_may_all_be_new_entries_one_per_name_and_import(tmp_path: Path) -> None:
    # Two records in one import, the same substitute name in both: one new entry, apart from the namesake.
    with GameStore.open(tmp_path / "g.sqlite3") as store:
        namesake = add_player(store, "Sub")
        records = read_records(_record(tmp_path)) + read_records(_record(tmp_path, name="other.json", north="Dee"))
        report = import_records(store, records, substitutes=SubstituteJoin.NEW)
        first, second = report.imported
        assert _bound(store, first) == _bound(store, second) != namesake
        assert [p.name for p in list_players(store)].count("Sub") == 2
        assert [n.how for n in report.names] == [JoinKind.NEW, JoinKind.NEW]


def test_substitutes_may_all_be_guests(tmp_path: Path) -> None:
    with GameStore.open(tmp_path / "g.sqlite3") as store:
        add_player(store, "Sub")
        report = import_records(store, read_records(_record(tmp_path)), substitutes=SubstituteJoin.GUEST)
        (game_id,) = report.imported
        assert _bound(store, game_id) is None
        assert [(n.player, n.how) for n in report.names] == [(None, JoinKind.GUEST)]
        assert [p.name for p in list_players(store)].count("Sub") == 1


@pytest.mark.parametrize("substitutes", list(SubstituteJoin), ids=str)
def test_a_substitute_the_names_judge_refuses_is_a_guest_whatever_was_chosen(
    tmp_path: Path, substitutes: SubstituteJoin
) -> None:
    with GameStore.open(tmp_path / "g.sqlite3") as store:
        report = import_records(
            store,
            read_records(_record(tmp_path, substitute="Sub\nX")),
            choose=_new_player,
            substitutes=substitutes,
        )
        (game_id,) = report.imported
        assert _bound(store, game_id) is None
        assert [(n.name, n.player, n.how) for n in report.names] == [("Sub\nX", None, JoinKind.REFUSED)]


def test_a_seated_name_several_entries_carry_is_reported_when_nobody_was_asked(tmp_path: Path) -> None:
    with GameStore.open(tmp_path / "g.sqlite3") as store:
        aki = add_player(store, "Aki")
        add_player(store, "aki")
        path = _write(tmp_path / "game.json", format_record(record_from_session(game_1())))
        report = import_records(store, read_records(path))
        (game_id,) = report.imported
        # Aki is ambiguous; Ben, Cho and Dan are new and go unsaid.
        assert report.names == (
            ImportedName(
                game_id=game_id,
                where=str(path),
                seat=0,
                name="Aki",
                substitute=False,
                player=aki,
                how=JoinKind.EXISTING,
                namesakes=2,
            ),
        )


def _bo_comes_back(tmp_path: Path) -> Path:
    """Ann, Bo, Cy and Di; Sub takes Bo's seat after the first hand and Bo takes it back after the second."""
    session = game("tenhou")
    session.ron(S2, [hf(1, 3, 30)])
    session.replace_player(S1, "Sub")
    session.ron(S3, [hf(1, 1, 30)])
    session.replace_player(S1, "Bo")
    session.ron(S1, [hf(2, 3, 30)])
    session.end_game("time")
    return _write(tmp_path / "back.json", format_record(record_from_session(session)))


@pytest.mark.parametrize("substitutes", list(SubstituteJoin), ids=str)
@pytest.mark.parametrize("asking", [False, True], ids=["not-asking", "asking"])
def test_one_who_sat_down_and_came_back_is_the_same_player_whatever_was_chosen_for_substitutes(
    tmp_path: Path, substitutes: SubstituteJoin, asking: bool
) -> None:
    with GameStore.open(tmp_path / "g.sqlite3") as store:
        report = import_records(
            store,
            read_records(_bo_comes_back(tmp_path)),
            choose=(_new_player) if asking else None,
            substitutes=substitutes,
        )
        (game_id,) = report.imported
        (bo,) = find_players(store, "Bo")
        bound = {s.name: s.player for s in game_substitutes(store, game_id)}
        assert game_seats(store, game_id)[1] == bound["Bo"] == bo.id
        said = {n.name: (n.player, n.how) for n in report.names}
        assert said["Bo"] == (bo.id, JoinKind.RETURNING)
        assert (
            said["Sub"][1]
            == {
                SubstituteJoin.ASK: JoinKind.NEW,
                SubstituteJoin.OLDEST: JoinKind.NEW,
                SubstituteJoin.NEW: JoinKind.NEW,
                SubstituteJoin.GUEST: JoinKind.GUEST,
            }[substitutes]
        )


def test_a_question_left_unanswered_joins_the_oldest_entry_of_the_name(tmp_path: Path) -> None:
    with GameStore.open(tmp_path / "g.sqlite3") as store:
        first, _ = add_player(store, "Sub"), add_player(store, "SUB")
        report = import_records(store, read_records(_record(tmp_path)), choose=_default_join)
        (game_id,) = report.imported
        assert _bound(store, game_id) == first
        assert [(n.player, n.how, n.namesakes) for n in report.names] == [(first, JoinKind.EXISTING, 2)]


def test_a_name_written_full_width_is_the_same_name_when_the_import_asks(tmp_path: Path) -> None:
    # The names judge's name_key: a full-width name from a Japanese input method is the same name (NFKC).
    asked: list[tuple[int, ...]] = []
    with GameStore.open(tmp_path / "g.sqlite3") as store:
        first, second = add_player(store, "Sub"), add_player(store, "\uff33\uff55\uff42")  # Ｓｕｂ

        def choose(name: str, candidates: tuple[Player, ...], *, substitute: bool) -> int | None:
            asked.append(tuple(p.id for p in candidates))
            return second

        (game_id,) = import_records(store, read_records(_record(tmp_path)), choose=choose).imported
        assert asked == [(first, second)]
        assert _bound(store, game_id) == second
