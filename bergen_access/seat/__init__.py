"""Seats: what a person at a match (or at a score sheet) may do and is told, apart from any loop.

A ``MatchSeat`` is one player's seat at a match: it answers each typed line
once, tells the match's events as that seat may see them, keeps its history as
things to say again in today's words, and makes its moves through ``Moves``:
on its own (the console) or through a shared table (the network). The
``Keeper`` is the scorekeeper's sheet. The console loops (``ui/``) and the
server (``net/``) each hold one; neither knows the other.
"""
