"""ADMET property prediction (TDC endpoints; RDKit features + xgboost).

* ``endpoints`` -- the endpoint catalogue (product name <-> TDC data folder),
* ``features``  -- RDKit featurisation and the physicochemical set,
* ``train``     -- training / evaluation (``python -m yunyao.admet.train``),
* ``calibrate`` / ``calibration`` -- out-of-fold probability calibration (run by ``train``),
* ``reference`` -- approved-drug quantiles for the percentiles,
* ``verdicts``  -- the traffic-light thresholds and known limitations; ``card`` serves them,
* ``predictor`` -- model loading and batch prediction (calibrated, with verdicts and percentiles),
* ``__main__``  -- the step program (``python -m yunyao.admet``).

See docs/models/admet.md for the model card.
"""
