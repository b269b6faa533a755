"""What every stage shares, below them all: errors, diagnostics, the output record and options,
confinement, placeholder marks, where the toolkit's own files are."""
