"""wonders: the 7 Wonders family of games behind one protocol.

The engines may be compiled with mypyc (``setup.py``; docs/PERFORMANCE.md): the compiled
modules sit beside their sources and Python imports them first. ``WONDERS_PURE=1`` (any
value but 0) in the environment makes every ``wonders`` module load from its source
instead, and so does, in a source checkout, a compiled module older than its source (a
stale build is never run; a warning says so).
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

__version__ = "0.1.0"

_HERE = Path(__file__).resolve().parent


class _SourcesOnly(importlib.abc.MetaPathFinder):
    """Finds ``wonders.*`` modules among their ``.py`` files only."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith("wonders.") or not path:
            return None
        for entry in path:
            loader = (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES)
            spec = importlib.machinery.FileFinder(entry, loader).find_spec(fullname)
            if spec is not None:
                return spec
        return None


def _stale_build(package: Path = _HERE) -> str | None:
    """In a source checkout (``src/wonders`` beside ``pyproject.toml``), the first compiled
    module older than its source, if any. An installed package is never stale: its files
    are dated by the order the installer wrote them."""
    if not (package.parent.parent / "pyproject.toml").exists():
        return None
    for built in package.glob("*/*.so"):
        source = built.with_name(built.name.split(".")[0] + ".py")
        if source.exists() and source.stat().st_mtime > built.stat().st_mtime:
            return f"{source.parent.name}/{source.name}"
    return None


def _choose_build() -> bool:
    """Whether the compiled modules are used (installs the sources-only finder if not)."""
    if not any(_HERE.glob("*/*.so")):
        return False
    if os.environ.get("WONDERS_PURE", "0") in ("", "0"):
        stale = _stale_build()
        if stale is None:
            return True
        warnings.warn(
            f"the compiled engine is older than {stale}; running pure Python "
            "(rebuild with `make build`)",
            stacklevel=2,
        )
    sys.meta_path.insert(0, _SourcesOnly())
    return False


COMPILED = _choose_build()
"""Whether this process runs the engines compiled (mypyc) or as pure Python."""
