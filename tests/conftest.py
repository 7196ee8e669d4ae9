"""Shared test settings: hypothesis profiles bounded for the 2-core CI machine; the
terminal's size left to each test (pytest-xdist's workers set COLUMNS=80, which a console
made at import would keep)."""

import os

from hypothesis import HealthCheck, settings

for _name in ("COLUMNS", "LINES"):
    os.environ.pop(_name, None)

settings.register_profile(
    "default", max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("default")
