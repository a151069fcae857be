"""Seating: who sits at which table, in which wind, in each session.

Methods (issue 13):

* ``random``: a shuffle (the first session);
* ``auto``: the whole tournament (a longer league ``PLAN_AHEAD`` sessions at a time) planned at once from a random
  draw, so that players meet as few times as they can and sit each wind as evenly as the number of sessions
  allows; each session takes its part of the plan while the played sessions follow it, a substitute who comes in
  for a drop-out takes the leaver's planned seats, and a new plan is made from what was played otherwise (a
  drop-out that changes the tables, a Swiss or prescripted session);
* ``swiss``: the top tables by the standings (1st-4th at table 1, ...), for final sessions;
* a prescripted seating read from CSV (:func:`parse_seating_csv`).

A field that is not a multiple of four takes substitutes, or, when the tournament says so, seats the full tables
and gives the rest a bye (``byes``: who sits out rotates, and ``auto`` plans the byes with the tables).

Players who need a fixed table (a wheelchair place, a streamed table) keep it under every method.

The search. Opponents first: simulated annealing swaps two players of two tables of one planned session, costing a
pair ``c (c - 1) / 2`` for ``c`` meetings (played and planned). Then winds: with the tables fixed, annealing swaps
two seats of one table, costing a player ``c * c`` per wind sat ``c`` times, plus a heavy cost past
``ceil(sessions / 4)``. It is seeded, so a session's seating is reproducible. For 40 players over 8
sessions it finds seatings where no pair meets twice and nobody sits a wind more than twice
(``tests/tournament/test_seating.py``; figures for other sizes: ``benchmarks/seating_quality.py``). After a
drop-out that changes the number of tables, the new plan of a field of up to 25 tables whose winds come out uneven
is searched again, tables and winds together (:func:`_even_winds`) and winds first (:func:`_wind_first`), never
giving up a repeat meeting for even winds; the sessions after it follow it. Memory grows
with the players (only the pairs that meet are kept), and the search's steps stop growing past 300 players; past
100 players it also stops as soon as no planned pair meets again, so a 300-player block of 16 sessions is planned
in half a second and 10,000 players over 8 sessions seat in about 4 seconds.

Where mathematics gives a schedule in which no pair meets twice (16 and 64 players from affine geometry; 24, 28,
36, 40, 48, 60 ... players from orbits of a group, ``constructions``), the first plan of a field without fixed
tables starts from it: its points get the names at random from the seed, the sessions it gives are kept, and the
search plans only the sessions beyond them (24 players over 8 sessions: 7 constructed, 18 pairs meet twice in the
8th where the best published schedule has 24).

After a drop-out or a late arrival that changes the tables, the new plan is also made close to the plan it replaces
(``repair``: the old tables keep their players still in play, an annealing clears the repeat meetings this makes
moving as few players as it can) and taken unless planning from scratch meets less or sits the winds more evenly.
Last of all, ``common`` raises the fewest common opponents of a pair that never meets (Lester's criterion) where
that costs nothing above.

The package, by job: ``model`` (the seating and its CSV), ``methods`` (random, auto, Swiss), ``search`` (the
annealing and the winds' colouring), ``constructions`` (the schedules from mathematics), ``repair`` (a new plan
close to the old), ``common`` (common opponents), ``quality`` (the measures) and ``report`` (the figures beside a
random seating's, and before and after a session is seated again).
"""

from scorekeeper.tournament.seating.byes import choose_byes, sat_out, seat_with_byes
from scorekeeper.tournament.seating.methods import PLAN_AHEAD, seat_auto, seat_random, seat_swiss
from scorekeeper.tournament.seating.model import (
    SEATING_COLUMNS,
    Seating,
    SeatingMethod,
    TableSeating,
    format_seating_csv,
    parse_seating_csv,
)
from scorekeeper.tournament.seating.quality import SeatingQuality, bye_spread, moved_players, seating_quality
from scorekeeper.tournament.seating.report import QualityReport, Reseating, quality_report, reseating_report
from scorekeeper.tournament.seating.swiss import swiss_order, swiss_repeats

__all__ = [
    "PLAN_AHEAD",
    "SEATING_COLUMNS",
    "QualityReport",
    "Reseating",
    "Seating",
    "SeatingMethod",
    "SeatingQuality",
    "TableSeating",
    "bye_spread",
    "choose_byes",
    "format_seating_csv",
    "moved_players",
    "parse_seating_csv",
    "quality_report",
    "reseating_report",
    "sat_out",
    "seat_auto",
    "seat_random",
    "seat_swiss",
    "seat_with_byes",
    "seating_quality",
    "swiss_order",
    "swiss_repeats",
]
