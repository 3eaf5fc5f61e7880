"""yunyao.datasets: the one setting (YUNYAO_DATASETS) benchmarks and training read datasets through."""

from __future__ import annotations

import os
import sys
import tempfile
import unittest
from unittest import mock

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from yunyao import datasets  # noqa: E402

REPO_ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


class DatasetsSetting(unittest.TestCase):
    def test_default_is_shared_next_to_the_repository(self) -> None:
        with mock.patch.dict(os.environ, {"YUNYAO_DATASETS": ""}):
            self.assertEqual(datasets.datasets_dir(), os.path.join(os.path.dirname(REPO_ROOT), "shared", "datasets"))

    def test_relative_value_is_taken_from_the_repository_root(self) -> None:
        with mock.patch.dict(os.environ, {"YUNYAO_DATASETS": "elsewhere/data"}):
            self.assertEqual(datasets.datasets_dir(), os.path.join(REPO_ROOT, "elsewhere", "data"))

    def test_existing_dataset_folder_is_returned(self) -> None:
        with tempfile.TemporaryDirectory() as d, mock.patch.dict(os.environ, {"YUNYAO_DATASETS": d}):
            os.mkdir(os.path.join(d, "redock"))
            self.assertEqual(datasets.dataset_path("redock"), os.path.join(d, "redock"))

    def test_missing_dataset_names_the_path_and_the_setting(self) -> None:
        with tempfile.TemporaryDirectory() as d, mock.patch.dict(os.environ, {"YUNYAO_DATASETS": d}):
            with self.assertRaises(SystemExit) as caught:
                datasets.dataset_path("redock")
        message = str(caught.exception)
        self.assertIn(f"datasets not found at {os.path.join(d, 'redock')}", message)
        self.assertIn("set YUNYAO_DATASETS", message)


if __name__ == "__main__":
    unittest.main()
