"""Render stage: templates to HTML and SVG, laid out as PDF pages."""
