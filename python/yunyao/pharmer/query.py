"""Build a pharmacophore query from reference ligand(s) in their bound pose.

    python -m yunyao.pharmer.query --receptor=protein.pdb \
        --reference-json='[{"path":"inputs/x.sdf","name":"lig.sdf"}]' --out=query.json

Features of every reference are pooled (ids F1…Fn in reference order, then family, then atoms);
each is marked interacting when the protein interacts with it (yunyao.pharmer.interactions).
Interacting features are enabled; when fewer than MIN_ENABLED interact, the best non-interacting
ones (polar and charged before apolar, nearest the receptor first) are enabled too and the query
says so in ``params.note``.  ``--out=-`` prints the query on stdout (the page's preview).
``--receptor`` may be left out only by the benchmark (every feature enabled, no excluded volume).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Optional, Sequence

import numpy as np

from ..common import load_inputs, reject_input, run_main, write_json
from .engines import engine_versions
from .features import RADII, feature_defs, feature_points
from .interactions import feature_interactions
from .reference import Reference, read_reference
from .site import EXCLUDED_SCALE, EXCLUDED_SHELL, NEAR_LIGAND, SITE_SHELL, read_site

VERSION = 1
MIN_FEATURES = 2
MIN_ENABLED = 3
MAX_FALLBACK_ENABLED = 5
# When too few features interact, which families are enabled first.
FALLBACK_ORDER = ("PosIonizable", "NegIonizable", "Donor", "Acceptor", "Aromatic", "Hydrophobe")


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="yunyao.pharmer.query")
    p.add_argument("--receptor", default="")
    p.add_argument("--reference-json", required=True)
    p.add_argument("--out", default="query.json")
    return p.parse_args(argv)


def _features_of(ref: Reference, offset: int, site_lines: Optional[list[str]]) -> tuple[list[dict], dict]:
    from rdkit import Chem

    defs = feature_defs(ref.mol)
    centres = feature_points(ref.mol.GetConformer().GetPositions(), defs)
    found, how = feature_interactions(ref.mol, defs, site_lines) if site_lines is not None else ([None] * len(defs), {"method": "none"})
    features = []
    for d, centre, partner in zip(defs, centres, found):
        features.append({
            "id": "",
            "family": d.family,
            "center": [round(float(v), 3) for v in centre],
            "radius": RADII[d.family],
            "atoms": [offset + a for a in d.atoms],
            "interacting": partner is not None,
            "partner": partner[0] if partner else None,
            "interaction": partner[1] if partner else None,
            "enabled": site_lines is None or partner is not None,
        })
    return features, {"name": ref.name, "smiles": Chem.MolToSmiles(ref.mol), "bondOrdersPerceived": ref.bond_orders_perceived, **how}


def _enable_fallback(features: list[dict], receptor_xyz: np.ndarray) -> Optional[str]:
    """Enable the best few when fewer than MIN_ENABLED interact; the note says so."""
    on = sum(f["enabled"] for f in features)
    if on >= MIN_ENABLED:
        return None

    def nearest(f: dict) -> float:
        return float(np.linalg.norm(receptor_xyz - np.array(f["center"]), axis=1).min()) if len(receptor_xyz) else 0.0

    rest = sorted((f for f in features if not f["enabled"]), key=lambda f: (FALLBACK_ORDER.index(f["family"]), nearest(f)))
    extra = rest[: max(0, min(MAX_FALLBACK_ENABLED, len(features)) - on)]
    for f in extra:
        f["enabled"] = True
    return f"只有 {on} 个特征与蛋白有相互作用，另启用了 {len(extra)} 个离蛋白最近的特征（{', '.join(f['id'] for f in extra)}）"


def build_query(receptor: str, references: list[Reference]) -> dict:
    from rdkit import Chem

    ligand_xyz = np.vstack([r.mol.GetConformer().GetPositions() for r in references])
    site = read_site(receptor, os.path.basename(receptor), ligand_xyz) if receptor else None
    features: list[dict] = []
    files: list[dict] = []
    offset = 0
    for ref in references:
        found, info = _features_of(ref, offset, site.lines if site else None)
        features += found
        files.append(info)
        offset += ref.mol.GetNumAtoms()
    for i, f in enumerate(features, start=1):
        f["id"] = f"F{i}"
    if len(features) < MIN_FEATURES:
        reject_input("pharmer.tooFewFeatures", count=len(features), min=MIN_FEATURES)
    site_xyz = np.array([[float(l[30:38]), float(l[38:46]), float(l[46:54])] for l in site.lines]).reshape(-1, 3) if site else np.zeros((0, 3))
    note = _enable_fallback(features, site_xyz) if site else None
    first = references[0]
    return {
        "version": VERSION,
        "features": features,
        "excluded": site.excluded if site else [],
        "reference": {"name": first.name, "smiles": Chem.MolToSmiles(first.mol), "molblock": Chem.MolToMolBlock(first.mol),
                      # Every reference's pose: the screen scores shape against each (the first is ``molblock``).
                      "molblocks": [Chem.MolToMolBlock(r.mol) for r in references], "files": files},
        "engines": engine_versions(),
        "params": {
            "radii": RADII,
            "siteShell": SITE_SHELL,
            "nearLigand": NEAR_LIGAND,
            "excludedShell": EXCLUDED_SHELL,
            "excludedScale": EXCLUDED_SCALE,
            "minEnabled": MIN_ENABLED,
            **({"note": note} if note else {}),
        },
    }


def main(argv: Sequence[str]) -> None:
    args = parse_args(argv)
    refs = load_inputs(args.reference_json)
    if len(refs) > 2:
        reject_input("pharmer.tooManyReferences")
    query = build_query(args.receptor, [read_reference(r) for r in refs])
    if args.out == "-":
        json.dump(query, sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        write_json(args.out, query)


if __name__ == "__main__":
    run_main(main)
