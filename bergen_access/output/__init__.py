"""Where announcements go: the console, speech backends, braille, a recorder for tests."""
