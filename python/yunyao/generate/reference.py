"""The generator's reference set: BRICS fragments to graft and the molecules a child is novel against.

Built once by the project's own command from the MOSES test sample and committed beside this file
(``reference.json.gz``, well under 300 KB), so a task reads no dataset::

    PYTHONPATH=python nice /usr/bin/python3 -m yunyao.generate.reference \\
        [--source ../shared/datasets/moses-reference/test_sample50k.smi.gz] [--fragment-molecules 20000]

* ``fragments``: per BRICS attachment label, the one-attachment fragments (``[16*]c1ccncc1``) that
  BRICS cuts out of the first ``--fragment-molecules`` molecules, with 1–12 heavy atoms, seen at least
  ``MIN_COUNT`` times, the ``MAX_PER_LABEL`` most frequent kept (ties by SMILES, so the file is
  reproducible).
* ``novelty``: a 32-bit key of every sample molecule's canonical SMILES without stereo (sorted,
  delta-coded as LEB128 varints, base64). 50,000 keys in 2^32 make a false "seen" one child in
  ~86,000: negligible beside what it saves (the SMILES themselves would be 2 MB).
* ``source_sha256``: the sample file's hash, the card's data hash (docs/models/generation.md).
"""

from __future__ import annotations

import argparse
import base64
import bisect
import gzip
import hashlib
import json
import os
from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Sequence

REFERENCE_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "reference.json.gz")
FORMAT = 1
MIN_COUNT = 3
MAX_PER_LABEL = 400
MAX_FRAGMENT_ATOMS = 12


def novelty_key(smiles_without_stereo: str) -> int:
    """The 32-bit key of a canonical SMILES (blake2b: the same on every machine, unlike ``hash``)."""
    return int.from_bytes(hashlib.blake2b(smiles_without_stereo.encode(), digest_size=4).digest(), "big")


def _encode_keys(keys: Iterable[int]) -> str:
    out = bytearray()
    last = 0
    for k in sorted(set(keys)):
        delta, last = k - last, k
        while True:
            byte = delta & 0x7F
            delta >>= 7
            out.append(byte | (0x80 if delta else 0))
            if not delta:
                break
    return base64.b64encode(bytes(out)).decode("ascii")


def _decode_keys(text: str) -> list[int]:
    keys: list[int] = []
    value = shift = last = 0
    for byte in base64.b64decode(text):
        value |= (byte & 0x7F) << shift
        if byte & 0x80:
            shift += 7
            continue
        last += value
        keys.append(last)
        value = shift = 0
    return keys


@dataclass
class Reference:
    fragments: dict[str, list[str]]
    keys: list[int]
    meta: dict

    def seen(self, smiles_without_stereo: str) -> bool:
        k = novelty_key(smiles_without_stereo)
        i = bisect.bisect_left(self.keys, k)
        return i < len(self.keys) and self.keys[i] == k


def load_reference(path: str = REFERENCE_FILE) -> Reference:
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        doc = json.load(fh)
    if doc.get("format") != FORMAT:
        raise ValueError(f"reference file format {doc.get('format')} is not {FORMAT}")
    fragments = {label: [smi for smi, _ in items] for label, items in doc["fragments"].items()}
    meta = {k: doc[k] for k in ("source", "source_sha256", "molecules", "fragment_molecules", "rdkit")}
    meta["fragments"] = sum(len(v) for v in fragments.values())
    meta["file_sha256"] = _sha256(path)
    return Reference(fragments, _decode_keys(doc["novelty"]), meta)


def _sha256(path: str) -> str:
    with open(path, "rb") as fh:
        return hashlib.file_digest(fh, "sha256").hexdigest()


def read_sample(path: str) -> list[str]:
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        return [line.split()[0] for line in fh if line.strip()]


def build(source: str, fragment_molecules: int) -> dict:
    from rdkit import Chem, RDLogger, rdBase
    from rdkit.Chem import BRICS

    RDLogger.DisableLog("rdApp.*")
    smiles = read_sample(source)
    keys: list[int] = []
    counts: Counter[tuple[str, str]] = Counter()
    for i, smi in enumerate(smiles):
        mol = Chem.MolFromSmiles(smi)
        if mol is None:
            continue
        keys.append(novelty_key(Chem.MolToSmiles(mol, isomericSmiles=False)))
        if i >= fragment_molecules:
            continue
        for frag in BRICS.BRICSDecompose(mol, keepNonLeafNodes=False):
            fm = Chem.MolFromSmiles(frag)
            if fm is None:
                continue
            dummies = [a for a in fm.GetAtoms() if a.GetAtomicNum() == 0]
            heavy = fm.GetNumAtoms() - len(dummies)
            if len(dummies) == 1 and 1 <= heavy <= MAX_FRAGMENT_ATOMS:
                counts[(str(dummies[0].GetIsotope()), Chem.MolToSmiles(fm))] += 1
    by_label: dict[str, list[tuple[str, int]]] = {}
    for (label, smi), n in counts.items():
        if n >= MIN_COUNT:
            by_label.setdefault(label, []).append((smi, n))
    fragments = {label: sorted(items, key=lambda x: (-x[1], x[0]))[:MAX_PER_LABEL] for label, items in sorted(by_label.items(), key=lambda kv: int(kv[0]))}
    return {
        "format": FORMAT,
        "source": "moses-reference/" + os.path.basename(source),
        "source_sha256": _sha256(source),
        "molecules": len(set(keys)),
        "fragment_molecules": min(fragment_molecules, len(smiles)),
        "rdkit": rdBase.rdkitVersion,
        "fragments": fragments,
        "novelty": _encode_keys(keys),
    }


def main(argv: Sequence[str] | None = None) -> None:
    from ..datasets import dataset_path

    p = argparse.ArgumentParser(prog="yunyao.generate.reference", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--source", help="the MOSES sample (default: test_sample50k.smi.gz in the datasets' moses-reference/)")
    p.add_argument("--fragment-molecules", type=int, default=20000, help="how many sample molecules BRICS decomposes")
    p.add_argument("--output", default=REFERENCE_FILE)
    args = p.parse_args(argv)
    source = args.source or os.path.join(dataset_path("moses-reference"), "test_sample50k.smi.gz")
    doc = build(source, args.fragment_molecules)
    with open(args.output, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as fh:
        fh.write(json.dumps(doc, separators=(",", ":")).encode())
    n = sum(len(v) for v in doc["fragments"].values())
    print(f"{args.output}: {doc['molecules']} molecules, {n} fragments, {os.path.getsize(args.output)} bytes, source sha256 {doc['source_sha256']}")


if __name__ == "__main__":
    main()
