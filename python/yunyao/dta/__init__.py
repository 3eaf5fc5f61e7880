"""Drug–target affinity from a protein sequence and a SMILES (module ``graph_dta``).

``sequence`` reads the protein, ``encoding`` turns both sides into tensors, ``network`` is the
model, ``train`` fits it on the DeepDTA Davis/KIBA training folds, ``domain`` says how far a
protein is from the training kinases and ``predict`` is the platform step. Model card:
docs/models/affinity-2d.md.
"""
