"""The exceptions every game raises.

All of them subclass ``ValueError`` (as python-chess does for bad moves), so a caller that
only wants to know "was my input wrong?" catches one type.
"""


class ZigguratError(ValueError):
    """Base class: something handed to ziggurat was not acceptable. Nothing was changed."""


class IllegalAction(ZigguratError):
    """An action that is malformed, unknown, out of turn, or not legal in this state."""


class InvalidOptions(ZigguratError):
    """Game options that a game does not know, or values outside what it allows."""


class DataFileError(ZigguratError):
    """A component data file that does not match its schema; the message names the field."""


class CorruptState(ZigguratError):
    """A serialized state that cannot be read back: wrong shape or inconsistent contents."""


class RecordError(ZigguratError):
    """A game record that cannot be read or does not replay."""
