"""A tournament's settings: name, dates, venue, ruleset, sessions, time limit, standings rule and teams.

Settings are a value with a JSON form (:meth:`TournamentSettings.to_json` / :func:`settings_from_json`) that the
tournament store keeps in one column, so a new setting never needs a schema migration.
"""

from __future__ import annotations

import datetime
import enum
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.errors import ErrorCode, InvalidRulesetError, TournamentError
from scorekeeper.session.rules import Ruleset, TimeLimitRule, ruleset

__all__ = [
    "MAX_SESSIONS",
    "AbsenceRule",
    "ByeScore",
    "DisqualifiedRank",
    "ShortField",
    "StandingsTieBreak",
    "TimeLimitRule",
    "TournamentSettings",
    "settings_from_json",
]

#: More sessions than a year-long league plays.
MAX_SESSIONS = 200
_MAX_TEXT = 200


class StandingsTieBreak(enum.StrEnum):
    """How players level on points are ordered in the standings (the standings rule's knob)."""

    SHARE = "share"  # they share the rank (1, 1, 3): the EMA results form allows equal ranks
    PLACES = "places"  # the better average placing (1st is best), then the larger share of first places
    BEST_GAME = "best_game"  # the better single game first


class AbsenceRule(enum.StrEnum):
    """What a player who is substituted is credited with (the standings' substitution knob).

    ``RCR2016`` (RCR 2016 5.8) and ``EMA2025`` (EMA 2025 7.3) agree on what is ranked: a player who is substituted
    scores -15,000 points and -15,000 uma (-30.0) for each session missed, whether a substitute took the seat before
    the game began, during it, or the player dropped out; the opponents' uma counts the substitute's score where the
    substitute played from the beginning, and gives the substitute's seat the -15,000 uma where play had begun (the
    other three take 15,000, 5,000 and -5,000). They differ on the substitute's own line (ranked nowhere, shown in
    the games CSV and the score sheet): -30.0 always under RCR 2016, their own points with -15,000 uma under EMA
    2025. ``SEAT_SHARES`` is this program's earlier reading
    (scorekeeper.session.substitution): the one who left is credited with the seat's change while they sat, a
    drop-out with nothing for the sessions after.
    """

    RCR2016 = "rcr2016"
    EMA2025 = "ema2025"
    SEAT_SHARES = "seat_shares"


class DisqualifiedRank(enum.StrEnum):
    """Where a disqualified player stands (the one point on which the texts differ).

    ``BOTTOM``: "A disqualified player will be ranked at the bottom of the result list" (RCR 2016 5.8). ``POINTS``:
    ranked by points like anyone, with -30.0 for each session missed (EMA 2025 6.12 and 7.3 say a disqualified player
    is replaced by a substitute and say nothing of the ranking).
    """

    BOTTOM = "bottom"
    POINTS = "points"


class ShortField(enum.StrEnum):
    """What a session does with a field that is not a multiple of four (issue 26).

    ``SUBSTITUTES``: substitutes fill the last table's empty seats (the EMA texts' way: "As mahjong is played with
    four players, tournament organisers need substitute players", EMA 2025 7.3; RCR 2016 5.8 likewise). ``BYES``: the
    session seats as many full tables as the field allows and the rest sit out, each scoring as ``bye_score`` says;
    the byes rotate so that nobody sits out twice before everyone has once (``scorekeeper.tournament.seating.byes``).
    """

    SUBSTITUTES = "substitutes"
    BYES = "byes"


class ByeScore(enum.StrEnum):
    """What a session sat out on a bye scores (the EMA texts have no byes: this is the organiser's rule).

    ``AVERAGE``: the average of the player's own played sessions (their game points before penalties, to the
    nearest tenth, halves away from zero; 0.0 before they have played one), so a bye neither helps nor harms a
    player. ``ZERO``: 0.0, an even game.
    """

    AVERAGE = "average"
    ZERO = "zero"


#: The texts' rules by preset: the two EMA editions score an absence as their texts say; other presets keep the
#: seat-share reading (their texts say nothing of substitutes), a disqualified player at the bottom.
_TEXT_RULES: dict[str, tuple[AbsenceRule, DisqualifiedRank]] = {
    "ema2016": (AbsenceRule.RCR2016, DisqualifiedRank.BOTTOM),
    "ema2025": (AbsenceRule.EMA2025, DisqualifiedRank.POINTS),
}


def _check_text(value: object, what: str) -> str:
    if not isinstance(value, str) or len(value) > _MAX_TEXT or any(ord(c) < 32 for c in value):
        raise TournamentError(f"{what} must be a one-line text of at most {_MAX_TEXT} characters, got {value!r:.80}")
    return value


def _check_date(value: object) -> str:
    text = _check_text(value, "a date")
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        raise TournamentError(f"a date must be YYYY-MM-DD, got {text!r:.40}") from None
    return text


#: The players' columns the automatic seating can keep apart (empty: none).
KEEP_APART = ("", "club", "country", "team")


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentSettings:
    """How a tournament is played.

    Attributes:
        name: the tournament's name (unique in a store).
        dates: its days, ISO ``YYYY-MM-DD``, in order (may be empty).
        venue: where it is played.
        preset: the ruleset preset every table plays.
        overrides: the ruleset overrides, as sorted (knob, JSON value) pairs.
        sessions: how many sessions (hanchan rounds) are played.
        time_limit_minutes: the time limit per session in minutes (0: none).
        time_limit_rule: what the time signal leaves of each game (:class:`TimeLimitRule`); None (the default) takes
            the ruleset's knob ``time_limit``, the rule of the preset's text (RCR 2016 5.9, EMA 2025 7.4). Always
            set once the settings are made (:attr:`time_limit` reads it typed).
        tie_break: the standings rule's tie-break knob (points are always the sum of the games' plus-minus points
            plus penalties).
        teams: whether team standings are shown (players carry their team).
        absence: what a substituted or dropped-out player is credited with (:class:`AbsenceRule`); None (the
            default) takes the preset's text (``RCR2016`` for ema2016, ``EMA2025`` for ema2025, ``SEAT_SHARES``
            otherwise).
        disqualified_rank: where a disqualified player stands (:class:`DisqualifiedRank`); None takes the preset's
            text (``BOTTOM`` for ema2016 and the others, ``POINTS`` for ema2025).
        keep_apart: the players' column whose players the automatic seating keeps apart as far as it can:
            ``club``, ``country``, ``team`` or empty (issue 26).
        seeded: players (invited professionals...) the automatic seating seats one per table as far as it can.
        short_field: what a session does with a field that is not a multiple of four (:class:`ShortField`):
            substitutes fill the last table (the default) or the rest sit out on a bye.
        bye_score: what a bye scores (:class:`ByeScore`; read only with byes).
        ruleset: the ruleset built from preset and overrides (checked when the settings are made).
    """

    name: str
    dates: tuple[str, ...] = ()
    venue: str = ""
    preset: str = "ema2016"
    overrides: tuple[tuple[str, Any], ...] = ()
    sessions: int = 4
    time_limit_minutes: int = 90
    time_limit_rule: TimeLimitRule | None = None
    tie_break: StandingsTieBreak = StandingsTieBreak.SHARE
    teams: bool = False
    absence: AbsenceRule | None = None
    disqualified_rank: DisqualifiedRank | None = None
    keep_apart: str = ""
    seeded: tuple[str, ...] = ()
    short_field: ShortField = ShortField.SUBSTITUTES
    bye_score: ByeScore = ByeScore.AVERAGE
    ruleset: Ruleset = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        _check_text(self.name, "the tournament's name")
        if not self.name.strip():
            raise TournamentError("the tournament's name must not be empty", code=ErrorCode.TOURNAMENT_NAME_EMPTY)
        object.__setattr__(self, "dates", tuple(_check_date(d) for d in self.dates))
        if list(self.dates) != sorted(self.dates):
            raise TournamentError(f"the tournament's dates must be in order, got {', '.join(self.dates)}")
        _check_text(self.venue, "the venue")
        for number, what in ((self.sessions, "sessions"), (self.time_limit_minutes, "the time limit")):
            if isinstance(number, bool) or not isinstance(number, int):
                raise TournamentError(f"{what} must be a whole number, got {number!r:.40}")
        if not 1 <= self.sessions <= MAX_SESSIONS:
            raise TournamentError(f"a tournament has 1 to {MAX_SESSIONS} sessions, got {self.sessions}")
        if not 0 <= self.time_limit_minutes <= 24 * 60:
            raise TournamentError(f"the time limit is 0 to 1440 minutes, got {self.time_limit_minutes}")
        try:
            if self.time_limit_rule is not None:
                object.__setattr__(self, "time_limit_rule", TimeLimitRule(self.time_limit_rule))
            object.__setattr__(self, "tie_break", StandingsTieBreak(self.tie_break))
            object.__setattr__(self, "short_field", ShortField(self.short_field))
            object.__setattr__(self, "bye_score", ByeScore(self.bye_score))
            absence, disqualified = _TEXT_RULES.get(self.preset, (AbsenceRule.SEAT_SHARES, DisqualifiedRank.BOTTOM))
            object.__setattr__(self, "absence", AbsenceRule(self.absence if self.absence is not None else absence))
            object.__setattr__(
                self,
                "disqualified_rank",
                DisqualifiedRank(self.disqualified_rank if self.disqualified_rank is not None else disqualified),
            )
        except ValueError as error:
            raise TournamentError(f"tournament settings: {error}") from None
        if not isinstance(self.teams, bool):
            raise TournamentError(f"teams must be true or false, got {self.teams!r:.40}")
        if self.keep_apart not in KEEP_APART:
            raise TournamentError(f"keep apart must be club, country, team or nothing, got {self.keep_apart!r:.40}")
        object.__setattr__(self, "seeded", tuple(self.seeded))
        for name in self.seeded:
            _check_text(name, "a seeded player's name")
        try:
            built = ruleset(self.preset, dict(self.overrides))
        except InvalidRulesetError as error:
            raise TournamentError(f"the tournament's ruleset: {error}") from None
        object.__setattr__(self, "overrides", built.overrides)
        object.__setattr__(self, "ruleset", built)
        if self.time_limit_rule is None:
            object.__setattr__(self, "time_limit_rule", built.time_limit)

    @property
    def byes(self) -> bool:
        """Whether a field that is not a multiple of four sits out on byes (else substitutes fill the tables)."""
        return self.short_field is ShortField.BYES

    @property
    def time_limit(self) -> TimeLimitRule:
        """What the time signal leaves of each game: the setting, or the ruleset's rule when none was given."""
        assert self.time_limit_rule is not None  # set in __post_init__
        return self.time_limit_rule

    @property
    def absence_rule(self) -> AbsenceRule:
        """What a substituted or dropped-out player is credited with (the setting, or the preset's text's)."""
        assert self.absence is not None  # set in __post_init__
        return self.absence

    @property
    def disqualified(self) -> DisqualifiedRank:
        """Where a disqualified player stands (the setting, or the preset's text's)."""
        assert self.disqualified_rank is not None  # set in __post_init__
        return self.disqualified_rank

    def to_json(self) -> dict[str, Any]:
        """The settings as a JSON object; :func:`settings_from_json` reads it back equal."""
        return {
            "name": self.name,
            "dates": list(self.dates),
            "venue": self.venue,
            "ruleset": self.ruleset.to_json(),
            "sessions": self.sessions,
            "time_limit_minutes": self.time_limit_minutes,
            "time_limit_rule": self.time_limit.value,
            "tie_break": self.tie_break.value,
            "teams": self.teams,
            "absence": self.absence_rule.value,
            "disqualified_rank": self.disqualified.value,
            **({"keep_apart": self.keep_apart} if self.keep_apart else {}),
            **({"seeded": list(self.seeded)} if self.seeded else {}),
            # Written only with byes, so the settings of every earlier tournament read and write as before.
            **({"short_field": self.short_field.value, "bye_score": self.bye_score.value} if self.byes else {}),
        }


#: The keys a settings object may leave out (written only when set, or added after the first version).
_OPTIONAL = ("teams", "absence", "disqualified_rank", "keep_apart", "seeded", "short_field", "bye_score")


def settings_from_json(obj: object) -> TournamentSettings:
    """Settings from :meth:`TournamentSettings.to_json`'s object.

    Raises:
        TournamentError: for anything that is not such an object.
    """
    keys = {"name", "dates", "venue", "ruleset", "sessions", "time_limit_minutes", "time_limit_rule", "tie_break"}
    if not isinstance(obj, dict) or not keys <= set(obj) or not set(obj) <= {*keys, *_OPTIONAL}:
        raise TournamentError(f"tournament settings must be an object with {sorted(keys)}, got {obj!r:.120}")
    try:
        rules = Ruleset.from_json(obj["ruleset"])  # the one reader of the rules' JSON (docs/architecture.md)
    except InvalidRulesetError as error:
        raise TournamentError(f"tournament settings: bad ruleset: {error}") from None
    dates = obj["dates"]
    if not isinstance(dates, list):
        raise TournamentError(f"tournament settings: dates must be a list, got {dates!r:.80}")
    return TournamentSettings(
        name=obj["name"],
        dates=tuple(dates),
        venue=obj["venue"],
        preset=rules.preset,
        overrides=rules.overrides,
        sessions=obj["sessions"],
        time_limit_minutes=obj["time_limit_minutes"],
        time_limit_rule=obj["time_limit_rule"],
        tie_break=obj["tie_break"],
        teams=obj.get("teams", False),
        absence=obj.get("absence"),
        disqualified_rank=obj.get("disqualified_rank"),
        keep_apart=obj.get("keep_apart", ""),
        seeded=tuple(obj.get("seeded", ())),
        short_field=obj.get("short_field", ShortField.SUBSTITUTES),
        bye_score=obj.get("bye_score", ByeScore.AVERAGE),
    )
