"""Two laptops at one table (a spare joined while the first was away): neither loses a hand, neither jams.

Issue 23, item 2: laptop A pushed; a spare B joined the same table from the server's copy and entered two hands; A
came back and its players entered the first of them again. The server took A's identical changes as duplicates and
acknowledged past A's next change number: A said "Synced" while missing B's second hand, and when its players
entered that one too, ``TableSync.push()`` looped for ever (a restart re-wedged it, and every later game of A waited
behind it). Now a laptop the server is ahead of takes the server's copy and offers its own entries again, as after
a referee's write; a push that makes no progress stops and says why; one stuck game holds back no other.
"""

from __future__ import annotations

import itertools
import json
import threading
from collections.abc import Callable, Sequence
from pathlib import Path

import psycopg
import pytest

from scorekeeper.session.events import Event, HanFuWin, Ron, Tsumo, event_from_json
from scorekeeper.session.seats import Seat
from scorekeeper.storage.outbox import LocalOutbox
from scorekeeper.storage.store import GameStore
from scorekeeper.sync.server import TournamentServer
from scorekeeper.sync.table import SyncStatus, TableSync
from scorekeeper.tournament import Seating, TableSeating
from tests.sync import steps
from tests.tournament_db import PLAYERS, Tournament

#: Hands the players enter: each a different win, so a hand on the server is told apart from every other.
HANDS: dict[str, Event] = {
    "h0": Ron(Seat(1), (HanFuWin(seat=Seat(0), han=1, fu=30),)),
    "h1": Ron(Seat(2), (HanFuWin(seat=Seat(1), han=2, fu=30),)),
    "h2": Tsumo(HanFuWin(seat=Seat(2), han=3, fu=30)),
    "h3": Ron(Seat(0), (HanFuWin(seat=Seat(3), han=2, fu=40),)),
    "h4": Tsumo(HanFuWin(seat=Seat(3), han=1, fu=40)),
}


def _bounded(call: Callable[[], SyncStatus], sync: TableSync, *, seconds: float = 30.0) -> SyncStatus:
    """``call()`` (a push), failing the test if it does not return within ``seconds`` (it used to loop for ever)."""
    outcome: list[SyncStatus | BaseException] = []

    def run() -> None:
        try:
            outcome.append(call())
        except BaseException as error:
            outcome.append(error)

    worker = threading.Thread(target=run, name="test-bounded-push", daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        sync.close()  # the loop stops at its next step
        worker.join(10)
        pytest.fail(f"the push did not return within {seconds:g} s")
    result = outcome[0]
    if isinstance(result, BaseException):
        raise result
    return result


def _cycle(sync: TableSync, refused: list[str] | None = None) -> SyncStatus:
    """One cycle of the app's sync (gui/tournament_table.py): push; on a problem, take the server's copy."""
    status = _bounded(sync.push, sync)
    if status.problem:
        for bodies in sync.resolve_conflicts().values():
            if refused is not None:
                refused.extend(bodies)
        status = sync.status()
    return status


def _events(store: GameStore, game_id: int) -> list[Event]:
    return list(store.load(game_id).events)


def _server_events(tournament: Tournament, store: GameStore, game_id: int) -> list[Event]:
    with tournament.referee() as referee:
        return _server_events_read_by(referee, store, game_id)


def _server_events_read_by(referee: TournamentServer, store: GameStore, game_id: int) -> list[Event]:
    """The server's events of the local game ``game_id``, read on the referee's connection ``referee``."""
    with LocalOutbox.open(store.path) as outbox:
        link = outbox.link_of(game_id)
    assert link is not None
    game = referee.game(link.server_game)
    return [event_from_json(json.loads(body)) for body in game.bodies[: game.head]]


def _laptops(tournament: Tournament, tmp_path: Path) -> tuple[GameStore, int, GameStore, int, str]:
    """Laptop A joins table 1 and pushes hand h0; then a spare B joins the same table from the server's copy."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    a, a_game, login = tournament.join(tmp_path / "a", 1)
    steps.append(a, a_game, HANDS["h0"])
    with TableSync(a.path, login.url) as sync:
        assert _cycle(sync).synced
    b, b_game, _login = tournament.join(tmp_path / "b", 1)
    assert _events(b, b_game) == [HANDS["h0"]]
    return a, a_game, b, b_game, login.url


def test_a_laptop_back_after_a_spare_wrote_takes_the_spares_hands(tournament: Tournament, tmp_path: Path) -> None:
    a, a_game, b, b_game, url = _laptops(tournament, tmp_path)
    steps.append(b, b_game, HANDS["h1"])
    steps.append(b, b_game, HANDS["h2"])
    with TableSync(b.path, url) as sync:
        assert _cycle(sync).synced
    steps.append(a, a_game, HANDS["h1"])  # A is back: its players enter the first of B's hands again
    refused: list[str] = []
    with TableSync(a.path, url) as sync:
        status = _cycle(sync, refused)
        assert status.synced, status
    # Before: A said "Synced" with h0, h1 only (its h1 taken as a duplicate of B's, acknowledged past its own).
    assert _events(a, a_game) == [HANDS["h0"], HANDS["h1"], HANDS["h2"]]
    assert refused == []  # A's h1 is on the server (B's): nothing of A's to offer again
    assert _server_events(tournament, a, a_game) == _events(a, a_game)


def test_a_laptop_acknowledged_past_its_own_changes_recovers_and_never_loops(
    tournament: Tournament, tmp_path: Path
) -> None:
    # The state the old push left on A's disk: acknowledged up to B's last change, its own next number below it.
    a, a_game, b, b_game, url = _laptops(tournament, tmp_path)
    steps.append(b, b_game, HANDS["h1"])
    steps.append(b, b_game, HANDS["h2"])
    with TableSync(b.path, url) as sync:
        assert _cycle(sync).synced
    steps.append(a, a_game, HANDS["h1"])
    with tournament.referee() as referee, LocalOutbox.open(a.path) as outbox:
        link = outbox.link_of(a_game)
        assert link is not None
        outbox.acknowledge(a_game, referee.game(link.server_game).applied_op)
    steps.append(a, a_game, HANDS["h2"])  # its players enter B's second hand too: the old push looped here
    with TableSync(a.path, url) as sync:
        status = _cycle(sync)
        assert status.synced, status
        assert _cycle(sync).synced  # and again (a restart used to re-wedge it)
    assert _events(a, a_game) == [HANDS["h0"], HANDS["h1"], HANDS["h2"]]
    assert _server_events(tournament, a, a_game) == _events(a, a_game)


def test_an_idle_laptop_learns_of_the_spares_hands_without_entering_anything(
    tournament: Tournament, tmp_path: Path
) -> None:
    a, a_game, b, b_game, url = _laptops(tournament, tmp_path)
    with TableSync(a.path, url) as sync_a:
        assert _cycle(sync_a).synced  # A connected and listening, idle
        steps.append(b, b_game, HANDS["h1"])
        with TableSync(b.path, url) as sync_b:
            assert _cycle(sync_b).synced
        status = steps.push_until(sync_a, lambda s: bool(s.problem))
        assert "another laptop" in status.problem
        assert sync_a.resolve_conflicts() == {a_game: ()}
        assert sync_a.status().synced
    assert _events(a, a_game) == [HANDS["h0"], HANDS["h1"]]


def test_a_push_that_makes_no_progress_stops_and_says_why(tournament: Tournament, tmp_path: Path) -> None:
    # The server lost changes this laptop was told it had (restored from an older copy, say): it waits for numbers
    # that will never come. The push stops, says so, and the laptop takes the server's copy and offers its own again.
    a, a_game, _b, _b_game, url = _laptops(tournament, tmp_path)
    steps.append(a, a_game, HANDS["h1"])
    with LocalOutbox.open(a.path) as outbox:
        link = outbox.link_of(a_game)
    assert link is not None
    with psycopg.connect(tournament.admin_url, autocommit=True) as admin:
        admin.execute("UPDATE game_sync SET applied_op = 0 WHERE game_id = %s", (link.server_game,))
        admin.execute("DELETE FROM pushed_ops WHERE game_id = %s", (link.server_game,))
    refused: list[str] = []
    with TableSync(a.path, url) as sync:
        status = _bounded(sync.push, sync)
        assert "lacks changes" in status.problem, status
        status = _cycle(sync, refused)
        assert status.synced, status
    assert [event_from_json(json.loads(body)) for body in refused] == [HANDS["h1"]]


def test_one_stuck_game_holds_back_none_of_the_laptops_other_games(tournament: Tournament, tmp_path: Path) -> None:
    # Table 1's laptop plays session 1, then session 2. The server refuses session 1's game (here: a trigger that
    # refuses its rows, as a server refusing an event it cannot replay does): session 2's hands still go.
    with tournament.store() as referee_store:
        referee_store.save_seating(Seating(session=2, tables=tuple(TableSeating(n, p) for n, p in PLAYERS.items())))
    store, first, login = tournament.join(tmp_path, 1, session=1)
    _second_store, second, login2 = tournament.join(tmp_path, 1, session=2)
    steps.append(store, first, HANDS["h1"])
    steps.append(store, second, HANDS["h2"])
    with LocalOutbox.open(store.path) as outbox:
        stuck = outbox.link_of(first)
    assert stuck is not None
    with psycopg.connect(tournament.admin_url, autocommit=True) as admin:
        admin.execute(
            "CREATE FUNCTION refuse_first() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
            f" IF NEW.game_id = '{stuck.server_game}' THEN RAISE EXCEPTION 'this game is under review'; END IF;"
            " RETURN NEW; END $$"
        )
        admin.execute(
            "CREATE TRIGGER refuse_first BEFORE INSERT ON pushed_ops FOR EACH ROW EXECUTE FUNCTION refuse_first()"
        )
    with TableSync(store.path, login.url) as sync:
        status = _bounded(sync.push, sync)
        assert status.offline_since is None, sync.last_error  # the server answered: the table is not offline
        assert status.waiting == 1  # session 1's hand waits ...
        assert "under review" in status.held  # ... and the status says why
        assert not status.synced
        assert _server_events(tournament, store, second) == [HANDS["h2"]]  # session 2's went
        with psycopg.connect(tournament.admin_url, autocommit=True) as admin:
            admin.execute("DROP TRIGGER refuse_first ON pushed_ops")
        assert _bounded(sync.push, sync).synced  # tried again at the next cycle
    assert _server_events(tournament, store, first) == [HANDS["h1"]]
    assert login2.session == 2


#: What each laptop's players do after B joined: enter two hands, each followed by a sync cycle.
_PATTERNS = {
    "same hands": ("h1", "h2"),
    "same, then different": ("h1", "h3"),
    "different, then same": ("h3", "h2"),
    "different hands": ("h3", "h4"),
}
#: Every order of A's four steps among B's four (each laptop's own steps keep their order): 70.
_ORDERS = [tuple("a" if i in chosen else "b" for i in range(8)) for chosen in itertools.combinations(range(8), 4)]


def _two_laptops_in_order(
    tournament: Tournament, tmp_path: Path, a_hands: tuple[str, str], order: tuple[str, ...], referee: TournamentServer
) -> None:
    a, a_game, b, b_game, url = _laptops(tournament, tmp_path)
    stores = {"a": (a, a_game), "b": (b, b_game)}
    scripts = {"a": [("enter", a_hands[0]), ("sync", ""), ("enter", a_hands[1]), ("sync", "")]}
    scripts["b"] = [("enter", "h1"), ("sync", ""), ("enter", "h2"), ("sync", "")]
    entered: dict[str, list[Event]] = {"a": [], "b": []}
    refused: dict[str, list[str]] = {"a": [], "b": []}
    with TableSync(a.path, url) as sync_a, TableSync(b.path, url) as sync_b:
        syncs = {"a": sync_a, "b": sync_b}
        for who in order:
            what, hand = scripts[who].pop(0)
            store, game = stores[who]
            if what == "enter":
                if HANDS[hand] not in _events(store, game):  # the players see it is there already
                    steps.append(store, game, HANDS[hand])
                    entered[who].append(HANDS[hand])
            else:
                _cycle(syncs[who], refused[who])
        for _round in range(3):  # both settle (the app's cycle, every few seconds)
            for who in "ab":
                _cycle(syncs[who], refused[who])
        for who in "ab":
            assert _cycle(syncs[who], refused[who]).synced
    server = _server_events_read_by(referee, a, a_game)
    assert _events(a, a_game) == _events(b, b_game) == server
    assert len(server) == len(set(map(repr, server)))  # no hand twice
    for who in "ab":
        offered = [event_from_json(json.loads(body)) for body in refused[who]]
        assert all(event in server or event in offered for event in entered[who]), (who, entered, server, offered)


def _syncs(order: tuple[str, ...]) -> str:
    """Whose sync comes when in ``order`` ("abab": A's first sync, then B's first, A's second, B's second)."""
    taken = {"a": 0, "b": 0}
    syncs = ""
    for who in order:
        taken[who] += 1
        if taken[who] % 2 == 0:  # each laptop's script is enter, sync, enter, sync
            syncs += who
    return syncs


def _one_per_interleaving(orders: Sequence[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """The first of ``orders`` for each interleaving of the two laptops' syncs."""
    first: dict[str, tuple[str, ...]] = {}
    for order in orders:
        first.setdefault(_syncs(order), order)
    return list(first.values())


#: The orders of every run: one for each way the four syncs interleave (6 of the 70). An enter touches its own
#: laptop's file alone and is decided by that file alone (which only that laptop's syncs change), so it does the same
#: whatever the other laptop did just before or after it: orders with the same interleaving of syncs play alike, and
#: these six play every case the 70 do. The slow run plays all 70 (and so checks that claim).
_SAMPLE = _one_per_interleaving(_ORDERS)


@pytest.mark.parametrize("pattern", list(_PATTERNS))
def test_two_laptops_at_one_table_entering_hands_in_each_interleaving_of_their_syncs_lose_nothing(
    tournament: Tournament, tmp_path: Path, pattern: str
) -> None:
    _every(tournament, tmp_path, _PATTERNS[pattern], _SAMPLE)


@pytest.mark.slow
@pytest.mark.parametrize("pattern", list(_PATTERNS))
def test_two_laptops_at_one_table_entering_hands_in_every_order_lose_nothing(
    tournament: Tournament, tmp_path: Path, pattern: str
) -> None:
    _every(tournament, tmp_path, _PATTERNS[pattern], _ORDERS)


def _every(tournament: Tournament, tmp_path: Path, a_hands: tuple[str, str], orders: Sequence[tuple[str, ...]]) -> None:
    # The test's own connections (resetting the table, reading the server's copy) serve every order: a connection
    # costs a TLS handshake and a login, and the laptops make theirs as the app does, order after order.
    with psycopg.connect(tournament.admin_url, autocommit=True) as admin, tournament.referee() as referee:
        for number, order in enumerate(orders):
            case = tmp_path / f"order{number}"
            case.mkdir()
            _reset_table(admin, 1)
            _two_laptops_in_order(tournament, case, a_hands, order, referee)


def _reset_table(admin: psycopg.Connection[tuple[object, ...]], table_no: int) -> None:
    """Remove table ``table_no``'s game of session 1 from the server (the next join makes a new one)."""
    games = [row[0] for row in admin.execute("SELECT game_id FROM games WHERE table_no = %s", (table_no,))]
    for table in ("pushed_ops", "game_events", "game_sync", "games"):
        admin.execute(f"DELETE FROM {table} WHERE game_id = ANY(%s)", (games,))


def test_the_orders_of_every_run_are_one_for_each_interleaving_of_the_syncs() -> None:
    assert len(_ORDERS) == 70
    assert sorted(map(_syncs, _SAMPLE)) == ["aabb", "abab", "abba", "baab", "baba", "bbaa"]
