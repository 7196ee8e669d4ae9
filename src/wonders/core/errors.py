"""The project's errors: each says what was wrong in words a user can act on."""


class WondersError(Exception):
    """Base class of every error this package raises on purpose."""


class IllegalActionError(WondersError):
    """An action that is not legal now; the state is left unchanged."""


class OptionsError(WondersError):
    """Impossible or unknown game options."""


class DataError(WondersError):
    """A data file (cards, boards) that does not validate."""


class RecordError(WondersError):
    """A game record that is malformed or does not replay."""


class InputError(WondersError):
    """A malformed user file (e.g. a score sheet): unknown names, impossible values."""
