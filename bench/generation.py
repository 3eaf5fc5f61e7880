"""Molecule generation quality and speed, MOSES-style (docs/models/generation.md).

    PYTHONPATH=python nice /usr/bin/python3 bench/generation.py [--parents 20] [--per-parent 1000] [--seed 2]

Draws ``--parents`` molecules from the MOSES test sample (``moses-reference/test_sample50k.smi.gz`` under
``YUNYAO_DATASETS``, python/yunyao/datasets.py) with a fixed seed, asks the generator for ``--per-parent``
children of each, exactly as the step does, and prints (MOSES definitions, Polykovskiy et al. 2020):

* validity: the share of the generator's proposals RDKit sanitises (the step drops the others, so every
  emitted molecule is valid; that share is printed too);
* uniqueness: distinct emitted molecules / emitted (MOSES unique@k, k = per parent), the share of the
  requested count delivered, and the raw share of distinct molecules among valid proposals;
* novelty: the share of emitted molecules absent from the whole 50k sample (exact SMILES set, not the
  step's 32-bit keys; both are printed);
* internal diversity IntDiv1 = 1 − mean pairwise Tanimoto (Morgan radius 2, 1024 bits, as MOSES), within
  each parent's children (mean over parents);
* similarity to the parent (Morgan radius 2, 2048 bits, as the rows): quantiles;
* the share passing the filters (no PAINS, SA ≤ 6), PAINS and SA > 6 shares, the PAINS screen's agreement with
  RDKit's FilterCatalog on every tenth child, mean QED of children and parents;
* speed: emitted molecules per CPU second of this one process (proposals, checks and every property).
"""

from __future__ import annotations

import argparse
import gzip
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

from rdkit import Chem, DataStructs, RDLogger  # noqa: E402
from rdkit.Chem import rdMolDescriptors  # noqa: E402
from rdkit.Chem.FilterCatalog import FilterCatalog, FilterCatalogParams  # noqa: E402

from yunyao.datasets import dataset_path  # noqa: E402
from yunyao.generate.engine import Generator  # noqa: E402
from yunyao.generate.reference import load_reference  # noqa: E402

SAMPLE_SEED = 20261127


def quantiles(values: list[float]) -> str:
    q = statistics.quantiles(values, n=20)
    return f"min {min(values):.2f} · p10 {q[1]:.2f} · p25 {q[4]:.2f} · median {statistics.median(values):.2f} · p75 {q[14]:.2f} · p90 {q[17]:.2f} · max {max(values):.2f}"


def int_div(mols: list[Chem.Mol]) -> float:
    fps = [rdMolDescriptors.GetMorganFingerprintAsBitVect(m, 2, nBits=1024) for m in mols]
    total, pairs = 0.0, 0
    for i in range(1, len(fps)):
        sims = DataStructs.BulkTanimotoSimilarity(fps[i], fps[:i])
        total += sum(sims)
        pairs += len(sims)
    return 1 - total / pairs if pairs else 0.0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--parents", type=int, default=20)
    ap.add_argument("--per-parent", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=2)
    args = ap.parse_args()
    RDLogger.DisableLog("rdApp.*")

    path = os.path.join(dataset_path("moses-reference"), "test_sample50k.smi.gz")
    with gzip.open(path, "rt") as fh:
        sample = [line.split()[0] for line in fh if line.strip()]
    known = {Chem.MolToSmiles(Chem.MolFromSmiles(s), isomericSmiles=False) for s in sample}
    parents = random.Random(SAMPLE_SEED).sample(sample, args.parents)

    t0 = time.process_time()
    generator = Generator(load_reference())
    start_cpu = time.process_time() - t0

    cpu = 0.0
    proposals = invalid = duplicates = emitted = requested = 0
    emitted_smiles: list[str] = []
    props: list[dict] = []
    divs: list[float] = []
    parent_qed: list[float] = []
    for smi in parents:
        parent = Chem.MolFromSmiles(smi)
        t = time.process_time()
        fp = generator.parent_fp(parent)
        run = generator.generate(parent, args.per_parent, args.seed)
        described = [generator.describe(c.mol, fp) for c in run.children]
        cpu += time.process_time() - t
        parent_qed.append(generator.describe(parent, fp)["qed"])
        proposals += run.proposals
        invalid += run.invalid
        duplicates += run.duplicates
        requested += args.per_parent
        emitted += len(run.children)
        emitted_smiles += [c.smiles for c in run.children]
        props += described
        divs.append(int_div([c.mol for c in run.children]))
        print(f"  {smi}: {len(run.children)} children, {run.proposals} proposals", flush=True)

    # The step's PAINS screen against RDKit's FilterCatalog, on every tenth child (outside the timed part).
    params = FilterCatalogParams()
    params.AddCatalog(FilterCatalogParams.FilterCatalogs.PAINS)
    catalog = FilterCatalog(params)
    checked = [(Chem.MolFromSmiles(s), p["pains"]) for s, p in list(zip(emitted_smiles, props))[::10]]
    agree = sum(catalog.HasMatch(m) == flag for m, flag in checked)
    valid_emitted = sum(1 for s in emitted_smiles if Chem.MolFromSmiles(s) is not None)
    novel_exact = sum(1 for s in emitted_smiles if Chem.MolToSmiles(Chem.MolFromSmiles(s), isomericSmiles=False) not in known)
    sims = [p["similarity"] for p in props]
    print(f"parents {args.parents} from {os.path.basename(path)} (seed {SAMPLE_SEED}), {args.per_parent} asked of each, generator seed {args.seed}")
    print(f"validity (proposals RDKit sanitises): {(proposals - invalid) / proposals:.4f} of {proposals}; emitted valid: {valid_emitted / emitted:.4f}")
    print(f"uniqueness@{args.per_parent}: {len(set(emitted_smiles)) / emitted:.4f}; delivered {emitted}/{requested} = {emitted / requested:.4f}; distinct among valid proposals {1 - duplicates / (proposals - invalid):.4f}")
    print(f"novelty vs the 50k sample: {novel_exact / emitted:.4f} (exact set); {sum(p['novel'] for p in props) / emitted:.4f} (the step's 32-bit keys)")
    print(f"IntDiv1 within a parent's children: mean {statistics.mean(divs):.3f} (min {min(divs):.3f}, max {max(divs):.3f})")
    print(f"similarity to parent: mean {statistics.mean(sims):.3f}; {quantiles(sims)}")
    print(
        f"passing the filters: {sum(p['passes_filters'] for p in props) / emitted:.4f}; PAINS {sum(p['pains'] for p in props) / emitted:.4f}; "
        f"SA > 6 {sum(p['sa_score'] > 6 for p in props) / emitted:.4f}; mean SA {statistics.mean(p['sa_score'] for p in props):.2f}"
    )
    print(f"PAINS screen agrees with RDKit's FilterCatalog on {agree} of {len(checked)} children checked ({sum(f for _, f in checked)} flagged)")
    print(f"QED: children mean {statistics.mean(p['qed'] for p in props):.3f}, parents mean {statistics.mean(parent_qed):.3f}")
    print(f"speed: {emitted / cpu:.0f} molecules per CPU second on one core ({emitted} in {cpu:.1f} CPU-s); start-up {start_cpu:.2f} CPU-s")


if __name__ == "__main__":
    main()
