"""A substitute who took a seat during a game is a registry entry, bound by id: a rename or merge follows them.

Before (store version 5), statistics matched a substitute by their name at the table, so a renamed substitute
became a guest. Now the store binds each substitute event it writes (any path: an append, a rewritten log, an
import, a tournament table's copy of the server's game) to the entry of that name, made if there is none, as the
four who sat down join on a new game (``_schema`` version 6). One game never shows two players under one name: a
rename, merge or reseating that would is refused, naming the game.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from scorekeeper.errors import ErrorCode
from scorekeeper.session import EndGame, PlayerReplaced, Seat, Session
from scorekeeper.session.events import event_to_json
from scorekeeper.session.statistics import league_table, line_totals
from scorekeeper.storage import _schema
from scorekeeper.storage.outbox import LocalOutbox
from scorekeeper.storage.registry import (
    NameClashError,
    SubstituteSeat,
    add_player,
    game_seats,
    game_substitutes,
    join_player,
    list_players,
    merge_players,
    rename_player,
    set_seat_player,
    unmerge_player,
)
from scorekeeper.storage.statistics import load_statistics
from scorekeeper.storage.store import GameStore
from tests.session.builders import S1, S2, game, hf
from tests.session.test_statistics_substitution import _substituted


def _league(store: GameStore) -> dict[str, int]:
    """Each player's points in the league table, by the name statistics show."""
    stored = load_statistics(store)
    return {stored.names[i]: t.points_tenths for i, t in league_table(stored.games).items()}


def test_a_substitute_joins_the_registry_when_the_event_is_stored(tmp_path: Path) -> None:
    with GameStore.open(tmp_path / "g.sqlite3") as store:
        game_id = store.start_game(_substituted())
        sub = join_player(store, "Sub")
        assert game_substitutes(store, game_id) == (SubstituteSeat(seat=1, name="Sub", player=sub),)
        assert {p.name for p in list_players(store)} == {"Ann", "Bo", "Cy", "Di", "Sub"}
        (stored,) = load_statistics(store).games
        assert stored.players[2] == str(sub)


def test_a_renamed_substitute_keeps_their_statistics(tmp_path: Path) -> None:
    # The bug: statistics looked the substitute up by the name in the log ("Sub"); after a rename no entry had it,
    # and the substitute's line became a guest's (left out of the league table).
    expected = {line.player: line.totals.points_tenths for line in line_totals(_substituted().state)}
    with GameStore.open(tmp_path / "g.sqlite3") as store:
        game_id = store.start_game(_substituted())
        sub = join_player(store, "Sub")
        rename_player(store, sub, "Sam")
        assert _league(store) == {("Sam" if name == "Sub" else name): points for name, points in expected.items()}
        assert load_statistics(store).games[0].players[2] == str(sub)
        assert store.load_session(game_id).state.substitutions[0].player == "Sub"  # the log keeps the name played
        # A new entry that takes the old name is somebody else: the game stays Sam's.
        other = add_player(store, "Sub")
        assert load_statistics(store).games[0].players[2] == str(sub) != str(other)


def test_a_substitute_merged_into_another_entry_counts_for_that_entry_and_unmerging_gives_it_back(
    tmp_path: Path,
) -> None:
    with GameStore.open(tmp_path / "g.sqlite3") as store:
        store.start_game(_substituted())
        sub, sam = join_player(store, "Sub"), add_player(store, "Sam")
        merge_players(store, keep=sam, merge=sub)
        assert load_statistics(store).games[0].players[2] == str(sam)
        assert str(sam) in {line for g in load_statistics(store, player=sam).games for line in g.players}
        unmerge_player(store, sub)
        assert load_statistics(store).games[0].players[2] == str(sub)


def test_a_players_card_holds_the_games_they_came_into_as_a_substitute(tmp_path: Path) -> None:
    with GameStore.open(tmp_path / "g.sqlite3") as store:
        store.start_game(_substituted())
        store.start_game(game("tenhou"))  # Ann, Bo, Cy, Di: no Sub
        sub = join_player(store, "Sub")
        (only,) = load_statistics(store, player=sub).games
        assert str(sub) in only.players


def _with_substitute(players: tuple[str, str, str, str], seat: Seat, name: str) -> Session:
    session = Session.start(players=players, rules=game("tenhou").rules)
    session.ron(S2, [hf(1, 3, 30)])
    session.replace_player(seat, name)
    session.end_game("time")
    return session


def test_every_write_path_binds_the_substitute(tmp_path: Path) -> None:
    players = ("Ann", "Bo", "Cy", "Di")
    with GameStore.open(tmp_path / "g.sqlite3") as store:
        # An append (a table entering events one by one).
        appended = store.create_game(players=players, ruleset="tenhou")
        at = store.position(appended)
        at = store.append(appended, PlayerReplaced(seat=Seat.SEAT_1, player="Eve"), at=at)
        # A whole log rewritten (a window that changed the session several steps at once).
        rewritten = store.create_game(players=players, ruleset="tenhou")
        store.replace_log(rewritten, (PlayerReplaced(seat=Seat.SEAT_2, player="Fay"),), at=store.position(rewritten))
        # A game created with its events (an import).
        imported = store.create_game(
            players=players, ruleset="tenhou", events=(PlayerReplaced(seat=Seat.SEAT_3, player="Eve"),)
        )
        eve, fay = join_player(store, "Eve"), join_player(store, "Fay")
        assert game_substitutes(store, appended) == (SubstituteSeat(seat=1, name="Eve", player=eve),)
        assert game_substitutes(store, rewritten) == (SubstituteSeat(seat=2, name="Fay", player=fay),)
        assert game_substitutes(store, imported) == (SubstituteSeat(seat=3, name="Eve", player=eve),)
        # An event undone and redone keeps its binding, even after a rename in between.
        at = store.undo(appended, PlayerReplaced(seat=Seat.SEAT_1, player="Eve"), at=at)
        rename_player(store, eve, "Evelyn")
        store.redo(appended, PlayerReplaced(seat=Seat.SEAT_1, player="Eve"), at=at)
        assert game_substitutes(store, appended) == (SubstituteSeat(seat=1, name="Eve", player=eve),)
        assert "Eve" not in {p.name for p in list_players(store)}  # no second entry for the old name


def test_a_tables_copy_of_the_servers_game_binds_the_substitute(tmp_path: Path) -> None:
    # A tournament table takes the referee's substitution with the server's copy of its game (Outbox.adopt), a
    # write path of its own: the binding is made by the database itself, whatever wrote the event row.
    with GameStore.open(tmp_path / "g.sqlite3") as store:
        game_id = store.create_game(players=("Ann", "Bo", "Cy", "Di"), ruleset="tenhou")
        body = json.dumps(event_to_json(PlayerReplaced(seat=Seat.SEAT_0, player="Gus")))
        with LocalOutbox.open(store.path) as outbox:
            outbox.link(game_id, link="test", server_game="g1")
            outbox.adopt(game_id, bodies=(body,), head=1, finished=False, acked_op=0)
        gus = join_player(store, "Gus")
        assert game_substitutes(store, game_id) == (SubstituteSeat(seat=0, name="Gus", player=gus),)


def _version_5_file(path: Path, *, entries: tuple[str, ...], games: list[tuple[list[str], list[object]]]) -> None:
    """A store file as version 5 wrote it: ``entries`` in the registry, each game's names and events, the four
    seated by name (as version 5 did), and every game finished."""
    connection = sqlite3.connect(path, isolation_level=None)
    _schema.create_schema(connection, 5)
    for name in entries:
        connection.execute("INSERT INTO players (name, created) VALUES (?, '2026-01-01')", (name,))
    for names, events in games:
        cursor = connection.execute(
            "INSERT INTO games (created, updated, players, ruleset, finished, head)"
            " VALUES ('2026-01-02', '2026-01-02', ?, '\"tenhou\"', 1, ?)",
            (json.dumps(names), len(events)),
        )
        game_id = cursor.lastrowid
        for seq, event in enumerate(events):
            body = event if isinstance(event, str) else json.dumps(event)
            connection.execute("INSERT INTO events (game_id, seq, body) VALUES (?, ?, ?)", (game_id, seq, body))
        for seat, name in enumerate(names):
            (entry,) = connection.execute("SELECT id FROM players WHERE name = ?", (name,)).fetchone()
            connection.execute("INSERT INTO seats (game_id, seat, player_id) VALUES (?, ?, ?)", (game_id, seat, entry))
    connection.close()


def test_the_migration_binds_stored_substitutes_as_statistics_matched_them_and_enters_the_others(
    tmp_path: Path,
) -> None:
    # Version 5 statistics: a substitute was the oldest entry of their name without case ("sub" for "Sub"), or a
    # guest. The migration keeps the first (the same lines as before) and enters the second (a player now, as any
    # new substitute is), so a later rename of either is followed.
    session = _substituted()
    logged: list[object] = [event_to_json(e) for e in session.events]
    second: list[object] = [
        event_to_json(e) for e in _with_substitute(("Ann", "Bo", "Cy", "Di"), S1, "Newcomer").events
    ]
    path = tmp_path / "old.sqlite3"
    _version_5_file(
        path,
        entries=("Ann", "Bo", "Cy", "Di", "sub"),
        games=[(["Ann", "Bo", "Cy", "Di"], logged), (["Ann", "Bo", "Cy", "Di"], [*second, "{not json"])],
    )
    with GameStore.open(path) as store:
        sub = next(p.id for p in list_players(store) if p.name == "sub")
        newcomer = join_player(store, "Newcomer")
        assert game_substitutes(store, 1) == (SubstituteSeat(seat=1, name="Sub", player=sub),)
        assert game_substitutes(store, 2) == (SubstituteSeat(seat=1, name="Newcomer", player=newcomer),)
        rename_player(store, sub, "Sam")
        stored = load_statistics(store)
        assert stored.games[0].players[2] == str(sub)
        assert stored.names[str(sub)] == "Sam"
        assert store.load_session(1).events == session.events


def test_renaming_a_seated_player_to_a_substitutes_name_in_their_game_is_refused_and_the_game_still_loads(
    tmp_path: Path,
) -> None:
    # Di renamed "Sub": the log's substitute would come in under a name already at the table, and the game would
    # no longer load. Refused, naming the game; nothing changed.
    with GameStore.open(tmp_path / "g.sqlite3") as store:
        game_id = store.start_game(_substituted())
        di = join_player(store, "Di")
        with pytest.raises(NameClashError, match=rf"game {game_id} would have two players called 'sub'") as caught:
            rename_player(store, di, "sub")
        assert (caught.value.name, caught.value.other, caught.value.game_id) == ("sub", "Sub", game_id)
        assert store.load_session(game_id).state.players == ("Ann", "Sub", "Cy", "Di")
        assert {p.name for p in list_players(store)} == {"Ann", "Bo", "Cy", "Di", "Sub"}
        # The substitute's entry renamed since (the log still says "Sub"): Di still may not take the log's name.
        rename_player(store, join_player(store, "Sub"), "Sam")
        with pytest.raises(NameClashError, match="two players called 'Sub'"):
            rename_player(store, di, "Sub")
        with pytest.raises(NameClashError, match="two players called 'Sam'"):
            rename_player(store, di, "Sam")


def test_renaming_a_player_to_another_players_name_in_one_of_their_games_is_refused(tmp_path: Path) -> None:
    with GameStore.open(tmp_path / "g.sqlite3") as store:
        first = store.start_game(game("tenhou"))  # Ann, Bo, Cy, Di
        store.start_game(Session.start(players=("Ann", "Eve", "Fay", "Gil"), rules=game("tenhou").rules))
        bo, eve = join_player(store, "Bo"), join_player(store, "Eve")
        with pytest.raises(NameClashError, match=rf"cannot rename 'Bo' to 'ANN': game {first} would have two"):
            rename_player(store, bo, "ANN")
        assert store.load_session(first).players == ("Ann", "Bo", "Cy", "Di")
        rename_player(store, eve, "Bo")  # Eve never played with Bo: two people may share a name
        assert store.load_session(2).players == ("Ann", "Bo", "Fay", "Gil")
        # The substitute's own entry renamed to the name of a seat of their game.
        third = store.start_game(_substituted())
        with pytest.raises(NameClashError, match=rf"game {third} would have two players called 'Cy'"):
            rename_player(store, join_player(store, "Sub"), "Cy")


def test_a_merge_of_two_who_sat_at_two_seats_of_one_game_is_refused(tmp_path: Path) -> None:
    with GameStore.open(tmp_path / "g.sqlite3") as store:
        game_id = store.start_game(_substituted())  # Sub took Bo's seat 1; Ann sat at seat 0 throughout
        ann, bo, sub, cy = (join_player(store, n) for n in ("Ann", "Bo", "Sub", "Cy"))
        with pytest.raises(NameClashError, match=rf"both sat in game {game_id}, at two different seats"):
            merge_players(store, keep=ann, merge=cy)
        with pytest.raises(NameClashError, match="at two different seats"):
            merge_players(store, keep=ann, merge=sub)
        merge_players(store, keep=bo, merge=sub)  # one who left seat 1 and came back to it is one person
        assert load_statistics(store).games[0].players[1:3] == (str(bo), str(bo))
        assert [p.merged_into for p in list_players(store) if p.id in (ann, cy)] == [None, None]


def test_reseating_a_player_where_another_of_the_game_has_their_name_is_refused(tmp_path: Path) -> None:
    with GameStore.open(tmp_path / "g.sqlite3") as store:
        game_id = store.start_game(_substituted())
        other_sub = add_player(store, "SUB")
        with pytest.raises(NameClashError, match="two players called 'SUB'"):
            set_seat_player(store, game_id, 3, other_sub)
        assert game_seats(store, game_id)[3] == join_player(store, "Di")


def test_an_undone_substitution_stays_bound_and_the_game_ends_as_stored(tmp_path: Path) -> None:
    with GameStore.open(tmp_path / "g.sqlite3") as store:
        game_id = store.create_game(players=("Ann", "Bo", "Cy", "Di"), ruleset="tenhou")
        at = store.append(game_id, PlayerReplaced(seat=Seat.SEAT_1, player="Sub"), at=store.position(game_id))
        at = store.undo(game_id, PlayerReplaced(seat=Seat.SEAT_1, player="Sub"), at=at)
        store.append(game_id, EndGame("time"), at=at, finished=True)
        assert load_statistics(store).games[0].players == tuple(
            str(join_player(store, n)) for n in ("Ann", "Bo", "Cy", "Di")
        )


def test_the_registry_refusals_carry_a_code_and_the_values_they_name(tmp_path: Path) -> None:
    with GameStore.open(tmp_path / "g.sqlite3") as store:
        game_id = store.start_game(_substituted())
        ann, cy = join_player(store, "Ann"), join_player(store, "Cy")
        with pytest.raises(NameClashError) as clash:
            rename_player(store, cy, "ann")
        assert clash.value.code is ErrorCode.REGISTRY_NAME_CLASH
        assert dict(clash.value.fields) == {"name": "ann", "other": "Ann", "game": game_id}
        with pytest.raises(NameClashError) as two:
            merge_players(store, keep=ann, merge=cy)
        assert two.value.code is ErrorCode.REGISTRY_TWO_SEATS
        assert dict(two.value.fields) == {"name": "Ann", "other": "Cy", "game": game_id}
