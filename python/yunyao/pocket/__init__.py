"""Training of the pocket re-scorer that @yunyao/pockets evaluates in TypeScript (see train.py)."""
