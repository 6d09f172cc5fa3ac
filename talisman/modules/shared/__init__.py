"""Rules that several modules share, each registered by every module that
uses it on its own object (so no module imports another one's rules)."""
