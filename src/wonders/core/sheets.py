"""Checks every game's score booklet makes of a real table's sheet."""

from __future__ import annotations

from collections.abc import Iterable

from wonders.core.errors import InputError
from wonders.core.i18n import _


def check_unique_names(names: Iterable[str]) -> None:
    """Players are told apart by name: two with the same name (ignoring case and spaces
    around it) is an InputError naming it."""
    seen: set[str] = set()
    for name in names:
        key = name.strip().casefold()
        if key in seen:
            raise InputError(
                _("two players are named {name}: give each their own name").format(
                    name=repr(name.strip())
                )
            )
        seen.add(key)
