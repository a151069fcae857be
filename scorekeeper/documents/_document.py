"""A small document model (headings, paragraphs, tables, charts) laid out by QTextDocument and written by QPdfWriter.

The text goes into the PDF as text (fonts embedded, selectable and searchable), not as a picture. Every piece of
text is escaped here: player names and reasons are free text and must never be read as markup.
"""

from __future__ import annotations

import dataclasses
import enum
import html
import itertools
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QPointF, QRectF, QSizeF, Qt, QUrl
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QColor,
    QFont,
    QFontMetrics,
    QGuiApplication,
    QImage,
    QPageLayout,
    QPageSize,
    QPainter,
    QPalette,
    QPdfWriter,
    QPen,
    QTextBlock,
    QTextDocument,
    QTextTable,
)

from scorekeeper.storage.files import write_atomically

__all__ = ["Document", "PageSize", "ensure_gui_application", "pdf_bytes", "printed_layout"]

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


_BREAK = ' style="page-break-before: always"'


@dataclasses.dataclass
class _Heading:
    """A section heading; ``new_page``: it starts a page (it was the last line of one, its section on the next)."""

    text: str
    new_page: bool = False

    def html(self) -> str:
        return f"<h2{_BREAK if self.new_page else ''}>{_e(self.text)}</h2>"


@dataclasses.dataclass
class _Table:
    """A table with a header row (see :meth:`Document.add_table`); ``breaks``: the rows (0 = the first after the
    header) that start a new page, where the table goes on as a new table under its header again."""

    header: tuple[str, ...]
    rows: tuple[tuple[object, ...], ...]
    numeric: frozenset[int]
    bold: frozenset[int]
    widths: tuple[int, ...]
    wrap_headings: frozenset[int]
    breaks: set[int] = dataclasses.field(default_factory=set)

    def pieces(self) -> list[int]:
        """The first row of each piece the table is printed in (one piece per page it is broken over)."""
        return [0, *sorted(b for b in self.breaks if 0 < b < len(self.rows))]

    def starts_a_page(self, first: int) -> bool:
        """Whether the piece from row ``first`` starts a new page (row 0: the whole table moved to the next)."""
        return first in self.breaks

    def _cell(self, tag: str, column: int, value: object) -> str:
        # Numbers never break inside ("+7,70" / "0"): a numeric cell keeps its line. A name heading a numeric
        # column may wrap: kept on one line, a long one made its column wider than the page (the table ran off
        # it, the Result column one letter wide) and Qt's layout of a table repeating its heading on every page
        # took quadratic time over it (1,000 hands with a 100-character name: 518 s).
        align = ""
        if column in self.numeric:
            nowrap = tag == "td" or column not in self.wrap_headings
            align = ' align="right"' + (' style="white-space: nowrap"' if nowrap else "")
        if tag == "th" and column < len(self.widths):
            align += f' width="{self.widths[column]}%"'
        text = _e(value).replace("\n", "<br>")
        if column in self.bold and tag == "td":
            text = f"<b>{text}</b>"
        return f"<{tag}{align}>{text}</{tag}>"

    def html(self) -> str:
        out: list[str] = []
        starts = self.pieces()
        for first, end in zip(starts, [*starts[1:], len(self.rows)], strict=True):
            page = _BREAK if self.starts_a_page(first) else ""
            out.append(f'<table class="grid" width="100%" cellspacing="0" cellpadding="3"{page}>')
            out.append("<thead><tr>")
            out.extend(self._cell("th", k, h) for k, h in enumerate(self.header))
            out.append("</tr></thead>")
            for number in range(first, end):
                shade = ' bgcolor="#f0f0f0"' if number % 2 else ""
                row = self.rows[number]
                out.append(f"<tr{shade}>" + "".join(self._cell("td", k, v) for k, v in enumerate(row)) + "</tr>")
            out.append("</table>")
        return "".join(out)


class Document:
    """A printable document: a title, a few lines under it, then headings, paragraphs, tables and charts in order.

    Args:
        title: the document's title (also the PDF's title).
        subtitle: lines under the title (date, venue, table...).
    """

    def __init__(self, title: str, *, subtitle: Sequence[str] = ()) -> None:
        self.title = title
        self._parts: list[str | _Heading | _Table] = [f"<h1>{_e(title)}</h1>"]
        if subtitle:
            self._parts.append('<p class="sub">' + "<br>".join(_e(line) for line in subtitle if line) + "</p>")
        self._charts: list[tuple[tuple[str, ...], tuple[str, ...], tuple[tuple[int, ...], ...]]] = []

    def add_heading(self, text: str) -> None:
        """A section heading."""
        self._parts.append(_Heading(text))

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
        self._parts.append(
            _Table(
                tuple(header),
                tuple(tuple(row) for row in rows),
                numeric=frozenset(numeric),
                bold=frozenset(bold),
                widths=tuple(widths),
                wrap_headings=frozenset(wrap_headings),
            )
        )

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

    def paged_parts(self) -> list[str | _Heading | _Table]:
        """The document's parts, headings and tables copied, to be broken over pages (:func:`_never_split`)."""
        return [
            part
            if isinstance(part, str)
            else dataclasses.replace(part, breaks=set())
            if isinstance(part, _Table)
            else dataclasses.replace(part, new_page=False)
            for part in self._parts
        ]

    def to_html(self, parts: Sequence[str | _Heading | _Table] | None = None) -> str:
        """The document as HTML (what QTextDocument lays out); ``parts``: as broken over pages."""
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
        chosen = self._parts if parts is None else parts
        body = "".join(part if isinstance(part, str) else part.html() for part in chosen)
        return f"<html><head><style>{style}</style></head><body>{body}</body></html>"

    def text_document(self, parts: Sequence[str | _Heading | _Table] | None = None) -> QTextDocument:
        """The laid-out document (a QGuiApplication must exist: :func:`ensure_gui_application`); ``parts``: as
        broken over pages."""
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
        document.setHtml(self.to_html(parts))
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


def _writer(buffer: QBuffer, title: str, page_size: PageSize) -> QPdfWriter:
    writer = QPdfWriter(buffer)
    writer.setTitle(title)
    writer.setCreator("scorekeeper")
    writer.setPageLayout(
        QPageLayout(
            page_size.qt, QPageLayout.Orientation.Portrait, QMarginsF(15, 15, 15, 15), QPageLayout.Unit.Millimeter
        )
    )
    writer.setResolution(300)
    return writer


def pdf_bytes(document: Document, *, page_size: PageSize = PageSize.A4) -> bytes:
    """The PDF of ``document`` on ``page_size`` paper, portrait, 15 mm margins, page numbers at the foot; no table
    row split over two pages, no heading apart from its section (:func:`_never_split`)."""
    ensure_gui_application()
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = _writer(buffer, document.title, page_size)
    _print(_never_split(document, writer), writer)
    buffer.close()
    data: QByteArray = buffer.data()
    return bytes(data.data())


def printed_layout(document: Document, *, page_size: PageSize = PageSize.A4) -> QTextDocument:
    """``document`` laid out on its pages exactly as :func:`pdf_bytes` prints it (for tests: where each row is)."""
    ensure_gui_application()
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = _writer(buffer, document.title, page_size)
    printed = _never_split(document, writer)
    buffer.setParent(printed)  # the layout draws on the writer: both live as long as the document
    writer.setParent(printed)
    return printed


def _screen_dpi() -> tuple[int, int]:
    """The dots per inch a document's lengths are given in (the screen's, as Qt's ``qt_defaultDpi``)."""
    screen = QGuiApplication.primaryScreen()
    if screen is None:  # pragma: no cover - Qt always has a screen, even offscreen
        return 100, 100
    return round(screen.logicalDotsPerInchX()), round(screen.logicalDotsPerInchY())


def _lay_out_for_print(text: QTextDocument, writer: QPdfWriter) -> QTextDocument:
    """Lay ``text`` out on ``writer``'s pages and return it: what :func:`_print` prints, and what
    :func:`_never_split` looks at. As ``QTextDocument.print_`` lays out a document with no page size of its own (Qt 6
    qtextdocument.cpp): on the writer, with 2 cm frame margins given in the screen's dots (the layout scales them to
    the writer's), the writer's page as the page.
    """
    text.documentLayout().setPaintDevice(writer)
    dpi_x, dpi_y = _screen_dpi()
    frame = text.rootFrame().frameFormat()
    frame.setLeftMargin(int(2 / 2.54 * dpi_x))
    frame.setRightMargin(int(2 / 2.54 * dpi_x))
    frame.setTopMargin(int(2 / 2.54 * dpi_y))
    frame.setBottomMargin(int(2 / 2.54 * dpi_y))
    text.rootFrame().setFrameFormat(frame)
    text.setPageSize(QSizeF(writer.width(), writer.height()))
    return text


def _print(text: QTextDocument, writer: QPdfWriter) -> None:
    """Print ``text``, laid out by :func:`_lay_out_for_print`, page by page, each numbered at its foot (as
    ``QTextDocument.print_`` prints; it lays out a copy of its own, whose pages may differ from the ones checked: the
    chart's heading ended a page where the checked layout had the chart under it)."""
    dpi_x, dpi_y = _screen_dpi()
    page = QRectF(0, 0, writer.width(), writer.height())
    font = QFont(text.defaultFont())
    number_at = QPointF(
        page.width() - int(2 / 2.54 * dpi_x) * writer.logicalDpiX() / dpi_x,
        page.height()
        - int(2 / 2.54 * dpi_y) * writer.logicalDpiY() / dpi_y
        + QFontMetrics(font, writer).ascent()
        + 5 * writer.logicalDpiY() / 72,
    )
    painter = QPainter(writer)
    try:
        for index in range(text.pageCount()):
            if index:
                writer.newPage()
            painter.save()
            painter.translate(0, -index * page.height())
            view = QRectF(0, index * page.height(), page.width(), page.height())
            painter.setClipRect(view)
            context = QAbstractTextDocumentLayout.PaintContext()
            context.clip = view
            context.palette.setColor(QPalette.ColorRole.Text, QColor("black"))
            text.documentLayout().draw(painter, context)
            painter.setClipping(False)
            painter.setFont(font)
            number = str(index + 1)
            x = round(number_at.x() - painter.fontMetrics().horizontalAdvance(number))
            painter.drawText(x, round(number_at.y() + view.top()), number)
            painter.restore()
    finally:
        painter.end()


def _extent(layout: QAbstractTextDocumentLayout, block: QTextBlock) -> tuple[float, float]:
    """Where ``block``'s lines begin and end on the laid-out document: its first line's top, its last line's
    bottom (a line moved to the next page lies below the block's own rectangle: the chart's picture)."""
    top = layout.blockBoundingRect(block).top()
    lines = block.layout()
    if lines.lineCount() == 0:
        return top, top
    last = lines.lineAt(lines.lineCount() - 1)
    return top + lines.lineAt(0).y(), top + last.y() + last.height()


def _first_split(
    parts: Sequence[str | _Heading | _Table], printed: QTextDocument
) -> _Heading | tuple[_Table, int] | None:
    """The first table row printed over two pages (its table and row), or heading printed at the foot of a page
    with what it heads on the next; None when there is neither."""
    layout = printed.documentLayout()
    height = printed.pageSize().height()

    def page(y: float) -> int:
        return int(y // height)

    pieces: list[tuple[_Table, int] | None] = []
    headings: list[_Heading] = []
    for part in parts:
        if isinstance(part, _Table):
            pieces.extend((part, first) for first in part.pieces())
        elif isinstance(part, _Heading):
            headings.append(part)
        else:
            pieces.extend(None for _ in range(part.count("<table")))
    found: list[tuple[float, _Heading | tuple[_Table, int]]] = []
    tables = [frame for frame in printed.rootFrame().childFrames() if isinstance(frame, QTextTable)]
    for table, piece in zip(tables, pieces, strict=False):
        if piece is None:
            continue
        owner, first = piece
        for row in range(table.format().headerRowCount(), table.rows()):
            cells = [table.cellAt(row, column) for column in range(table.columns())]
            top = min(_extent(layout, c.firstCursorPosition().block())[0] for c in cells)
            bottom = max(_extent(layout, c.lastCursorPosition().block())[1] for c in cells)
            if page(top) != page(bottom - 1) and bottom - top < height / 2:  # a row taller than that breaks anyway
                found.append((top, (owner, first + row - table.format().headerRowCount())))
                break
    block = printed.begin()
    number = 0
    while block.isValid():
        if block.blockFormat().headingLevel() == 2:
            after = block.next()
            if number < len(headings) and after.isValid():
                top = _extent(layout, block)[0]
                if page(top) != page(_extent(layout, after)[1] - 1):
                    found.append((top, headings[number]))
            number += 1
        block = block.next()
    return min(found, key=lambda item: item[0])[1] if found else None


#: At most this many rows and headings moved to the next page (each costs a layout of the whole document).
_MOST_BREAKS = 60
#: A document longer than this is printed as Qt breaks its pages (a layout per page moved would take too long).
_MOST_PAGES = 16


def _never_split(document: Document, writer: QPdfWriter) -> QTextDocument:
    """``document`` laid out for ``writer`` with no table row and no heading split from what follows it over a page
    break (issue 24: a game's hand row began at the foot of a page and ended on the next, under the repeated header;
    the chart's heading ended a page and the chart began the next).

    Qt breaks a table row between its lines at a page's end and keeps no heading with its section. So the document
    is laid out as it will be printed, and the first row over a page break starts a new page instead: the table is
    ended there and goes on under its header again, on a new page; a heading at a page's foot goes to the next.
    Again until nothing is split (each move changes the pages after it); returns the document so laid out, to
    print. Each move costs a layout of the whole document: one longer than :data:`_MOST_PAGES` pages (a game of
    some 150 hands) is printed as Qt breaks it.
    """
    parts = document.paged_parts()
    text = _lay_out_for_print(document.text_document(parts), writer)
    if text.pageCount() > _MOST_PAGES:
        return text
    for _ in range(_MOST_BREAKS):
        split = _first_split(parts, text)
        if split is None:
            break
        if isinstance(split, _Heading):
            if split.new_page:
                break  # already at a page's top: what it heads is taller than a page
            split.new_page = True
        else:
            table, row = split
            before = parts[next(k for k, part in enumerate(parts) if part is table) - 1]
            if row == 0 and isinstance(before, _Heading) and not before.new_page:
                before.new_page = True  # the table's first row: its heading goes to the next page with it
            elif row in table.breaks:
                break  # already at a page's top: a row taller than a page
            else:
                table.breaks.add(row)
        text = _lay_out_for_print(document.text_document(parts), writer)
    return text


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
