"""Validate stage: the schema every content file is read against, and the one form of a rules
citation."""
