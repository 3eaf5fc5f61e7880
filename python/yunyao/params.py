"""A task's parameters, as the platform validated them (docs/architecture.md, "Parameters").

The runner writes the task's validated, defaulted parameters to ``params.json`` in the task folder
and, beside it, ``params.schema.json``: the module's parameter schema exported from its zod schema
(packages/modules/shared/step-params.ts). A step reads them with :func:`load_params`, which checks
the file against that very schema, so no step re-declares a bound or a default of its own. The
server has decided already; a file that does not fit is a step called with something else, the
platform's fault, and stops the step before any work.

Programs run from a checkout (tests, benchmarks) write such a file with :func:`write_params`, from
the schema committed beside the module (``packages/modules/<code>/params.schema.json``).
"""

from __future__ import annotations

import json
import os
from typing import Any, Mapping, Optional

from jsonschema import SchemaError
from jsonschema.validators import validator_for

from .common import Message, internal_error, message, one_line, write_json

PARAMS_FILE = "params.json"
SCHEMA_SUFFIX = ".schema.json"
# The modules' folders, for write_params (a checkout: python/yunyao/ is two levels below the root).
MODULES_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "packages", "modules")
MAX_PROBLEMS = 3


def schema_path_of(params_path: str) -> str:
    """``params.json`` → ``params.schema.json`` beside it."""
    stem = params_path[: -len(".json")] if params_path.endswith(".json") else params_path
    return stem + SCHEMA_SUFFIX


# What _read_json reads: the ids of "missing" and "unreadable" (texts: packages/modules/shared/shared.messages.ts).
PARAMS_READ = ("common.paramsFileMissing", "common.paramsFileUnreadable")
SCHEMA_READ = ("common.paramsSchemaMissing", "common.paramsSchemaUnreadable")
WHOLE = {"zh": "（参数整体）", "en": "(the parameters as a whole)"}


def _read_json(path: str, what: tuple[str, str]) -> Any:
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except FileNotFoundError:
        internal_error(message(what[0], file=os.path.basename(path)))
    except (OSError, ValueError) as exc:
        internal_error(message(what[1], file=os.path.basename(path), error=one_line(exc, 200)))


def _where(path: Any) -> "str | dict":
    return ".".join(str(p) for p in path) or WHOLE


def _value(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False) if isinstance(value, str) else one_line(json.dumps(value, ensure_ascii=False), 80)


def _problem(e: Any) -> Message:
    """One schema error as a message that names the field and, for a bound or a choice, the bound or the choices."""
    field = _where(e.absolute_path)
    v = e.validator
    if v in ("maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum") and isinstance(e.validator_value, (int, float)):
        code = {"maximum": "common.paramAboveMaximum", "minimum": "common.paramBelowMinimum",
                "exclusiveMaximum": "common.paramNotBelow", "exclusiveMinimum": "common.paramNotAbove"}[v]
        return message(code, field=field, value=_value(e.instance), bound=e.validator_value)
    if v == "enum" and isinstance(e.validator_value, list):
        return message("common.paramNotAChoice", field=field, value=_value(e.instance), choices=", ".join(_value(c) for c in e.validator_value))
    return message("common.paramInvalid", field=field, detail=one_line(e.message, 200))


def params_problems(params: Any, schema: Mapping[str, Any]) -> list[Message]:
    """Why ``params`` does not fit ``schema``, one message per problem (empty when it fits)."""
    cls = validator_for(schema)
    try:
        cls.check_schema(schema)
    except SchemaError as exc:
        return [message("common.paramsSchemaInvalid", detail=one_line(exc.message, 200))]
    errors = sorted(cls(schema).iter_errors(params), key=lambda e: (list(map(str, e.absolute_path)), e.message))
    return [_problem(e) for e in errors]


def load_params(path: str = PARAMS_FILE, schema_path: Optional[str] = None) -> dict[str, Any]:
    """The parameters in ``path``, checked against the schema beside it; a mismatch stops the step as the platform's fault."""
    params = _read_json(path, PARAMS_READ)
    schema = _read_json(schema_path or schema_path_of(path), SCHEMA_READ)
    problems = params_problems(params, schema)
    if problems:
        listed: Message = problems[0]
        for p in problems[1:MAX_PROBLEMS]:
            listed = message("common.listed", first=listed, next=p)
        if len(problems) > MAX_PROBLEMS:
            internal_error("common.paramsMismatchMore", file=os.path.basename(path), problems=listed, count=len(problems))
        internal_error("common.paramsMismatch", file=os.path.basename(path), problems=listed)
    return params


def module_schema(module: str) -> dict[str, Any]:
    """The committed JSON Schema of a module's parameters (``packages/modules/<module>/params.schema.json``)."""
    return _read_json(os.path.join(MODULES_DIR, module, "params.schema.json"), SCHEMA_READ)


def write_params(folder: str, module: str, values: Mapping[str, Any], name: str = PARAMS_FILE) -> str:
    """For tests and benchmarks: write ``values`` over the schema's defaults as a task's params.json
    (and its schema beside it) in ``folder``, as the runner would; returns the params file's path.
    Nothing is checked here: the step does that when it loads them."""
    schema = module_schema(module)
    defaults = {k: v["default"] for k, v in schema.get("properties", {}).items() if isinstance(v, dict) and "default" in v}
    path = os.path.join(folder, name)
    write_json(path, {**defaults, **values})
    write_json(schema_path_of(path), schema)
    return path
