"""Reads one uploaded file the way its step will, at submission, before anything is held or charged.

    python -m yunyao.check_input --kind protein --input inputs/0 --name receptor.pdb

Kinds (a file field's ``contentCheck`` in packages/modules/types.ts):

* ``protein``: a structure preparation would refuse (not text, a line that is not PDB, truncated
  coordinates, no atoms, no protein or nucleic-acid chain), ``protein_prep.check_protein``;
* ``sequence``: the 2D affinity sequence (FASTA, plain text or a PDB's first chain), its letters
  and the length the model needs, ``dta.sequence.read_protein``;
* ``reference``: a pharmacophore's reference ligand, readable and three-dimensional,
  ``pharmer.reference.read_reference``;
* ``site``: a 3D affinity binding-site file (pocket atoms, a ligand, a box or points),
  ``affinity.site.site_from_file``.

Prints ``{}`` when the file passes; otherwise the step's own refusal on a ``YUNYAO_INPUT_ERROR:``
line, which the server shows as the submission's refusal.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Callable, Sequence

from .common import InputFile, extension_of, run_main


def _protein(inp: InputFile) -> None:
    from .protein_prep import check_protein

    check_protein(inp)


def _sequence(inp: InputFile) -> None:
    from .graph_dta.sequence import read_protein

    read_protein(inp)


def _reference(inp: InputFile) -> None:
    from .pharmer.reference import read_reference

    read_reference(inp)


def _site(inp: InputFile) -> None:
    from .sign.site import site_from_file

    site_from_file(inp)


CHECKS: dict[str, Callable[[InputFile], None]] = {"protein": _protein, "sequence": _sequence, "reference": _reference, "site": _site}


def main(argv: Sequence[str]) -> None:
    parser = argparse.ArgumentParser(prog="yunyao.check_input")
    parser.add_argument("--kind", required=True, choices=sorted(CHECKS))
    parser.add_argument("--input", required=True, help="the file, staged under any name")
    parser.add_argument("--name", help="its name as the user uploaded it (for messages and its format; default: its file name)")
    args = parser.parse_args(argv)
    name = args.name or os.path.basename(args.input)
    CHECKS[args.kind](InputFile(path=args.input, name=name, ext=extension_of(name)))
    sys.stdout.write("{}\n")


if __name__ == "__main__":
    run_main(main)
