"""The interactive console: reading lines and running the match."""
