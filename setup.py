"""Each game's optional C core: every gridgames/games/<family>/_native.c is built as the extension
gridgames.games.<family>._native when a C compiler is there, and skipped if not.

Everything else is declared in pyproject.toml. Without a game's core its pure-Python solver answers
(slower, same values); `gridgames --version` says which core is in use. The parts every core shares
are in gridgames/solve/native/gridgames_native.h. This file names no game: a new game's `_native.c`
is found by the glob below.
"""

from pathlib import Path

from setuptools import Extension, setup

HERE = Path(__file__).resolve().parent
SHARED = "gridgames/solve/native"


def native_extensions() -> list[Extension]:
    """One optional extension per game package that has a `_native.c`, in a stable order."""
    return [
        Extension(
            ".".join(source.parent.parts) + "._native",
            [source.as_posix()],
            include_dirs=[SHARED],
            depends=[f"{SHARED}/{header}" for header in ("gridgames_native.h", "budget.h", "slots.h", "bits.h")],
            extra_compile_args=["-O2", "-std=gnu11", "-Werror=implicit-function-declaration"],
            optional=True,  # no compiler (or a failed build): install the pure-Python package
        )
        for source in sorted(p.relative_to(HERE) for p in HERE.glob("gridgames/games/*/_native.c"))
    ]


setup(ext_modules=native_extensions())
