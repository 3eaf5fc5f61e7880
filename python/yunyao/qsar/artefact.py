"""The portable model file ``qsar-model.json.gz``: gzip JSON, no pickled code.

    {"format": "yunyao-qsar/2", "versions", "descriptor", "algorithm": {"name", "params"},
     "model": {"scaler", "estimator" | "xgboost_ubj"}, "blend"?, "interval" | "calibrator", "domain": {"method",
     "threshold", "ids", "smiles", "bits_hex"}, "label": {"mode", "column", "classes"}, "card"}

``blend`` (format 2, when the build kept it, blend.py): the kernel SVM's arrays and, for a classification,
each member's sorted out-of-fold scores; ``model`` is then the blend's first member. Format 1 files
(no blend) still load.

scikit-learn objects go through the allow-listed codec (codec.py); an xgboost booster as its own UBJSON
(base64). Loading refuses another format, a scikit-learn or xgboost of another major.minor version
than the one installed (a fitted estimator's attributes change between them), and any class off the
allow-list, each with a message id.
"""

from __future__ import annotations

import base64
import gzip
import json
from typing import Any

from ..common import InputError, message
from . import codec
from . import descriptors as D
from .algorithms import Fitted, algorithm
from .blend import Blend
from .kernel import KernelSVM

FORMAT = "yunyao-qsar/2"
READABLE = {"yunyao-qsar/1", FORMAT}


def versions() -> dict[str, str]:
    import numpy
    import optuna
    import rdkit
    import sklearn
    import xgboost

    return {"rdkit": rdkit.__version__, "sklearn": sklearn.__version__, "xgboost": xgboost.__version__, "optuna": optuna.__version__, "numpy": numpy.__version__}


def model_state(m: Fitted) -> dict:
    state: dict[str, Any] = {"scaler": codec.encode(m.scaler) if m.scaler is not None else None}
    if m.booster is not None:
        state["xgboost_ubj"] = base64.b64encode(bytes(m.booster.save_raw("ubj"))).decode("ascii")
    else:
        state["estimator"] = codec.encode(m.estimator)
    return state


def blend_state(b: Blend) -> dict:
    return codec.encode(b.state())


def model_of(doc: dict) -> Fitted | Blend:
    first = first_member(doc)
    if "blend" not in doc:
        return first
    state = codec.decode(doc["blend"])
    references = state["references"]
    return Blend(doc["label"]["mode"], first, KernelSVM.from_state(state["svm"]), None if references is None else tuple(references))


def first_member(doc: dict) -> Fitted:
    alg = algorithm(doc["algorithm"]["name"])
    state = doc["model"]
    scaler = codec.decode(state["scaler"]) if state.get("scaler") else None
    if "xgboost_ubj" in state:
        import xgboost as xgb

        booster = xgb.Booster()
        booster.load_model(bytearray(base64.b64decode(state["xgboost_ubj"])))
        return Fitted(alg, doc["algorithm"]["params"], scaler, None, booster=booster)
    return Fitted(alg, doc["algorithm"]["params"], scaler, codec.decode(state["estimator"]))


def save(path: str, doc: dict) -> None:
    with gzip.open(path, "wt", encoding="utf-8", compresslevel=6) as fh:
        json.dump({"format": FORMAT, **doc}, fh, ensure_ascii=False, separators=(",", ":"))


def _major_minor(v: str) -> str:
    return ".".join(v.split(".")[:2])


def load(path: str, name: str) -> tuple[dict, Fitted | Blend]:
    """The artefact and its fitted model; refuses (InputError, ``qsarpred.*``) what this version cannot read."""
    try:
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            doc = json.load(fh)
    except (OSError, ValueError, EOFError):
        raise InputError(message("qsarpred.modelUnreadable", file=name))
    if not isinstance(doc, dict) or "format" not in doc:
        raise InputError(message("qsarpred.modelUnreadable", file=name))
    if doc["format"] not in READABLE:
        raise InputError(message("qsarpred.modelFormat", format=str(doc["format"])[:40], expected=FORMAT))
    here = versions()
    for lib in ("sklearn", "xgboost"):
        saved = str(doc.get("versions", {}).get(lib, "?"))
        if _major_minor(saved) != _major_minor(here[lib]):
            raise InputError(message("qsarpred.modelVersion", library=lib, saved=saved, installed=here[lib]))
    # A descriptor this version does not compute would fail mid-prediction: refuse the file instead.
    descriptor = str(doc.get("descriptor", {}).get("name", ""))
    if not all(part in D.AVAILABLE for part in D.parts(descriptor)):
        raise InputError(message("qsarpred.modelUnreadable", file=name))
    try:
        return doc, model_of(doc)
    except codec.CodecError as exc:
        raise InputError(message("qsarpred.modelClassRefused", name=exc.name[:120]))
    except (KeyError, TypeError):
        raise InputError(message("qsarpred.modelUnreadable", file=name))
