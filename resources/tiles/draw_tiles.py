"""Draw scorekeeper's own mahjong tile set as SVG files.

This script is the source of the artwork; its output, one SVG per tile and theme, is committed as package data in
``scorekeeper/gui/tiles/``. Re-run it after any change (a test checks that the packaged files match its output)::

    python resources/tiles/draw_tiles.py            # writes into scorekeeper/gui/tiles/
    python resources/tiles/draw_tiles.py --out DIR  # writes elsewhere

No font is used anywhere: the Chinese characters (one to nine, 萬, the four winds, 發 and 中) are our own brush-like
strokes, each stroke a filled outline built from a centre line and a width profile, so that a tile shows the same
on a machine without any CJK font. The small corner indices for beginners ("1m", "E", "Wh" ...) are drawn with a
tiny stroke alphabet of our own, in a group ``id="index"`` that is hidden unless the loader switches it on.

Layouts follow the common Japanese riichi sets (facts, not copied artwork): manzu are a numeral above 萬 (the 萬
red), pinzu are coins in their classic patterns, souzu are bamboo sticks with a bird on the one of bamboo, the
white dragon is a blue frame, the green dragon 發 is green and the red dragon 中 red. A red five is drawn all in red.

The script uses the standard library only and is deterministic: the same source always writes the same bytes.
"""

from __future__ import annotations

import argparse
import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

WIDTH = 60
HEIGHT = 80
FACE_BOTTOM = 75.0

Point = tuple[float, float]


@dataclass(frozen=True, slots=True, kw_only=True)
class Palette:
    """The colours of one theme."""

    face: str
    face_shade: str
    rim: str
    edge: str
    ink: str
    red: str
    green: str
    blue: str
    back: str
    back_line: str


LIGHT = Palette(
    face="#fbf8ef",
    face_shade="#ece6d6",
    rim="#8d8470",
    edge="#2f7f6f",
    ink="#1b1b22",
    red="#cf2a2f",
    green="#1d7a3c",
    blue="#1d4f9a",
    back="#2f7f6f",
    back_line="#8cc7b8",
)

# Dark theme: a darker slate face with a lighter rim, so the tile stands out on a dark window without glaring,
# and brighter inks so that the colours (the players read red, green and blue at a glance) stay distinct.
DARK = Palette(
    face="#30343c",
    face_shade="#282b32",
    rim="#9aa3b2",
    edge="#4f9e8c",
    ink="#eef0f4",
    red="#ff6b6e",
    green="#5fd07f",
    blue="#74a9ff",
    back="#3b8f7e",
    back_line="#a8e0d2",
)


def _fmt(value: float) -> str:
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


# ---------------------------------------------------------------------------------------------------------------
# Brush strokes


def _catmull_rom(points: Sequence[Point], per_segment: int = 10) -> list[Point]:
    """A smooth curve through the points (uniform Catmull-Rom), sampled."""
    if len(points) < 3:
        return list(points)
    padded = [points[0], *points, points[-1]]
    out: list[Point] = []
    for i in range(1, len(padded) - 2):
        p0, p1, p2, p3 = padded[i - 1], padded[i], padded[i + 1], padded[i + 2]
        for step in range(per_segment):
            t = step / per_segment
            t2, t3 = t * t, t * t * t
            x = 0.5 * (
                2 * p1[0]
                + (-p0[0] + p2[0]) * t
                + (2 * p0[0] - 5 * p1[0] + 4 * p2[0] - p3[0]) * t2
                + (-p0[0] + 3 * p1[0] - 3 * p2[0] + p3[0]) * t3
            )
            y = 0.5 * (
                2 * p1[1]
                + (-p0[1] + p2[1]) * t
                + (2 * p0[1] - 5 * p1[1] + 4 * p2[1] - p3[1]) * t2
                + (-p0[1] + 3 * p1[1] - 3 * p2[1] + p3[1]) * t3
            )
            out.append((x, y))
    out.append(points[-1])
    return out


def _densify(points: Sequence[Point], step: float = 4.0) -> list[Point]:
    """Extra points along straight segments, so that the width profile can change along them."""
    out: list[Point] = [points[0]]
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        length = math.hypot(x1 - x0, y1 - y0)
        n = max(1, int(length / step))
        out.extend((x0 + (x1 - x0) * k / n, y0 + (y1 - y0) * k / n) for k in range(1, n + 1))
    return out


# Width profiles: (position along the stroke 0..1, factor of the nominal width).
PROFILES: dict[str, tuple[tuple[float, float], ...]] = {
    # A horizontal or vertical stroke: the brush lands, runs a little thinner and presses at the end.
    "even": ((0.0, 1.12), (0.18, 0.9), (0.8, 0.84), (1.0, 1.1)),
    # A falling stroke (pie): full at the start, tapering to a point.
    "taper": ((0.0, 1.05), (0.55, 0.85), (1.0, 0.2)),
    # A dot: thin entry, full body.
    "dot": ((0.0, 0.45), (0.7, 1.2), (1.0, 1.0)),
    # A right-falling stroke (na): thin entry, swelling, then a short taper.
    "na": ((0.0, 0.45), (0.75, 1.3), (1.0, 0.35)),
    # A stroke ending in a hook: even, then a quick taper.
    "hook": ((0.0, 1.0), (0.8, 0.9), (1.0, 0.25)),
    # A rising stroke (ti): full start, sharp end.
    "rise": ((0.0, 1.15), (1.0, 0.3)),
}


def _width_at(profile: str, t: float) -> float:
    points = PROFILES[profile]
    for (t0, w0), (t1, w1) in itertools.pairwise(points):
        if t <= t1:
            return w0 + (w1 - w0) * (t - t0) / (t1 - t0)
    return points[-1][1]


@dataclass(frozen=True, slots=True)
class Stroke:
    """One brush stroke: a centre line through ``points``, smooth or with sharp corners, and a width profile."""

    points: tuple[Point, ...]
    profile: str = "even"
    smooth: bool = False
    width: float = 1.0  # a factor on the glyph's nominal width


def S(*points: Point, profile: str = "even", smooth: bool = False, width: float = 1.0) -> Stroke:  # noqa: N802
    """Shorthand for a :class:`Stroke`."""
    return Stroke(tuple(points), profile, smooth, width)


def _outline(stroke: Stroke, nominal: float) -> str:
    """The closed outline of a stroke, plus round caps where the stroke is blunt, as SVG path data."""
    line = _catmull_rom(stroke.points) if stroke.smooth else _densify(stroke.points)
    lengths = [0.0]
    for (x0, y0), (x1, y1) in itertools.pairwise(line):
        lengths.append(lengths[-1] + math.hypot(x1 - x0, y1 - y0))
    total = lengths[-1] or 1.0
    left: list[Point] = []
    right: list[Point] = []
    for i, (x, y) in enumerate(line):
        # The offset direction at a vertex is the mean of the normals of its two segments (a mitre), capped.
        normals: list[Point] = []
        for a, b in ((i - 1, i), (i, i + 1)):
            if a >= 0 and b < len(line):
                dx, dy = line[b][0] - line[a][0], line[b][1] - line[a][1]
                d = math.hypot(dx, dy)
                if d > 1e-9:
                    normals.append((-dy / d, dx / d))
        nx = sum(n[0] for n in normals) / len(normals)
        ny = sum(n[1] for n in normals) / len(normals)
        nd = math.hypot(nx, ny) or 1.0
        miter = min(1.0 / nd, 2.0)
        nx, ny = nx / nd * miter, ny / nd * miter
        half = nominal * stroke.width * _width_at(stroke.profile, lengths[i] / total) / 2
        left.append((x + nx * half, y + ny * half))
        right.append((x - nx * half, y - ny * half))
    ring = left + right[::-1]
    data = "M" + " L".join(f"{_fmt(x)} {_fmt(y)}" for x, y in ring) + " Z"
    caps = []
    for t, (x, y) in ((0.0, line[0]), (1.0, line[-1])):
        w = _width_at(stroke.profile, t)
        if w >= 0.8:
            r = nominal * stroke.width * w / 2
            caps.append(
                f" M{_fmt(x - r)} {_fmt(y)} a{_fmt(r)} {_fmt(r)} 0 1 0 {_fmt(2 * r)} 0"
                f" a{_fmt(r)} {_fmt(r)} 0 1 0 {_fmt(-2 * r)} 0 Z"
            )
    return data + "".join(caps)


@dataclass(frozen=True, slots=True)
class Glyph:
    """A character: its strokes in a ``width`` x ``height`` design box, and its nominal stroke width there."""

    width: float
    height: float
    pen: float
    strokes: tuple[Stroke, ...]


def _glyph_svg(glyph: Glyph, box: tuple[float, float, float, float], color: str) -> str:
    """Place a glyph in a box (x, y, w, h) of the tile, scaled to fit (non-uniformly, by at most a little)."""
    x, y, w, h = box
    sx, sy = w / glyph.width, h / glyph.height
    path = " ".join(_outline(stroke, glyph.pen) for stroke in glyph.strokes)
    return (
        f'<g transform="translate({_fmt(x)} {_fmt(y)}) scale({_fmt(sx)} {_fmt(sy)})">'
        f'<path d="{path}" fill="{color}" fill-rule="nonzero"/></g>'
    )


# The glyphs. Numerals live in a 100 x 70 box, 萬 in 100 x 84, the honour characters in 100 x 100.
NUMERALS: dict[int, Glyph] = {
    1: Glyph(100, 70, 12, (S((8, 38), (50, 34), (92, 35)),)),
    2: Glyph(100, 70, 11, (S((22, 18), (78, 16), width=0.9), S((6, 54), (94, 51)))),
    3: Glyph(
        100,
        70,
        10,
        (S((18, 8), (82, 6), width=0.9), S((26, 33), (74, 31), width=0.85), S((6, 60), (94, 57))),
    ),
    4: Glyph(
        100,
        70,
        10,
        (
            S((12, 8), (12, 64)),
            S((12, 8), (88, 8), (88, 64), profile="hook"),
            S((38, 10), (37, 30), (26, 44), profile="taper", smooth=True, width=0.85),
            S((60, 10), (60, 38), (66, 41), (76, 38), smooth=True, width=0.85),
            S((12, 60), (88, 60)),
        ),
    ),
    5: Glyph(
        100,
        70,
        10,
        (
            S((16, 6), (84, 5)),
            S((46, 6), (40, 60)),
            S((22, 32), (72, 31), (70, 60)),
            S((4, 62), (96, 60)),
        ),
    ),
    6: Glyph(
        100,
        70,
        11,
        (
            S((46, 0), (54, 12), profile="dot"),
            S((6, 24), (94, 22)),
            S((36, 34), (30, 50), (12, 66), profile="taper", smooth=True),
            S((62, 38), (76, 52), (88, 64), profile="dot", smooth=True),
        ),
    ),
    7: Glyph(
        100,
        70,
        11,
        (
            S((6, 36), (92, 25)),
            S((42, 2), (42, 50), (48, 62), (62, 65), (84, 63), (94, 50), profile="hook", smooth=True),
        ),
    ),
    8: Glyph(
        100,
        70,
        11,
        (
            S((40, 8), (37, 34), (26, 52), (6, 66), profile="taper", smooth=True),
            S((58, 12), (64, 36), (78, 55), (96, 66), profile="na", smooth=True),
        ),
    ),
    9: Glyph(
        100,
        70,
        10,
        (
            S((40, 2), (38, 30), (28, 50), (8, 66), profile="taper", smooth=True),
            S((14, 20), (64, 18), (62, 48)),
            S((62, 48), (66, 62), (80, 65), (92, 62), (96, 50), profile="hook", smooth=True),
        ),
    ),
}

MAN = Glyph(
    100,
    84,
    8,
    (
        # 艹
        S((4, 12), (96, 10)),
        S((30, 1), (32, 22)),
        S((70, 1), (68, 22)),
        # 日
        S((26, 27), (26, 47)),
        S((26, 27), (74, 27), (74, 47)),
        S((26, 37), (74, 37), width=0.85),
        S((26, 47), (74, 47), width=0.85),
        # 冂 with its hook
        S((10, 56), (10, 84), profile="taper"),
        S((10, 56), (90, 56), (90, 78), (85, 83), (78, 80), profile="hook"),
        # the centre stroke and 厶
        S((50, 47), (50, 70)),
        S((42, 63), (33, 76), (66, 73)),
        S((60, 64), (68, 76), profile="dot"),
    ),
)

EAST = Glyph(
    100,
    100,
    9,
    (
        S((8, 14), (92, 12)),
        S((50, 0), (50, 98), profile="hook"),
        S((22, 26), (22, 64)),
        S((22, 26), (78, 26), (78, 64)),
        S((22, 45), (78, 45), width=0.85),
        S((22, 64), (78, 64), width=0.9),
        S((44, 68), (30, 82), (6, 94), profile="taper", smooth=True),
        S((56, 68), (72, 82), (96, 94), profile="na", smooth=True),
    ),
)

SOUTH = Glyph(
    100,
    100,
    9,
    (
        S((8, 13), (92, 11)),
        S((50, 0), (50, 28)),
        S((12, 30), (12, 98), profile="taper"),
        S((12, 30), (88, 30), (88, 90), (82, 97), (72, 93), profile="hook"),
        S((34, 40), (42, 50), profile="dot", width=0.9),
        S((66, 40), (58, 50), profile="dot", width=0.9),
        S((26, 57), (74, 56), width=0.9),
        S((22, 73), (78, 72), width=0.9),
        S((50, 57), (50, 97)),
    ),
)

WEST = Glyph(
    100,
    100,
    9,
    (
        S((6, 10), (94, 8)),
        S((14, 32), (14, 98)),
        S((14, 32), (86, 32), (86, 98)),
        S((14, 92), (86, 92)),
        S((40, 10), (40, 44), (36, 58), (26, 70), profile="taper", smooth=True),
        S((60, 10), (60, 56), (64, 64), (78, 64)),
    ),
)

NORTH = Glyph(
    100,
    100,
    9,
    (
        S((36, 6), (36, 82)),
        S((8, 40), (36, 40)),
        S((4, 94), (36, 80), profile="rise"),
        S((90, 28), (66, 40), profile="taper"),
        S((64, 4), (64, 84), (70, 94), (90, 95), (96, 84), profile="hook", smooth=True),
    ),
)

CENTRE = Glyph(
    100,
    100,
    10,
    (
        S((16, 26), (16, 72)),
        S((16, 26), (84, 26), (84, 72)),
        S((16, 68), (84, 68)),
        S((50, 0), (50, 100), profile="taper"),
    ),
)

GREEN_DRAGON = Glyph(
    100,
    100,
    7.5,
    (
        # 癶, the left half: a horizontal turning into a long falling stroke, and the dot under its bend
        S((12, 4), (36, 4), (24, 18), (6, 34), profile="taper"),
        S((22, 20), (32, 32), profile="dot"),
        # 癶, the right half: two short falling strokes and the long right-falling stroke
        S((62, 0), (56, 12), profile="taper", width=0.9),
        S((78, 4), (70, 14), profile="taper", width=0.85),
        S((56, 12), (74, 24), (96, 34), profile="na", smooth=True),
        # 弓
        S((10, 42), (38, 42), (36, 54)),
        S((12, 54), (36, 54)),
        S((12, 54), (10, 68), (38, 68), (36, 92), (26, 96), profile="hook"),
        # 殳: 几 over 又
        S((60, 40), (58, 54), (48, 62), profile="taper", smooth=True),
        S((60, 40), (78, 40), (78, 54), (90, 56), profile="hook"),
        S((52, 68), (84, 68), (68, 84), (46, 98), profile="taper"),
        S((58, 76), (74, 88), (96, 96), profile="na", smooth=True),
    ),
)

HONOR_GLYPHS: dict[int, Glyph] = {1: EAST, 2: SOUTH, 3: WEST, 4: NORTH, 6: GREEN_DRAGON, 7: CENTRE}


# ---------------------------------------------------------------------------------------------------------------
# The corner index: a tiny monoline alphabet (6 wide, 10 high, baseline at 10).

INDEX_CHARS: dict[str, str] = {
    "0": "M3 1 C0.2 1 0.2 10 3 10 C5.8 10 5.8 1 3 1 Z",
    "1": "M1.2 2.8 L3.6 1 V10",
    "2": "M0.8 3 C1 0.4 5.4 0.5 5.2 3.2 C5 5.2 2 6.6 0.6 10 H5.4",
    "3": "M0.8 1.2 H5 L2.6 4.4 C5 4.2 5.8 6 5.4 7.8 C4.8 10.4 1.4 10.4 0.6 8.6",
    "4": "M4.2 10 V1 L0.5 7.2 H5.8",
    "5": "M5.2 1 H1.2 L0.9 4.8 C3.5 3.6 5.6 5 5.5 7.2 C5.4 10.4 1.6 10.5 0.6 8.8",
    "6": "M4.8 1.2 C2 1 0.6 4 0.7 6.8 C0.8 10.6 5.4 10.6 5.4 7.2 C5.4 4.4 1.8 4.4 0.8 6.6",
    "7": "M0.6 1 H5.4 L2.4 10",
    "8": "M3 5.2 C0.5 5 0.6 1 3 1 C5.4 1 5.5 5 3 5.2 C0 5.4 0.2 10 3 10 C5.8 10 6 5.4 3 5.2 Z",
    "9": "M5.2 4.2 C4.2 6.4 0.6 6.2 0.6 3.6 C0.6 0.2 5.4 0.4 5.3 4 C5.2 7.5 3.6 9.8 1.2 9.8",
    "m": "M0.6 10 V4.2 M0.6 5.4 C1 3.6 3 3.6 3 5.4 V10 M3 5.4 C3.2 3.6 5.4 3.6 5.4 5.4 V10",
    "p": "M0.8 4.2 V12.6 M0.8 5.6 C1.6 3.6 5.4 3.8 5.4 7 C5.4 10.2 1.6 10.4 0.8 8.6",
    "s": "M5 4.8 C4 3.6 1 3.8 1 5.4 C1 7.2 5.2 6.6 5.2 8.4 C5.2 10.4 1.6 10.4 0.7 9.2",
    "E": "M5.2 1 H0.8 V10 H5.2 M0.8 5.4 H4.4",
    "S": "M5.2 2 C4.4 0.6 1 0.6 0.9 3 C0.8 5.6 5.4 4.6 5.4 7.4 C5.4 10.4 1.2 10.4 0.6 8.6",
    "W": "M0.2 1 L1.6 10 L3 3.6 L4.4 10 L5.8 1",
    "N": "M0.8 10 V1 L5.2 10 V1",
    "h": "M0.8 0.8 V10 M0.8 5.6 C1.4 3.6 5.2 3.6 5.2 5.8 V10",
    "G": "M5.2 2.2 C4.2 0.5 0.6 0.6 0.6 5.5 C0.6 10.4 5.2 10.4 5.3 6 H3.2",
    "r": "M0.8 4.2 V10 M0.8 6.2 C1.4 4.2 3.4 3.8 4.8 4.2",
    "R": "M0.8 10 V1 H3.4 C5.8 1 5.8 5.4 3.4 5.4 H0.8 M3 5.4 L5.4 10",
    "d": "M5.2 0.8 V10 M5.2 8.6 C4.4 10.4 0.8 10.4 0.8 7 C0.8 3.6 4.6 3.8 5.2 5.6",
    "f": "M5 1.6 C4.2 0.4 2.2 0.6 2.2 2.8 V10 M0.6 4.6 H4.6",
}

INDEX_SCALE = 1.1
INDEX_ADVANCE = 6.8

# With the index shown, the art shrinks into the lower right of the face, leaving the top left for the label.
INDEX_ART_TRANSFORM = "translate(7.6 12.6) scale(0.82)"


def _index_svg(label: str, color: str) -> str:
    """The corner index: the label drawn in strokes at the top left of the face."""
    scale = INDEX_SCALE
    parts = [
        f'<g id="index" transform="translate(4.6 3.2) scale({_fmt(scale)})" fill="none" stroke="{color}" '
        'stroke-width="1.3" stroke-linecap="round" stroke-linejoin="round">'
    ]
    for i, char in enumerate(label):
        parts.append(f'<path transform="translate({_fmt(i * INDEX_ADVANCE)} 0)" d="{INDEX_CHARS[char]}"/>')
    parts.append("</g>")
    return "".join(parts)


# ---------------------------------------------------------------------------------------------------------------
# Pips: coins and bamboo sticks


def _coin(cx: float, cy: float, r: float, color: str, palette: Palette) -> str:
    """A pinzu coin: a coloured ring, a face-coloured gap, an inner ring and a centre boss, with eight notches."""
    parts = [
        f'<circle cx="{_fmt(cx)}" cy="{_fmt(cy)}" r="{_fmt(r)}" fill="{color}"/>',
        f'<circle cx="{_fmt(cx)}" cy="{_fmt(cy)}" r="{_fmt(r * 0.74)}" fill="{palette.face}"/>',
        f'<circle cx="{_fmt(cx)}" cy="{_fmt(cy)}" r="{_fmt(r * 0.56)}" fill="none" stroke="{color}" '
        f'stroke-width="{_fmt(r * 0.12)}"/>',
        f'<circle cx="{_fmt(cx)}" cy="{_fmt(cy)}" r="{_fmt(r * 0.26)}" fill="{color}"/>',
    ]
    # Notches in the outer ring, like the square hole pattern of the old coins.
    notch = r * 0.08
    for k in range(8):
        angle = math.pi / 8 + k * math.pi / 4
        x = cx + math.cos(angle) * r * 0.87
        y = cy + math.sin(angle) * r * 0.87
        parts.append(f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="{_fmt(notch)}" fill="{palette.face}"/>')
    return "".join(parts)


def _big_coin(palette: Palette, *, red_centre: bool = True) -> str:
    """The one of circles: a large ornate coin."""
    cx, cy = 30.0, 38.0
    parts = [
        f'<circle cx="{cx}" cy="{cy}" r="22" fill="{palette.green}"/>',
        f'<circle cx="{cx}" cy="{cy}" r="19.6" fill="{palette.face}"/>',
        f'<circle cx="{cx}" cy="{cy}" r="17.8" fill="none" stroke="{palette.blue}" stroke-width="2.2"/>',
    ]
    # A ring of petals.
    for k in range(16):
        angle = k * math.pi / 8
        x = cx + math.cos(angle) * 13.4
        y = cy + math.sin(angle) * 13.4
        color = palette.green if k % 2 else palette.blue
        parts.append(f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="2.3" fill="{color}"/>')
    parts.append(f'<circle cx="{cx}" cy="{cy}" r="9.4" fill="{palette.red if red_centre else palette.blue}"/>')
    parts.append(f'<circle cx="{cx}" cy="{cy}" r="6.6" fill="{palette.face}"/>')
    parts.append(f'<circle cx="{cx}" cy="{cy}" r="4.4" fill="{palette.red}"/>')
    for k in range(8):
        angle = k * math.pi / 4
        x = cx + math.cos(angle) * 7.9
        y = cy + math.sin(angle) * 7.9
        parts.append(f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="0.9" fill="{palette.face}"/>')
    parts.append(f'<circle cx="{cx}" cy="{cy}" r="1.6" fill="{palette.face}"/>')
    return "".join(parts)


def _stick(cx: float, cy: float, length: float, color: str, palette: Palette, *, angle: float = 0.0) -> str:
    """A souzu bamboo stick: a slim body with three joints, a highlight down its middle."""
    half = length / 2
    w = 6.2
    body = (
        f'<rect x="{_fmt(-w / 2)}" y="{_fmt(-half)}" width="{_fmt(w)}" height="{_fmt(length)}" '
        f'rx="{_fmt(w / 2)}" fill="{color}"/>'
    )
    joints = "".join(
        f'<rect x="{_fmt(-w / 2 - 0.9)}" y="{_fmt(y - 1.1)}" width="{_fmt(w + 1.8)}" height="2.2" rx="1.1" '
        f'fill="{color}"/>'
        for y in (-half + 1.6, 0.0, half - 1.6)
    )
    highlight = "".join(
        f'<line x1="0" y1="{_fmt(a)}" x2="0" y2="{_fmt(b)}" stroke="{palette.face}" stroke-width="1.1" '
        f'stroke-linecap="round"/>'
        for a, b in ((-half + 3.8, -2.2), (2.2, half - 3.8))
        if b - a > 0.5
    )
    rotate = f" rotate({_fmt(angle)})" if angle else ""
    return f'<g transform="translate({_fmt(cx)} {_fmt(cy)}){rotate}">{body}{joints}{highlight}</g>'


def _bird(palette: Palette) -> str:
    """The one of bamboo: a bird (a stylised peacock-sparrow) perched on a bamboo twig."""
    g, r, b, ink = palette.green, palette.red, palette.blue, palette.ink
    parts = [
        # the twig
        f'<path d="M10 64 Q30 60 52 63" fill="none" stroke="{g}" stroke-width="2.4" stroke-linecap="round"/>',
        f'<path d="M40 61.6 l4 -5" fill="none" stroke="{g}" stroke-width="1.4" stroke-linecap="round"/>',
        # the tail: three long feathers fanning down and right, each with an eye
        f'<path d="M34 46 C42 50 48 56 54 68" fill="none" stroke="{b}" stroke-width="2.2" stroke-linecap="round"/>',
        f'<path d="M33 48 C38 56 40 62 42 72" fill="none" stroke="{g}" stroke-width="2.2" stroke-linecap="round"/>',
        f'<path d="M36 44 C44 44 50 46 56 52" fill="none" stroke="{r}" stroke-width="2.2" stroke-linecap="round"/>',
        f'<circle cx="54" cy="68" r="2.6" fill="{r}"/><circle cx="54" cy="68" r="1.1" fill="{b}"/>',
        f'<circle cx="42" cy="72" r="2.6" fill="{b}"/><circle cx="42" cy="72" r="1.1" fill="{r}"/>',
        f'<circle cx="56" cy="52" r="2.6" fill="{g}"/><circle cx="56" cy="52" r="1.1" fill="{r}"/>',
        # the legs
        f'<path d="M24 54 L22 62 M29 55 L29 62" fill="none" stroke="{r}" stroke-width="1.5" stroke-linecap="round"/>',
        # the body: a plump teardrop
        f'<path d="M14 30 C10 42 16 56 28 56 C36 56 40 48 36 40 C33 33 24 30 14 30 Z" fill="{g}"/>',
        # the breast and the wing
        f'<path d="M15 33 C13 42 17 51 24 54 C20 46 19 38 15 33 Z" fill="{palette.face}" fill-opacity="0.55"/>',
        f'<path d="M22 36 C30 36 36 42 35 50 C30 48 25 44 22 36 Z" fill="{b}"/>',
        f'<path d="M25 40 C29 41 32 44 33 48" fill="none" stroke="{palette.face}" stroke-width="0.8"/>',
        # the head, the eye, the beak and a red crest
        f'<circle cx="17" cy="24" r="7" fill="{g}"/>',
        f'<circle cx="15.4" cy="22.6" r="2.1" fill="{palette.face}"/>',
        f'<circle cx="15" cy="22.6" r="1.1" fill="{ink}"/>',
        f'<path d="M10.6 24 L4 27.6 L11 27.4 Z" fill="{r}"/>',
        f'<path d="M18 17.5 C17 12 20 9 24 8 C22 11 22 13 23 15 C25 12 28 12 30 12 C27 14 24 17 21 19 Z" fill="{r}"/>',
    ]
    return "".join(parts)


# ---------------------------------------------------------------------------------------------------------------
# Tiles


def _frame(palette: Palette, *, back: bool = False) -> str:
    """The tile body: its edge (the coloured back seen below the face) and the face with its rim."""
    face = palette.back if back else palette.face
    edge = palette.face if back else palette.edge
    parts = [
        f'<rect x="0.8" y="2.5" width="58.4" height="76.7" rx="6.5" fill="{edge}" '
        f'stroke="{palette.rim}" stroke-width="0.8"/>',
        f'<rect x="0.8" y="0.8" width="58.4" height="{_fmt(FACE_BOTTOM - 0.8)}" rx="6.5" fill="{face}" '
        f'stroke="{palette.rim}" stroke-width="1"/>',
    ]
    if back:
        parts.append(
            f'<rect x="5.5" y="5.5" width="49" height="{_fmt(FACE_BOTTOM - 10.5)}" rx="4" fill="none" '
            f'stroke="{palette.back_line}" stroke-width="1"/>'
        )
        parts.append(
            f'<path d="M30 24 L40 38 L30 52 L20 38 Z" fill="none" stroke="{palette.back_line}" stroke-width="1.2"/>'
        )
        parts.append(f'<circle cx="30" cy="38" r="3" fill="{palette.back_line}"/>')
    else:
        # a faint shade along the bottom of the face, for depth
        parts.append(
            f'<rect x="1.8" y="{_fmt(FACE_BOTTOM - 5)}" width="56.4" height="4" rx="2" fill="{palette.face_shade}"/>'
        )
    return "".join(parts)


def _manzu(number: int, palette: Palette, *, red: bool) -> str:
    numeral_color = palette.red if red else palette.ink
    return _glyph_svg(NUMERALS[number], (10.5, 6.5, 39, 26), numeral_color) + _glyph_svg(
        MAN, (8, 35.5, 44, 35.5), palette.red
    )


_PIN_LAYOUTS: dict[int, tuple[float, tuple[tuple[float, float, str], ...]]] = {
    # radius, (x, y, colour key)
    2: (11.0, ((30, 21.5, "green"), (30, 53.5, "blue"))),
    3: (9.2, ((15.5, 16.5, "blue"), (30, 37.5, "red"), (44.5, 58.5, "green"))),
    4: (10.0, ((18.5, 22, "blue"), (41.5, 22, "green"), (18.5, 53.5, "green"), (41.5, 53.5, "blue"))),
    5: (
        9.0,
        ((16.5, 17, "blue"), (43.5, 17, "green"), (30, 37.5, "red"), (16.5, 58, "green"), (43.5, 58, "blue")),
    ),
    6: (
        8.4,
        (
            (19.5, 14, "green"),
            (40.5, 14, "green"),
            (19.5, 39.5, "red"),
            (40.5, 39.5, "red"),
            (19.5, 60.5, "red"),
            (40.5, 60.5, "red"),
        ),
    ),
    7: (
        7.2,
        (
            (14, 11.5, "green"),
            (30, 18.5, "green"),
            (46, 25.5, "green"),
            (20.5, 44, "red"),
            (39.5, 44, "red"),
            (20.5, 62, "red"),
            (39.5, 62, "red"),
        ),
    ),
    8: (
        7.6,
        tuple((x, y, "blue") for y in (13.5, 30.5, 47.5, 64.5) for x in (20.5, 39.5)),
    ),
    9: (
        7.6,
        tuple((x, y, color) for y, color in ((16.5, "blue"), (37.5, "red"), (58.5, "green")) for x in (13.5, 30, 46.5)),
    ),
}


def _color(palette: Palette, key: str) -> str:
    return {"red": palette.red, "green": palette.green, "blue": palette.blue}[key]


def _pinzu(number: int, palette: Palette, *, red: bool) -> str:
    if number == 1:
        return _big_coin(palette)
    radius, coins = _PIN_LAYOUTS[number]
    return "".join(_coin(x, y, radius, palette.red if red else _color(palette, c), palette) for x, y, c in coins)


_SOU_LAYOUTS: dict[int, tuple[tuple[float, float, float, float, str], ...]] = {
    # (x, y, length, angle, colour key)
    2: ((30, 22, 26, 0, "green"), (30, 53.5, 26, 0, "blue")),
    3: ((30, 22, 26, 0, "blue"), (19, 53.5, 26, 0, "green"), (41, 53.5, 26, 0, "green")),
    4: ((19, 22, 26, 0, "blue"), (41, 22, 26, 0, "green"), (19, 53.5, 26, 0, "green"), (41, 53.5, 26, 0, "blue")),
    5: (
        (15, 22, 26, 0, "blue"),
        (45, 22, 26, 0, "green"),
        (30, 37.8, 26, 0, "red"),
        (15, 53.5, 26, 0, "green"),
        (45, 53.5, 26, 0, "blue"),
    ),
    6: tuple((x, y, 26.0, 0.0, color) for y, color in ((22, "green"), (53.5, "blue")) for x in (15, 30, 45)),
    7: (
        (30, 13, 16, 0, "red"),
        *tuple((x, y, 19.0, 0.0, color) for y, color in ((35.5, "green"), (59, "blue")) for x in (15, 30, 45)),
    ),
    8: (
        (10, 22, 26, 0, "green"),
        (23.5, 22, 27, 22, "green"),
        (36.5, 22, 27, -22, "green"),
        (50, 22, 26, 0, "green"),
        (10, 53.5, 26, 0, "blue"),
        (23.5, 53.5, 27, -22, "blue"),
        (36.5, 53.5, 27, 22, "blue"),
        (50, 53.5, 26, 0, "blue"),
    ),
    9: tuple(
        (x, y, 19.0, 0.0, color) for y in (15.5, 37.8, 60) for x, color in ((15, "blue"), (30, "red"), (45, "green"))
    ),
}


def _souzu(number: int, palette: Palette, *, red: bool) -> str:
    if number == 1:
        return _bird(palette)
    return "".join(
        _stick(x, y, length, palette.red if red else _color(palette, c), palette, angle=angle)
        for x, y, length, angle, c in _SOU_LAYOUTS[number]
    )


def _white_dragon(palette: Palette) -> str:
    """The white dragon: a blue double frame (as in many Japanese sets)."""
    return (
        f'<rect x="10" y="10" width="40" height="56" rx="2" fill="none" stroke="{palette.blue}" stroke-width="3.2"/>'
        f'<rect x="15.5" y="15.5" width="29" height="45" rx="1" fill="none" stroke="{palette.blue}" '
        f'stroke-width="1.2"/>'
    )


def _honor(number: int, palette: Palette) -> str:
    if number == 5:
        return _white_dragon(palette)
    color = {6: palette.green, 7: palette.red}.get(number, palette.ink)
    return _glyph_svg(HONOR_GLYPHS[number], (9, 13, 42, 50), color)


def _index_label(number: int, suit: str) -> str:
    if suit == "z":
        return ("E", "S", "W", "N", "Wh", "Gr", "Rd")[number - 1]
    return f"{number}{suit}"  # an extra tile too: "1f".."8f"


def _index_color(number: int, suit: str, palette: Palette, *, red: bool) -> str:
    if red:
        return palette.red
    if suit == "z":
        return {5: palette.blue, 6: palette.green, 7: palette.red}.get(number, palette.ink)
    if suit == "f":
        return _extra_color(palette, "season_number" if number <= 4 else "plant_number")
    return {"m": palette.ink, "p": palette.blue, "s": palette.green}[suit]


# ---------------------------------------------------------------------------------------------------------------
# The extra tiles of the classical family (seed 003): four seasons and four plants.
#
# Each shows its group number (1-4, which seat and round wind it belongs to) large in the top right corner, blue for
# the seasons and red for the plants, and a simple motif of our own: a sprout, a sun, a falling leaf, a snowflake
# (spring .. winter); a plum blossom, an orchid, a chrysanthemum, a bamboo stalk. Notation ``1f``..``8f``
# (scorekeeper.engine.classical.extras).

# Motif colours per theme (light, dark): each tile its own colour so the eight read apart at a glance.
_EXTRA_COLORS: dict[str, tuple[str, str]] = {
    "sprout": ("#3f9a2c", "#7fdc68"),
    "sun": ("#e0781a", "#ffa64d"),
    "sun_core": ("#f2b233", "#ffd36b"),
    "leaf": ("#b5521b", "#f08a4b"),
    "snow": ("#2f7fc0", "#8cc8ff"),
    "plum": ("#d84a7a", "#ff8fb4"),
    "plum_core": ("#f2c531", "#ffe07a"),
    "branch": ("#6b4a2e", "#c79a6e"),
    "orchid": ("#8a4fc0", "#c99bff"),
    "orchid_leaf": ("#2f7f4f", "#6fd08f"),
    "mum": ("#d9a400", "#ffd84d"),
    "mum_core": ("#b86a00", "#ff9f2e"),
    "bamboo": ("#2e8b57", "#66d49a"),
    "season_number": ("#1d4f9a", "#74a9ff"),
    "plant_number": ("#cf2a2f", "#ff6b6e"),
}

_EXTRA_NAMES: tuple[str, ...] = tuple(f"{n}f" for n in range(1, 9))


def _extra_color(palette: Palette, key: str) -> str:
    light, dark = _EXTRA_COLORS[key]
    return dark if palette is DARK else light


def _leaf(at: Point, length: float, width: float, angle: float, color: str, *, vein: str = "") -> str:
    """A pointed leaf from ``at`` along ``angle`` degrees (0 = up), optionally with a centre vein."""
    x, y = at
    half = width / 2
    path = (
        f"M0 0 C{_fmt(half * 1.3)} {_fmt(-length * 0.3)} {_fmt(half)} {_fmt(-length * 0.75)} 0 {_fmt(-length)} "
        f"C{_fmt(-half)} {_fmt(-length * 0.75)} {_fmt(-half * 1.3)} {_fmt(-length * 0.3)} 0 0 Z"
    )
    out = f'<g transform="translate({_fmt(x)} {_fmt(y)}) rotate({_fmt(angle)})"><path d="{path}" fill="{color}"/>'
    if vein:
        out += (
            f'<path d="M0 0 L0 {_fmt(-length * 0.85)}" fill="none" stroke="{vein}" stroke-width="0.7" '
            'stroke-linecap="round"/>'
        )
    return out + "</g>"


def _sprout(palette: Palette) -> str:
    green = _extra_color(palette, "sprout")
    return (
        f'<path d="M30 66 C30 56 29 48 31 38" fill="none" stroke="{green}" stroke-width="2.4" stroke-linecap="round"/>'
        + _leaf((31, 40), 17, 9, -52, green, vein=palette.face)
        + _leaf((31, 44), 15, 8, 58, green, vein=palette.face)
        + _leaf((31, 38), 12, 6, 6, green, vein=palette.face)
        + f'<path d="M20 66 H40" stroke="{_extra_color(palette, "branch")}" stroke-width="2" stroke-linecap="round"/>'
    )


def _sun(palette: Palette) -> str:
    ray, core = _extra_color(palette, "sun"), _extra_color(palette, "sun_core")
    parts = []
    for i in range(12):
        a = math.radians(i * 30)
        inner, outer = 12.5, 19.0 if i % 2 == 0 else 16.5
        x1, y1 = 30 + inner * math.sin(a), 44 - inner * math.cos(a)
        x2, y2 = 30 + outer * math.sin(a), 44 - outer * math.cos(a)
        parts.append(
            f'<path d="M{_fmt(x1)} {_fmt(y1)} L{_fmt(x2)} {_fmt(y2)}" stroke="{ray}" stroke-width="2.4" '
            'stroke-linecap="round"/>'
        )
    parts.append(f'<circle cx="30" cy="44" r="10" fill="{core}" stroke="{ray}" stroke-width="1.6"/>')
    return "".join(parts)


def _falling_leaf(palette: Palette) -> str:
    color = _extra_color(palette, "leaf")
    # A five-lobed leaf (five pointed lobes from one centre), a stem, and a smaller leaf drifting down.
    lobes = "".join(
        _leaf((29, 44), length, 9, angle, color)
        for angle, length in ((0, 20), (-55, 17), (55, 17), (-110, 12), (110, 12))
    )
    return (
        lobes
        + f'<path d="M29 44 L33 62" stroke="{color}" stroke-width="1.8" stroke-linecap="round"/>'
        + "".join(
            f'<path d="M29 44 L{_fmt(29 + 13 * math.sin(math.radians(a)))} '
            f'{_fmt(44 - 13 * math.cos(math.radians(a)))}" '
            f'stroke="{palette.face}" stroke-width="0.7" stroke-linecap="round"/>'
            for a in (0, -55, 55)
        )
        + _leaf((44, 66), 8, 5, 140, color)
    )


def _snowflake(palette: Palette) -> str:
    color = _extra_color(palette, "snow")
    parts = []
    for i in range(6):
        a = i * 60
        parts.append(
            f'<g transform="translate(30 44) rotate({a})" stroke="{color}" stroke-width="2" stroke-linecap="round" '
            'fill="none"><path d="M0 0 V-19 M0 -8 L-5 -13 M0 -8 L5 -13 M0 -14 L-3.5 -17.5 M0 -14 L3.5 -17.5"/></g>'
        )
    parts.append(f'<circle cx="30" cy="44" r="2.6" fill="{color}"/>')
    return "".join(parts)


def _plum(palette: Palette) -> str:
    petal, core, branch = (_extra_color(palette, k) for k in ("plum", "plum_core", "branch"))
    parts = [
        f'<path d="M10 68 C18 60 22 56 27 48 M20 60 C14 56 12 52 11 46" fill="none" stroke="{branch}" '
        'stroke-width="2.6" stroke-linecap="round"/>'
    ]
    for cx, cy, r in ((32, 38, 6.2), (44, 56, 4.2)):
        for i in range(5):
            a = math.radians(i * 72)
            parts.append(
                f'<circle cx="{_fmt(cx + r * 0.95 * math.sin(a))}" cy="{_fmt(cy - r * 0.95 * math.cos(a))}" '
                f'r="{_fmt(r * 0.78)}" fill="{petal}"/>'
            )
        parts.append(f'<circle cx="{cx}" cy="{cy}" r="{_fmt(r * 0.42)}" fill="{core}"/>')
    parts.append(f'<circle cx="14" cy="44" r="2.4" fill="{petal}"/>')
    return "".join(parts)


def _orchid(palette: Palette) -> str:
    flower, leaf = _extra_color(palette, "orchid"), _extra_color(palette, "orchid_leaf")
    leaves = "".join(
        f'<path d="{d}" fill="none" stroke="{leaf}" stroke-width="2.2" stroke-linecap="round"/>'
        for d in ("M30 68 C24 56 16 48 10 44", "M30 68 C34 54 42 46 50 46", "M30 68 C28 58 30 50 36 40")
    )
    petals = "".join(_leaf((32, 34), 12, 7, angle, flower) for angle in (-70, 0, 70, 145, -145))
    return leaves + petals + f'<circle cx="32" cy="34" r="2.4" fill="{palette.face}"/>'


def _chrysanthemum(palette: Palette) -> str:
    petal, core = _extra_color(palette, "mum"), _extra_color(palette, "mum_core")
    parts = [
        f'<ellipse cx="30" cy="{_fmt(44 - 11)}" rx="2.6" ry="8" fill="{petal}" transform="rotate({i * 22.5} 30 44)"/>'
        for i in range(16)
    ]
    parts.append(f'<circle cx="30" cy="44" r="6" fill="{core}"/>')
    return "".join(parts)


def _bamboo_plant(palette: Palette) -> str:
    color = _extra_color(palette, "bamboo")
    parts = [f'<rect x="26.5" y="18" width="7" height="50" rx="3" fill="{color}"/>']
    for y in (30, 43, 56):
        parts.append(f'<path d="M25.5 {y} H34.5" stroke="{palette.face}" stroke-width="1.4"/>')
    parts.append(_leaf((34, 30), 16, 6, 62, color))
    parts.append(_leaf((34, 31), 13, 5, 100, color))
    parts.append(_leaf((26, 44), 15, 6, -66, color))
    parts.append(_leaf((26, 45), 12, 5, -104, color))
    return "".join(parts)


_EXTRA_MOTIFS: dict[int, Callable[[Palette], str]] = {
    1: _sprout,
    2: _sun,
    3: _falling_leaf,
    4: _snowflake,
    5: _plum,
    6: _orchid,
    7: _chrysanthemum,
    8: _bamboo_plant,
}


def _extra(digit: int, palette: Palette) -> str:
    """An extra tile's face: its motif and its group number (1-4) in the top right corner."""
    number = (digit - 1) % 4 + 1
    color = _extra_color(palette, "season_number" if digit <= 4 else "plant_number")
    numeral = (
        f'<g transform="translate(41 6) scale(1.5)" fill="none" stroke="{color}" stroke-width="1.4" '
        f'stroke-linecap="round" stroke-linejoin="round"><path d="{INDEX_CHARS[str(number)]}"/></g>'
    )
    return _EXTRA_MOTIFS[digit](palette) + numeral


def tile_svg(name: str, palette: Palette, *, index: bool = False) -> str:
    """The SVG document of one tile: ``1m``..``9m``, ``0m`` (red five), ..., ``1z``..``7z``, ``1f``..``8f``, ``back``.

    With ``index``, the art is drawn a little smaller and a small label ("1m", "E", "Wh" ...) sits at the top left.
    """
    if name == "back":
        body = _frame(palette, back=True)
    else:
        digit, suit = int(name[0]), name[1]
        red = digit == 0
        number = 5 if red else digit
        draw: Callable[[], str] = {
            "m": lambda: _manzu(number, palette, red=red),
            "p": lambda: _pinzu(number, palette, red=red),
            "s": lambda: _souzu(number, palette, red=red),
            "z": lambda: _honor(number, palette),
            "f": lambda: _extra(number, palette),
        }[suit]
        transform = f' transform="{INDEX_ART_TRANSFORM}"' if index else ""
        body = _frame(palette) + f'<g id="art"{transform}>{draw()}</g>'
        if red:
            # A red five also carries a red bar on the lower edge of its face, so that it stands out even to a
            # player who does not tell the colours apart easily.
            body += (
                f'<rect x="22" y="{_fmt(FACE_BOTTOM - 4.4)}" width="16" height="2.8" rx="1.4" fill="{palette.red}"/>'
            )
        if index:
            body += _index_svg(_index_label(number, suit), _index_color(number, suit, palette, red=red))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}">{body}</svg>\n'
    )


TILE_NAMES: tuple[str, ...] = (
    *(f"{n}{s}" for s in "mps" for n in range(1, 10)),
    *(f"{n}z" for n in range(1, 8)),
    "0m",
    "0p",
    "0s",
    *_EXTRA_NAMES,
    "back",
)


def file_name(name: str, *, dark: bool, index: bool) -> str:
    """The packaged file of a tile in a theme: ``1m.svg``, ``1m-dark.svg``, ``1m-index.svg``, ``1m-dark-index.svg``."""
    return f"{name}{'-dark' if dark else ''}{'-index' if index and name != 'back' else ''}.svg"


def write_all(out: Path) -> list[Path]:
    """Write every tile in both themes, with and without the corner index, into ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for name in TILE_NAMES:
        for dark, palette in ((False, LIGHT), (True, DARK)):
            for index in (False, True) if name != "back" else (False,):
                path = out / file_name(name, dark=dark, index=index)
                path.write_text(tile_svg(name, palette, index=index), encoding="utf-8", newline="\n")
                written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    """Write the tile set (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    default = Path(__file__).resolve().parents[2] / "scorekeeper" / "gui" / "tiles"
    parser.add_argument("--out", type=Path, default=default, help=f"output folder (default: {default})")
    args = parser.parse_args(argv)
    written = write_all(args.out)
    print(f"wrote {len(written)} files into {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
