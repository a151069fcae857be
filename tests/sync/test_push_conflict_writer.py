"""A refused unit names whose write it met: the referee's, or another laptop's of the same table (issue 23 item 5).

Before, every conflict read "changed on the server since this table's last write", and the table said the referee
had changed the game even when a second laptop of the same table had written first.
"""

from __future__ import annotations

import pytest

from scorekeeper.errors import InvalidRulesetError
from scorekeeper.session.events import RefereePenalty, RiichiDeclared, event_to_json
from scorekeeper.session.seats import Seat
from scorekeeper.storage._jsontext import dump_json
from scorekeeper.storage.outbox import OutboxOp
from scorekeeper.sync.push import PushResult, Writer
from scorekeeper.sync.server import ServerGame
from tests.tournament_db import PLAYERS, Tournament


def _riichi_unit(first_op: int, *, at: int) -> tuple[OutboxOp, OutboxOp]:
    """One local write: a riichi put at event ``at`` and the head after it, built on head ``at``."""
    body = dump_json(event_to_json(RiichiDeclared(Seat(at % 4))))
    return (
        OutboxOp(op=first_op, kind="put", seq=at, body=body),
        OutboxOp(op=first_op + 1, kind="head", seq=at + 1, base=at, finished=False),
    )


def _opened(tournament: Tournament) -> str:
    with tournament.referee() as referee:
        return referee.open_game(1, 1).id


def test_a_unit_built_before_the_referees_write_names_the_referee(tournament: Tournament) -> None:
    game_id = _opened(tournament)
    with tournament.referee() as referee:
        assert referee.push(game_id, _riichi_unit(1, at=0)).applied_op == 2
        version = referee.game(game_id).version
        penalty = dump_json(event_to_json(RefereePenalty(seat=Seat(1), points=-1000, reason="late")))
        referee.append_as_referee(game_id, penalty, version=version)
        result = referee.push(game_id, _riichi_unit(3, at=1))  # the table, on its own last position
    assert result == PushResult(applied_op=2, conflict=result.conflict, met=Writer.REFEREE)
    assert "the referee wrote to it" in result.conflict


def test_a_unit_built_before_another_laptops_write_names_the_other_laptop(tournament: Tournament) -> None:
    game_id = _opened(tournament)
    with tournament.referee() as referee:
        assert referee.push(game_id, _riichi_unit(1, at=0)).applied_op == 2  # the spare's hand, head 0 -> 1
        result = referee.push(game_id, _riichi_unit(3, at=0))  # the first laptop's, still built on head 0
    assert result.met is Writer.OTHER_LAPTOP
    assert "another laptop of this table wrote to it" in result.conflict
    assert "referee" not in result.conflict


def test_a_change_number_another_laptop_took_names_the_other_laptop(tournament: Tournament) -> None:
    game_id = _opened(tournament)
    with tournament.referee() as referee:
        referee.push(game_id, _riichi_unit(1, at=0))
        other = (OutboxOp(op=1, kind="put", seq=0, body=dump_json(event_to_json(RiichiDeclared(Seat(3))))),)
        result = referee.push(game_id, other)
    assert (result.applied_op, result.met) == (0, Writer.OTHER_LAPTOP)


def test_a_pushed_game_with_an_unknown_ruleset_key_is_refused_by_the_one_reader() -> None:
    # The server's own copy of the ruleset reader took any extra key; Ruleset.from_json refuses it.
    game = ServerGame(
        id="s1-t1-x",
        session=1,
        table_no=1,
        players=PLAYERS[1],
        ruleset={"preset": "tenhou", "overrides": {}, "surprise": 1},
        bodies=(),
        head=0,
        finished=False,
        version=0,
        applied_op=0,
    )
    with pytest.raises(InvalidRulesetError, match="surprise"):
        game.session_object()
