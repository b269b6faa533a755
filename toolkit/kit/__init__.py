"""Kit stage: a game's outputs as one kit (manifest, gallery, print guide, shop exports, Tabletop
Simulator objects, one truth across outputs)."""
