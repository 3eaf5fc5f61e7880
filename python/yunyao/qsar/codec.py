"""Fitted models as plain JSON, read back without running any code the file names (no pickle).

An object is written as ``{"__class__": "<module>.<Class>", "state": ...}`` with the state its class
pickles (``__getstate__``, else ``__dict__``), and read back only when the class is on ``ALLOWED``: an
explicit table of the scikit-learn classes the QSAR algorithms fit, looked up by name (nothing is
imported from the file's words). scikit-learn's ``Tree`` (a compiled class) is rebuilt from its
constructor arguments and ``__setstate__``, as pickle would. NumPy arrays are kept bit-exact
(``{"__nd__": dtype, "shape", "b64"}``, structured dtypes by their description), as are NumPy
scalars, tuples, non-string dict keys, non-finite floats and RandomState objects.
"""

from __future__ import annotations

import base64
import math
from typing import Any

import numpy as np


class CodecError(ValueError):
    """A class the file names that is not on the allow-list (``name``)."""

    def __init__(self, name: str) -> None:
        self.name = name
        super().__init__(name)


def _allowed() -> dict[str, type]:
    from sklearn.calibration import CalibratedClassifierCV, _CalibratedClassifier
    from sklearn.cross_decomposition import PLSRegression
    from sklearn.ensemble import AdaBoostClassifier, AdaBoostRegressor, RandomForestClassifier, RandomForestRegressor
    from sklearn.gaussian_process import GaussianProcessRegressor
    from sklearn.gaussian_process import kernels as K
    from sklearn.isotonic import IsotonicRegression
    from sklearn.linear_model import Lasso, LogisticRegression, Ridge
    from sklearn.neighbors import KNeighborsClassifier, KNeighborsRegressor
    from sklearn.preprocessing import LabelEncoder, StandardScaler
    from sklearn.svm import SVC, SVR
    from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor
    from sklearn.tree._tree import Tree

    classes = [CalibratedClassifierCV, _CalibratedClassifier, PLSRegression, AdaBoostClassifier, AdaBoostRegressor, RandomForestClassifier,
               RandomForestRegressor, GaussianProcessRegressor, K.RBF, K.Matern, K.RationalQuadratic, K.DotProduct, K.WhiteKernel,
               K.ConstantKernel, K.Sum, K.Product, IsotonicRegression, Lasso, LogisticRegression, Ridge, KNeighborsClassifier,
               KNeighborsRegressor, LabelEncoder, StandardScaler, SVC, SVR, DecisionTreeClassifier, DecisionTreeRegressor, Tree]
    return {f"{c.__module__}.{c.__qualname__}": c for c in classes}


_ALLOWED: dict[str, type] = {}


def allowed() -> dict[str, type]:
    if not _ALLOWED:
        _ALLOWED.update(_allowed())
    return _ALLOWED


def _name(obj: Any) -> str:
    c = type(obj)
    return f"{c.__module__}.{c.__qualname__}"


def _dtype_text(dt: np.dtype) -> Any:
    return np.lib.format.dtype_to_descr(dt)


def _dtype_of(descr: Any) -> np.dtype:
    return np.lib.format.descr_to_dtype(descr if isinstance(descr, str) else [tuple(d) for d in descr])


def encode(obj: Any) -> Any:
    if obj is None or isinstance(obj, (bool, str, int)) and not isinstance(obj, np.generic):
        return obj
    if isinstance(obj, float):
        return obj if math.isfinite(obj) else {"__float__": repr(obj)}
    if isinstance(obj, np.ndarray):
        if obj.dtype.hasobject:
            return {"__list_array__": [encode(v) for v in obj.tolist()], "shape": list(obj.shape)}
        a = np.ascontiguousarray(obj)
        return {"__nd__": _dtype_text(a.dtype), "shape": list(a.shape), "b64": base64.b64encode(a.tobytes()).decode("ascii")}
    if isinstance(obj, np.generic):
        return {"__np__": _dtype_text(obj.dtype), "b64": base64.b64encode(np.asarray(obj).tobytes()).decode("ascii")}
    if isinstance(obj, (list, tuple)):
        items = [encode(v) for v in obj]
        return {"__tuple__": items} if isinstance(obj, tuple) else items
    if isinstance(obj, dict):
        if all(isinstance(k, str) and not k.startswith("__") for k in obj):
            return {k: encode(v) for k, v in obj.items()}
        return {"__dict__": [[encode(k), encode(v)] for k, v in obj.items()]}
    if isinstance(obj, np.random.RandomState):
        return {"__rng__": encode(obj.get_state())}
    name = _name(obj)
    cls = allowed().get(name)
    if cls is None:
        raise CodecError(name)
    from sklearn.tree._tree import Tree

    if cls is Tree:
        _, args, state = obj.__reduce__()
        return {"__class__": name, "args": encode(args), "state": encode(state)}
    state = obj.__getstate__() if hasattr(obj, "__getstate__") else obj.__dict__
    return {"__class__": name, "state": encode(state)}


def decode(data: Any) -> Any:
    if isinstance(data, list):
        return [decode(v) for v in data]
    if not isinstance(data, dict):
        return data
    if "__nd__" in data:
        return np.frombuffer(base64.b64decode(data["b64"]), dtype=_dtype_of(data["__nd__"])).reshape(data["shape"]).copy()
    if "__np__" in data:
        return np.frombuffer(base64.b64decode(data["b64"]), dtype=_dtype_of(data["__np__"]))[0]
    if "__list_array__" in data:
        out = np.empty(len(data["__list_array__"]), dtype=object)
        out[:] = [decode(v) for v in data["__list_array__"]]
        return out.reshape(data["shape"])
    if "__float__" in data:
        return float(data["__float__"])
    if "__tuple__" in data:
        return tuple(decode(v) for v in data["__tuple__"])
    if "__dict__" in data:
        return {decode(k): decode(v) for k, v in data["__dict__"]}
    if "__rng__" in data:
        rng = np.random.RandomState()
        rng.set_state(decode(data["__rng__"]))
        return rng
    if "__class__" in data:
        cls = allowed().get(data["__class__"])
        if cls is None:
            raise CodecError(str(data["__class__"]))
        if "args" in data:
            obj = cls(*decode(data["args"]))
            obj.__setstate__(decode(data["state"]))
            return obj
        obj = cls.__new__(cls)
        state = decode(data["state"])
        if hasattr(obj, "__setstate__"):
            obj.__setstate__(state)
        else:
            obj.__dict__.update(state)
        return obj
    return {k: decode(v) for k, v in data.items()}
