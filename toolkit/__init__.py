"""toolkit: a print-kit toolchain for tabletop games.

Pipeline, one direction only: load -> validate -> model -> check -> render -> write -> kit.
"""
