"""A throw-away PostgreSQL server on loopback, for the tests and benchmarks/bench_tournament.py.

``TestServer.start()`` runs ``initdb`` into a fresh temporary folder and starts ``postgres`` on 127.0.0.1 at a free
port, with a superuser ``sk_admin`` whose password is random, and TLS on with a self-signed certificate the test run
makes (``openssl``) for the name :data:`TLS_NAME` and 127.0.0.1 (:attr:`TestServer.certificate`; tests/sync/
test_tls.py reaches the server under that name, as a table reaches a server that is not on its machine).
PostgreSQL refuses to run as root ("root" execution
of the PostgreSQL server is not permitted), so when the tests run as root (CI does) the folder is handed to the
``postgres`` user and the server programs run through ``runuser -u postgres --``. ``fsync`` is off (a test
server's data is thrown away, and a killed server still finds its WAL in the page cache) but commits stay
synchronous: the fault tests stop the server in the middle of pushes, and a commit the server acknowledged must
survive that, as on a real server.

When no server can be started (no ``initdb``, no ``postgres`` user), :func:`start_or_reason` returns the reason,
which the fixture in tests/conftest.py prints when it skips the PostgreSQL tests.
"""

from __future__ import annotations

import glob
import os
import secrets
import shlex
import shutil
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["TLS_NAME", "TestServer", "find_bin_dir", "make_certificate", "start_or_reason"]

ADMIN = "sk_admin"
#: The name in the test server's certificate (a name no resolver knows: the tests give libpq its address).
TLS_NAME = "sk-tournament.test"


def make_certificate(folder: Path, name: str, *, stem: str = "server") -> tuple[Path, Path]:
    """A self-signed certificate for ``name`` and 127.0.0.1, and its key, made with the ``openssl`` command.

    Raises:
        RuntimeError: ``openssl`` is missing or failed.
    """
    openssl = shutil.which("openssl")
    if openssl is None:
        raise RuntimeError("no openssl command to make the test server's TLS certificate")
    certificate, key = folder / f"{stem}.crt", folder / f"{stem}.key"
    done = subprocess.run(
        [
            openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", f"/CN={name}",
            "-addext", f"subjectAltName=DNS:{name},IP:127.0.0.1", "-keyout", str(key), "-out", str(certificate),
        ],
        capture_output=True, text=True, timeout=60, check=False, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    if done.returncode != 0:
        raise RuntimeError(f"openssl could not make a certificate: {done.stderr.strip()[-300:]}")
    key.chmod(0o600)
    return certificate, key


def find_bin_dir() -> Path | None:
    """The folder holding ``initdb`` and ``pg_ctl``: on PATH, else Debian's /usr/lib/postgresql/<version>/bin."""
    found = shutil.which("initdb")
    if found:
        return Path(found).parent
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
    return Path(candidates[-1]).parent if candidates else None


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class TestServer:
    """One running test server; :meth:`stop` ends it and removes its folder."""

    __test__ = False  # not a pytest test class

    bin_dir: Path
    folder: Path
    port: int
    password: str
    as_postgres: bool
    running: bool = field(default=False)

    @property
    def data_dir(self) -> Path:
        return self.folder / "data"

    @property
    def certificate(self) -> Path:
        """The server's self-signed TLS certificate (for :data:`TLS_NAME` and 127.0.0.1)."""
        return self.folder / "server.crt"

    def url(self, database: str = "postgres", *, user: str = ADMIN, password: str | None = None) -> str:
        """A ``postgresql://`` URL to this server (the admin's unless ``user`` and ``password`` are given)."""
        secret = self.password if password is None else password
        return f"postgresql://{user}:{secret}@127.0.0.1:{self.port}/{database}"

    def _run(self, *args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
        command = [str(self.bin_dir / args[0]), *args[1:]]
        if self.as_postgres:
            command = ["runuser", "-u", "postgres", "--", *command]
        return subprocess.run(
            command, capture_output=True, text=True, timeout=timeout, check=False, stdin=subprocess.DEVNULL
        )

    @classmethod
    def create(cls) -> TestServer:
        """Make the data folder with ``initdb`` (not started yet).

        Raises:
            RuntimeError: the server programs are missing or ``initdb`` failed (the message says why).
        """
        bin_dir = find_bin_dir()
        if bin_dir is None:
            raise RuntimeError("PostgreSQL is not installed (no initdb on PATH or in /usr/lib/postgresql/*/bin)")
        as_postgres = os.geteuid() == 0
        if as_postgres and shutil.which("runuser") is None:
            raise RuntimeError("running as root, and there is no runuser to start PostgreSQL as the postgres user")
        folder = Path(tempfile.mkdtemp(prefix="sync-pg-"))
        password = secrets.token_urlsafe(16)
        (folder / "pw").write_text(password + "\n", encoding="utf-8")
        if as_postgres:
            try:
                shutil.chown(folder, "postgres", "postgres")
                shutil.chown(folder / "pw", "postgres", "postgres")
            except (LookupError, PermissionError) as error:
                shutil.rmtree(folder, ignore_errors=True)
                raise RuntimeError(f"running as root and cannot hand the data folder to 'postgres': {error}") from None
        try:
            make_certificate(folder, TLS_NAME)
        except RuntimeError:
            shutil.rmtree(folder, ignore_errors=True)
            raise
        if as_postgres:
            for made in ("server.crt", "server.key"):
                shutil.chown(folder / made, "postgres", "postgres")
        server = cls(bin_dir=bin_dir, folder=folder, port=0, password=password, as_postgres=as_postgres)
        done = server._run(
            "initdb", "-D", str(server.data_dir), "-U", ADMIN, f"--pwfile={folder / 'pw'}", "--auth=scram-sha-256",
            "--encoding=UTF8", "--locale=C.UTF-8", "--no-sync",
        )  # fmt: skip
        (folder / "pw").unlink()
        if done.returncode != 0:
            shutil.rmtree(folder, ignore_errors=True)
            raise RuntimeError(f"initdb failed: {(done.stderr or done.stdout).strip()[-400:]}")
        server._watch()
        return server

    def _watch(self) -> None:
        """Stop the server and remove its folder when this process ends, however it ends (SIGKILL, a timeout).

        A detached shell polls this process; :meth:`destroy` does the same job at once on a normal exit.
        """
        pg_ctl = [str(self.bin_dir / "pg_ctl"), "-D", str(self.data_dir), "-m", "immediate", "stop"]
        if self.as_postgres:
            pg_ctl = ["runuser", "-u", "postgres", "--", *pg_ctl]
        script = (
            f"while kill -0 {os.getpid()} 2>/dev/null; do sleep 2; done; "
            f"{shlex.join(pg_ctl)} >/dev/null 2>&1; rm -rf {shlex.quote(str(self.folder))}"
        )
        # The watcher runs in the background of a shell that exits at once (nothing left to wait for here).
        subprocess.run(
            ["sh", "-c", f"( {script} ) </dev/null >/dev/null 2>&1 &"],
            start_new_session=True,
            check=True,
            stdin=subprocess.DEVNULL,
        )

    def start(self) -> None:
        """Start (or restart) the server on 127.0.0.1 at a free port and wait until it accepts connections.

        Raises:
            RuntimeError: the server did not start (the message quotes its log).
        """
        if self.port == 0:
            self.port = _free_port()
        options = (
            f"-p {self.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories={self.folder}"
            " -c fsync=off -c full_page_writes=off -c max_connections=200"
            " -c shared_buffers=32MB"
            f" -c ssl=on -c ssl_cert_file={self.certificate} -c ssl_key_file={self.folder / 'server.key'}"
        )
        log = self.folder / "server.log"
        done = self._run("pg_ctl", "-D", str(self.data_dir), "-l", str(log), "-o", options, "-w", "-t", "60", "start")
        if done.returncode != 0:
            tail = log.read_text(encoding="utf-8", errors="replace")[-600:] if log.exists() else done.stderr
            raise RuntimeError(f"PostgreSQL did not start: {tail.strip()}")
        self.running = True

    def stop(self, *, mode: str = "fast") -> None:
        """Stop the server (it can be started again); ``mode`` is pg_ctl's (smart, fast, immediate)."""
        if self.running:
            self._run("pg_ctl", "-D", str(self.data_dir), "-m", mode, "-w", "-t", "60", "stop")
            self.running = False

    def destroy(self) -> None:
        """Stop the server and remove its folder."""
        self.stop(mode="immediate")
        shutil.rmtree(self.folder, ignore_errors=True)

    def create_database(self, name: str) -> str:
        """Create an empty database and return the admin's URL to it."""
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')  # name chosen by the tests, not user input
        return self.url(name)

    def wait_ready(self, timeout: float = 30) -> None:
        """Wait until the server accepts connections (after a restart)."""
        import psycopg

        deadline = time.monotonic() + timeout
        while True:
            try:
                with psycopg.connect(self.url(), connect_timeout=2):
                    return
            except psycopg.OperationalError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)


def start_or_reason() -> TestServer | str:
    """A running test server, or the reason none could be started."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "psycopg is not installed (pip install -e '.[test]')"
    try:
        server = TestServer.create()
    except (RuntimeError, OSError, subprocess.SubprocessError) as error:
        return str(error)
    try:
        server.start()
    except (RuntimeError, OSError, subprocess.SubprocessError) as error:
        server.destroy()
        return str(error)
    return server
