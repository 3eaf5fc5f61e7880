"""The example module's own Python step (docs/architecture.md, "Add a module").

It lives in the module's folder, not under python/, and imports the project's shared helpers
from PYTHONPATH: it reads the task's parameters (params.json, checked against the module's own
exported schema) and turns Open Babel's canonical SMILES into the step result (summary.json and
rows.json) that the parser reads, refusing a SMILES Open Babel could not read as the user's input:
by its message id and parameters (``example.smilesUnreadable`` in example.messages.ts), which the
platform shows in the reader's language.
"""

import argparse
import sys
from collections.abc import Sequence

# The module's engines file (example.engines.ts) probes this version, as it does every engine's, with
# no PYTHONPATH: so it is answered before the project's helpers are imported.
VERSION = "1.0.0"
if __name__ == "__main__" and sys.argv[1:] == ["--version"]:
    print(f"example_rows {VERSION}")
    raise SystemExit(0)

from yunyao.common import reject_input, run_main, write_json  # noqa: E402
from yunyao.params import load_params  # noqa: E402


def main(argv: Sequence[str]) -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--params", required=True)
    p.add_argument("canonical_file")
    args = p.parse_args(argv)
    smiles = load_params(args.params)["smiles"]
    with open(args.canonical_file, encoding="utf-8") as handle:
        canonical = handle.read().split("\t")[0].strip()
    # Open Babel exits 0 when it cannot read the SMILES, leaving its output empty.
    if not canonical:
        reject_input("example.smilesUnreadable", smiles=smiles)
    write_json("summary.json", {"canonical": canonical})
    write_json("rows.json", [{"ID": smiles, "SMILES": canonical}])


if __name__ == "__main__":
    run_main(main)
