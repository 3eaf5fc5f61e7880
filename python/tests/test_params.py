"""yunyao.params: a step reads the task's params.json checked against its module's exported schema
(the committed copy here, packages/modules/<code>/params.schema.json); a file that does not fit stops
the step as the platform's fault, naming the field and why.
Run: /usr/bin/python3 -m unittest python.tests.test_params  (under a second)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import unittest

PYTHON_DIR = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, PYTHON_DIR)

from yunyao.common import PLATFORM_ERROR_PREFIX, PlatformError  # noqa: E402
from yunyao.messages import render  # noqa: E402
from yunyao.params import load_params, module_schema, params_problems, schema_path_of, write_params  # noqa: E402


class LoadParams(unittest.TestCase):
    def setUp(self) -> None:
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)
        self.dir = self.tmp.name

    def refusal(self, path: str) -> str:
        with self.assertRaises(PlatformError) as caught:
            load_params(path)
        return render(str(caught.exception))  # the message as a reader sees it, in Chinese

    def rewrite(self, path: str, change) -> None:
        with open(path, encoding="utf-8") as fh:
            params = json.load(fh)
        change(params)
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(params, fh)

    def test_valid_file_is_read_with_the_schema_defaults(self) -> None:
        path = write_params(self.dir, "autodock", {"seed": 7, "keep_hetero": ["ZN"]})
        self.assertEqual(schema_path_of(path), os.path.join(self.dir, "params.schema.json"))
        params = load_params(path)
        # The schema's own defaults (from the zod schema), not numbers written here.
        self.assertEqual((params["accuracy"], params["posture"], params["filter"], params["seed"]), (10, 9, 50, 7))
        self.assertEqual(params["keep_hetero"], ["ZN"])

    def test_missing_required_parameter_is_named(self) -> None:
        path = write_params(self.dir, "autodock", {"seed": 7, "keep_hetero": []})
        self.rewrite(path, lambda p: p.pop("posture"))
        message = self.refusal(path)
        self.assertTrue(message.startswith("内部错误："), message)  # the platform's fault
        self.assertIn("'posture' is a required property", message)

    def test_out_of_bounds_is_refused_with_the_field_and_the_bound(self) -> None:
        path = write_params(self.dir, "autodock", {"seed": 7, "keep_hetero": [], "accuracy": 65})
        message = self.refusal(path)
        self.assertIn("参数 accuracy：65 超过上限 64", message)
        with self.assertRaises(PlatformError) as caught:
            load_params(path)
        self.assertIn("parameter accuracy: 65 is above the maximum of 64", render(str(caught.exception), "en"))
        self.assertIn("params.json", message)

    def test_a_choice_outside_the_module_s_list_and_an_unknown_field_are_refused(self) -> None:
        path = write_params(self.dir, "dynamic", {"seed": 1, "ions": "LiCl", "temperature": 300})
        message = self.refusal(path)
        self.assertIn('参数 ions："LiCl" 不是可选值（"NaCl", "KCl"）之一', message)
        self.assertIn("'temperature' was unexpected", message)

    def test_many_problems_are_counted_not_all_listed(self) -> None:
        path = write_params(self.dir, "autodock", {"seed": -1, "keep_hetero": [], "accuracy": 0, "posture": 0, "filter": 0})
        message = self.refusal(path)
        self.assertIn("等 4 处", message)

    def test_missing_files_are_the_platform_s_fault(self) -> None:
        self.assertIn("参数文件 params.json 不存在", self.refusal(os.path.join(self.dir, "params.json")))
        with open(os.path.join(self.dir, "params.json"), "w", encoding="utf-8") as fh:
            json.dump({}, fh)
        self.assertIn("参数定义文件 params.schema.json 不存在", self.refusal(os.path.join(self.dir, "params.json")))

    def test_problems_of_a_fitting_file_are_none(self) -> None:
        schema = module_schema("pepsearch")
        self.assertEqual(params_problems({"sequence": "GYDPETGTWG", "compute": 2, "sampling": "quick", "seed": 42}, schema), [])
        self.assertTrue(params_problems({"sequence": "GYDPJTGTWG", "compute": 2, "sampling": "quick"}, schema))

    def test_a_step_stops_with_the_platform_error_line(self) -> None:
        write_params(self.dir, "perform", {"structure": "4D"})
        res = subprocess.run(
            [sys.executable, "-m", "yunyao.perform", "--params=params.json", '--inputs-json=[{"path": "a.smi", "name": "a.smi"}]', "--output=out.sdf"],
            cwd=self.dir, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": PYTHON_DIR}, timeout=60,
        )
        self.assertEqual(res.returncode, 2, res.stderr)
        self.assertIn(PLATFORM_ERROR_PREFIX, res.stderr)
        line = next(l for l in res.stderr.splitlines() if l.startswith(PLATFORM_ERROR_PREFIX))[len(PLATFORM_ERROR_PREFIX):]
        self.assertTrue(line.startswith("common.paramsMismatch#"), line)
        self.assertIn('参数 structure："4D" 不是可选值（"2D", "3D"）之一', render(line))
        self.assertIn('parameter structure: "4D" is not one of "2D", "3D"', render(line, "en"))


if __name__ == "__main__":
    unittest.main()
