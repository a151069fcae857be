"""The quality report shown beside a seating: our figures next to a random seating's for the same field."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.errors import TournamentError
from scorekeeper.tournament.seating.methods import seat_random
from scorekeeper.tournament.seating.model import Seating
from scorekeeper.tournament.seating.quality import SeatingQuality, moved_players, seating_quality

__all__ = ["QualityReport", "Reseating", "quality_report", "reseating_report"]


@dataclass(frozen=True, slots=True, kw_only=True)
class QualityReport:
    """The quality of the sessions seated so far and of random seatings of the same players.

    Attributes:
        sessions: the sessions measured, in order.
        seating: the seatings' quality.
        random: the quality of a random seating of each of those sessions' players (seeded by ``seed``).
        apart: whether players were to be kept apart (the meetings of such players are reported then).
    """

    sessions: tuple[int, ...]
    seating: SeatingQuality
    random: SeatingQuality
    apart: bool = False

    def to_json(self) -> dict[str, Any]:
        """``{"sessions": [...], "seating": {...}, "random": {...}}`` (figures as :meth:`SeatingQuality.to_json`)."""
        return {"sessions": list(self.sessions), "seating": self.seating.to_json(), "random": self.random.to_json()}

    def lines(self) -> list[str]:
        """The report as lines of text, ours then a random seating's."""
        ours, other = self.seating, self.random

        def common(q: SeatingQuality) -> str:
            return "-" if q.fewest_common_opponents is None else str(q.fewest_common_opponents)

        rows = [
            ("pairs meeting more than once", str(ours.repeat_pairs), str(other.repeat_pairs)),
            ("most meetings of one pair", str(ours.max_meetings), str(other.max_meetings)),
            (
                "winds per player (min-max)",
                f"{ours.fewest_same_wind}-{ours.max_same_wind}",
                f"{other.fewest_same_wind}-{other.max_same_wind}",
            ),
            ("table revisits", str(ours.table_revisits), str(other.table_revisits)),
            ("fewest common opponents (pairs never met)", common(ours), common(other)),
        ]
        if ours.byes is not None and other.byes is not None:
            rows.append(
                ("byes per player (min-max)", f"{ours.byes[0]}-{ours.byes[1]}", f"{other.byes[0]}-{other.byes[1]}")
            )
        if self.apart:
            rows.append(("meetings of players kept apart", str(ours.apart_meetings), str(other.apart_meetings)))
        width = max(len(label) for label, _, _ in rows)
        span = f"{self.sessions[0]}-{self.sessions[-1]}" if len(self.sessions) > 1 else str(self.sessions[0])
        out = [f"quality of sessions {span}: {'seating':>8} {'random':>8}"]
        out += [f"  {label:<{width}} {a:>8} {b:>8}" for label, a, b in rows]
        return out


def _drawn(seating: Seating, seed: str) -> Seating:
    """A random seating of the players of ``seating``, as many on a bye as it had, drawn at random too."""
    if not seating.byes:
        return seat_random(seating.session, seating.names, seed=seed)
    everyone = [*seating.names, *seating.byes]
    random.Random(f"{seed}:byes:{seating.session}").shuffle(everyone)
    out = len(seating.byes)
    return dataclasses.replace(seat_random(seating.session, everyone[out:], seed=seed), byes=tuple(everyone[:out]))


def quality_report(
    seatings: Iterable[Seating],
    *,
    ignore: Iterable[str] = (),
    apart: Mapping[str, str] | None = None,
    seed: int | str = 0,
    common_opponents: bool = True,
) -> QualityReport:
    """The quality of ``seatings`` (played one after another) beside random seatings of the same players;
    ``common_opponents`` off leaves that figure out (it looks at every pair that never met).

    Raises:
        TournamentError: never for stored seatings (a random seating of a stored session's players always exists).
    """
    played: Sequence[Seating] = sorted(seatings, key=lambda s: s.session)
    skip = tuple(ignore)
    drawn = [_drawn(s, f"report:{seed}") for s in played]
    return QualityReport(
        sessions=tuple(s.session for s in played),
        seating=seating_quality(played, ignore=skip, common_opponents=common_opponents, apart=apart),
        random=seating_quality(drawn, ignore=skip, common_opponents=common_opponents, apart=apart),
        apart=bool(apart),
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class Reseating:
    """A session seated again (after a drop-out, a late arrival, a substitute): the quality of the sessions up to
    it with the seating it had and with the new one, and how many players changed seats (issue 26).

    Attributes:
        session: the session seated again.
        before: the quality with the seating it had.
        after: the quality with the new seating.
        moved: players of the new seating at another table or wind than before, or not seated before
            (:func:`moved_players`).
        seated: players in the new seating.
    """

    session: int
    before: QualityReport
    after: QualityReport
    moved: int
    seated: int


def reseating_report(
    seatings: Iterable[Seating],
    earlier: Seating,
    *,
    ignore: Iterable[str] = (),
    apart: Mapping[str, str] | None = None,
    seed: int | str = 0,
    common_opponents: bool = True,
) -> Reseating:
    """The quality before and after ``earlier``'s session was seated again: ``seatings`` are the seatings stored now
    (the new one among them); the sessions up to ``earlier.session`` are measured, once as they are and once with
    ``earlier`` in place of the new seating (the other arguments as :func:`quality_report`).

    Raises:
        TournamentError: ``seatings`` hold no seating of ``earlier``'s session.
    """
    session = earlier.session
    upto = [s for s in seatings if s.session <= session]
    now = next((s for s in upto if s.session == session), None)
    if now is None:
        raise TournamentError(f"session {session} is not seated: nothing was seated again")
    skip = tuple(ignore)

    def report(chosen: Sequence[Seating]) -> QualityReport:
        return quality_report(chosen, ignore=skip, apart=apart, seed=seed, common_opponents=common_opponents)

    return Reseating(
        session=session,
        before=report([s for s in upto if s.session != session] + [earlier]),
        after=report(upto),
        moved=moved_players(earlier, now),
        seated=len(now.names),
    )
