"""Shared test settings: hypothesis profiles bounded for the 2-core CI machine."""

from hypothesis import HealthCheck, settings

settings.register_profile(
    "default", max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("default")
