"""Message ids rendered as text, for the files a user downloads (result.csv, SDF tags).

A step puts a message in a row's ``error`` or ``domain_note`` as its id and parameters in one
string (``common.noMolecules#{"file":"a.csv"}``, see ``common.encode_message``). The server renders
the rows it serves in the reader's language, so the rows file it ingests keeps the id; the files a
person opens get the text, rendered here exactly as packages/contract/src/messages.ts does
(``renderMessage``): the id and its JSON parameters decoded, the catalogue's text for the language
looked up, its ``{name}`` placeholders filled (a parameter that is a message is rendered in turn,
one in both languages ``{zh, en}`` gives the language's words, a number prints without grouping
and with at most 6 fraction digits). A plain text, or an id nobody registered, renders as itself.

The texts come from ``messages.json`` beside this file, GENERATED from the platform's catalogues
by ``npm run gen:python-messages`` (packages/modules/shared/python-messages.test.ts fails when it
is stale).
"""

from __future__ import annotations

import json
import math
import os
import re
from decimal import ROUND_HALF_UP, Context, Decimal
from typing import Mapping, Optional

_ID = re.compile(r"[a-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)+")
_PLACEHOLDER = re.compile(r"\{(\w+)\}", re.ASCII)
_PARAMS_MARK = "#"
# The fields of a result row a step may fill with a message (as apps/server/src/services/row-messages.ts).
MESSAGE_FIELDS = ("error", "domain_note")

_catalogue: Optional[dict[str, dict[str, str]]] = None


def catalogue() -> dict[str, dict[str, str]]:
    """Every message id the platform registers, with its ``zh`` and ``en`` texts."""
    global _catalogue
    if _catalogue is None:
        with open(os.path.join(os.path.dirname(__file__), "messages.json"), encoding="utf-8") as fh:
            _catalogue = json.load(fh)
    return _catalogue


def _reject_constant(name: str) -> object:
    raise ValueError(name)  # JSON.parse takes no NaN / Infinity


def decode(text: str) -> Optional[dict]:
    """The message (``{"code", "params"?}``) a string encodes, or None for a plain text."""
    mark = text.find(_PARAMS_MARK)
    code = text if mark < 0 else text[:mark]
    if not _ID.fullmatch(code):
        return None
    if mark < 0:
        return {"code": code}
    try:
        params = json.loads(text[mark + 1 :], parse_constant=_reject_constant)
    except ValueError:
        return None
    return {"code": code, "params": params} if isinstance(params, dict) else None


def _is_lang_text(value: object) -> bool:
    return isinstance(value, dict) and isinstance(value.get("zh"), str) and isinstance(value.get("en"), str)


def _is_message(value: object) -> bool:
    return isinstance(value, dict) and isinstance(value.get("code"), str)


def _number_text(value: float) -> str:
    """As JavaScript's ``toLocaleString('en-US', {useGrouping: false, maximumFractionDigits: 6})``."""
    if isinstance(value, float):
        if math.isnan(value):
            return "NaN"
        if math.isinf(value):
            return "∞" if value > 0 else "-∞"
    negative = str(value).startswith("-")
    d = Decimal(repr(value)).quantize(Decimal("0.000001"), rounding=ROUND_HALF_UP, context=Context(prec=400)) if isinstance(value, float) else Decimal(value)
    text = format(abs(d), "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return ("-" if negative else "") + text


def _param_text(value: object, lang: str) -> str:
    if _is_lang_text(value):
        return value[lang]  # type: ignore[index]
    if _is_message(value):
        return render_message(value, lang)  # type: ignore[arg-type]
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return _number_text(value)
    if value is None:
        return "null"
    if isinstance(value, list):
        return ",".join("" if v is None else _param_text(v, lang) for v in value)
    if isinstance(value, dict):
        return "[object Object]"
    return str(value)


def interpolate(template: str, params: Optional[Mapping[str, object]], lang: str) -> str:
    """The template with its ``{name}`` placeholders filled; one without a value is left as written."""
    if not params:
        return template
    return _PLACEHOLDER.sub(lambda m: _param_text(params[m.group(1)], lang) if m.group(1) in params else m.group(0), template)


def render_message(m: dict, lang: str = "zh") -> str:
    """A message (``{"code", "params"?}``) in ``lang``; an id nobody registered renders as the id."""
    text = catalogue().get(m["code"])
    if text is None:
        return m["code"]
    params = m.get("params")
    return interpolate(text[lang], params if isinstance(params, dict) else None, lang)


def render(text: str, lang: str = "zh") -> str:
    """The text a string says in ``lang``: an encoded registered id rendered, anything else as it is."""
    if not isinstance(text, str):
        return text
    decoded = decode(text)
    return render_message(decoded, lang) if decoded and decoded["code"] in catalogue() else text


def rendered_row(row: dict, lang: str = "zh") -> dict:
    """The row as a person reads it: each message field (``error``, ``domain_note``) rendered in
    ``lang``, every other field unchanged. For the human-readable files (CSV, SDF tags); the rows
    file the server ingests keeps the ids, which it renders for each reader."""
    out = row
    for name in MESSAGE_FIELDS:
        value = row.get(name)
        if isinstance(value, str) and value:
            text = render(value, lang)
            if text != value:
                if out is row:
                    out = dict(row)
                out[name] = text
    return out
