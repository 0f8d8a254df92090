"""What the player types: the words of each language and the parser."""
