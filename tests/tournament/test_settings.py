"""Tournament settings: validation and their JSON form."""

from __future__ import annotations

import pytest

from scorekeeper.errors import TournamentError
from scorekeeper.tournament import StandingsTieBreak, TimeLimitRule, TournamentSettings, settings_from_json


def test_settings_round_trip_through_json() -> None:
    settings = TournamentSettings(
        name="Paris Riichi Open",
        dates=("2026-05-02", "2026-05-03"),
        venue="Paris",
        preset="ema2016",
        overrides=(("uma", [20, 10, -10, -20]),),
        sessions=8,
        time_limit_minutes=95,
        time_limit_rule=TimeLimitRule.STOP_NOW,
        tie_break=StandingsTieBreak.PLACES,
        teams=True,
    )
    again = settings_from_json(settings.to_json())
    assert again == settings
    assert again.ruleset.table.uma == (20, 10, -10, -20)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        pytest.param({"name": " "}, "must not be empty", id="blank-name"),
        pytest.param({"sessions": 0}, "1 to 200 sessions", id="no-sessions"),
        pytest.param({"dates": ("2026-13-01",)}, "YYYY-MM-DD", id="bad-date"),
        pytest.param({"dates": ("2026-05-03", "2026-05-02")}, "in order", id="dates-out-of-order"),
        pytest.param({"preset": "nosuch"}, "ruleset", id="unknown-preset"),
        pytest.param({"overrides": (("nosuch", 1),)}, "unknown ruleset knob", id="unknown-knob"),
        pytest.param({"tie_break": "coin"}, "coin", id="unknown-tie-break"),
        pytest.param({"time_limit_minutes": -5}, "0 to 1440", id="negative-time-limit"),
    ],
)
def test_bad_settings_are_refused_with_the_reason(kwargs: dict[str, object], message: str) -> None:
    arguments: dict[str, object] = {"name": "Open", **kwargs}
    with pytest.raises(TournamentError, match=message):
        TournamentSettings(**arguments)  # type: ignore[arg-type]


def test_settings_from_json_refuses_a_non_object() -> None:
    with pytest.raises(TournamentError, match="must be an object"):
        settings_from_json(["name"])


def test_keep_apart_and_seeded_players_are_kept_in_the_settings_json() -> None:
    from scorekeeper.errors import TournamentError
    from scorekeeper.tournament import TournamentSettings, settings_from_json

    settings = TournamentSettings(name="Club Cup", keep_apart="club", seeded=("Ann", "Bo"))
    assert settings_from_json(settings.to_json()) == settings
    assert "keep_apart" not in TournamentSettings(name="Plain").to_json()  # older readers see what they knew
    with pytest.raises(TournamentError, match="keep apart must be club, country, team or nothing"):
        TournamentSettings(name="Bad", keep_apart="city")
