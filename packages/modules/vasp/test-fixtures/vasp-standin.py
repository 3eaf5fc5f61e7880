#!/usr/bin/python3
"""A stand-in for a VASP binary, for the platform's tests only: NOT VASP.

Run as VASP is (no arguments, in the task's scratch dir), it checks that INCAR, POSCAR, KPOINTS and
POTCAR are there, prints a VASP-like banner, and copies this folder's outputs/ (real, trimmed VASP output
from pymatgen's test files; see README.md) into the scratch dir; like VASP it also writes the final
structure as CONTCAR (here the POSCAR, unchanged).
"""

import os
import shutil
import sys

HERE = os.path.join(os.path.dirname(os.path.realpath(__file__)), "outputs")

missing = [name for name in ("INCAR", "POSCAR", "KPOINTS", "POTCAR") if not os.path.isfile(name)]
if missing:
    sys.exit("stand-in VASP: missing " + ", ".join(missing))
print(" running on    1 total cores (stand-in for tests)")
for name in os.listdir(HERE):
    shutil.copyfile(os.path.join(HERE, name), name)
shutil.copyfile("POSCAR", "CONTCAR")
