#!/usr/bin/python3
"""Share of PoseBusters-valid poses (``yunyao.pose_checks``) on the redock set.

    PYTHONPATH=python nice /usr/bin/python3 bench/pose_checks.py --work /tmp/yunyao-redock

Checks every pose in ``<work>/platform/<complex>/poses.sdf`` (left by ``bench/redock.py``) against the
complex's ``protein.pdb``, and, as a control, the crystal ligand (``ligand.sdf``) of every complex of
the dataset against its own protein."""

from __future__ import annotations

import argparse
import glob
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

from rdkit import Chem  # noqa: E402

from yunyao.pose_checks import check_pose, protein_atoms, summarise  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--datasets", default=os.environ.get("YUNYAO_DATASETS", os.path.join(os.path.dirname(__file__), "..", "..", "shared", "datasets")))
    ap.add_argument("--work", default="/tmp/yunyao-redock")
    args = ap.parse_args()
    root = os.path.join(args.datasets, "redock")
    crystal, docked, top = [], [], []
    for d in sorted(x for x in os.listdir(root) if os.path.isdir(os.path.join(root, x))):
        protein = protein_atoms(os.path.join(root, d, "protein.pdb"))
        ref = Chem.MolFromMolFile(os.path.join(root, d, "ligand.sdf"))
        smiles = Chem.MolToSmiles(ref) if ref is not None else None
        if ref is not None:
            crystal.append(check_pose(ref, smiles, protein) | {"complex": d})
        for path in glob.glob(os.path.join(args.work, "platform", d, "poses.sdf")):
            for i, m in enumerate(Chem.SDMolSupplier(path)):
                if m is None:
                    continue
                res = check_pose(m, smiles, protein) | {"complex": d}
                docked.append(res)
                if m.HasProp("rank") and m.GetIntProp("rank") == 1:
                    top.append(res)
    out = {"crystal": summarise(crystal), "docked": summarise(docked), "top1": summarise(top),
           "crystalFailures": [(r["complex"], r["pb_failed"], r.get("pb_error")) for r in crystal if not r["pb_valid"]],
           "dockedFailures": [(r["complex"], r["pb_failed"]) for r in docked if r["pb_valid"] is False]}
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
