"""Build: the engines compiled with mypyc when a C compiler is present (docs/PERFORMANCE.md).

``WONDERS_PURE=1`` (any value but 0; or no C compiler) builds nothing: the same modules run
as pure Python.
``WONDERS_COMPILE=duel`` (a comma-separated list of packages) compiles ``core`` and those only.
The project's metadata is in pyproject.toml; this file only lists the compiled modules.
"""

import os
import shutil
import sysconfig
from pathlib import Path

from setuptools import setup

# The engines' hot paths: the protocol, every game's rules, sampling and greedy bots (the
# search bots spend their time in these). The search bots, front ends, data loading and the
# web stay pure Python: they import these unchanged, and may be subclassed or patched.
COMPILED = [
    "core/actions",
    "core/draws",
    "core/protocol",
    "core/obsbuf",
    "classic/actions",
    "classic/cards",
    "classic/city",
    "classic/payments",
    "classic/scoring",
    "classic/turn",
    "classic/free_city",
    "classic/trade",
    "classic/leaders",
    "classic/cities",
    "classic/state",
    "classic/sampling",
    "classic/greedy",
    "classic/observe",
    "duel/actions",
    "duel/cards",
    "duel/city",
    "duel/military",
    "duel/scoring",
    "duel/structure",
    "duel/trading",
    "duel/state",
    "duel/sampling",
    "duel/greedy",
    "duel/observe",
    "architects/actions",
    "architects/cards",
    "architects/payments",
    "architects/scoring",
    "architects/state",
    "architects/sampling",
    "architects/greedy",
    "architects/observe",
]


def _compiler() -> bool:
    cc = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    return shutil.which(cc.split()[0]) is not None


def _extensions() -> list:
    if os.environ.get("WONDERS_PURE", "0") not in ("", "0") or not _compiler():
        return []
    from mypyc.build import mypycify

    # a development aid: WONDERS_COMPILE=duel compiles core and that game only (faster builds)
    only = os.environ.get("WONDERS_COMPILE")
    games = {"core", *only.split(",")} if only else None
    modules = [m for m in COMPILED if games is None or m.split("/")[0] in games]
    return mypycify(
        [f"src/wonders/{m}.py" for m in modules],
        opt_level="3",
        target_dir=".mypyc-build",
    )


def _compile_catalogues() -> None:
    """The translations' .mo files beside their .po (package data), when Babel is present
    (the Makefile compiles them too, without rebuilding the engines)."""
    try:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po
    except ImportError:
        return
    for po in Path("src/wonders/locale").glob("*/LC_MESSAGES/wonders.po"):
        mo = po.with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        with po.open("rb") as source:
            catalog = read_po(source)
        with mo.open("wb") as target:
            write_mo(target, catalog)


_compile_catalogues()
setup(ext_modules=_extensions())
