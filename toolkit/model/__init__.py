"""Model stage: a game's content as one object (its files, its components)."""
