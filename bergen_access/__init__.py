"""Bergen Access: the domino game Bergen for screen reader and braille users."""

__version__ = "0.1.0"
