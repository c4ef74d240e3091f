"""What `--db` names: a SQLite file (a path) or a PostgreSQL database (a postgresql:// URL).

Anything else that looks like a URL (`mysql://...`, `postgres+asyncpg://...`) is refused rather than
taken as a file name. A URL's password is secret: `redact` takes it out (and any `password=` in
the query string) before the URL is printed, logged or put in an error.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import unquote

POSTGRES_SCHEMES = ("postgresql", "postgres")
# scheme://[user[:password]@]rest: libpq's URL shape, which may also name several hosts. The password
# runs to the last `@` before any query (a host has no `@`), so one typed with `/` or `@` unencoded
# is still taken out whole.
_URL = re.compile(
    r"(?P<scheme>[A-Za-z][A-Za-z0-9+.-]*)://(?:(?P<user>[^:@/?]*)(?::(?P<password>[^?]*))?@)?(?P<rest>.*)",
    re.DOTALL,
)
_QUERY_PASSWORD = re.compile(r"(?i)([?&]password=)[^&]*")
# `NAME:` without `//` is a file name, unless NAME is a database's URL scheme (a URL missing its //).
_DB_SCHEMES = ("postgresql", "postgres", "mysql", "mariadb", "sqlite", "sqlite3", "redis", "mongodb")
_HALF_URL = re.compile(rf"(?i)({'|'.join(_DB_SCHEMES)}):(?!//).*", re.DOTALL)


class DbError(ValueError):
    """A `--db` the server does not know how to use; `str()` is one sentence."""


@dataclass(frozen=True)
class DbSpec:
    kind: str  # "sqlite" or "postgresql"
    target: str  # the file path, or the URL as given (password included: never print it)
    where: str  # fit to print: the path, or the URL without its password

    @property
    def secrets(self) -> tuple[str, ...]:
        """Texts that must never appear in output: the password, as written and decoded."""
        found = _URL.fullmatch(self.target)
        password = found.group("password") if found else None
        query = [m.group(0).split("=", 1)[1] for m in re.finditer(r"(?i)[?&]password=[^&]*", self.target)]
        return tuple(s for s in {password, unquote(password or ""), *query, *map(unquote, query)} if s)


def parse_db(text: str) -> DbSpec:
    """Raises DbError for an empty text and for a URL whose scheme gridgames does not know."""
    if not text.strip():
        raise DbError(
            "--db is empty: give a SQLite file's path or postgresql://USER@HOST/DATABASE, "
            "or leave --db out for the data folder's server.sqlite."
        )
    found = _URL.fullmatch(text.strip())
    half = _HALF_URL.fullmatch(text.strip())
    if half is not None:
        raise DbError(  # not echoed: a mistyped URL may hold a password that redact() cannot find
            f"--db starts with '{half.group(1)}:' but not '{half.group(1)}://': write "
            "postgresql://USER@HOST/DATABASE for PostgreSQL, or a path for a SQLite file."
        )
    if found is None:
        return DbSpec("sqlite", text, text)
    scheme = found.group("scheme").lower()
    if scheme not in POSTGRES_SCHEMES:
        raise DbError(
            f"--db {redact(text)}: gridgames keeps rooms in a SQLite file (a path) or in PostgreSQL "
            f"(postgresql://USER@HOST/DATABASE), not in '{scheme}://'."
        )
    password = found.group("password") or ""
    if "/" in password or "@" in password:  # libpq would end the password there and read the rest as a host
        raise DbError(
            f"The password in --db {redact(text.strip())} holds a '/' or '@', which a URL cannot hold as "
            "it is: write them percent-encoded (%2F for /, %40 for @)."
        )
    return DbSpec("postgresql", text.strip(), redact(text.strip()))


def redact(url: str) -> str:
    """The URL without its password (user@host stays, so an operator can tell which database)."""
    found = _URL.fullmatch(url)
    if found is None:
        return url
    user = found.group("user")
    login = "" if user is None else (f"{user}:***@" if found.group("password") is not None else f"{user}@")
    return _QUERY_PASSWORD.sub(r"\1***", f"{found.group('scheme')}://{login}{found.group('rest')}")


def redact_error(text: str, url: str) -> str:
    """An error text with every form of the URL's password replaced by ***."""
    spec = DbSpec("postgresql", url, redact(url))
    for secret in sorted(spec.secrets, key=len, reverse=True):
        text = text.replace(secret, "***")
    return text.replace(url, spec.where)
