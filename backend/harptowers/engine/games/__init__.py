"""One module per game, each a ``Game`` subclass with its rules and metadata (registry.py)."""
