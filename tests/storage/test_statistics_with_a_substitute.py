"""A game with a substitute in the stores' statistics: each who sat at the seat has a line, as the standings credit.

The game store's registry names the four who sat down (``seats``) and each substitute (``substitutes``: the entry
of their name, made when the event was stored; tests/storage/test_registry_substitutes.py). A tournament's
statistics name everyone by the name at the table.
"""

from __future__ import annotations

from pathlib import Path

from scorekeeper.session.statistics import league_table, line_totals
from scorekeeper.storage.registry import join_player
from scorekeeper.storage.statistics import load_statistics, tournament_statistics
from scorekeeper.storage.store import GameStore
from scorekeeper.tournament import compute_standings
from tests.session.test_statistics_substitution import _substituted
from tests.storage.test_exports_with_a_substitute import _tournament


def test_a_stored_game_with_a_substitute_gives_each_who_sat_a_line_and_the_substitute_its_registry_entry(
    tmp_path: Path,
) -> None:
    session = _substituted()
    expected = {line.player: line.totals for line in line_totals(session.state)}
    with GameStore.open(tmp_path / "games.sqlite3") as store:
        store.start_game(session)
        sub = join_player(store, "Sub")  # entered when the game was stored, after the four who sat down
        assert sub == 5
        for _ in range(2):  # folded, then read from the cache
            stored = load_statistics(store)
            (game,) = stored.games
            assert game.seats == (0, 1, 1, 2, 3)
            assert game.players[2] == str(sub)
            assert {stored.names[i]: t for i, t in league_table(stored.games).items()} == expected


def test_a_tournaments_statistics_credit_each_who_sat_with_the_standings_points() -> None:
    tournament = _tournament()
    stored = tournament_statistics(tournament)
    table = {stored.names[i]: t for i, t in league_table(stored.games).items()}
    assert set(table) == {*"ABCDEFGH", "Sub", "Sub2"}
    assert (table["B"].hands, table["Sub"].hands, table["Sub2"].hands) == (2, 1, 1)
    assert table["B"].chombo == 1 and table["Sub"].chombo == table["Sub2"].chombo == 0
    # The standings' points are the games' points plus the referee's tournament penalties (E's -10.0).
    standings = {row.player: row.points_tenths for row in compute_standings(tournament).rows}
    penalties = {p.player: p.points // 100 for p in tournament.penalties}
    assert standings == {name: table[name].points_tenths + penalties.get(name, 0) for name in "ABCDEFGH"}
    assert table["B"].places == (0, 0, 0, 0) and table["Sub"].places == (0, 0, 0, 0)
    assert sum(table["Sub2"].places) == 1
