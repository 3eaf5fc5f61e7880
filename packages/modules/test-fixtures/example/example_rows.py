"""The example module's own Python step (docs/architecture.md, "Add a module").

It lives in the module's folder, not under python/, and imports the project's shared helpers
from PYTHONPATH: it turns Open Babel's canonical SMILES into the step result (summary.json and
rows.json) that the parser reads, refusing a SMILES Open Babel could not read as the user's input:
by its message id and parameters (``example.smilesUnreadable`` in example.messages.ts), which the
platform shows in the reader's language.
"""

from collections.abc import Sequence

from yunyao.common import reject_input, run_main, write_json


def main(argv: Sequence[str]) -> None:
    smiles, canonical_file = argv
    with open(canonical_file, encoding="utf-8") as handle:
        canonical = handle.read().split("\t")[0].strip()
    # Open Babel exits 0 when it cannot read the SMILES, leaving its output empty.
    if not canonical:
        reject_input("example.smilesUnreadable", smiles=smiles)
    write_json("summary.json", {"canonical": canonical})
    write_json("rows.json", [{"ID": smiles, "SMILES": canonical}])


if __name__ == "__main__":
    run_main(main)
