"""The scorekeeper's parts: one mode per way of keeping score, the questions it asks, the export.

``ui/keeper.py`` runs the loop (a line in, one answer out, undo and redo);
a mode (``TrackMode``, ``TallyMode``) turns each parsed entry into a
``Step``: an entry for its core, a ``Question`` to ask first, or a reply.
"""
