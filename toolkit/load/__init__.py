"""Load stage: find a game's content files and read them (YAML, CSV, pictures), with messages that
point at the file and line."""
