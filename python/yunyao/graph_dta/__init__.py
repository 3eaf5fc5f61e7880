"""2D drug–target affinity (module graph_dta): a fingerprint + protein-sequence CNN network trained on
Davis and KIBA (DeepDTA setting 1). ``predict`` is the step program; ``train`` the training command."""
