"""Check stage: the rules as code, run over a game's model; what a message means."""
