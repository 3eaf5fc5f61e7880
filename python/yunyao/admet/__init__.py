"""ADMET property prediction (TDC endpoints; RDKit features + xgboost).

* ``endpoints`` -- the endpoint catalogue (product name <-> TDC data folder),
* ``features``  -- RDKit featurisation and the physicochemical set,
* ``train``     -- training / evaluation (``python -m yunyao.admet.train``),
* ``predictor`` -- model loading and batch prediction,
* ``__main__``  -- the step program (``python -m yunyao.admet``).

See docs/models/admet.md for the model card.
"""
