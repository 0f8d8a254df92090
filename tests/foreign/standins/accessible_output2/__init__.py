"""Stand-in for accessible-output2 in the foreign-platform profile (Windows): NVDA and JAWS that record."""
