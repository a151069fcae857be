"""A tournament's registration, late players and substitutes take only names a new game would take (the session's
one judge, ``scorekeeper.session.names``); a stored tournament keeps loading."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.errors import TournamentError
from scorekeeper.storage.tournament_store import open_tournament_store
from scorekeeper.tournament import Player, Tournament, parse_players_csv
from tests.tournament.builders import roster, settings


@pytest.mark.parametrize(
    ("name", "message"),
    [
        pytest.param("\u200b", "has no name", id="zero-width-space-only"),
        pytest.param("\u202eAnn", "line break or control character", id="rtl-override"),
        pytest.param("Ann\u2066", "line break or control character", id="bidi-isolate"),
    ],
)
def test_registration_refuses_a_name_a_new_game_would_refuse(name: str, message: str) -> None:
    with pytest.raises(TournamentError, match=f"players CSV line 3: a player.*{message}"):
        parse_players_csv(f"name\nBo\n{name}\n")
    tournament = Tournament(settings=settings(), players=roster(8))
    with pytest.raises(TournamentError, match=message):
        tournament.with_player(Player(name=name, substitute=True))


@pytest.mark.parametrize(
    ("name", "message"),
    [
        pytest.param("", "must not be empty", id="empty"),
        pytest.param("Ann\nBo", "one-line", id="newline"),
        pytest.param(" Ann", "must not start or end with spaces", id="outer-space"),
        pytest.param("p001", "listed twice", id="another-players-name-in-another-case"),
        pytest.param("P\uff10\uff10\uff11", "listed twice", id="another-players-name-full-width"),
    ],
)
def test_a_late_player_or_substitute_needs_a_name_of_their_own(tmp_path: Path, name: str, message: str) -> None:
    with open_tournament_store(tmp_path / "open.db") as store:
        store.create(settings(), roster(8))
        with pytest.raises(TournamentError, match=message):
            store.add_player(Player(name=name, substitute=True))
        assert len(store.load().players) == 8  # nothing written


def test_a_substitute_with_a_name_of_their_own_is_registered(tmp_path: Path) -> None:
    with open_tournament_store(tmp_path / "open.db") as store:
        store.create(settings(), roster(8))
        after = store.add_player(Player(name="Mehr\u200cnaz", substitute=True))
        assert after.players[-1].name == "Mehr\u200cnaz"  # a joiner inside a name is text, not a control


def test_a_stored_tournament_whose_player_holds_a_bidi_control_still_loads(tmp_path: Path) -> None:
    # Stored before registration asked the session: it loads and shows as it was (only new names are judged).
    with open_tournament_store(tmp_path / "open.db") as store:
        store.create(settings(), (*roster(7), Player(name="\u202eAnn")))
        assert store.load().players[-1].name == "\u202eAnn"
