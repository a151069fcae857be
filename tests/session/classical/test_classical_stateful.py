"""A stateful property test of a classical game: random wins (called-out values and the seed's hands), draws, refused
riichi and riichi-only results, corrections, penalties, undo and redo.

After every step: the scores always make 4 x start (no sticks on the table in this family), honba and sticks stay 0,
the dealer matches the round label, undo restores the previous state exactly, and the event log (through JSON), the
game record (format, parse, replay) and the SQLite store all reload to the same state; a finished game's points sum
to zero.
"""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from scorekeeper.errors import ScorekeeperError
from scorekeeper.session import (
    AbortiveDraw,
    AbortReason,
    Chombo,
    EndGame,
    Event,
    ExhaustiveDraw,
    GameState,
    HandDeleted,
    HandEdited,
    HandRecord,
    HandResult,
    HandWin,
    HanFuWin,
    LoserValue,
    RefereePenalty,
    RiichiDeclared,
    Ron,
    Seat,
    Session,
    Tsumo,
    ValueWin,
    Win,
    event_from_json,
    event_to_json,
    format_record,
    parse_record,
    record_from_session,
    ruleset,
)
from scorekeeper.storage.store import GameStore

PLAYERS = ("Ann", "Bo", "Cy", "Di")
seats = st.sampled_from(list(Seat))
# The seed's two worked examples (tests/engine/classical/test_seed_examples.py): valid for any seat and round wind.
HANDS = (
    {"hand": "123m123m123p66p", "win": "2p", "melds": [{"type": "chi", "tiles": "789m"}]},
    {
        "hand": "234p234p22p",
        "win": "4p",
        "melds": [{"type": "pon", "tiles": "333s"}, {"type": "minkan", "tiles": "1111s"}],
    },
)


@st.composite
def classical_wins(draw: st.DrawFn, seat: Seat) -> Win:
    """A called-out value, one of the seed's hands, or (refused in this family) han and fu."""
    kind = draw(st.sampled_from(["value", "value", "hand", "hanfu"]))
    if kind == "value":
        return ValueWin(seat=seat, value=draw(st.integers(1, 3000)))
    if kind == "hand":
        return HandWin.from_input(seat, draw(st.sampled_from(HANDS)))
    return HanFuWin(seat=seat, han=3, fu=40)


@st.composite
def loser_values(draw: st.DrawFn, winners: list[Seat]) -> tuple[LoserValue, ...]:
    """Mostly none; sometimes the losers' own values (refused unless the ruleset has losers_settle)."""
    if draw(st.integers(0, 2)):
        return ()
    losers = draw(st.lists(seats.filter(lambda s: s not in winners), min_size=1, max_size=3, unique=True))
    return tuple(LoserValue(seat, draw(st.integers(0, 500))) for seat in losers)


@st.composite
def classical_results(draw: st.DrawFn) -> HandResult:
    """Mostly results the family has; now and then one it refuses (tenpai at a draw, abort, chombo, double ron)."""
    kind = draw(st.sampled_from(["ron", "ron", "tsumo", "tsumo", "draw", "bad"]))
    if kind == "ron":
        discarder = draw(seats)
        count = draw(st.sampled_from([1, 1, 1, 2]))
        winners = draw(st.lists(seats.filter(lambda s: s != discarder), min_size=count, max_size=count, unique=True))
        return Ron(discarder, tuple(draw(classical_wins(w)) for w in winners), draw(loser_values(winners)))
    if kind == "tsumo":
        winner = draw(seats)
        return Tsumo(draw(classical_wins(winner)), draw(loser_values([winner])))
    if kind == "draw":
        return ExhaustiveDraw(())
    refused: list[HandResult] = [ExhaustiveDraw((Seat.SEAT_1,)), AbortiveDraw(AbortReason.KYUUSHU), Chombo(Seat.SEAT_2)]
    return draw(st.sampled_from(refused))


class ClassicalSessionMachine(RuleBasedStateMachine):
    """Drives a classical Session and keeps the states it went through, to check undo against."""

    def __init__(self) -> None:
        super().__init__()
        self.session = Session(ruleset("classical"), PLAYERS)
        self.history: list[GameState] = [self.session.state]

    @initialize(
        preset=st.sampled_from(["classical", "classical-doubles"]),
        overrides=st.sampled_from(
            [
                {},
                {"rounds": 1},
                {"rounds": 1, "uma": [30, 10, -10, -30], "limit": 1000},
                {"rounds": 1, "losers": "losers_settle", "cap_east_double": True, "limit": 500},
            ]
        ),
    )
    def start(self, preset: str, overrides: dict[str, object]) -> None:
        self.session = Session(ruleset(preset, overrides or None), PLAYERS)
        self.history = [self.session.state]

    def _try(self, event: Event) -> None:
        before = self.session.state
        try:
            self.session.apply(event)
        except ScorekeeperError:
            assert self.session.state == before  # a refused event changes nothing
            assert len(self.session.events) == len(self.history) - 1
            return
        self.history.append(self.session.state)

    @rule(result=classical_results())
    def hand(self, result: HandResult) -> None:
        self._try(result)

    @rule(seat=seats)
    def riichi(self, seat: Seat) -> None:
        self._try(RiichiDeclared(seat))  # always refused: the family has no riichi

    @rule(seat=seats, points=st.integers(-30, 30).filter(bool))
    def penalty(self, seat: Seat, points: int) -> None:
        self._try(RefereePenalty(seat=seat, points=points * 100, reason="referee"))

    @rule()
    def referee_ends(self) -> None:
        self._try(EndGame("time"))

    @precondition(lambda self: bool(self.session.state.hands))
    @rule(data=st.data())
    def edit(self, data: st.DataObject) -> None:
        index = data.draw(st.integers(0, len(self.session.state.hands) - 1))
        if data.draw(st.booleans()):
            self._try(HandDeleted(index))
        else:
            self._try(HandEdited(index, HandRecord((), data.draw(classical_results()))))

    @precondition(lambda self: self.session.can_undo)
    @rule()
    def undo(self) -> None:
        self.session.undo()
        self.history.pop()
        assert self.session.state == self.history[-1]  # undo restores exactly

    @precondition(lambda self: self.session.can_redo)
    @rule()
    def redo(self) -> None:
        self.session.redo()
        self.history.append(self.session.state)

    @invariant()
    def table_invariants(self) -> None:
        state = self.session.state
        start = state.rules.start_points
        assert sum(state.scores) == 4 * start
        assert state.honba == 0 and state.riichi_sticks == 0 and not state.riichi_this_hand
        assert state.label[1:] == str(int(state.dealer) + 1)
        assert all(h.honba == 0 and h.riichi_sticks == 0 and sum(h.deltas) == 0 for h in state.hands)
        final = state.final if state.ended else state.standings()
        assert final is not None
        assert sum(final.points_before_penalties_tenths) == 0
        assert min(final.places) == 1

    @invariant()
    def reloads_to_the_same_state(self) -> None:
        events = [event_from_json(json.loads(json.dumps(event_to_json(e)))) for e in self.session.events]
        assert Session(self.session.rules, PLAYERS, events).state == self.session.state
        record = parse_record(json.loads(json.dumps(format_record(record_from_session(self.session)))))
        replayed = record.replay()
        assert replayed.hands == self.session.state.hands
        assert replayed.final == self.session.state.final
        assert replayed.rules == self.session.rules


ClassicalSessionMachine.TestCase.settings = settings(max_examples=40, stateful_step_count=25, deadline=None)
test_classical_session_machine = ClassicalSessionMachine.TestCase


def test_classical_game_saves_and_loads_through_the_store(tmp_path: Path) -> None:
    """Storage keeps the ruleset as the record's JSON and each event via event_to_json: a classical game reloads."""
    rules = ruleset("classical", {"rounds": 1, "limit": 1000})
    session = Session(rules, PLAYERS)
    session.ron(Seat.SEAT_2, [HandWin.from_input(Seat.SEAT_1, HANDS[0])])
    session.tsumo(ValueWin(seat=Seat.SEAT_1, value=100))
    session.draw([])
    session.undo()
    store = GameStore.open(tmp_path / "games.sqlite")
    try:
        game_id = store.start_game(session)
        store.append(game_id, Tsumo(ValueWin(seat=Seat.SEAT_3, value=1000)), at=store.position(game_id))
        session.apply(Tsumo(ValueWin(seat=Seat.SEAT_3, value=1000)))
    finally:
        store.close()
    store = GameStore.open(tmp_path / "games.sqlite")
    try:
        loaded = store.load_session(game_id)
    finally:
        store.close()
    assert loaded.rules == rules
    assert loaded.events == session.events
    assert loaded.state == session.state
