"""3D affinity (sign): the binding site as one box, from each accepted site format, and a Chinese
refusal for a file that is not a site.

Run: PYTHONPATH=python /usr/bin/python3 -m unittest python.tests.test_affinity_site
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.abspath(os.path.join(HERE, "..")))

from yunyao.sign.site import MIN_EDGE, site_from_file, site_from_json  # noqa: E402
from yunyao.common import InputError, InputFile  # noqa: E402

FIXTURES = os.path.join(HERE, "fixtures")


class SiteFiles(unittest.TestCase):
    def setUp(self) -> None:
        self.tmp = tempfile.TemporaryDirectory(prefix="test_affinity_site_")

    def tearDown(self) -> None:
        self.tmp.cleanup()

    def write(self, name: str, text: str) -> InputFile:
        path = os.path.join(self.tmp.name, name)
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
        return InputFile(path, name, name.rsplit(".", 1)[1])

    def test_pdb_pocket_box_covers_its_atoms(self) -> None:
        box = site_from_file(InputFile(os.path.join(FIXTURES, "aurka_pocket.pdb"), "aurka_pocket.pdb", "pdb"))
        self.assertEqual(box.name, "aurka_pocket")
        with open(os.path.join(FIXTURES, "aurka_pocket.pdb"), encoding="utf-8") as fh:
            atoms = [(float(l[30:38]), float(l[38:46]), float(l[46:54])) for l in fh if l.startswith(("ATOM", "HETATM"))]
        self.assertTrue(all(box.contains(a) for a in atoms))
        self.assertTrue(all(edge >= MIN_EDGE for edge in box.size))

    def test_mol2_site_points(self) -> None:
        box = site_from_file(InputFile(os.path.join(FIXTURES, "indole_2d.mol2"), "indole_2d.mol2", "mol2"))
        self.assertEqual(box.size[2], MIN_EDGE)  # a flat drawing: its box still has room to dock
        self.assertTrue(all(edge >= MIN_EDGE for edge in box.size))

    def test_csv_box_header(self) -> None:
        box = site_from_file(self.write("box.csv", "center_x,center_y,center_z,size_x,size_y,size_z\n1,2,3,20,22,24\n"))
        self.assertEqual((box.center, box.size), ([1.0, 2.0, 3.0], [20.0, 22.0, 24.0]))

    def test_txt_points_without_header(self) -> None:
        box = site_from_file(self.write("points.txt", "0,0,0\n10,0,0\n0,30,0\n"))
        self.assertEqual(box.center[0:2], [5.0, 15.0])
        self.assertGreaterEqual(box.size[1], 30.0)
        self.assertEqual(box.size[2], MIN_EDGE)

    def test_sites_json_takes_the_first_pocket(self) -> None:
        path = os.path.join(self.tmp.name, "sites.json")
        with open(path, "w", encoding="utf-8") as fh:
            json.dump([{"id": "pocket1", "center": [1, 2, 3], "size": [18, 18, 18]}, {"id": "pocket2", "center": [9, 9, 9], "size": [18, 18, 18]}], fh)
        box = site_from_json(path)
        self.assertEqual((box.name, box.center), ("pocket1", [1.0, 2.0, 3.0]))

    def test_bad_site_files_are_refused_by_message_id_naming_the_file(self) -> None:
        cases = [
            self.write("box.csv", "center_x,center_y,center_z,size_x,size_y,size_z\n1,2,3,0,20,20\n"),  # zero edge
            self.write("points.csv", "x,y,z\n1,two,3\n"),
            self.write("empty.pdb", "REMARK nothing here\n"),
            self.write("site.xyz", "1 2 3\n"),
        ]
        for inp in cases:
            with self.subTest(inp.name), self.assertRaises(InputError) as caught:
                site_from_file(inp)
            # The id's texts (zh and en) are in packages/modules/sign/sign.messages.ts.
            self.assertRegex(caught.exception.code or "", r"^sign\.site")
            self.assertEqual(caught.exception.params.get("file"), inp.name)


if __name__ == "__main__":
    unittest.main()
