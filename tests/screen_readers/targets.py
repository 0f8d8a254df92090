"""The targets of issues 21 and 30, in one place: the tests assert them, the table shows them."""

MAX_NOT_NEW_SHARE = 5.0  # % of speech (the typed echo left out) that is the prompt or not a new message
MAX_SYMBOLS = 0  # symbols yasr reads as words ("bar", "greater than") in our messages and prompts
MAX_UNASKED_ENDS_PER_TURN = 1.0  # the ends of the line said without being asked, a turn
MAX_PROMPT_SHARE = 5.0  # % of all speech that is the prompt (issue 30: in every setting a reader may use)
MAX_CUTS = 0  # messages or prompts cut inside a word or a tile (a line wrapped mid-word, "0-" / "5")
