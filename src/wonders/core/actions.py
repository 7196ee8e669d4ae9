"""The one check every game's action JSON goes through before its own parsing."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from wonders.core.errors import IllegalActionError
from wonders.core.i18n import _
from wonders.core.protocol import JSON


def action_object(data: Any, kinds: Collection[str], fields: Collection[str]) -> JSON:
    """``data`` if it is a JSON object with a known ``kind`` and no field but ``kind`` and
    ``fields``; otherwise an IllegalActionError naming what is wrong."""
    if not isinstance(data, dict):
        raise IllegalActionError(_("an action must be a JSON object"))
    kind = data.get("kind")
    if kind not in kinds:
        raise IllegalActionError(
            _("unknown action kind {kind}; kinds: {kinds}").format(
                kind=repr(kind), kinds=", ".join(kinds)
            )
        )
    unknown = set(data) - {"kind", *fields}
    if unknown:
        allowed = ", ".join(["kind", *fields])
        raise IllegalActionError(
            f"unknown action field(s) {', '.join(map(repr, sorted(unknown)))}; "
            f"a {kind} action has: {allowed}"
        )
    return data
