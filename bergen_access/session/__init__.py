"""Everything around the core that keeps state between runs: saves, settings."""
