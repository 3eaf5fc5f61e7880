"""The task's files: models.pdb (every model, one MODEL each), model_<k>.pdb, result.json and
result.csv (one row per model, best first), summary.json (how the prediction was made)."""

from __future__ import annotations

import csv
import io
import os

from openmm import app, unit

from ..common import write_json
from .models import Model

COLUMNS = [
    "rank", "model_file", "energy_kcal_mol", "cluster_size", "population_percent", "ss",
    "helix_percent", "strand_percent", "radius_of_gyration_a", "end_to_end_a", "ca_rmsd_to_model1_a",
    "relative_energy_kcal_mol", "confidence_percent",
]


def write_text(path: str, text: str) -> None:
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8", newline="") as fh:
        fh.write(text)
    os.replace(tmp, path)


def model_rows(models: list[Model], descriptions: list[dict[str, object]], snapshots: int) -> list[dict[str, object]]:
    """``snapshots``: the structures clustered (annealing snapshots or fragment decoys). The confidence is
    the share of them in the model's cluster: how often independent searches ended in this shape."""
    best = min(m.energy_kcal for m in models)
    return [
        {
            "rank": k,
            "model_file": f"model_{k}.pdb",
            "energy_kcal_mol": round(model.energy_kcal, 2),
            "cluster_size": len(model.cluster.members),
            "population_percent": round(100.0 * len(model.cluster.members) / snapshots, 1),
            **description,
            "relative_energy_kcal_mol": round(model.energy_kcal - best, 2),
            "confidence_percent": round(100.0 * len(model.cluster.members) / snapshots, 1),
        }
        for k, (model, description) in enumerate(zip(models, descriptions), start=1)
    ]


def pdb_model_text(topology: app.Topology, model: Model, row: dict[str, object], number: int | None) -> str:
    out = io.StringIO()
    positions = model.positions_nm * unit.nanometer
    app.PDBFile.writeModel(topology, positions, out, modelIndex=number)
    remark = (
        f"REMARK   1 RANK {row['rank']} ENERGY {row['energy_kcal_mol']} KCAL/MOL "
        f"CLUSTER {row['cluster_size']} ({row['population_percent']}%) SS {row['ss']}\n"
    )
    return remark + out.getvalue()


def write_models(out_dir: str, topology: app.Topology, models: list[Model], rows: list[dict[str, object]]) -> None:
    # dssp 4 refuses PDB files without a HEADER line; users may run it on the downloads.
    header = "HEADER    PEPTIDE                                 \n"
    for model, row in zip(models, rows):
        write_text(os.path.join(out_dir, str(row["model_file"])), header + pdb_model_text(topology, model, row, None) + "END\n")
    combined = "".join(pdb_model_text(topology, m, r, r["rank"]) for m, r in zip(models, rows))
    write_text(os.path.join(out_dir, "models.pdb"), header + combined + "END\n")


def write_tables(out_dir: str, rows: list[dict[str, object]]) -> None:
    write_json(os.path.join(out_dir, "result.json"), rows)
    text = io.StringIO()
    writer = csv.DictWriter(text, fieldnames=COLUMNS)
    writer.writeheader()
    writer.writerows(rows)
    write_text(os.path.join(out_dir, "result.csv"), text.getvalue())
