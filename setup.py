"""The optional C core (gridgames/solve/_native.c): built when a C compiler is there, skipped if not.

Everything else is declared in pyproject.toml. Without the core the pure-Python solvers answer
(slower, same values); `gridgames --version` says which core is in use.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "gridgames.solve._native",
            ["gridgames/solve/_native.c"],
            extra_compile_args=["-O2", "-std=gnu11"],
            optional=True,  # no compiler (or a failed build): install the pure-Python package
        ),
        Extension(
            "gridgames.games.cram._native",
            ["gridgames/games/cram/_native.c"],
            extra_compile_args=["-O2", "-std=gnu11"],
            optional=True,
        ),
        Extension(
            "gridgames.games.domineering._native",
            ["gridgames/games/domineering/_native.c"],
            extra_compile_args=["-O2", "-std=gnu11"],
            optional=True,
        ),
    ]
)
