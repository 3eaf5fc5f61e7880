"""Builds the backbone fragment library of the fragment-assembly search (docs/models/peptides.md,
"Fragment library") from the protein chains in the shared datasets:

    YUNYAO_DATASETS=../shared/datasets PYTHONPATH=python /usr/bin/python3 -m yunyao.pepsearch.fraglib

Every standard residue of every protein chain gets its one-letter code, its 3-state DSSP letter
(mdtraj: H helix incl. 3-10 and pi, E strand/bridge, C the rest) and its backbone phi, psi, omega.
A residue whose peptide bond to the previous one is broken (C-N over 2.0 Å, a gap in the model) starts
a new segment; fragments never span a segment boundary. Stored as float16 degrees in a compressed
.npz committed with the code, so the product needs no datasets at run time. The benchmark peptides'
PDB entries are refused by id, and the build prints the longest exact sequence match of each
benchmark peptide in the library so the card can say how close the library comes to them.
"""

from __future__ import annotations

import argparse
import glob
import gzip
import hashlib
import json
import os
import sys
import tempfile

import mdtraj
import numpy as np

from ..datasets import dataset_path

LIBRARY_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fraglib.npz")
# The structures of the five shared benchmark peptides (and the GB1 domain the hairpin is cut from).
BENCHMARK_IDS = ("1uao", "5awl", "1l2y", "1pga", "1pgb", "2gb1", "1yrf")
BREAK_NM = 0.20
SOURCES = (
    ("pockets", "coach420/*.pdb"),
    ("redock", "*/protein.pdb"),
    ("dude-vs", "*/receptor.pdb.gz"),
    ("fep-benchmark", "*/protein.pdb.gz"),
)


def source_files() -> list[str]:
    files = []
    for dataset, pattern in SOURCES:
        files += sorted(glob.glob(os.path.join(dataset_path(dataset), pattern)))
    return files


def entry_id(path: str) -> str:
    """The PDB id a file stands for: coach420 names files <id><chain>.pdb, redock folders <id>/."""
    name = os.path.basename(path)
    return (name[:4] if name.endswith(".pdb") and name != "protein.pdb" else os.path.basename(os.path.dirname(path))).lower()


def load(path: str) -> mdtraj.Trajectory:
    if not path.endswith(".gz"):
        return mdtraj.load_pdb(path)
    # mdtraj reads PDB from a file name only.
    with gzip.open(path, "rt") as fh, tempfile.NamedTemporaryFile("w", suffix=".pdb", delete=False) as out:
        out.write(fh.read())
    try:
        return mdtraj.load_pdb(out.name)
    finally:
        os.unlink(out.name)


def benchmark_sequences() -> dict[str, str]:
    """The shared benchmark peptides (FASTA of the peptides dataset), by name."""
    entries: dict[str, str] = {}
    name = ""
    with open(os.path.join(dataset_path("peptides"), "sequences.fasta"), encoding="utf-8") as fh:
        for line in fh:
            line = line.strip()
            if line.startswith(">"):
                name = line[1:].split()[0]
                entries[name] = ""
            elif line:
                entries[name] += line
    return entries


def chain_records(traj: mdtraj.Trajectory) -> list[dict[str, np.ndarray | str]]:
    """Per protein chain with at least 5 standard residues: sequence, DSSP, phi/psi/omega (deg), segment starts."""
    protein = traj.atom_slice(traj.topology.select("protein"))
    dssp = mdtraj.compute_dssp(protein, simplified=True)[0]
    residues = list(protein.topology.residues)
    index = {r.index: k for k, r in enumerate(residues)}
    phi = np.full(len(residues), np.nan)
    psi = np.full(len(residues), np.nan)
    omega = np.full(len(residues), np.nan)
    # mdtraj gives each dihedral with its four atoms; the residue it belongs to is that of atom 1 for phi
    # (C(i-1) N CA C), atom 0 for psi (N CA C N(i+1)) and atom 3 for omega (CA(i-1) C(i-1) N CA).
    for compute, target, owner in ((mdtraj.compute_phi, phi, 1), (mdtraj.compute_psi, psi, 0), (mdtraj.compute_omega, omega, 3)):
        atoms, values = compute(protein)
        for quad, value in zip(atoms, values[0]):
            target[index[protein.topology.atom(quad[owner]).residue.index]] = np.degrees(value)
    records = []
    for chain in protein.topology.chains:
        keep = [r for r in chain.residues if r.code is not None and r.code != "X" and {"N", "CA", "C"} <= {a.name for a in r.atoms}]
        if len(keep) < 5:
            continue
        xyz = protein.xyz[0]
        starts = [0]
        for k in range(1, len(keep)):
            c = next(a.index for a in keep[k - 1].atoms if a.name == "C")
            n = next(a.index for a in keep[k].atoms if a.name == "N")
            if np.linalg.norm(xyz[c] - xyz[n]) > BREAK_NM:
                starts.append(k)
        ks = [index[r.index] for r in keep]
        records.append({
            "sequence": "".join(r.code for r in keep),
            "ss": "".join("C" if dssp[k] in ("NA", "C") else dssp[k] for k in ks),
            "phi": phi[ks], "psi": psi[ks], "omega": omega[ks], "starts": np.array(starts),
        })
    return records


def sha256(path: str) -> str:
    with open(path, "rb") as fh:
        return hashlib.sha256(fh.read()).hexdigest()


def longest_match(library_sequence: str, query: str) -> int:
    best = 0
    for i in range(len(query)):
        for j in range(i + best + 1, len(query) + 1):
            if query[i:j] in library_sequence:
                best = j - i
            else:
                break
    return best


def build(out: str) -> dict[str, object]:
    files = [f for f in source_files() if entry_id(f) not in BENCHMARK_IDS]
    sequences, ss, torsions, segment = [], [], [], []
    chains = 0
    for path in files:
        for record in chain_records(load(path)):
            n = len(record["sequence"])
            seg = np.zeros(n, dtype=np.int32)
            seg[record["starts"]] = 1
            sequences.append(record["sequence"])
            ss.append(record["ss"])
            torsions.append(np.stack([record["phi"], record["psi"], record["omega"]], axis=1))
            segment.append(seg)
            chains += 1
    seq = "".join(sequences)
    tors = np.concatenate(torsions)
    # A residue starts a segment at a chain start or a break; its phi (and the previous psi) are then
    # meaningless, so fragments are only taken inside segments.
    starts = np.concatenate(segment)
    starts[np.cumsum([0] + [len(s) for s in sequences[:-1]])] = 1
    os.makedirs(os.path.dirname(out), exist_ok=True)
    np.savez_compressed(
        out,
        sequence=np.frombuffer(seq.encode(), dtype=np.uint8),
        ss=np.frombuffer("".join(ss).encode(), dtype=np.uint8),
        torsions=np.nan_to_num(tors, nan=0.0).astype(np.float16),
        segment_start=starts.astype(np.uint8),
    )
    digest = hashlib.sha256()
    for path in files:
        digest.update(f"{os.path.relpath(path, os.path.dirname(dataset_path('pockets')))} {sha256(path)}\n".encode())
    return {
        "files": len(files),
        "chains": chains,
        "residues": len(seq),
        "segments": int(starts.sum()),
        "sources_sha256": digest.hexdigest(),
        "bytes": os.path.getsize(out),
        "excluded_ids": list(BENCHMARK_IDS),
        "excluded_present": sorted({entry_id(f) for f in source_files()} & set(BENCHMARK_IDS)),
        "longest_exact_match": {name: longest_match(seq, query) for name, query in benchmark_sequences().items()},
    }


def main(argv: list[str]) -> None:
    p = argparse.ArgumentParser(prog="python -m yunyao.pepsearch.fraglib", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", default=LIBRARY_PATH)
    args = p.parse_args(argv)
    print(json.dumps(build(args.out), indent=1))


if __name__ == "__main__":
    main(sys.argv[1:])
