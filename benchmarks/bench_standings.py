"""Time the live standings of a big tournament: every game folded from its log, then again after one change.

Usage::

    .venv/bin/python benchmarks/bench_standings.py [--players 200] [--sessions 10] [--hands 7]

Prints the time of ``compute_standings`` the first time (each game's log folded by the session) and after one more
game is added (the others' folds remembered), and their ratio. The games are random han/fu rons under EMA 2016.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import time

from scorekeeper.session import HanFuWin, Ron, Seat
from scorekeeper.tournament import Player, TableGame, Tournament, TournamentSettings, compute_standings, seat_random


def _tournament(players: int, sessions: int, hands: int) -> tuple[Tournament, TableGame]:
    roster = tuple(Player(name=f"P{k:03d}") for k in range(players))
    tournament = Tournament(settings=TournamentSettings(name="Bench", sessions=sessions), players=roster)
    rng = random.Random(1)
    games: list[TableGame] = []
    for session in range(1, sessions + 1):
        seating = seat_random(session, [p.name for p in roster], seed=session)
        tournament = tournament.with_seating(seating)
        for table in seating.tables:
            events = []
            for _ in range(hands):
                winner = rng.randrange(4)
                win = HanFuWin(seat=Seat(winner), han=rng.choice((1, 2, 3)), fu=30)
                events.append(Ron(Seat((winner + 1) % 4), (win,)))
            games.append(
                TableGame(
                    game_id=f"{session}-{table.table}",
                    session=session,
                    table=table.table,
                    players=table.seats,
                    events=tuple(events),
                )
            )
    last = games.pop()
    return dataclasses.replace(tournament, games=tuple(games)), last


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--sessions", type=int, default=10)
    parser.add_argument("--hands", type=int, default=7)
    args = parser.parse_args()
    tournament, last = _tournament(args.players, args.sessions, args.hands)
    started = time.perf_counter()
    compute_standings(tournament)
    first = time.perf_counter() - started
    tournament = dataclasses.replace(tournament, games=(*tournament.games, last))
    started = time.perf_counter()
    compute_standings(tournament)
    again = time.perf_counter() - started
    print(f"{args.players} players, {args.sessions} sessions, {len(tournament.games)} games of {args.hands} hands")
    print(f"standings, every game folded:      {first * 1000:8.1f} ms")
    print(f"standings after one more game:     {again * 1000:8.1f} ms  ({first / again:.1f}x faster)")


if __name__ == "__main__":
    main()
