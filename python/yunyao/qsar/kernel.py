"""The blend's second member: a support-vector machine on a kernel made for each kind of descriptor.

Fingerprint columns (``ECFP``, ``ECFP_counts``, ``PathFP``) are compared by **MinMax** similarity,
Σ min(a, b) / Σ max(a, b) over the columns (Tanimoto for bits, its count form for counts); the other
columns (``MACCS_keys``, ``UnscaledPhyschemDescriptors``) by an **RBF** kernel, exp(−γ‖a − b‖²), on
columns standardised by the training rows and clipped to ±10 SD, γ = 1 / their number. The kernel is
the mean of the kinds present. scikit-learn's ``SVR`` (C = 5, ε = 0.1 on the standardised label) and
``SVC`` (C = 5) are fitted on it as a precomputed kernel. Measured: docs/models/qsar.md, "Blend".

Why written here: scikit-learn has no MinMax kernel, and its RBF on every column of a fingerprint
composite lets 2,048 sparse bits drown the descriptors. Σ min is computed exactly as a dot product of
thermometer codes (a count c becomes c ones at that column's levels), so every comparison is one
sparse × dense product.

The fitted model keeps only what predicting needs: the support vectors' descriptor rows, their dual
coefficients and intercept, the RBF columns' standardisation, the label's scale; all NumPy arrays, so
the model file stays free of pickled objects.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Optional

import numpy as np

from . import descriptors as D

FINGERPRINTS = {"ECFP", "ECFP_counts", "PathFP"}
C = 5.0
EPSILON = 0.1
CLIP = 10.0
NAME = "SVM (MinMax/RBF kernel)"  # never " + ": a kept blend is named "<best> + <NAME>"
VARIANT_CHUNK = 4  # molecules whose atom variants are scored together (predict_variants)


def column_kinds(descriptor: str) -> tuple[np.ndarray, np.ndarray]:
    """(fingerprint column indices, other column indices) of a (composite) descriptor's rows."""
    fp, dense, start = [], [], 0
    for part in D.parts(descriptor):
        width = D.width(part)
        (fp if part in FINGERPRINTS else dense).append(np.arange(start, start + width))
        start += width
    as_index = lambda blocks: np.concatenate(blocks) if blocks else np.zeros(0, np.int64)
    return as_index(fp), as_index(dense)


@dataclass
class Coded:
    """Rows made ready for the kernel: thermometer codes and totals of the fingerprint columns, the
    standardised other columns and their squared norms."""

    thermo: object  # scipy CSR, or None
    totals: Optional[np.ndarray]
    z: Optional[np.ndarray]
    z2: Optional[np.ndarray]


@dataclass
class Space:
    """How rows are compared: which columns are which kind, the thermometer's levels per fingerprint
    column (the largest value the reference rows hold: Σ min against them is exact for any query), and
    the standardisation of the other columns."""

    fp: np.ndarray
    dense: np.ndarray
    levels: np.ndarray
    mean: np.ndarray
    sd: np.ndarray

    @classmethod
    def of(cls, descriptor: str, X: np.ndarray, standardise_rows: np.ndarray) -> "Space":
        fp, dense = column_kinds(descriptor)
        levels = np.ceil(X[:, fp].max(axis=0)).astype(np.int64) if len(fp) and len(X) else np.zeros(len(fp), np.int64)
        ref = X[standardise_rows][:, dense].astype(np.float64)
        mean = ref.mean(axis=0) if len(ref) else np.zeros(len(dense))
        sd = ref.std(axis=0) if len(ref) else np.ones(len(dense))
        return cls(fp, dense, levels, mean, np.where(sd > 0, sd, 1.0))

    def code(self, X: np.ndarray) -> Coded:
        thermo = totals = z = z2 = None
        if len(self.fp):
            from scipy import sparse

            F = np.rint(np.maximum(X[:, self.fp], 0)).astype(np.int64)  # whole, non-negative counts
            totals = F.sum(axis=1).astype(np.float64)
            c = np.minimum(F, self.levels)  # Σ min against rows no higher than the levels is unchanged
            rows, cols = np.nonzero(c)
            counts = c[rows, cols]
            offsets = np.concatenate([[0], np.cumsum(self.levels)[:-1]])
            first = np.repeat(np.cumsum(counts) - counts, counts)
            thermo_cols = np.repeat(offsets[cols], counts) + (np.arange(counts.sum()) - first)
            thermo = sparse.csr_matrix((np.ones(len(thermo_cols), np.float32), (np.repeat(rows, counts), thermo_cols)),
                                       shape=(len(X), int(self.levels.sum())))
        if len(self.dense):
            z = np.clip((X[:, self.dense].astype(np.float64) - self.mean) / self.sd, -CLIP, CLIP)
            z2 = (z * z).sum(axis=1)
        return Coded(thermo, totals, z, z2)

    def minmax(self, a: Coded, b: Coded, b_thermo_t: Optional[np.ndarray] = None) -> np.ndarray:
        """Σ min / Σ max between the rows of a and b, in float32 (both sums are whole numbers); ``b_thermo_t``: b's
        thermometer codes as a dense, transposed, C-order array, when the caller keeps one (scipy copies any other order)."""
        if b_thermo_t is None:
            b_thermo_t = np.ascontiguousarray(b.thermo.T.toarray())
        shared = np.asarray(a.thermo @ b_thermo_t)
        union = a.totals.astype(np.float32)[:, None] + b.totals.astype(np.float32)[None, :]
        union -= shared  # Σ max(a, b) = Σ a + Σ b − Σ min(a, b)
        np.maximum(union, 1e-12, out=union)  # two empty fingerprints: Σ min is 0 too
        return np.divide(shared, union, out=shared)

    def squared_distance(self, a: Coded, b: Coded) -> np.ndarray:
        d2 = a.z @ b.z.T
        d2 *= -2.0
        d2 += a.z2[:, None]
        d2 += b.z2[None, :]
        return np.maximum(d2, 0.0, out=d2)

    def rbf(self, a: Coded, b: Coded) -> np.ndarray:
        K = self.squared_distance(a, b)
        K *= -1.0 / len(self.dense)
        return np.exp(K, out=K)

    def kernel(self, a: Coded, b: Coded, minmax: Optional[np.ndarray] = None) -> np.ndarray:
        """The kernel between two coded sets; ``minmax``: their MinMax block when already computed. In place: a
        build's kernel over 10,000 molecules is 0.8 GB per copy."""
        if not len(self.dense):
            return np.asarray(self.minmax(a, b) if minmax is None else minmax, dtype=np.float64)
        K = self.rbf(a, b)
        if len(self.fp):
            K += self.minmax(a, b) if minmax is None else minmax
            K *= 0.5
        return K


class KernelSVM:
    """A fitted SVM on :class:`Space`'s kernel: regression value, or classification decision value."""

    def __init__(self, mode: str, space: Space, support: np.ndarray, dual: np.ndarray, intercept: float, y_mean: float = 0.0,
                 y_sd: float = 1.0) -> None:
        self.mode, self.space, self.support, self.dual, self.intercept, self.y_mean, self.y_sd = mode, space, support, dual, intercept, y_mean, y_sd
        self._coded = space.code(support)
        self.support_rows: Optional[np.ndarray] = None  # after fit: the support vectors' rows of the X it was given

    # What predicting reads of the support vectors, made on first use and kept: a build's fold models are
    # given their MinMax block and never need them.
    @cached_property
    def _thermo_t(self) -> Optional[np.ndarray]:
        return np.ascontiguousarray(self._coded.thermo.T.toarray()) if len(self.space.fp) else None  # C order: scipy copies any other

    @cached_property
    def _dual32(self) -> np.ndarray:
        return self.dual.astype(np.float32)

    @cached_property
    def _z32(self) -> Optional[np.ndarray]:
        return None if self._coded.z is None else self._coded.z.astype(np.float32)

    @classmethod
    def fit(cls, mode: str, descriptor: str, X: np.ndarray, y: np.ndarray, rows: np.ndarray, minmax_all: Optional[np.ndarray] = None) -> "KernelSVM":
        """Fitted on ``X[rows]``; ``minmax_all``: the MinMax block of every row of X against every row, when the
        caller computes it once for many fits (the build's folds)."""
        from sklearn.svm import SVC, SVR

        space = Space.of(descriptor, X, rows)
        coded = space.code(X[rows])
        K = space.kernel(coded, coded, None if minmax_all is None else minmax_all[np.ix_(rows, rows)])
        if mode == "regression":
            y_mean, y_sd = float(y[rows].mean()), float(y[rows].std()) or 1.0
            est = SVR(kernel="precomputed", C=C, epsilon=EPSILON).fit(K, (y[rows] - y_mean) / y_sd)
        else:
            y_mean, y_sd = 0.0, 1.0
            est = SVC(kernel="precomputed", C=C).fit(K, y[rows].astype(int))
        # decision value = dual · K(x, support) + intercept, scikit-learn's own for SVR and a binary SVC
        model = cls(mode, space, X[rows][est.support_], est.dual_coef_[0].astype(np.float64), float(est.intercept_[0]), y_mean, y_sd)
        model.support_rows = rows[est.support_]
        return model

    def predict(self, X: np.ndarray, minmax: Optional[np.ndarray] = None) -> np.ndarray:
        """Regression: the value; classification: the decision value (orders molecules, not a probability).
        ``minmax``: the MinMax block of X against the support vectors, when the caller has it."""
        if not len(X):
            return np.zeros(0)
        coded = self.space.code(X)
        if minmax is None and len(self.space.fp):
            minmax = self.space.minmax(coded, self._coded, self._thermo_t)
        value = self.space.kernel(coded, self._coded, minmax) @ self.dual + self.intercept
        return value * self.y_sd + self.y_mean

    def predict_variants(self, X: np.ndarray, variants: np.ndarray, sizes: list[int]) -> np.ndarray:
        """``predict(variants)``, where the first ``sizes[0]`` variants come from ``X[0]``, the next ``sizes[1]`` from
        ``X[1]``, and so on (the atom weights: each variant is its molecule without one atom's share). A variant
        differs from its molecule in a few columns, so its kernel row is the molecule's plus a sparse correction:
        Σ min through the thermometer codes that changed, the squared distance through the standardised
        columns that changed. A whole row per variant (thousands per batch, against every support vector)
        would cost most of a prediction. Computed in float32 (the molecules' own values stay float64): equal to
        ``predict(variants)`` within 1e-5 (tested), far below the 4 decimals an atom weight is given with."""
        if not len(variants):
            return np.zeros(0)
        ends = np.cumsum(sizes)
        out = []
        # a few molecules at a time: the arrays (variants × support vectors) then stay in cache
        for first in range(0, len(X), VARIANT_CHUNK):
            last = min(first + VARIANT_CHUNK, len(X))
            start = ends[first - 1] if first else 0
            out.append(self._variant_values(X[first:last], variants[start : ends[last - 1]], sizes[first:last]))
        return np.concatenate(out)

    def _variant_values(self, X: np.ndarray, variants: np.ndarray, sizes: list[int]) -> np.ndarray:
        from scipy import sparse

        sp, support = self.space, self._coded
        owner = np.repeat(np.arange(len(X)), sizes)
        mine, theirs = sp.code(X), sp.code(variants)
        # float32, in place and one block at a time: these arrays (variants × support vectors) are most of the cost
        dots = []
        if len(sp.fp):
            shared = (theirs.thermo - mine.thermo[owner]) @ self._thermo_t
            shared += (mine.thermo @ self._thermo_t)[owner]
            union = theirs.totals.astype(np.float32)[:, None] + support.totals.astype(np.float32)[None, :]
            union -= shared
            np.maximum(union, 1e-12, out=union)  # as in Space.minmax
            dots.append(np.divide(shared, union, out=shared) @ self._dual32)
        if len(sp.dense):
            d2 = np.asarray(sparse.csr_matrix((theirs.z - mine.z[owner]).astype(np.float32)) @ self._z32.T)
            d2 *= -2.0
            d2 += sp.squared_distance(mine, support).astype(np.float32)[owner]
            d2 += (theirs.z2 - mine.z2[owner]).astype(np.float32)[:, None]
            np.maximum(d2, 0.0, out=d2)
            d2 *= np.float32(-1.0 / len(sp.dense))
            dots.append(np.exp(d2, out=d2) @ self._dual32)
        return (np.mean(dots, axis=0) + self.intercept) * self.y_sd + self.y_mean

    def state(self) -> dict:
        s = self.space
        return {"mode": self.mode, "fp": s.fp, "dense": s.dense, "levels": s.levels, "mean": s.mean, "sd": s.sd, "support": self.support,
                "dual": self.dual, "intercept": self.intercept, "y_mean": self.y_mean, "y_sd": self.y_sd}

    @classmethod
    def from_state(cls, st: dict) -> "KernelSVM":
        space = Space(np.asarray(st["fp"]), np.asarray(st["dense"]), np.asarray(st["levels"]), np.asarray(st["mean"]), np.asarray(st["sd"]))
        return cls(st["mode"], space, np.asarray(st["support"]), np.asarray(st["dual"]), float(st["intercept"]), float(st["y_mean"]), float(st["y_sd"]))
