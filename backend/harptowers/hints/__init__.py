"""Hints: the solver process and the one cache of found lines (service), the searches run in
that process (search), and the tools for games with face-down cards that a game opts into:
weighing ways on across samples of the hidden cards (ways) and a won line's plan (plan)."""
