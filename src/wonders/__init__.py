"""wonders: the 7 Wonders family of games behind one protocol."""

__version__ = "0.1.0"
