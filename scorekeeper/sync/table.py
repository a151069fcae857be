"""What a table laptop runs in a tournament: join a game on the server, then push its outbox whenever it can.

The table's own file stays the truth for the table: every confirmed event is committed there first (the ordinary
:class:`~scorekeeper.storage.store.GameStore`), and the outbox (:mod:`scorekeeper.storage.outbox`) holds what
the server has not acknowledged. :class:`TableSync` pushes it: call :meth:`TableSync.push` after every change and
now and then (the app does every few seconds); it never raises for a network problem, it reports one in
:meth:`TableSync.status` ("offline since 14:05") and tries again next time. A table offline for an hour catches
up on the first push that reaches the server.

The login (a URL with the table's code) is kept in a file of its own beside the database, readable only by its
owner (:func:`save_login`), never in the game store, game records, logs or exports.
"""

from __future__ import annotations

import contextlib
import datetime
import json
import os
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scorekeeper.errors import ErrorCode, SaveFileError, ScorekeeperError, TournamentServerError
from scorekeeper.session.events import event_from_json
from scorekeeper.storage.outbox import GameLink, LocalOutbox
from scorekeeper.storage.store import GameStore
from scorekeeper.sync.connection import describe_url
from scorekeeper.sync.push import Writer
from scorekeeper.sync.server import ServerGame, TournamentServer

__all__ = [
    "JoinedGame",
    "SyncStatus",
    "TableLogin",
    "TableSync",
    "join",
    "join_reached",
    "load_login",
    "reach_table",
    "save_login",
]

#: How many queued rows one push sends at most (a unit is never split; the rest goes next time).
PUSH_BATCH = 2_000


@dataclass(frozen=True, slots=True, kw_only=True)
class TableLogin:
    """How a table reaches its tournament: the server URL (with the table's code as password), session, table."""

    url: str
    session: int
    table_no: int


def save_login(path: Path, login: TableLogin) -> None:
    """Write the login to ``path``, readable and writable by the owner only (mode 0600).

    Raises:
        SaveFileError: the file cannot be written.
    """
    text = json.dumps({"url": login.url, "session": login.session, "table": login.table_no})
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            file.write(text)
        os.chmod(path, 0o600)
    except OSError as error:
        raise SaveFileError(f"{path}: cannot save the tournament login: {error.strerror or error}", path=path) from None


def load_login(path: Path) -> TableLogin | None:
    """The login saved at ``path``, or None if there is none (or it is unreadable)."""
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
        return TableLogin(url=str(data["url"]), session=int(data["session"]), table_no=int(data["table"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None


@dataclass(frozen=True, slots=True, kw_only=True)
class JoinedGame:
    """The local game a join opened, and the server game it is linked to."""

    game_id: int
    server_game: str
    players: tuple[str, ...]
    ruleset: Any


def join(store: GameStore, login: TableLogin) -> JoinedGame:
    """Join table ``login.table_no`` of session ``login.session``: the local game linked to the server's game.

    The first join makes the server's game (from the referee's seating and the tournament's ruleset) and a local
    copy of it; joining again (after a restart, or on a spare laptop) finds the linked local game, or takes the
    server's copy, events and all.

    Raises:
        TournamentServerError: the server cannot be reached, refuses the login, or the table is not seated.
        SaveFileError: the local file cannot be written.
    """
    return join_reached(store, login, reach_table(login))


def reach_table(login: TableLogin) -> ServerGame:
    """The server's part of :func:`join`: the table's game on the server (made from the seating the first time).

    Nothing local is written: a window that joins in the background runs this off its GUI thread, then
    :func:`join_reached` only if the join is still wanted (a join cancelled meanwhile leaves nothing behind).

    Raises:
        TournamentServerError: the server cannot be reached, refuses the login, or the table is not seated.
    """
    with TournamentServer.connect(login.url, probe=True) as server:  # a person waits: say why it failed
        mine = server.my_table()
        if mine is not None and mine != login.table_no:
            raise TournamentServerError(
                f"this code belongs to table {mine}, not table {login.table_no}",
                code=ErrorCode.SERVER_WRONG_TABLE,
                fields={"table": login.table_no, "code_table": mine},
            )
        return server.open_game(login.session, login.table_no)


def join_reached(store: GameStore, login: TableLogin, game: ServerGame) -> JoinedGame:
    """The local part of :func:`join`: the local game linked to ``game`` (found, or made as a copy of it).

    Raises:
        SaveFileError: the local file cannot be written.
    """
    with LocalOutbox.open(store.path) as outbox:
        for link in outbox.links():
            # The server's game names the table's game, not the address typed: the same server reached by its IP
            # instead of its name (or another port forward) is the same game, and its link now says the new way.
            if link.server_game == game.id:
                if link.link != _link_text(login):
                    outbox.relink(link.game_id, link=_link_text(login))
                return JoinedGame(game_id=link.game_id, server_game=game.id, players=game.players, ruleset=game.ruleset)
        game_id = store.create_game(
            players=game.players,
            ruleset=game.ruleset,
            events=_events(game)[: game.head],
            redo=_events(game)[game.head :],
            finished=game.finished,
        )
        outbox.link(game_id, link=_link_text(login), server_game=game.id, acked_op=game.applied_op)
    return JoinedGame(game_id=game_id, server_game=game.id, players=game.players, ruleset=game.ruleset)


def _ahead(server_game: str) -> str:
    """The problem of a game the server holds changes of that this laptop never made."""
    return (
        f"game {server_game} changed on the server: another laptop of this table wrote to it (the server holds"
        " changes this laptop does not have)"
    )


def _link_text(login: TableLogin) -> str:
    return f"{describe_url(login.url)} session {login.session} table {login.table_no}"


def _events(game: ServerGame) -> list[Any]:
    return [event_from_json(json.loads(body)) for body in game.bodies]


@dataclass(frozen=True, slots=True, kw_only=True)
class SyncStatus:
    """What the status line says.

    Attributes:
        waiting: writes (events, undos, redos) queued and not yet on the server.
        offline_since: when the server was last found unreachable, if it is still (local time), else None.
        problem: why pushing stopped for a game until the table takes the server's copy (the referee or another
            laptop of this table wrote to it), or empty.
        held: why a game's queue was not sent although the server answered (it refused it, or took none of it);
            tried again at the next push, while the other games go on. Empty when none is held back.
    """

    waiting: int
    offline_since: datetime.datetime | None = None
    problem: str = ""
    held: str = ""

    @property
    def synced(self) -> bool:
        """Nothing waiting and nothing wrong."""
        return not self.waiting and self.offline_since is None and not self.problem and not self.held


class _ClosingError(Exception):
    """Raised inside a push when :meth:`TableSync.close` was called meanwhile (never leaves this module)."""


class TableSync:
    """Pushes one game store's outbox to the tournament server; never raises for the network."""

    def __init__(self, store_path: Path, url: str) -> None:
        """Push the outbox of the game store at ``store_path`` to the server at ``url``.

        Raises:
            SaveFileError: the store has no outbox (open it with GameStore.open first).
        """
        self._path = Path(store_path)
        self._outbox = LocalOutbox.open(store_path)
        self._url = url
        self._server: TournamentServer | None = None
        # Server games announced (LISTEN) and not yet asked about; every idle game is asked about once after each
        # (re)connect, for the writes made while this table was not listening.
        self._announced: set[str] = set()
        self._ask_all = True
        self._offline_since: datetime.datetime | None = None
        self._last_error = ""
        self._held: dict[int, str] = {}  # local game -> why its queue was held back at the last push
        # One push, status or copy at a time: the app pushes from a worker thread and reads the status from the
        # GUI thread.
        self._lock = threading.RLock()
        self._closing = False
        self._closed = False
        self._depth = 0  # calls under way in the thread holding the lock (only the outermost closes)

    def close(self) -> None:
        """Close the outbox and the connection, without waiting for the network.

        Called while another thread pushes (stuck in a connect attempt, say), it returns at once: that push stops at
        its next step and closes them when it ends. Nothing is lost either way: what the server has not
        acknowledged stays in the outbox (committed in the game store's own file) and goes at the next start.
        """
        self._closing = True
        self._close_if_free()

    def _close_if_free(self) -> None:
        if not self._lock.acquire(blocking=False):
            return  # a push under way closes everything when it ends (see _using)
        try:
            if not self._closed and not self._depth:
                self._closed = True
                self._disconnect()
                self._outbox.close()
        finally:
            self._lock.release()

    @contextlib.contextmanager
    def _using(self) -> Iterator[None]:
        """Hold the sync for one push, status or copy; close it at the end if :meth:`close` came meanwhile.

        Raises:
            SaveFileError: the sync is closed.
        """
        try:
            with self._lock:
                if self._closing:
                    raise SaveFileError(f"{self._path}: the table's sync is closed", path=self._path)
                self._depth += 1
                try:
                    yield
                finally:
                    self._depth -= 1
        finally:
            if self._closing:
                self._close_if_free()

    def _check_open(self) -> None:
        """Stop a push between two network steps once :meth:`close` was called (the rest waits in the outbox)."""
        if self._closing:
            raise _ClosingError

    def __enter__(self) -> TableSync:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def last_error(self) -> str:
        """The last network or server problem (no password in it), or empty."""
        return self._last_error

    def _disconnect(self) -> None:
        if self._server is not None:
            # A broken connection may fail to close; it is gone either way.
            with contextlib.suppress(Exception):
                self._server.close()
            self._server = None

    def status(self) -> SyncStatus:
        """Writes waiting, offline since when, and any stopped game (read from the outbox, no network).

        Raises:
            SaveFileError: the sync is closed.
        """
        with self._using():
            links = self._outbox.links()
            problem = next((link.problem for link in links if link.problem), "")
            linked = {link.game_id for link in links if not link.problem}
            held = next((why for game_id, why in sorted(self._held.items()) if game_id in linked), "")
            return SyncStatus(
                waiting=sum(link.waiting for link in links),
                offline_since=self._offline_since,
                problem=problem,
                held=held,
            )

    def _connected(self) -> TournamentServer:
        """The server connection, listening for announced writes (connected now if there is none)."""
        if self._server is None:
            server = TournamentServer.connect(self._url)
            try:
                self._check_open()
                server.listen()
            except BaseException:
                with contextlib.suppress(Exception):
                    server.close()
                raise
            self._server = server
            self._ask_all = True
        return self._server

    def push(self) -> SyncStatus:
        """Send every linked game's queue; return the status after it. Network trouble is reported, not raised.

        Each game goes on its own (:meth:`_push_game`): a game the server refuses, or whose push makes no progress,
        is held back with the reason (:attr:`SyncStatus.held`) and tried again next time, and the games after it
        still go. With nothing queued it sends nothing either, once connected: it reads the writes the server
        announced (:meth:`TournamentServer.heard`) and asks about those games only.

        Raises:
            SaveFileError: the sync is closed (or closes during this push: what is left waits in the outbox).
        """
        with self._using():
            try:
                for link in self._outbox.links():
                    if link.problem:
                        continue
                    self._push_game(link)
                self._notice_overtaken()
                self._offline_since = None
                self._last_error = ""
            except _ClosingError:
                raise SaveFileError(f"{self._path}: the table's sync closed during a push", path=self._path) from None
            except TournamentServerError as error:
                self._disconnect()
                self._last_error = str(error)
                if self._offline_since is None:
                    self._offline_since = datetime.datetime.now().astimezone()
            return self.status()

    def _push_game(self, link: GameLink) -> None:
        """Send one game's queue in batches of :data:`PUSH_BATCH` rows, each acknowledged as the server takes it.

        Only numbers this laptop sent are acknowledged, never past the last one sent: the server holding more is
        another laptop of this table (a spare) that wrote first, and the game is stopped to take the server's copy
        (:meth:`resolve_conflicts`), as after a referee's write. So is a server that lacks numbers before the first
        one queued (it lost changes it had taken). A batch the server takes nothing of, without a conflict, holds the
        game back with the reason, as does a push the server refuses while the connection stands (the other games
        still go); a lost connection ends the whole push (raised).

        Raises:
            TournamentServerError: the connection to the server is lost (the table is offline).
        """
        game_id, first = link.game_id, 0
        applied: int | None = None  # the server's last applied number, as its last answer said
        while ops := self._outbox.pending(game_id, limit=PUSH_BATCH):
            if ops[0].op <= first:  # a guard: every batch starts past the last one (never a loop on the same rows)
                self._held[game_id] = f"game {link.server_game}: changes {ops[0].op} to {ops[-1].op} were sent again"
                return
            first = ops[0].op
            server = self._connected()
            self._check_open()
            try:
                result = server.push(link.server_game, ops)
            except TournamentServerError as error:
                if server.lost:
                    raise
                self._held[game_id] = f"game {link.server_game}: {error}"
                return
            applied = result.applied_op
            taken = min(applied, ops[-1].op)
            if taken >= ops[0].op:
                self._outbox.acknowledge(game_id, taken)
            if result.conflict:
                self._outbox.set_problem(game_id, result.conflict)
                return
            if applied < ops[0].op - 1:
                self._outbox.set_problem(
                    game_id,
                    f"game {link.server_game}: the server lacks changes {applied + 1} to {ops[0].op - 1}, which it"
                    " had taken before (its copy is older than this laptop's): take the server's copy",
                )
                return
            if taken < ops[0].op:
                self._held[game_id] = (
                    f"game {link.server_game}: the server took none of changes {ops[0].op} to {ops[-1].op}"
                    f" (its last applied change is {applied}) and gave no reason"
                )
                return
        self._held.pop(game_id, None)
        now = self._outbox.link_of(game_id)
        if applied is not None and now is not None and not now.waiting and applied > now.last_op:
            self._outbox.set_problem(game_id, _ahead(link.server_game))

    def _notice_overtaken(self) -> None:
        """Stop each game with nothing queued that the server holds writes of, not this laptop's, since its last.

        The referee's (the call of the last hand at the time limit, a correction) or another laptop's of the same
        table (a spare that joined while this one was away). Without this a table learned of such a write only when
        its next push was refused, so the hand it had just entered had to be entered again (and a laptop a spare had
        overtaken said "Synced" with hands missing). Stopped, the game is taken from the server like any conflict
        (:meth:`resolve_conflicts`), with nothing of the table's refused.

        Only games the server announced a write to are asked about (and every idle game once after each connect), in
        one query; an idle cycle with nothing announced sends nothing, but an empty query when the server has said
        nothing for ``PING_AFTER`` seconds (:meth:`TournamentServer.keep_alive`: a silent path is given up and the
        table says offline). Before, every cycle asked the server (a transaction of three round trips per table
        every 3 s, benchmarks/bench_sync_idle.py).
        """
        links = self._outbox.links()
        if not links:
            return
        server = self._connected()
        self._check_open()
        server.keep_alive()  # a path that went silent is found within a cycle of ANSWER_TIMEOUT after PING_AFTER
        linked = {link.server_game for link in links}
        self._announced |= server.heard() & linked
        idle = [link for link in links if not link.problem and not link.waiting]
        asked = [link for link in idle if self._ask_all or link.server_game in self._announced]
        if asked:
            overtaken = server.overtaken({link.server_game: link.last_op for link in asked})
            for link in asked:
                met = overtaken.get(link.server_game)
                if met is Writer.REFEREE:
                    self._outbox.set_problem(
                        link.game_id, f"game {link.server_game} changed on the server (the referee wrote to it)"
                    )
                elif met is Writer.OTHER_LAPTOP:
                    self._outbox.set_problem(link.game_id, _ahead(link.server_game))
        # A game still busy (its queue pushed next time, or stopped) is asked about once it is idle.
        self._announced -= {link.server_game for link in asked}
        self._announced &= linked
        self._ask_all = False

    def take_server_copy(self, game_id: int) -> tuple[str, ...]:
        """After a conflict: make the local game the server's copy; return the refused events' JSON to re-offer.

        Raises:
            TournamentServerError: the server cannot be reached.
            SaveFileError: the game is not linked, or the file cannot be written.
        """
        with self._using():
            link = self._outbox.link_of(game_id)
            if link is None:
                raise SaveFileError(f"game {game_id} is not joined to a tournament", path=Path(""))
            try:
                game = self._connected().forget_refused(link.server_game)
            except _ClosingError:
                raise SaveFileError(f"{self._path}: the table's sync is closed", path=self._path) from None
            except ScorekeeperError:
                self._disconnect()
                raise
            return self._outbox.adopt(
                game_id, bodies=game.bodies, head=game.head, finished=game.finished, acked_op=game.applied_op
            )

    def resolve_conflicts(self) -> dict[int, tuple[str, ...]]:
        """Take the server's copy of every game whose push stopped on a conflict; return the refused events' JSON.

        The referee's correction wins (it is on the server and others may have seen it); what the table wrote on
        the old position comes back for the app to offer again. Games that cannot be fetched now stay stopped.
        """
        with self._using():
            stopped = [link.game_id for link in self._outbox.links() if link.problem]
            refused: dict[int, tuple[str, ...]] = {}
            for game_id in stopped:
                try:
                    refused[game_id] = self.take_server_copy(game_id)
                except TournamentServerError as error:
                    self._last_error = str(error)
            return refused
