"""Edits of content the designer asks for (`check --fix`, `rename`, `new`), each all or nothing."""
