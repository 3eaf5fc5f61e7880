"""Molecule generation step program.

    python -m yunyao.generate --inputs-json='[{"path": "inputs/0_molecules.csv", "name": "molecules.csv"}]' \\
        --params=params.json [--output=generated.csv]

Reads the parents from SMILES tables (``common.read_smiles_table``: typed molecules arrive as
``molecules.csv``) and the task's ``gene_nums`` (children per parent) and ``seed`` from params.json.
Writes, in the current directory:

* ``generated.csv``: one line per child (``parent_id,parent_smiles,ID,SMILES,similarity,qed,sa_score,mw,
  logp,novel,pains,passes_filters,error``), children of a parent together, closest first; a parent RDKit
  cannot read is one line with its reason in ``error``;
* ``rows.json``: the same rows for the result table (reasons as message ids, rendered per reader);
* ``summary.json``: each parent with its own properties and counts, the similarity histogram, the
  parameters and seed, the generator's and RDKit's versions and the reference set's hashes.
"""

from __future__ import annotations

import argparse
import csv
from typing import Sequence

from ..common import (
    Warnings,
    add_result_args,
    default_id,
    encode_message,
    load_inputs,
    message,
    one_line,
    read_smiles_table,
    reject_input,
    run_main,
    smiles_length_problem,
    write_json,
    write_step_result,
)
from ..histogram import histogram
from ..messages import rendered_row
from ..params import load_params

OUTPUT = "generated.csv"
SMILES_EXTS = {"smi", "csv", "tsv", "txt"}
# 100 typed molecules × 1,000 children: the most the form allows without an upload; a file may not ask for more.
MAX_CHILDREN = 100_000
COLUMNS = ["parent_id", "parent_smiles", "ID", "SMILES", "similarity", "qed", "sa_score", "mw", "logp", "novel", "pains", "passes_filters", "error"]
PROPERTIES = ["similarity", "qed", "sa_score", "mw", "logp", "novel", "pains", "passes_filters"]


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="yunyao.generate")
    p.add_argument("--inputs-json", required=True)
    p.add_argument("--params", required=True, help="the module's params.json: gene_nums, seed")
    p.add_argument("--output", default=OUTPUT)
    p.add_argument("--progress", default="progress.json", help="input molecules done, for the task lists while it runs")
    add_result_args(p)
    p.set_defaults(max_rows=MAX_CHILDREN + 10_000)
    return p.parse_args(argv)


def read_parents(inputs) -> tuple[list[tuple[str, str, int]], list[int]]:
    """(name, SMILES, line) of every record, and each file's record count."""
    parents: list[tuple[str, str, int]] = []
    counts: list[int] = []
    for inp in inputs:
        if inp.ext not in SMILES_EXTS:
            reject_input("generate.notSmilesFile", file=inp.name)
        table = read_smiles_table(inp)
        counts.append(len(table.records))
        parents.extend((rec.name or default_id(inp, rec.index), rec.smiles, rec.line) for rec in table.records)
    return parents, counts


def parse_parent(smiles: str, line: int):
    """The parent's molecule, or None and why (a message) there is none."""
    from rdkit import Chem

    from ..rdkit_log import log_reason, rdkit_log

    if not smiles.strip():
        return None, message("common.smilesEmptyAt", line=line)
    too_long = smiles_length_problem(smiles)
    if too_long:
        return None, too_long
    with rdkit_log() as buf:
        mol = Chem.MolFromSmiles(smiles)
    if mol is None:
        return None, message("common.smilesInvalidAt", smiles=one_line(smiles, 120), line=line, reason=log_reason(buf, "") or message("common.syntaxError"))
    if mol.GetNumAtoms() < 2:
        return None, message("generate.parentTooSmall", smiles=one_line(smiles, 120))
    return mol, None


def generate(parents: list[tuple[str, str, int]], gene_nums: int, seed: int, generator, progress: str, window) -> tuple[list[dict], list[dict]]:
    """The rows (children grouped by parent, closest first) and each parent's own line for the summary."""
    from rdkit import Chem

    rows: list[dict] = []
    described: list[dict] = []
    for done, (name, smiles, line) in enumerate(parents):
        write_json(progress, {"done": done, "total": len(parents), "unit": "molecules"})
        mol, problem = parse_parent(smiles, line)
        if mol is None:
            error = encode_message(problem) if isinstance(problem, dict) else problem
            rows.append({"parent_id": name, "parent_smiles": smiles, "ID": name, "SMILES": "", **{k: None for k in PROPERTIES}, "error": error})
            described.append({"id": name, "smiles": smiles, "error": error, "children": 0})
            continue
        parent_fp = generator.parent_fp(mol)
        run = generator.generate(mol, gene_nums, seed, window)
        children = [(child.smiles, generator.describe(child.mol, parent_fp)) for child in run.children]
        children.sort(key=lambda c: (-c[1]["similarity"], c[0]))
        for k, (child_smiles, props) in enumerate(children, start=1):
            rows.append({"parent_id": name, "parent_smiles": smiles, "ID": f"{name}_{k}", "SMILES": child_smiles, **props, "error": None})
        own = generator.describe(mol, parent_fp)
        described.append(
            {
                "id": name,
                "smiles": Chem.MolToSmiles(mol),
                **{k: own[k] for k in ("qed", "sa_score", "mw", "logp", "novel", "pains")},
                "children": len(children),
                "proposals": run.proposals,
                "invalid": run.invalid,
                "duplicates": run.duplicates,
                "rejected": run.rejected,
                "outside": run.outside,
            }
        )
    return rows, described


def write_csv(path: str, rows: list[dict]) -> None:
    with open(path, "w", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(COLUMNS)
        for r in map(rendered_row, rows):  # text for people; rows.json keeps the ids the server renders per reader
            w.writerow(["" if r.get(c) is None else r.get(c) for c in COLUMNS])


def main(argv: Sequence[str]) -> None:
    args = parse_args(argv)
    params = load_params(args.params)
    gene_nums, seed = params["gene_nums"], params["seed"]
    inputs = load_inputs(args.inputs_json)
    parents, counts = read_parents(inputs)
    if not parents:
        reject_input("generate.noMolecules")
    if len(parents) * gene_nums > MAX_CHILDREN:
        reject_input("generate.tooMany", parents=len(parents), count=gene_nums, max=f"{MAX_CHILDREN:,}")
    if all(parse_parent(smi, line)[0] is None for _, smi, line in parents):
        reject_input("generate.noParsableMolecules", records=len(parents))

    from .engine import Generator, PropertyWindow
    from .reference import load_reference

    reference = load_reference()
    generator = Generator(reference)
    window = PropertyWindow.from_params(params)
    rows, described = generate(parents, gene_nums, seed, generator, args.progress, window)
    write_csv(args.output, rows)
    children = [r for r in rows if not r["error"]]
    proposals = sum(p.get("proposals", 0) for p in described)
    invalid = sum(p.get("invalid", 0) for p in described)
    write_step_result(
        args,
        module="generate",
        engine={**generator.versions(), "reference": reference.meta["source"], "reference_sha256": reference.meta["file_sha256"]},
        inputs=inputs,
        counts=counts,
        rows=rows[: args.max_rows],
        rows_available=len(rows),
        warnings=Warnings(),
        details={
            "params": {"gene_nums": gene_nums, "seed": seed, **window.as_params()},
            "windows": window.as_params(),
            "outside": sum(p.get("outside", 0) for p in described),
            "seed": seed,
            "parents": described,
            "molecules": len(parents),
            "failed": sum(1 for p in described if p.get("error")),
            "generated": len(children),
            "requested": gene_nums * sum(1 for p in described if not p.get("error")),
            "novel": sum(1 for r in children if r["novel"]),
            "passing": sum(1 for r in children if r["passes_filters"]),
            "proposals": proposals,
            "validity": round((proposals - invalid) / proposals, 4) if proposals else None,
            "similarity_histogram": histogram([r["similarity"] for r in children], len(children)),
            "reference": reference.meta,
            "outputFile": args.output,
        },
    )


if __name__ == "__main__":
    run_main(main)
