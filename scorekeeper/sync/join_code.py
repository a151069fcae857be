"""The one code a table types to join its tournament (issue 23 item 4, issue 27 item 2), no Qt.

``server setup`` and ``server code`` print it; the join dialog takes it. It carries everything a table needs:

``HOST:PORT/DATABASE/TABLE/CODE`` and, after it, how the connection is secured:

* nothing: TLS checked against the system's certificate authorities (a server whose certificate a public CA
  issued, or one on this machine);
* ``/pin-XXXX-XXXX-...``: the server's own certificate (a venue server's self-signed one, given to ``server setup
  --certificate``), named by its SHA-256 fingerprint (the first 20 bytes, base32): the table fetches the certificate
  the server presents, refuses it unless its fingerprint is the pin, keeps it, and connects with ``verify-full``
  against it, before any password is sent;
* ``/no-tls``: the plainly named opt-out for a closed venue network (``sslmode=disable``).

``TABLE`` is the table number, or ``T.N`` for table N of tournament T when a database holds several (its login is
``<db>_t<T>_table<N>``: before, the join dialog always logged in as ``<db>_table<N>``, so a second tournament in
one database could not be joined). Example: ``192.168.1.10:5432/spring_open/3/K7QX-M2PD-9TRA/pin-7QXK-...``.
"""

from __future__ import annotations

import base64
import hashlib
import re
import socket
import ssl
import struct
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from scorekeeper.errors import TournamentError, TournamentServerError
from scorekeeper.sync.connection import CONNECT_TIMEOUT
from scorekeeper.sync.setup import table_role

__all__ = ["JoinCode", "certificate_pin", "fetch_certificate", "parse_join_code", "pin_certificate"]

_PIN_BYTES = 20
_SSL_REQUEST = struct.pack("!II", 8, 80877103)  # PostgreSQL's SSLRequest: the server answers "S", then TLS
_CODE = re.compile(r"[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}")
_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_$-]{0,62}")


@dataclass(frozen=True, slots=True, kw_only=True)
class JoinCode:
    """What a table's join code says.

    Attributes:
        server: ``host:port`` as the tables reach the server.
        database: the tournament's database.
        tournament_id: which tournament of the database (1 for the first).
        table_no: the table.
        code: the table's code (its login's password).
        pin: the server certificate's fingerprint (:func:`certificate_pin`), or empty.
        tls: False for the closed-network opt-out (no TLS at all).
    """

    server: str
    database: str
    tournament_id: int
    table_no: int
    code: str
    pin: str = ""
    tls: bool = True

    def __post_init__(self) -> None:
        if self.pin and not self.tls:
            raise TournamentError("a join code pins the server's certificate or turns TLS off, not both")

    @property
    def role(self) -> str:
        """The table's login on the server."""
        return table_role(self.database, self.tournament_id, self.table_no)

    def text(self) -> str:
        """The code as a table types it."""
        table = str(self.table_no) if self.tournament_id == 1 else f"{self.tournament_id}.{self.table_no}"
        tail = f"/pin-{self.pin}" if self.pin else "" if self.tls else "/no-tls"
        return f"{self.server}/{self.database}/{table}/{self.code}{tail}"

    def url(self, certificates: Path) -> str:
        """The table's ``postgresql://`` URL; a pinned certificate is read from ``certificates`` (see
        :meth:`certificate_path`), and checked with ``verify-full`` even on this machine."""
        base = f"postgresql://{quote(self.role, safe='')}:{quote(self.code, safe='')}@{self.server}/{self.database}"
        if not self.tls:
            return f"{base}?sslmode=disable"
        if self.pin:
            return f"{base}?sslmode=verify-full&sslrootcert={quote(str(self.certificate_path(certificates)))}"
        return base

    def certificate_path(self, certificates: Path) -> Path:
        """Where the pinned certificate is kept (one file per pin)."""
        return certificates / f"tournament-server-{self.pin.replace('-', '')[:16]}.crt"


def parse_join_code(text: str) -> JoinCode:
    """The join code in ``text`` (spaces around it and letter case in the code are forgiven).

    Raises:
        TournamentError: for text that is not a join code, naming what is wrong.
    """
    parts = text.strip().split("/")
    if len(parts) not in {4, 5}:
        raise TournamentError(
            f"a join code is SERVER:PORT/DATABASE/TABLE/CODE[/pin-...|/no-tls], got {len(parts)} parts: {text!r:.120}"
        )
    server, database, table, code = parts[0].strip(), parts[1].strip(), parts[2].strip(), parts[3].strip().upper()
    if not server or any(c in server for c in "@?#&= "):
        raise TournamentError(f"the join code's server {server!r:.60} is not HOST:PORT")
    if not _NAME.fullmatch(database):
        raise TournamentError(f"the join code's database {database!r:.60} is not a database name")
    match = re.fullmatch(r"(?:(\d{1,6})\.)?(\d{1,4})", table)
    if match is None or int(match.group(2)) < 1 or (match.group(1) is not None and int(match.group(1)) < 1):
        raise TournamentError(f"the join code's table {table!r:.20} is not a table number (or T.N)")
    if not _CODE.fullmatch(code):
        raise TournamentError("the join code's table code is not three groups of four letters and digits")
    pin, tls = "", True
    if len(parts) == 5:
        extra = parts[4].strip()
        if extra.casefold() == "no-tls":
            tls = False
        elif extra.casefold().startswith("pin-"):
            pin = extra[4:].upper()
            if not re.fullmatch(r"[A-Z2-7]{4}(?:-[A-Z2-7]{4}){7}", pin):
                raise TournamentError("the join code's certificate pin is not eight groups of four letters and digits")
        else:
            raise TournamentError(f"the join code ends in {extra!r:.30}: expected pin-... or no-tls")
    return JoinCode(
        server=server,
        database=database,
        tournament_id=int(match.group(1) or 1),
        table_no=int(match.group(2)),
        code=code,
        pin=pin,
        tls=tls,
    )


def certificate_pin(der: bytes) -> str:
    """A certificate's pin: the first 20 bytes of the SHA-256 of its DER form, base32 in eight groups of four."""
    text = base64.b32encode(hashlib.sha256(der).digest()[:_PIN_BYTES]).decode("ascii")
    return "-".join(text[i : i + 4] for i in range(0, len(text), 4))


def fetch_certificate(server: str, *, timeout: float = CONNECT_TIMEOUT) -> bytes:
    """The certificate (DER) the PostgreSQL server at ``host:port`` presents, unchecked: only its pin is compared.

    Raises:
        TournamentServerError: the server cannot be reached, or offers no TLS.
    """
    host, _, port_text = server.rpartition(":")
    if not host or not port_text.isdigit():
        host, port_text = server, "5432"
    host = host.strip("[]")
    try:
        with socket.create_connection((host, int(port_text)), timeout=timeout) as raw:
            raw.sendall(_SSL_REQUEST)
            if raw.recv(1) != b"S":
                raise TournamentServerError(f"the tournament server {server} offers no TLS: its certificate is unknown")
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
            context.check_hostname = False
            context.verify_mode = ssl.CERT_NONE  # compared with the pin below, not with any authority
            with context.wrap_socket(raw, server_hostname=host) as tls:
                der = tls.getpeercert(binary_form=True)
    except (OSError, ssl.SSLError) as error:
        raise TournamentServerError(f"cannot reach the tournament server {server}: {error}") from None
    if not der:
        raise TournamentServerError(f"the tournament server {server} presented no certificate")
    return der


def pin_certificate(join: JoinCode, certificates: Path) -> None:
    """Fetch the server's certificate, refuse it unless its fingerprint is the code's pin, and keep it where
    :meth:`JoinCode.url` reads it (nothing to do for a code without a pin). No password is sent before this.

    Raises:
        TournamentServerError: the server cannot be reached, or presents another certificate.
        SaveFileError: the certificate cannot be written.
    """
    if not join.pin:
        return
    der = fetch_certificate(join.server)
    if certificate_pin(der) != join.pin:
        raise TournamentServerError(
            f"the tournament server {join.server} presents a certificate that is not the one in the join code"
            " (another server, or someone in between): nothing was sent to it"
        )
    from scorekeeper.storage.files import write_atomically

    certificates.mkdir(parents=True, exist_ok=True)
    write_atomically(join.certificate_path(certificates), ssl.DER_cert_to_PEM_cert(der).encode("ascii"))
