"""The committed Japanese translation is the one its sources build: ``ja.ts`` and ``ja.qm`` are never edited or
merged by hand (``.gitattributes``: a rebase keeps one side of them without a conflict), so this test is what says
they are stale. The fix is always the same: ``python -m scorekeeper.gui.translations.build``, then commit both."""

from __future__ import annotations

from pathlib import Path

from scorekeeper.gui.translations import build

REBUILD = "stale: run `python -m scorekeeper.gui.translations.build` and commit ja.ts and ja.qm"


def test_ja_ts_is_what_the_code_and_ja_py_build(tmp_path: Path) -> None:
    built = tmp_path / "ja.ts"
    texts, by_context = build.japanese()
    build.write_ts(built, texts, by_context)
    assert built.read_text(encoding="utf-8") == (build.HERE / "ja.ts").read_text(encoding="utf-8"), REBUILD


def test_ja_qm_is_what_lrelease_makes_of_ja_ts(tmp_path: Path) -> None:
    # lrelease (PySide6 ships it) writes the same bytes for the same .ts, so a .qm left behind by a rebase shows.
    built = tmp_path / "ja.qm"
    build.compile_qm(build.HERE / "ja.ts", built)
    assert built.read_bytes() == (build.HERE / "ja.qm").read_bytes(), REBUILD
