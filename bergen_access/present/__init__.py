"""Presenters: events and replies turned into words, in three renderings."""
