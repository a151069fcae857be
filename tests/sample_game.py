"""One game that has a bit of everything a record shows, as a game-record object (issue 12's record tests).

EMA 2016 (chombo after uma, 20,000). E1: Aiko riichi, ron from Bruno 3 han 40 fu. E1-1: Chen tsumo 5 han (mangan).
E2: draw, Bruno and Dana in riichi and tenpai. E2-1: double ron on Aiko's discard: Bruno 2 han 30 fu and Dana a
yakuman with Chen liable (pao). E2-2: Dana's chombo, then the hand replayed: Dana tsumo 1 han 30 fu. E3: Aiko ron
from Dana 5 han (mangan; RCR 2016 has no kiriage, so not 4 han 30 fu). A referee's 5,000 penalty to Bruno; the
referee ends it.
"""

from __future__ import annotations

from typing import Any

__all__ = ["NAMES", "SAMPLE_GAME"]

NAMES = ("Aiko", "Bruno", "Chen", "Dana")

SAMPLE_GAME: dict[str, Any] = {
    "format": "scorekeeper-game",
    "version": 1,
    "ruleset": "ema2016",
    "players": list(NAMES),
    "hands": [
        {"riichi": [0], "result": {"type": "ron", "from": 1, "wins": [{"seat": 0, "han": 3, "fu": 40}]}},
        {"riichi": [], "result": {"type": "tsumo", "win": {"seat": 2, "han": 5, "fu": 30}}},
        {"riichi": [1, 3], "result": {"type": "draw", "tenpai": [1, 3]}},
        {
            "riichi": [],
            "result": {
                "type": "ron",
                "from": 0,
                "wins": [{"seat": 1, "han": 2, "fu": 30}, {"seat": 3, "yakuman": 1, "pao": 2}],
            },
        },
        {"riichi": [], "result": {"type": "chombo", "seat": 3}},
        {"riichi": [], "result": {"type": "tsumo", "win": {"seat": 3, "han": 1, "fu": 30}}},
        {"riichi": [], "result": {"type": "ron", "from": 3, "wins": [{"seat": 0, "han": 5, "fu": 30}]}},
    ],
    "penalties": [{"seat": 1, "points": -5000, "reason": "late arrival"}],
    "end": {"reason": "time"},
}
