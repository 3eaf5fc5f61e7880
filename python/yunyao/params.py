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

from .common import internal_error, one_line, write_json

PARAMS_FILE = "params.json"
SCHEMA_SUFFIX = ".schema.json"
# The modules' folders, for write_params (a checkout: python/yunyao/ is two levels below the root).
MODULES_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "packages", "modules")
MAX_PROBLEMS = 3


def schema_path_of(params_path: str) -> str:
    """``params.json`` → ``params.schema.json`` beside it."""
    stem = params_path[: -len(".json")] if params_path.endswith(".json") else params_path
    return stem + SCHEMA_SUFFIX


def _read_json(path: str, what: str) -> Any:
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except FileNotFoundError:
        internal_error(f"{what} {os.path.basename(path)} 不存在")
    except (OSError, ValueError) as exc:
        internal_error(f"{what} {os.path.basename(path)} 无法读取：{one_line(exc, 200)}")


def _where(path: Any) -> str:
    return ".".join(str(p) for p in path) or "（参数整体）"


def params_problems(params: Any, schema: Mapping[str, Any]) -> list[str]:
    """Why ``params`` does not fit ``schema``, one line per problem (empty when it fits)."""
    cls = validator_for(schema)
    try:
        cls.check_schema(schema)
    except SchemaError as exc:
        return [f"参数定义本身无效：{one_line(exc.message, 200)}"]
    errors = sorted(cls(schema).iter_errors(params), key=lambda e: (list(map(str, e.absolute_path)), e.message))
    return [f"参数 {_where(e.absolute_path)}：{one_line(e.message, 200)}" for e in errors]


def load_params(path: str = PARAMS_FILE, schema_path: Optional[str] = None) -> dict[str, Any]:
    """The parameters in ``path``, checked against the schema beside it; a mismatch stops the step as the platform's fault."""
    params = _read_json(path, "参数文件")
    schema = _read_json(schema_path or schema_path_of(path), "参数定义文件")
    problems = params_problems(params, schema)
    if problems:
        more = f"等 {len(problems)} 处" if len(problems) > MAX_PROBLEMS else ""
        internal_error(f"计算步骤收到的参数不符合模块的参数定义（{os.path.basename(path)}）：{'；'.join(problems[:MAX_PROBLEMS])}{more}")
    return params


def module_schema(module: str) -> dict[str, Any]:
    """The committed JSON Schema of a module's parameters (``packages/modules/<module>/params.schema.json``)."""
    return _read_json(os.path.join(MODULES_DIR, module, "params.schema.json"), "参数定义文件")


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
