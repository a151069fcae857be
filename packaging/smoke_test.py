"""Smoke-test a built bundle: ``python packaging/smoke_test.py dist/scorekeeper-<version>-<platform>``.

Runs the bundled binary (no Python or Qt from the machine needed) three ways: ``--version``; the command-line face
scoring a hand through ``score --json``; and the GUI, offscreen, with ``--smoke-test``, which opens a new game in a
throw-away data folder, paints the table view and exits 0. Exit status 0 when all three pass.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HAND = {
    "hand": "123m456p789s22z",
    "melds": [{"type": "pon", "tiles": "555z"}],
    "win": "2z",
    "tsumo": False,
    "seat_wind": "S",
    "round_wind": "E",
    "dora": [],
    "ura": [],
    "ruleset": "tenhou",
}


#: A finished game of one hand: B rons A for a yakuman, A is below zero and the game ends (tenhou.net).
GAME = {
    "format": "scorekeeper-game",
    "version": 1,
    "ruleset": "tenhou",
    "players": ["A", "B", "C", "D"],
    "hands": [{"riichi": [], "result": {"type": "ron", "from": 0, "wins": [{"seat": 1, "yakuman": 1}]}}],
}


def _run(binary: Path, args: list[str], *, env: dict[str, str], stdin: str = "") -> str:
    result = subprocess.run(
        [str(binary), *args], input=stdin, capture_output=True, text=True, env=env, timeout=120, check=False
    )
    if result.returncode != 0:
        raise SystemExit(f"{binary.name} {' '.join(args)} exited {result.returncode}:\n{result.stderr[-2000:]}")
    return result.stdout


def main() -> int:
    """Run the checks against the bundle folder given on the command line."""
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    bundle = Path(sys.argv[1]).resolve()
    binary = bundle / ("scorekeeper.exe" if os.name == "nt" else "scorekeeper")
    with tempfile.TemporaryDirectory() as data:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
        env.update(QT_QPA_PLATFORM="offscreen", SCOREKEEPER_DATA_DIR=data)
        version = _run(binary, ["--version"], env=env).strip()
        print("version:", version)
        answer = json.loads(_run(binary, ["score", "--json"], env=env, stdin=json.dumps(HAND) + "\n"))
        if not answer.get("ok") or answer.get("points") != 1000:
            raise SystemExit(
                f"score --json gave {answer}, expected ok with 1000 points (yakuhai haku, 1 han 30 fu, non-dealer ron)"
            )
        print("score --json:", answer["points"], [y["name"] for y in answer["yaku"]])
        # Ratings (issue 28): the openskill package's compiled modules are in the bundle. B's yakuman ron busts A.
        record = Path(data) / "game.json"
        record.write_text(json.dumps(GAME), encoding="utf-8")
        database = str(Path(data) / "ratings.sqlite3")
        _run(binary, ["import", str(record), "--db", database], env=env)
        rated = json.loads(_run(binary, ["ratings", "--db", database, "--json"], env=env))["players"]
        if [p["player"] for p in rated] != ["B", "C", "D", "A"] or rated[0]["tenhou_rating"] != 1530:
            raise SystemExit(f"ratings --json gave {rated}, expected B, C, D, A with B at tenhou.net R 1530")
        print("ratings --json:", [(p["player"], round(p["ordinal"], 2)) for p in rated])
        print(_run(binary, ["--smoke-test"], env=env).strip())
    print("bundle smoke test passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
