"""Audit: every written PDF and SVG checked as a printer and a reader would."""
