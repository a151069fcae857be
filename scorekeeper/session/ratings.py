"""Player ratings over finished games: openskill's Plackett-Luce rating and tenhou.net's R (no Qt, no storage).

Two ratings are computed in one pass over the selected games, in the order they were played (the day, then the
order the games were stored: ``game_id``), each game ranked by its final places as the ruleset's final table gives
them (``GameLines``' place counts: a tie the ruleset breaks by seat is no tie, a tie it shares is one).

* **openskill** (the ``openskill`` package, MIT; its Plackett-Luce model with its default parameters: mu 25,
  sigma 25/3, beta 25/6, tau 25/300, kappa 0.0001): every player starts at (mu, sigma) = (25, 25/3); after each
  game the four finishers are rated with ``PlackettLuce().rate([[a], [b], [c], [d]], ranks=places)``. The figure
  players are ranked by is the ordinal ``mu - 3 sigma``: a skill the player has with about 99.9% confidence.
* **tenhou.net's R** (tenhou.net manual, "レーティング"; also riichi.wiki "Tenhou.net ranking"): every player starts
  at 1500; after each game ``R += factor x (place value + (table average R - R) / 40)``, where the place values are
  +30, +10, -10, -30 for 1st to 4th, the table average is the mean of the four players' R before the game, and the
  games-played factor is ``1 - 0.002 x n`` for a player's ``n``-th game counted from 0 while ``n`` < 400, then 0.2.
  tenhou.net breaks every tie by seat; where a ruleset shares a place, the tied players share the values of the
  places they span (two tied for 1st: (30 + 10) / 2 = +20 each): our reading.

A game rates the four players who finished it, each with their seat's place. One who left a seat during the game
(a substitute took it: ``PlayerReplaced``) has no place in it, as in the statistics, and is not rated for it. A
guest (no registry entry: identity None) plays at the starting rating of each system and is not rated.
"""

from __future__ import annotations

import datetime
import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

from scorekeeper.errors import IllegalActionError
from scorekeeper.session.statistics import GameLines, Selection

__all__ = [
    "OPENSKILL_MODEL",
    "TENHOU_PLACE_VALUES",
    "TENHOU_START",
    "GameRanking",
    "PlayerRating",
    "RatingStep",
    "Ratings",
    "game_rankings",
    "rate_games",
    "tenhou_factor",
    "tenhou_place_values",
]

#: What the openskill figures are, for screens and documents.
OPENSKILL_MODEL = "openskill Plackett-Luce (default parameters)"
#: tenhou.net's place values, 1st to 4th (four-player games).
TENHOU_PLACE_VALUES: tuple[int, int, int, int] = (30, 10, -10, -30)
#: tenhou.net's starting R.
TENHOU_START = 1500.0
#: The selection of every game.
_EVERY_GAME = Selection()
#: The games after which tenhou.net's games-played factor stays at 0.2.
_TENHOU_SETTLED = 400


def tenhou_factor(games_before: int) -> float:
    """tenhou.net's games-played factor for a player who has played ``games_before`` games: 1 - 0.002 n, 0.2 from 400.

    Raises:
        IllegalActionError: a negative count.
    """
    if games_before < 0:
        raise IllegalActionError(f"a player has played 0 or more games, got {games_before}")
    return 0.2 if games_before >= _TENHOU_SETTLED else 1 - 0.002 * games_before


def tenhou_place_values(places: Sequence[int]) -> tuple[float, ...]:
    """Each place's tenhou.net value; players sharing a place share the values of the places they span.

    Raises:
        IllegalActionError: not four places of 1 to 4, each shared place followed by the places it spans.
    """
    return _place_values(tuple(places))


@functools.lru_cache(maxsize=256)
def _place_values(places: tuple[int, ...]) -> tuple[float, ...]:
    """:func:`tenhou_place_values`, remembered: a rating pass meets the same few dozen place tuples again and again."""
    if len(places) != 4 or sorted(places) != _shared(places):
        raise IllegalActionError(f"a four-player game's final places are 1 to 4, ties sharing the better, got {places}")
    out = []
    for place in places:
        count = places.count(place)
        spanned = TENHOU_PLACE_VALUES[place - 1 : place - 1 + count]
        out.append(sum(spanned) / count)
    return tuple(out)


def _shared(places: Sequence[int]) -> list[int]:
    """The places as a final table gives them when ``places`` are its ties: each tied group at its best place."""
    ordered = sorted(places)
    return [ordered.index(p) + 1 for p in ordered] if all(1 <= p <= 4 for p in ordered) else []


@dataclass(frozen=True, slots=True, kw_only=True)
class GameRanking:
    """One game as the ratings see it: the four who finished it, with their places.

    Attributes:
        game_id: the game's id in its store.
        played: the day it was played.
        players: each seat's finisher (seat 0 first): an identity, or None for a guest.
        places: each seat's final place (1 to 4; tied seats share the better place).
    """

    game_id: int
    played: datetime.date
    players: tuple[str | None, str | None, str | None, str | None]
    places: tuple[int, int, int, int]


def _ranking(game: GameLines) -> GameRanking:
    finishers: dict[int, tuple[str | None, int]] = {}
    for line, row in enumerate(game.rows):
        placed = row[1:5]
        if 1 in placed:
            finishers[game.seats[line]] = (game.players[line], placed.index(1) + 1)
    if sorted(finishers) != [0, 1, 2, 3]:
        raise IllegalActionError(f"game {game.game_id}: a rated game has a place for each of its four seats")
    players = tuple(finishers[seat][0] for seat in range(4))
    places = tuple(finishers[seat][1] for seat in range(4))
    tenhou_place_values(places)  # checks the places
    return GameRanking(
        game_id=game.game_id,
        played=game.played,
        players=(players[0], players[1], players[2], players[3]),
        places=(places[0], places[1], places[2], places[3]),
    )


def game_rankings(games: Iterable[GameLines], selection: Selection = _EVERY_GAME) -> tuple[GameRanking, ...]:
    """The selected games' rankings in the order played: by day, then by ``game_id`` (the order stored).

    Raises:
        IllegalActionError: a game without a place for each seat.
    """
    chosen = sorted((g for g in games if selection.matches(g)), key=lambda g: (g.played, g.game_id))
    return tuple(_ranking(game) for game in chosen)


@dataclass(frozen=True, slots=True, kw_only=True)
class RatingStep:
    """A player's ratings after one of their games.

    Attributes:
        game_id: the game.
        played: its day.
        place: the player's place in it.
        mu: openskill's mean skill after it.
        sigma: openskill's uncertainty after it.
        tenhou: tenhou.net's R after it.
    """

    game_id: int
    played: datetime.date
    place: int
    mu: float
    sigma: float
    tenhou: float

    @property
    def ordinal(self) -> float:
        """``mu - 3 sigma``."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerRating:
    """A player's ratings after all their selected games.

    Attributes:
        player: the identity.
        games: the games they were rated for (finished at a seat).
        mu: openskill's mean skill.
        sigma: openskill's uncertainty.
        tenhou: tenhou.net's R.
    """

    player: str
    games: int
    mu: float
    sigma: float
    tenhou: float

    @property
    def ordinal(self) -> float:
        """``mu - 3 sigma``: what players are ranked by."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True, slots=True, kw_only=True)
class Ratings:
    """Every rated player's ratings over a selection, and how each got there.

    Attributes:
        players: each player's ratings, by ordinal, best first (then by identity).
        history: each player's ratings after each of their games, in the order played.
    """

    players: tuple[PlayerRating, ...]
    history: Mapping[str, tuple[RatingStep, ...]]

    def of(self, player: str) -> PlayerRating | None:
        """``player``'s ratings, or None if they have no rated game in the selection."""
        return next((p for p in self.players if p.player == player), None)


def rate_games(games: Iterable[GameLines], selection: Selection = _EVERY_GAME) -> Ratings:
    """Both ratings of every player over the selected games, computed from scratch in the order played.

    Raises:
        IllegalActionError: a game without a place for each seat.
    """
    model = PlackettLuce()
    skill: dict[str, PlackettLuceRating] = {}
    tenhou: dict[str, float] = {}
    played: dict[str, int] = {}
    history: dict[str, list[RatingStep]] = {}
    for game in game_rankings(games, selection):
        teams = [
            [skill[p] if p in skill else model.rating()] if p is not None else [model.rating()] for p in game.players
        ]
        rated = model.rate(teams, ranks=[float(place) for place in game.places])
        before = [TENHOU_START if p is None else tenhou.get(p, TENHOU_START) for p in game.players]
        average = sum(before) / 4
        values = tenhou_place_values(game.places)
        for seat, player in enumerate(game.players):
            if player is None:
                continue
            new = rated[seat][0]
            count = played.get(player, 0)
            skill[player] = new
            tenhou[player] = before[seat] + tenhou_factor(count) * (values[seat] + (average - before[seat]) / 40)
            played[player] = count + 1
            history.setdefault(player, []).append(
                RatingStep(
                    game_id=game.game_id,
                    played=game.played,
                    place=game.places[seat],
                    mu=new.mu,
                    sigma=new.sigma,
                    tenhou=tenhou[player],
                )
            )
    players = [
        PlayerRating(player=p, games=played[p], mu=skill[p].mu, sigma=skill[p].sigma, tenhou=tenhou[p]) for p in skill
    ]
    players.sort(key=lambda r: (-r.ordinal, r.player))
    return Ratings(players=tuple(players), history={p: tuple(steps) for p, steps in history.items()})
