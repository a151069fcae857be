"""The tile artwork: every tile is packaged, drawn without fonts, up to date with its source, and renders crisply."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QByteArray, QRect
from PySide6.QtGui import QColor, QIcon, QImage, QPainter, QPalette
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QApplication

from scorekeeper.engine.classical import ExtraTile
from scorekeeper.engine.tiles import Tile, TileKind
from scorekeeper.gui import tiles as tile_art
from scorekeeper.gui.tiles import BACK, TileArt, is_dark_palette, tile_icon, tile_pixmap, tile_svg

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[2]
ALL_ART: list[TileArt] = [
    *(Tile(kind) for kind in TileKind),
    *(Tile(kind, red=True) for kind in (TileKind.M5, TileKind.P5, TileKind.S5)),
    *ExtraTile,
    BACK,
]
VARIANTS = [(False, False), (True, False), (False, True), (True, True)]


@pytest.mark.parametrize("tile", ALL_ART, ids=str)
@pytest.mark.parametrize(("dark", "index"), VARIANTS, ids=["light", "dark", "light-index", "dark-index"])
def test_every_tile_is_packaged_as_valid_svg(qapp: QApplication, tile: TileArt, dark: bool, index: bool) -> None:
    renderer = QSvgRenderer(QByteArray(tile_svg(tile, dark=dark, index=index)))
    assert renderer.isValid()
    assert renderer.viewBoxF().width() / renderer.viewBoxF().height() == pytest.approx(tile_art.TILE_ASPECT)


def test_no_tile_needs_a_font() -> None:
    # Issue 4, "Look and feel": no system font may be needed to show a tile; every character is our own strokes.
    for path in (ROOT / "scorekeeper" / "gui" / "tiles").glob("*.svg"):
        text = path.read_text(encoding="utf-8")
        for forbidden in ("<text", "font", "<image", "xlink:href", "@import"):
            assert forbidden not in text, f"{path.name} contains {forbidden!r}"


def test_packaged_svgs_match_their_source(tmp_path: Path) -> None:
    script = ROOT / "resources" / "tiles" / "draw_tiles.py"
    subprocess.run([sys.executable, str(script), "--out", str(tmp_path)], check=True, capture_output=True)
    packaged = {p.name: p.read_bytes() for p in (ROOT / "scorekeeper" / "gui" / "tiles").glob("*.svg")}
    drawn = {p.name: p.read_bytes() for p in tmp_path.glob("*.svg")}
    assert sorted(drawn) == sorted(packaged)
    stale = [name for name in drawn if drawn[name] != packaged[name]]
    assert not stale, f"re-run resources/tiles/draw_tiles.py: {stale[:5]} differ"


def test_pixmap_has_the_asked_logical_size_at_any_device_pixel_ratio(qapp: QApplication) -> None:
    pixmap = tile_pixmap(Tile.parse("1s"), 64, dpr=2.0)
    assert (pixmap.width(), pixmap.height()) == (96, 128)
    assert pixmap.devicePixelRatio() == 2.0


def test_pixmaps_are_cached(qapp: QApplication) -> None:
    first = tile_pixmap(Tile.parse("7z"), 50, dark=True)
    second = tile_pixmap(Tile.parse("7z"), 50, dark=True)
    assert first.cacheKey() == second.cacheKey()


def _pixels(tile: TileArt, **options: bool) -> bytes:
    image = tile_pixmap(tile, 80, **options).toImage()
    return bytes(image.constBits())


@pytest.mark.parametrize(
    ("first", "second"),
    [("5m", "0m"), ("5p", "0p"), ("5s", "0s"), ("1z", "2z"), ("5z", "6z")],
    ids=["red-5m", "red-5p", "red-5s", "east-south", "white-green"],
)
def test_red_fives_and_honours_look_different(qapp: QApplication, first: str, second: str) -> None:
    assert _pixels(Tile.parse(first)) != _pixels(Tile.parse(second))


def test_dark_index_and_dim_variants_differ(qapp: QApplication) -> None:
    tile = Tile.parse("3p")
    plain = _pixels(tile)
    assert _pixels(tile, dark=True) != plain
    assert _pixels(tile, index=True) != plain
    assert _pixels(tile, dim=True) != plain


def test_red_five_draws_red_pips(qapp: QApplication) -> None:
    image = tile_pixmap(Tile.parse("0p"), 80).toImage()
    centre = QColor(image.pixelColor(30, 38))  # the centre coin of the five of circles
    assert centre.red() > 150
    assert centre.green() < 120


def test_icon_renders_at_any_size_and_fades_when_disabled(qapp: QApplication) -> None:
    icon = tile_icon(Tile.parse("9m"))
    normal = icon.pixmap(45, 60)
    assert (normal.width(), normal.height()) == (45, 60)
    disabled = icon.pixmap(45, 60, QIcon.Mode.Disabled)
    assert bytes(normal.toImage().constBits()) != bytes(disabled.toImage().constBits())


def test_is_dark_palette_reads_the_window_colour(qapp: QApplication) -> None:
    palette = QPalette()
    palette.setColor(QPalette.ColorRole.Window, QColor("#202124"))
    assert is_dark_palette(palette)
    palette.setColor(QPalette.ColorRole.Window, QColor("#f3f3f3"))
    assert not is_dark_palette(palette)


def test_icon_paints_centred_into_a_rectangle(qapp: QApplication) -> None:
    image = QImage(100, 100, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("#000000"))
    painter = QPainter(image)
    tile_icon(Tile.parse("1p")).paint(painter, QRect(0, 0, 100, 100))
    painter.end()
    assert image.pixelColor(50, 50) != QColor("#000000")  # the coin in the middle
    assert image.pixelColor(5, 50) == QColor("#000000")  # a 75 px wide tile leaves the sides alone


def test_the_eight_extra_tiles_all_look_different(qapp: QApplication) -> None:
    # Seed 003's seasons and plants (issue 6): each its own motif and colour, group number in the corner.
    drawings = {extra: _pixels(extra) for extra in ExtraTile}
    assert len(set(drawings.values())) == 8


def test_extra_tile_files_are_named_by_their_notation() -> None:
    assert tile_art.tile_file_name(ExtraTile.PLUM, dark=True, index=True) == "5f-dark-index.svg"
