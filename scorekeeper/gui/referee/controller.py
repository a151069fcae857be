"""The referee's controller: the only thing in the referee's window that changes the tournament.

Every action goes to the tournament store (which asks the Qt-free model to accept it, in one transaction), then the
tournament is read back and ``tournament_changed`` tells the widgets to redraw. A refused action changes nothing and
its message goes out as ``error_occurred``. The session timer lives here too: it is state the window shows.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QSocketNotifier, QTimer, Signal

from scorekeeper.errors import ScorekeeperError, SyncConflictError, TournamentError
from scorekeeper.gui.background import BackgroundCalls
from scorekeeper.gui.error_words import error_text
from scorekeeper.gui.referee.penalty import PenaltyAnswer
from scorekeeper.session.events import Event
from scorekeeper.storage.tournament_export import (
    format_corrections_csv,
    format_ema_csv,
    format_games_csv,
    format_standings_csv,
)
from scorekeeper.storage.tournament_store import TournamentStore
from scorekeeper.sync.referee import Referee, SeatedAfter
from scorekeeper.tournament import (
    Player,
    QualityReport,
    Reseating,
    Seating,
    SeatingMethod,
    Standings,
    TableGame,
    Tournament,
    TournamentPenalty,
    compute_standings,
    format_seating_csv,
    quality_report,
    reseating_report,
)

#: The most players for whom the window's seating report reckons the fewest common opponents.
REPORT_COMMON_MOST = 400

if TYPE_CHECKING:
    from scorekeeper.sync.live import LiveFeed
    from scorekeeper.sync.server import TableLink, TournamentServer

__all__ = ["STORE_RETRY_MS", "TIME_CALL_RETRY_MS", "WATCH_MS", "TournamentController"]

#: After a read of the store failed (the server went away), how often it is tried again, and after the live feed was
#: lost, how often listening is tried again (polling meanwhile). Each try over a dead path may hold the window up to
#: the store's answer time (15 s), so not every second; the tables' cards say "server unreachable" meanwhile (their
#: links are read every 30 s as well).
STORE_RETRY_MS = 30_000
#: How often the window looks for writes others committed while it does not listen (the store's data_version), and
#: gives the live feed its sign of life while it listens (the tests shorten it; the words say "once a second").
WATCH_MS = 1_000
#: How soon "End the games now" is tried again for the tables that did not get the call (a table that wrote since
#: the window's read: the next try reads afresh).
TIME_CALL_RETRY_MS = 2_000


class _RefusedHereError(TournamentError):
    """A refusal this window words itself (already in the window's language), raised inside an attempted action."""


class TournamentController(QObject):
    """Owns the tournament store and the session timer.

    Signals:
        tournament_changed: the tournament changed (or was reloaded); redraw from :attr:`tournament`.
        error_occurred: an action was refused; the text is for the referee to read.
        timer_ticked: the session timer moved (once a second while it runs).
    """

    tournament_changed = Signal()
    error_occurred = Signal(str)
    timer_ticked = Signal()

    def __init__(
        self,
        store: TournamentStore,
        name: str | None = None,
        parent: QObject | None = None,
        *,
        live_url: str | None = None,
        server_url: str | None = None,
    ) -> None:
        """Read the tournament ``name`` (None: the store's only one) and start following changes.

        Args:
            store: the tournament store (the controller closes nothing; the window's owner does).
            name: which tournament.
            parent: the Qt parent.
            live_url: on PostgreSQL, the URL to listen on (``scorekeeper.sync.live``): the window then hears of
                every change as it commits instead of polling.
            server_url: on PostgreSQL, the URL the referee's corrections go through (``scorekeeper.sync.server``:
                the game's version is checked and its fast standings refreshed); ``live_url`` when not given.
        """
        super().__init__(parent)
        self.store = store
        self.tournament: Tournament = store.load(name)
        self.name = self.tournament.settings.name
        self.standings: Standings = compute_standings(self.tournament)
        self.session = 1
        #: The last session seated again in this window: its quality before and after, and who moved (issue 26).
        self.reseated: Reseating | None = None
        self._server_url = server_url if server_url is not None else live_url
        #: The referee's actions (the command line calls the same ones).
        self.referee = Referee(store, self.name, server_url=self._server_url)
        #: The tables of the session whose time was called that do not have the call yet (they wrote meanwhile, or
        #: the server was away): the call is made again every TIME_CALL_RETRY_MS until none is left.
        self.tables_still_playing: tuple[int, ...] = ()
        self._time_call_session: int | None = None
        self._time_call_timer = QTimer(self)
        self._time_call_timer.setSingleShot(True)
        self._time_call_timer.setInterval(TIME_CALL_RETRY_MS)
        self._time_call_timer.timeout.connect(self._on_time_call_timer_timeout)
        self._timer = QTimer(self)
        self._timer.setInterval(1000)
        self._timer.timeout.connect(self.timer_ticked.emit)
        self._deadline: float | None = None
        self._now = time.monotonic
        # Games recorded by the command line, a table or another program show within a second: the store's
        # data_version changes whenever anyone commits.
        self._seen_version = store.data_version()
        self._watch = QTimer(self)
        self._watch.setInterval(WATCH_MS)
        self._watch.timeout.connect(self.check_for_changes)
        self._watch.start()
        # The links, the store's retry and listening again connect over the network: off the window's thread.
        self._calls = BackgroundCalls(self, name="referee")
        self._links_reader = _LinksReader(self._server_url, self.name) if self._server_url is not None else None
        self._links_again = False  # the session on show changed (or a reload came) while a read was under way
        #: On a server: each table's game of the session on show as the server's sync record holds it (by table);
        #: None on a file (every table is local).
        self.links: dict[int, TableLink] | None = None
        #: Why the links could not be read (the server went away), else empty.
        self.links_problem = ""
        self._links_timer = QTimer(self)
        self._links_timer.setInterval(30_000)  # a table turning quiet shows without anyone writing
        self._links_timer.timeout.connect(self._on_links_timer_timeout)
        if self._server_url is not None:
            self.links = {}
            self._read_links()
            self._links_timer.start()
        self._feed: LiveFeed | None = None
        self._notifier: QSocketNotifier | None = None
        self._live_url = live_url
        # The feed's sign of life (LiveFeed.keep_alive: never waits), so a path gone silent does not leave the
        # window "live" for good; and after a failed read, the store is tried again (STORE_RETRY_MS).
        self._alive_timer = QTimer(self)
        self._alive_timer.setInterval(WATCH_MS)
        self._alive_timer.timeout.connect(self._on_alive_timer_timeout)
        self._retry_timer = QTimer(self)
        self._retry_timer.setInterval(STORE_RETRY_MS)
        self._retry_timer.timeout.connect(self._on_retry_timer_timeout)
        #: Why the store could not be read on the last try (the window keeps the last standings on show), else empty.
        self.store_problem = ""
        if live_url is not None:
            self._listen(live_url)

    def _listen(self, url: str, *, quiet: bool = False) -> None:
        """Follow the server's NOTIFY feed instead of polling; if it cannot be had, keep polling and say why (unless
        ``quiet``: trying again after a loss that was said)."""
        from scorekeeper.sync.live import LiveFeed

        try:
            feed = LiveFeed.connect(url, tournament=self.name)
        except ScorekeeperError as error:
            if not quiet:
                self.error_occurred.emit(
                    self.tr("Live updates: {reason}; checking once a second instead").format(reason=error_text(error))
                )
            return
        self._use_feed(feed)

    def _use_feed(self, feed: LiveFeed) -> None:
        """Follow ``feed`` (connected) instead of polling."""
        self._feed = feed
        self._notifier = QSocketNotifier(feed.fileno(), QSocketNotifier.Type.Read, self)
        self._notifier.activated.connect(self._on_feed_activated)
        self._watch.stop()
        self._alive_timer.start()

    def _on_feed_activated(self) -> None:
        assert self._feed is not None
        try:
            changes = self._feed.drain()
        except ScorekeeperError as error:
            self._feed_lost(error)
            return
        if changes:
            self.reload()

    def _on_alive_timer_timeout(self) -> None:
        if self._feed is None:
            return
        try:
            self._feed.keep_alive()
        except ScorekeeperError as error:
            self._feed_lost(error)

    def _feed_lost(self, error: ScorekeeperError) -> None:
        """The live feed is gone: poll instead, say so once, and try to listen again every STORE_RETRY_MS."""
        self.stop_listening()
        self._watch.start()
        if not self._retry_timer.isActive():
            self._retry_timer.start()
        self.error_occurred.emit(
            self.tr("Live updates: {reason}; checking once a second instead").format(reason=error_text(error))
        )

    def shutdown(self) -> None:
        """Stop the clock, the change check and the live feed (the window is closing; the store is closed after)."""
        self._timer.stop()
        self._time_call_timer.stop()
        self._watch.stop()
        self._links_timer.stop()
        self._retry_timer.stop()
        self._calls.close()
        self.stop_listening()
        if self._links_reader is not None:
            self._links_reader.close()

    @property
    def on_server(self) -> bool:
        """Whether the tables sync with a server (else the tournament is a local file)."""
        return self._server_url is not None

    def _read_links(self) -> None:
        """Read the tables' sync state of the session on show in the background; ``tournament_changed`` follows when
        it is in. A server that went away is noted (:attr:`links_problem`), not raised."""
        reader = self._links_reader
        if reader is None:
            return
        session = self.session
        if not self._calls.start("links", lambda: reader.read(session), self._on_links_read, discard=_close):
            self._links_again = True  # read again for the session on show once the read under way is in

    def _on_links_read(self, outcome: object) -> None:
        if isinstance(outcome, ScorekeeperError):
            self.links = {}
            self.links_problem = error_text(outcome)
        else:
            assert isinstance(outcome, tuple)
            session, links = outcome
            if session == self.session:  # else stale: the session on show changed meanwhile, and is read next
                self.links = links
                self.links_problem = ""
        if self._links_again:
            self._links_again = False
            self._read_links()
        self.tournament_changed.emit()

    def new_table_code(self, admin_url: str, table: int) -> str | None:
        """Create (or renew) table ``table``'s login on the server with the admin's ``admin_url``; return its code.

        The old code stops logging in (a joined table keeps its open connection). None (the reason sent out as
        ``error_occurred``) when it cannot be done.
        """
        from scorekeeper.sync.setup import create_table_login

        code: str | None = None

        def run() -> None:
            nonlocal code
            if not admin_url.startswith(("postgresql://", "postgres://")):
                raise _RefusedHereError(self.tr("the admin address is a postgresql:// URL"))
            code = create_table_login(admin_url, table, tournament=self.name)

        self._attempt(self.tr("Table code"), run)
        return code

    def _on_links_timer_timeout(self) -> None:
        self._read_links()

    @property
    def listening(self) -> bool:
        """Whether changes come from the server's live feed (else a poll once a second)."""
        return self._feed is not None

    def stop_listening(self) -> None:
        """Close the live feed (the window is closing, or the connection was lost)."""
        self._alive_timer.stop()
        if self._notifier is not None:
            self._notifier.setEnabled(False)
            self._notifier.deleteLater()
            self._notifier = None
        if self._feed is not None:
            self._feed.close()
            self._feed = None

    # -- reading --------------------------------------------------------------------------------------------------

    def seating(self) -> Seating | None:
        """The seating of the session on show."""
        return self.tournament.seating(self.session)

    def seating_report(self) -> QualityReport | None:
        """The quality of the sessions seated up to the one on show, substitutes left out, beside a random
        seating's (issue 26); None before any is seated. The common opponents are reckoned up to
        ``REPORT_COMMON_MOST`` players (every pair that never met is looked at on each redraw)."""
        t = self.tournament
        seated = [s for s in t.seatings if s.session <= self.session]
        if not seated:
            return None
        keep = t.settings.keep_apart
        return quality_report(
            seated,
            ignore=[p.name for p in t.players if p.substitute],
            apart={p.name: getattr(p, keep) for p in t.players} if keep else None,
            seed=t.settings.name,
            common_opponents=len(t.players) <= REPORT_COMMON_MOST,
        )

    def remaining_seconds(self) -> int | None:
        """Seconds left in the session (0 once time is up), or None when the timer is not running."""
        if self._deadline is None:
            return None
        return max(0, round(self._deadline - self._now()))

    # -- acting ---------------------------------------------------------------------------------------------------

    def _refresh(self, tournament: Tournament | None = None) -> None:
        self.tournament = tournament if tournament is not None else self.store.load(self.name)
        self.standings = compute_standings(self.tournament)
        self._read_links()
        self.tournament_changed.emit()

    def _attempt(self, action: str, run: object) -> bool:
        assert callable(run)
        try:
            run()
        except _RefusedHereError as refused:  # worded here, in the window's language
            self.error_occurred.emit(f"{action}: {refused}")
            return False
        except ScorekeeperError as error:
            self.error_occurred.emit(f"{action}: {error_text(error)}")
            return False
        return True

    def check_for_changes(self) -> bool:
        """Reload when another program changed the store since it was last read; True if it did.

        A server that went away is said once; the last standings stay on show and the store is tried again every
        30 s (it connects again by itself). Once it answers, the window reloads and listens again.
        """
        try:
            version = self.store.data_version()
        except ScorekeeperError as error:
            # Recorded (and the poll stopped, the retry started) before it is said: whatever the window does with
            # the words, the controller's state is already the server's.
            said = bool(self.store_problem)
            self.store_problem = error_text(error)
            self._watch.stop()
            if not self._retry_timer.isActive():
                self._retry_timer.start()
            if not said:
                self.error_occurred.emit(f"{self.tr('Reload')}: {self.store_problem}")
            return False
        if self.store_problem:
            self.store_problem = ""
            self._listen_again()
            self._seen_version = version
            self.reload()
            return True
        if version == self._seen_version:
            return False
        self._seen_version = version
        self.reload()
        return True

    def _on_retry_timer_timeout(self) -> None:
        if self.store_problem:
            # Connected in the background (over a dead path that waits up to the connect or answer time); once the
            # server answered, the store reads on the new connection and the window listens again.
            self._calls.start("store", self.store.connect_spare, self._on_store_connected, discard=_close)
        else:
            self._listen_again()

    def _on_store_connected(self, outcome: object) -> None:
        if isinstance(outcome, ScorekeeperError):
            self.store_problem = error_text(outcome)  # still away (said once): tried again in STORE_RETRY_MS
            return
        if outcome is not None:
            self.store.use_spare(outcome)
        if self.store_problem:
            self.check_for_changes()

    def _listen_again(self) -> None:
        """After the feed or the store was lost (and said): listen again in the background if there is a feed to
        have, polling until it works; the retry timer runs while it does not."""
        if self._live_url is not None and self._feed is None:
            from scorekeeper.sync.live import LiveFeed

            url, name = self._live_url, self.name
            self._calls.start(
                "feed", lambda: LiveFeed.connect(url, tournament=name), self._on_feed_connected, discard=_close
            )
        if self._feed is None and not self._watch.isActive():  # (start() would restart it: a poll put off)
            self._watch.start()
        if self._live_url is None or self._feed is not None:
            self._retry_timer.stop()
        elif not self._retry_timer.isActive():
            self._retry_timer.start()

    def _on_feed_connected(self, outcome: object) -> None:
        if isinstance(outcome, ScorekeeperError):
            return  # quietly: the loss was said; tried again in STORE_RETRY_MS
        from scorekeeper.sync.live import LiveFeed

        assert isinstance(outcome, LiveFeed)
        if self._feed is not None or self.store_problem:  # stale: the store went away meanwhile (listen after it)
            outcome.close()
            return
        self._use_feed(outcome)
        self._retry_timer.stop()
        # Listening again is followed by a full read: what committed between the last read and LISTEN was announced
        # to nobody (issue 23 item 3: hands stayed off the screen until the next write from any table).
        self._seen_version = -1
        self.check_for_changes()

    def reload(self) -> None:
        """Read the tournament again (another laptop or the CLI may have written)."""
        self._attempt(self.tr("Reload"), self._refresh)

    def show_session(self, session: int) -> None:
        """Show session ``session`` (1-based)."""
        session = max(1, min(session, self.tournament.settings.sessions))
        if session != self.session and self.links is not None:
            self.links = {}  # the other session's links are not this one's: none shown until they are read
        self.session = session
        self._read_links()
        self.tournament_changed.emit()

    def seat(self, method: SeatingMethod, path: Path | None = None) -> bool:
        """Seat the session on show by ``method`` (``FILE`` reads ``path``) and store it; when it was seated before,
        keep the quality before and after and how many players changed seats (``reseated``)."""
        return self._attempt(self.tr("Seating"), lambda: self._seat(self.session, method, path))

    def _seat(self, session: int, method: SeatingMethod, path: Path | None = None) -> None:
        """Seat ``session`` and refresh; a session seated before keeps its comparison in ``reseated``."""
        earlier = self.tournament.seating(session)
        tournament = self.referee.seat(session, method, path=path)
        self.reseated = None
        if earlier is not None:
            t = tournament
            keep = t.settings.keep_apart
            self.reseated = reseating_report(
                t.seatings,
                earlier,
                ignore=[p.name for p in t.players if p.substitute],
                apart={p.name: getattr(p, keep) for p in t.players} if keep else None,
                seed=t.settings.name,
                common_opponents=len(t.players) <= REPORT_COMMON_MOST,
            )
        self._refresh(tournament)

    def reseated_here(self) -> Reseating | None:
        """The session on show's quality before and after it was seated again in this window (None otherwise)."""
        return self.reseated if self.reseated is not None and self.reseated.session == self.session else None

    def record_game(self, table: int, path: Path) -> bool:
        """Add table ``table``'s game of the session on show from a game-record file."""
        return self._attempt(
            self.tr("Recording a game"),
            lambda: self._refresh(self.referee.record_game(self.session, table, path).tournament),
        )

    def add_penalty(self, player: str, points: int, reason: str, *, session: int | None) -> bool:
        """Give ``player`` a penalty (table points) for ``session`` or the tournament (None)."""
        penalty = TournamentPenalty(player=player, points=points, reason=reason, session=session)
        return self._attempt(self.tr("Penalty"), lambda: self._refresh(self.referee.add_penalty(penalty)))

    def give_penalty(self, answer: PenaltyAnswer) -> bool:
        """Give the penalty the referee chose for the session on show (``Referee.give_penalty`` decides its amount and
        who gets one)."""
        return self._attempt(
            self.tr("Penalty"),
            lambda: self._refresh(
                self.referee.give_penalty(
                    answer.kind,
                    player=answer.player,
                    session=self.session,
                    table=answer.table,
                    minutes=None if answer.minutes is None else f"{answer.minutes:g}",
                    points=answer.points,
                    reason=answer.reason,
                    error=answer.error,
                )
            ),
        )

    def add_substitute(self, name: str) -> bool:
        """Register a substitute."""
        return self._attempt(
            self.tr("Substitute"),
            lambda: self._refresh(self.referee.add_player(Player(name=name, substitute=True))),
        )

    def drop_out(self, name: str) -> SeatedAfter | None:
        """``name`` drops out after the session before the one on show; return where they are still seated (sessions
        seated before the drop-out), or None when it was refused."""
        seated: SeatedAfter | None = None

        def run() -> None:
            nonlocal seated
            tournament = self.referee.drop_out(name, self.session - 1)
            seated = self.referee.seated_after(name, self.session - 1, seen=tournament)
            self._refresh(tournament)

        self._attempt(self.tr("Drop-out"), run)
        return seated

    def disqualify(self, name: str, reason: str) -> bool:
        """Disqualify ``name`` in the session on show (``Referee.disqualify_during`` decides after which session they
        are out)."""
        return self._attempt(
            self.tr("Disqualification"),
            lambda: self._refresh(self.referee.disqualify_during(name, self.session, reason)),
        )

    def seated_in_running_game(self, name: str) -> bool:
        """Whether ``name`` sits now in a game of the session on show that has not ended."""
        return self.tournament.sits_in_running_game(name, self.session)

    def sign(self, table: int, *, signed: bool) -> bool:
        """Record table ``table``'s score sheet of the session on show as signed by its players, or not."""
        return self._attempt(
            self.tr("Score sheet"), lambda: self._refresh(self.referee.sign(self.session, table, signed=signed))
        )

    def seat_again(self, session: int, method: SeatingMethod) -> bool:
        """Seat ``session`` again by ``method`` (after a drop-out recorded once it was seated) and show it."""

        def run() -> None:
            self._seat(session, method)
            self.show_session(session)

        return self._attempt(self.tr("Seating"), run)

    def correct_game(self, table: int, events: Sequence[Event], *, base: TableGame | None = None) -> bool:
        """Append a correction (the events the table view added) to table ``table``'s game of the session on show.

        ``base`` is the game as the referee saw it when the correction began (default: as the window holds it now).
        The correction is refused, and nothing written, when a table changed the game since.
        """

        def run() -> None:
            game = base if base is not None else self.referee.table_game(self.session, table, seen=self.tournament)
            self._refresh(self.referee.correct(game, events))

        return self._attempt(self.tr("Correction"), run)

    def repair_game(self, table: int, path: Path | None) -> bool:
        """Repair table ``table``'s game of the session on show that cannot be replayed: cut it back to its first
        events that replay (``path`` None), or replace its log with the game-record file at ``path``."""
        return self._attempt(
            self.tr("Repairing a game"),
            lambda: self._refresh(self.referee.repair(self.session, table, path=path, seen=self.tournament)),
        )

    def substitute(self, table: int, leaving: str, player: str, reason: str = "") -> bool:
        """Put ``player`` in ``leaving``'s seat at table ``table`` of the session on show, from the hand in play on
        (the tournament checks who may come in; the session keeps the seat's points)."""
        return self._attempt(
            self.tr("Substitution"),
            lambda: self._refresh(
                self.referee.substitute(self.session, table, leaving, player, reason, seen=self.tournament)[1]
            ),
        )

    def take_out_substitution(self, table: int, seat: int, substitute: str, reason: str = "") -> bool:
        """Take ``substitute``'s substitution at ``seat`` out of table ``table``'s game of the session on show
        (before a correction that would end the game before they came in, or one entered by mistake)."""
        return self._attempt(
            self.tr("Substitution taken out"),
            lambda: self._refresh(
                self.referee.take_out_substitution(
                    self.session, table, substitute, reason, seat=seat, seen=self.tournament
                )[1]
            ),
        )

    def end_games_at_time_limit(self) -> int:
        """End the session's running games as the time-limit rule says; return how many games it reached.

        Under ``finish_hand`` (the default) each running game is told its hand in play is the last (the session's
        ``LastHandCalled``): the table finishes and enters that hand, which ends its game; under ``stop_now`` every
        game ends at once. A game already told is left as it is. A table that wrote since the window last read it
        is not told at once (the write was built on an old copy): it is named in :attr:`tables_still_playing` and
        the call is made again on a fresh read every TIME_CALL_RETRY_MS until every table has it.
        """
        self._time_call_session = self.session
        return self._call_time(self.tournament)

    def _call_time(self, seen: Tournament | None) -> int:
        session = self._time_call_session
        if session is None:
            return 0
        reached = 0

        def run() -> None:
            nonlocal reached
            call = self.referee.call_time(session, seen=seen)
            reached = len(call.reached)
            self.tables_still_playing = tuple(table for table, _error in call.refused)
            others = [
                self.tr("table {t}: {reason}").format(t=table, reason=error_text(error))
                for table, error in call.refused
                if not isinstance(error, SyncConflictError)  # a table that wrote meanwhile: told on the next try
            ]
            self._refresh(call.tournament)
            if others:
                raise _RefusedHereError("; ".join(others))

        if not self._attempt(self.tr("End the games now"), run) and not self.tables_still_playing:
            # Refused as a whole (the server went away): every running table still plays; tried again.
            self.tables_still_playing = self.referee.tables_to_call(session, seen=self.tournament)
        if self.tables_still_playing:
            self._time_call_timer.start()
        else:
            self._time_call_session = None
            self._time_call_timer.stop()
        self.tournament_changed.emit()
        return reached

    def _on_time_call_timer_timeout(self) -> None:
        self._call_time(None)  # on what the database holds now

    def start_timer(self) -> None:
        """Start the session timer at the tournament's time limit."""
        self._deadline = self._now() + 60 * self.tournament.settings.time_limit_minutes
        self._timer.start()
        self.timer_ticked.emit()

    def stop_timer(self) -> None:
        """Stop the session timer."""
        self._deadline = None
        self._timer.stop()
        self.timer_ticked.emit()

    def export(self, kind: str, path: Path) -> bool:
        """Write an export: ``ema``, ``standings``, ``games``, ``corrections`` or ``seating`` (CSV); ``standings-pdf``
        (the standings and every game), ``seating-pdf`` (the session on show: wall sheet and table cards),
        ``score-sheets-pdf`` or ``all-last-pdf`` (the session on show's sheets: EMA 2025 7.5, 3.6)."""
        from scorekeeper.documents import pdf_bytes
        from scorekeeper.documents.tournament import (
            all_last_document,
            score_sheets_document,
            seating_document,
            standings_document,
        )
        from scorekeeper.gui.exports import translate_document
        from scorekeeper.storage import write_atomically

        def run() -> None:
            # Made from the database as it is now, never from the window's copy (which may be behind: a server that
            # restarted, a write not yet heard of); the window then shows what was exported.
            tournament = self.referee.load()
            standings = compute_standings(tournament)

            def seating_pdf() -> bytes:
                seating = tournament.seating(self.session)
                if seating is None:
                    raise _RefusedHereError(self.tr("session {n} is not seated yet").format(n=self.session))
                return pdf_bytes(seating_document(tournament, seating, translate=translate_document))

            makers: dict[str, Callable[[], bytes]] = {
                "standings-pdf": lambda: pdf_bytes(
                    standings_document(tournament, standings, translate=translate_document)
                ),
                "seating-pdf": seating_pdf,
                "score-sheets-pdf": lambda: pdf_bytes(
                    score_sheets_document(tournament, self.session, translate=translate_document)
                ),
                "all-last-pdf": lambda: pdf_bytes(
                    all_last_document(tournament, self.session, translate=translate_document)
                ),
                "ema": lambda: format_ema_csv(tournament, standings),
                "standings": lambda: format_standings_csv(tournament, standings),
                "games": lambda: format_games_csv(tournament),
                "corrections": lambda: format_corrections_csv(tournament),
                "seating": lambda: format_seating_csv(tournament.seatings).encode("utf-8"),
            }
            data = makers[kind]()
            write_atomically(path, data)
            self._refresh(tournament)

        return self._attempt(self.tr("Export"), run)


def _close(outcome: object) -> None:
    """Close what a background call opened that nobody takes (a feed, a connection); anything else is left."""
    close = None if isinstance(outcome, ScorekeeperError) else getattr(outcome, "close", None)
    if callable(close):
        close()


class _LinksReader:
    """Reads the tables' links on a server connection of its own, in the background calls' worker threads (one at a
    time: the calls run one of a kind at once); the connection is kept between reads and closed by :meth:`close`,
    or by the read under way when it ends after."""

    def __init__(self, url: str, tournament: str) -> None:
        self._url = url
        self._tournament = tournament
        self._server: TournamentServer | None = None
        self._lock = threading.Lock()
        self._busy = False
        self._closed = False

    def read(self, session: int) -> tuple[int, dict[int, TableLink]]:
        """Session ``session``'s links by table (connecting first if need be).

        Raises:
            ScorekeeperError: the server cannot be reached or did not answer (the connection is dropped).
        """
        from scorekeeper.sync.server import TournamentServer

        with self._lock:
            self._busy = True
        try:
            if self._server is None:
                self._server = TournamentServer.connect(self._url, tournament=self._tournament)
            return session, {link.table_no: link for link in self._server.table_links(session)}
        except ScorekeeperError:
            self._drop()
            raise
        finally:
            with self._lock:
                self._busy = False
                if self._closed:
                    self._drop()

    def _drop(self) -> None:
        if self._server is not None:
            self._server.close()
            self._server = None

    def close(self) -> None:
        """Close the connection now, or (a read is under way) when that read ends."""
        with self._lock:
            self._closed = True
            if not self._busy:
                self._drop()
