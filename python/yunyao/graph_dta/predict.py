"""Step program of graph_dta: predicted affinity of each molecule for one protein sequence.

    python -m yunyao.graph_dta.predict --protein-json='[{"path":"inputs/0_x.fasta","name":"x.fasta"}]' \
        --ligands-json='[{"path":"inputs/1_mols.csv","name":"mols.csv"}]' --params=params.json

The module's ``model`` parameter (davis or kiba) comes from params.json (``yunyao.params``).

Writes ``result.json`` / ``result.csv`` (the spec's task output row per molecule: index, ID, SMILES, Kd, affinity, error,
then the conformal interval ``affinity_low``/``affinity_high``, ``distinct_from_typical`` (false when the
interval holds the training set's median label: the prediction cannot be told from a typical pair),
``in_domain`` and, outside the domain, why: ``domain_note``) and
``summary.json`` (model provenance, engine versions, the protein and its applicability domain, counts,
the affinity histogram). ``affinity`` is pKd for the Davis model and the KIBA score for the KIBA model;
``Kd`` (nM) = 10^(9 − pKd) for Davis only (a KIBA score is not a Kd).
"""

from __future__ import annotations

import argparse
import csv
from typing import TYPE_CHECKING, Optional, Sequence

import numpy as np
import rdkit

from ..common import Message, encode_message, load_inputs, message, reject_input, run_main, write_json
from ..histogram import histogram
from ..messages import decode, render_message, rendered_row
from ..params import load_params
from . import domain
from .featurise import PROTEIN_LENGTH, encode_protein
from .ligands import LigandRow, read_ligand_rows
from .sequence import ProteinSequence, read_protein

if TYPE_CHECKING:
    from .model_files import TrainedModel

COLUMNS = ["index", "ID", "SMILES", "Kd", "affinity", "error", "affinity_low", "affinity_high", "distinct_from_typical", "in_domain", "domain_note"]


def predict_affinities(model: TrainedModel, sequence: str, fingerprints: list[np.ndarray]) -> np.ndarray:
    import torch

    if not fingerprints:
        return np.zeros((0,), dtype=np.float32)
    protein = torch.from_numpy(encode_protein(sequence))[None, :]
    with torch.no_grad():
        ligands = torch.from_numpy(np.stack(fingerprints))
        return model.network(ligands, protein, torch.zeros(len(fingerprints), dtype=torch.long)).numpy()


def kd_nanomolar(model_name: str, affinity: float) -> Optional[float]:
    return float(f"{10 ** (9 - affinity):.4g}") if model_name == "davis" else None


def protein_note(model: TrainedModel, protein: ProteinSequence) -> Optional[Message]:
    """Why every row of this protein is outside the domain (a message), or None."""
    info = protein_summary(model, protein)
    if not info["in_domain"]:
        return message("graph_dta.proteinOutOfDomain", protein=info["nearest_training_protein"], identity=f"{info['nearest_training_identity']:.2f}")
    if info["point_mutations"]:
        mutations = info["point_mutations"]
        return message("graph_dta.proteinPointMutations", protein=info["nearest_training_protein"], count=len(mutations),
                       residues={"zh": "、".join(mutations), "en": ", ".join(mutations)})
    return None


def result_rows(model: TrainedModel, protein: ProteinSequence, ligands: list[LigandRow], affinities: np.ndarray) -> list[dict[str, object]]:
    model_name = model.metadata["name"]
    predicted = iter(affinities.tolist())
    similarity = iter(domain.nearest_training_drug(np.stack([l.fingerprint for l in ligands if l.fingerprint is not None]) if len(affinities) else np.zeros((0, 1)), model.domain).tolist())
    interval = model.metadata.get("interval")
    whole_protein = protein_note(model, protein)
    rows: list[dict[str, object]] = []
    for lig in ligands:
        row: dict[str, object] = {"index": lig.index, "ID": lig.id, "SMILES": lig.smiles, "Kd": None, "affinity": None, "error": lig.error,
                                  "affinity_low": None, "affinity_high": None, "distinct_from_typical": None, "in_domain": None, "domain_note": None}
        if lig.fingerprint is not None:
            affinity = round(next(predicted), 3)
            note = domain.ligand_note(next(similarity), lig.heavy_atoms, model.domain)
            notes = [n for n in (whole_protein, note) if n]
            said = message("graph_dta.domainNotes", protein=notes[0], ligand=notes[1]) if len(notes) == 2 else notes[0] if notes else None
            row.update(Kd=kd_nanomolar(model_name, affinity), affinity=affinity, in_domain=not notes, domain_note=encode_message(said) if said else None)
            if interval:
                low, high = round(affinity - interval["half_width"], 2), round(affinity + interval["half_width"], 2)
                row.update(affinity_low=low, affinity_high=high, distinct_from_typical=not low <= interval["typical"] <= high)
        rows.append(row)
    return rows


def write_csv(path: str, rows: list[dict[str, object]]) -> None:
    with open(path, "w", encoding="utf-8", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=COLUMNS)
        writer.writeheader()
        # Text for people (the message fields in Chinese); result.json keeps the ids the server renders per reader.
        writer.writerows([{k: ("" if v is None else v) for k, v in rendered_row(row).items()} for row in rows])


def protein_summary(model: TrainedModel, protein: ProteinSequence) -> dict[str, object]:
    nearest, identity = domain.nearest_training_protein(protein.sequence, model.domain)
    return {
        "name": protein.name,
        "length": len(protein.sequence),
        "nearest_training_identity": round(identity, 3),
        "in_domain": identity >= domain.IN_DOMAIN_IDENTITY,
        "nearest_training_protein": str(model.domain["names"][nearest]),
        # query residues where it differs from that protein by isolated substitutions (e.g. "I315")
        "point_mutations": domain.point_differences(protein.sequence, model.domain, nearest),
    }


def summary(model: TrainedModel, protein: ProteinSequence, rows: list[dict[str, object]], affinities: np.ndarray, warnings: list[str]) -> dict[str, object]:
    import torch

    meta = model.metadata
    return {
        "model": {
            "name": meta["name"],
            "version": meta["version"],
            "label": meta["label"],
            "data_sha256": meta["data_sha256"],
            "seed": meta["seed"],
            "params": meta["params"],
            "validation": meta["validation"],
            "interval": meta.get("interval"),
            "ligand_domain": {"nearest_tanimoto_at_least": round(float(model.domain["ligand_threshold"]), 3),
                              "heavy_atoms": [int(v) for v in model.domain["ligand_heavy_atoms"]]},
            "trained_with": meta["engines"],
        },
        "engines": {"torch": torch.__version__, "rdkit": rdkit.__version__, "numpy": np.__version__},
        "protein": protein_summary(model, protein),
        "counts": {"molecules": len(rows), "predicted": len(affinities), "failed": len(rows) - len(affinities),
                   "in_domain": sum(1 for r in rows if r["in_domain"])},
        # docking's histogram format, so the platform's one score chart reads both
        "histogram": histogram([float(a) for a in affinities], len(rows)),
        "warnings": warnings,
    }


def main(argv: Sequence[str]) -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--protein-json", required=True)
    ap.add_argument("--ligands-json", required=True)
    ap.add_argument("--params", required=True, help="the module's params.json: model (davis or kiba)")
    ap.add_argument("--threads", type=int, default=1)
    args = ap.parse_args(argv)
    args.model = load_params(args.params)["model"]

    protein_files = load_inputs(args.protein_json)
    protein = read_protein(protein_files[0])
    warnings = list(protein.warnings)
    if len(protein_files) > 1:
        warnings.append(f"上传了 {len(protein_files)} 个蛋白文件，只使用第一个 {protein_files[0].name}")
    if len(protein.sequence) > PROTEIN_LENGTH:
        warnings.append(f"蛋白序列长 {len(protein.sequence)} 个氨基酸，模型只读取前 {PROTEIN_LENGTH} 个（与训练时相同）")
    ligands = read_ligand_rows(args.ligands_json)
    if all(l.fingerprint is None for l in ligands):
        # No molecule to predict: refused here, before PyTorch and the model load.
        first = next((l.error for l in ligands if l.error), "")
        reject_input("graph_dta.nothingPredicted", count=len(ligands), reason=decode(first) or first)
    # PyTorch only once the inputs are read: its import costs seconds of CPU, which a refused input
    # need not wait for.
    import torch

    from .model_files import load_model

    torch.set_num_threads(args.threads)
    model = load_model(args.model)
    affinities = predict_affinities(model, protein.sequence, [l.fingerprint for l in ligands if l.fingerprint is not None])
    rows = result_rows(model, protein, ligands, affinities)
    note = protein_note(model, protein)
    if note:
        warnings.append(render_message(note))
    write_json("result.json", rows)
    write_csv("result.csv", rows)
    write_json("summary.json", summary(model, protein, rows, affinities, warnings))


if __name__ == "__main__":
    run_main(main)
