"""A small document model (headings, paragraphs, tables, charts) laid out by QTextDocument and written by QPdfWriter.

The text goes into the PDF as text (fonts embedded, selectable and searchable), not as a picture. Every piece of
text is escaped here: player names and reasons are free text and must never be read as markup.
"""

from __future__ import annotations

import enum
import html
import itertools
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QPointF, QRectF, Qt, QUrl
from PySide6.QtGui import (
    QColor,
    QFont,
    QGuiApplication,
    QImage,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
    QTextDocument,
)

from scorekeeper.storage.files import write_atomically

__all__ = ["Document", "PageSize", "ensure_gui_application", "pdf_bytes"]

#: The chart's line per seat: the table's own seat colours (the light theme's seat lines, ``gui/theme.py``), so that
#: a player's line in the PDF has the colour of their seat in the app (issue 24: they differed). Red, blue, green
#: and purple also differ in lightness enough to be told apart in greyscale print. Not imported from the theme: the
#: command line writes PDFs without the GUI; ``tests/gui/test_pdf_colours.py`` keeps the two the same.
SEAT_COLOURS = ("#c62828", "#1565c0", "#2e7d32", "#6a1b9a")

#: The chart's width in the document's units: the text width of an A4 or Letter page with 15 mm margins.
_CHART_WIDTH = 540

_APP: list[QGuiApplication] = []  # keeps the offscreen application alive for the process


class PageSize(enum.StrEnum):
    """The paper a document is laid out for."""

    A4 = "a4"
    LETTER = "letter"

    @property
    def qt(self) -> QPageSize:
        """Qt's page size."""
        ids = {PageSize.A4: QPageSize.PageSizeId.A4, PageSize.LETTER: QPageSize.PageSizeId.Letter}
        return QPageSize(ids[self])


def ensure_gui_application() -> QGuiApplication:
    """The running QGuiApplication, or a new offscreen one (the command line has no window system to ask)."""
    app = QGuiApplication.instance()
    if isinstance(app, QGuiApplication):
        return app
    if app is not None:  # pragma: no cover - a QCoreApplication: fonts and painting need a GUI application
        raise RuntimeError("a QCoreApplication is running; PDF documents need a QGuiApplication")
    created = QGuiApplication(["scorekeeper", "-platform", "offscreen"])
    _APP.append(created)
    return created


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


class Document:
    """A printable document: a title, a few lines under it, then headings, paragraphs, tables and charts in order.

    Args:
        title: the document's title (also the PDF's title).
        subtitle: lines under the title (date, venue, table...).
    """

    def __init__(self, title: str, *, subtitle: Sequence[str] = ()) -> None:
        self.title = title
        self._parts: list[str] = [f"<h1>{_e(title)}</h1>"]
        if subtitle:
            self._parts.append('<p class="sub">' + "<br>".join(_e(line) for line in subtitle if line) + "</p>")
        self._charts: list[tuple[tuple[str, ...], tuple[str, ...], tuple[tuple[int, ...], ...]]] = []

    def add_heading(self, text: str) -> None:
        """A section heading."""
        self._parts.append(f"<h2>{_e(text)}</h2>")

    def add_paragraph(self, text: str, *, muted: bool = False) -> None:
        """A paragraph of plain text (line breaks kept)."""
        body = "<br>".join(_e(line) for line in text.splitlines())
        self._parts.append(f'<p class="{"muted" if muted else "body"}">{body}</p>')

    def add_table(
        self,
        header: Sequence[str],
        rows: Sequence[Sequence[object]],
        *,
        numeric: Sequence[int] = (),
        bold: Sequence[int] = (),
        widths: Sequence[int] = (),
        wrap_headings: Sequence[int] = (),
    ) -> None:
        """A table with a header row.

        Args:
            header: the column headings.
            rows: the cells, row by row (anything ``str`` can show; line breaks kept).
            numeric: columns aligned right.
            bold: columns whose cells are bold.
            widths: each column's share of the page width in percent (empty: as the text needs).
            wrap_headings: numeric columns whose heading may wrap (a player's name): a numeric heading otherwise
                keeps its line as its cells do.
        """
        right = set(numeric)
        wrapping = set(wrap_headings)
        strong = set(bold)

        def cell(tag: str, column: int, value: object) -> str:
            # Numbers never break inside ("+7,70" / "0"): a numeric cell keeps its line. A name heading a numeric
            # column may wrap: kept on one line, a long one made its column wider than the page (the table ran off
            # it, the Result column one letter wide) and Qt's layout of a table repeating its heading on every page
            # took quadratic time over it (1,000 hands with a 100-character name: 518 s).
            align = ""
            if column in right:
                nowrap = tag == "td" or column not in wrapping
                align = ' align="right"' + (' style="white-space: nowrap"' if nowrap else "")
            if tag == "th" and column < len(widths):
                align += f' width="{widths[column]}%"'
            text = _e(value).replace("\n", "<br>")
            if column in strong and tag == "td":
                text = f"<b>{text}</b>"
            return f"<{tag}{align}>{text}</{tag}>"

        out = ['<table class="grid" width="100%" cellspacing="0" cellpadding="3">', "<thead><tr>"]
        out.extend(cell("th", k, h) for k, h in enumerate(header))
        out.append("</tr></thead>")
        for number, row in enumerate(rows):
            shade = ' bgcolor="#f0f0f0"' if number % 2 else ""
            out.append(f"<tr{shade}>" + "".join(cell("td", k, v) for k, v in enumerate(row)) + "</tr>")
        out.append("</table>")
        self._parts.append("".join(out))

    def add_grid(self, cells: Sequence[Sequence[str]]) -> None:
        """A square grid of bordered cells, each text centred (line breaks kept): the all-last sheet's zones."""
        out = ['<table class="grid" width="100%" cellspacing="0" cellpadding="18">']
        for row in cells:
            out.append("<tr>")
            for text in row:
                body = _e(text).replace("\n", "<br>")
                out.append(f'<td align="center" width="{100 // max(1, len(row))}%" height="120">{body}</td>')
            out.append("</tr>")
        out.append("</table>")
        self._parts.append("".join(out))

    def add_chart(
        self, names: Sequence[str], labels: Sequence[str], series: Sequence[Sequence[int]], *, caption: str = ""
    ) -> None:
        """A line chart: one line per name, one point per entry of ``series`` (labelled by ``labels``)."""
        number = len(self._charts)
        self._charts.append((tuple(names), tuple(labels), tuple(tuple(row) for row in series)))
        text = f"<p>{_e(caption)}</p>" if caption else ""
        self._parts.append(f'{text}<p><img src="chart:{number}" width="{_CHART_WIDTH}"></p>')

    def to_html(self) -> str:
        """The document as HTML (what QTextDocument lays out)."""
        style = (
            "body { font-size: 9pt; }"
            "h1 { font-size: 16pt; margin-bottom: 2px; }"
            "h2 { font-size: 12pt; margin-top: 12px; margin-bottom: 4px; }"
            ".sub { color: #333333; }"
            ".muted { color: #555555; }"
            "table.grid { border-collapse: collapse; border: 1px solid #888888; }"
            "th { background-color: #dcdcdc; font-weight: bold; border: 1px solid #888888; }"
            "td { border: 1px solid #bbbbbb; }"
        )
        return f"<html><head><style>{style}</style></head><body>{''.join(self._parts)}</body></html>"

    def text_document(self) -> QTextDocument:
        """The laid-out document (a QGuiApplication must exist: :func:`ensure_gui_application`)."""
        document = QTextDocument()
        font = QFont("sans-serif")
        font.setPointSizeF(9)
        _no_ligatures(font)
        document.setDefaultFont(font)
        document.setMetaInformation(QTextDocument.MetaInformation.DocumentTitle, self.title)
        for number, (names, labels, series) in enumerate(self._charts):
            document.addResource(
                QTextDocument.ResourceType.ImageResource.value,
                QUrl(f"chart:{number}"),
                render_chart(names, labels, series),
            )
        document.setHtml(self.to_html())
        return document

    def write_pdf(self, path: Path, *, page_size: PageSize = PageSize.A4) -> None:
        """Write the document as a PDF file, atomically.

        Raises:
            SaveFileError: the file cannot be written (an existing file is left as it was).
        """
        write_atomically(Path(path), pdf_bytes(self, page_size=page_size))


def _no_ligatures(font: QFont) -> None:
    """Draw "fi", "ffl" and the like letter by letter: a ligature glyph is written into the PDF's text as one
    character (U+FB01 for "fi"), so "Kofi" copied, searched or read by a program was "Koﬁ" (issue 23, 4)."""
    for tag in ("liga", "clig", "dlig"):
        font.setFeature(QFont.Tag(tag), 0)


def pdf_bytes(document: Document, *, page_size: PageSize = PageSize.A4) -> bytes:
    """The PDF of ``document`` on ``page_size`` paper, portrait, 15 mm margins, page numbers at the foot."""
    ensure_gui_application()
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setTitle(document.title)
    writer.setCreator("scorekeeper")
    writer.setPageLayout(
        QPageLayout(
            page_size.qt, QPageLayout.Orientation.Portrait, QMarginsF(15, 15, 15, 15), QPageLayout.Unit.Millimeter
        )
    )
    writer.setResolution(300)
    text = document.text_document()
    # QTextDocument.print_ paginates by the writer's page, scales from screen to paper and numbers the pages.
    text.print_(writer)
    buffer.close()
    data: QByteArray = buffer.data()
    return bytes(data.data())


def render_chart(
    names: Sequence[str],
    labels: Sequence[str],
    series: Sequence[Sequence[int]],
    *,
    width: int = 1920,
    height: int = 720,
) -> QImage:
    """The scores over the game as a line chart on a white image (for print: dark text, no theme)."""
    image = QImage(width, height, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    font = QFont("sans-serif")
    font.setPixelSize(height // 24)
    painter.setFont(font)
    grey = QColor("#666666")
    if not series:
        painter.setPen(grey)
        painter.drawText(image.rect(), Qt.AlignmentFlag.AlignCenter, "-")
        painter.end()
        return image
    values = [v for row in series for v in row]
    low = min(*values, 0) // 5000 * 5000
    high = -(-max(values) // 5000) * 5000
    if high == low:
        high = low + 5000
    unit = height / 24
    plot = QRectF(unit * 4, unit * 3, width - unit * 5, height - unit * 6)
    steps = max(len(series) - 1, 1)

    def point(index: int, value: int) -> QPointF:
        return QPointF(
            plot.left() + plot.width() * index / steps, plot.bottom() - plot.height() * (value - low) / (high - low)
        )

    step = 5000 if high - low <= 60000 else 10000
    for value in range(low, high + 1, step):
        y = point(0, value).y()
        painter.setPen(QPen(grey, 2, Qt.PenStyle.SolidLine if value == 0 else Qt.PenStyle.DotLine))
        painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
        painter.drawText(
            QRectF(0, y - unit, plot.left() - unit / 2, unit * 2),
            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
            f"{value // 1000}k",
        )
    every = max(1, len(labels) // 16)
    for index, label in enumerate(labels):
        if label and index % every == 0:
            x = point(index, low).x()
            painter.drawText(
                QRectF(x - unit * 2, plot.bottom() + unit / 3, unit * 4, unit * 1.5),
                Qt.AlignmentFlag.AlignCenter,
                label,
            )
    for seat in range(len(names)):
        colour = QColor(SEAT_COLOURS[seat % len(SEAT_COLOURS)])
        painter.setPen(QPen(colour, unit / 5))
        points = [point(i, row[seat]) for i, row in enumerate(series)]
        for a, b in itertools.pairwise(points):
            painter.drawLine(a, b)
        painter.setBrush(colour)
        for p in points:
            painter.drawEllipse(p, unit / 5, unit / 5)
    x = plot.left()
    for seat, name in enumerate(names):
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(SEAT_COLOURS[seat % len(SEAT_COLOURS)]))
        painter.drawRect(QRectF(x, unit * 0.8, unit * 1.2, unit * 0.8))
        painter.setPen(QColor("black"))
        painter.drawText(QPointF(x + unit * 1.6, unit * 1.6), name)
        x += unit * 3.5 + painter.fontMetrics().horizontalAdvance(name)
    painter.end()
    return image
