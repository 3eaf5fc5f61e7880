#!/usr/bin/python3
"""A stand-in for Rosetta's minimize / fixbb programs, for the platform's tests only: NOT Rosetta.

Installed by the tests as `minimize.default.linuxgccrelease` and `fixbb.default.linuxgccrelease` in a
temporary ROSETTA_BIN. Called as Rosetta is (`<program> @task.flags`), it reads the flags the platform
wrote, prints a Rosetta-like version line, and for each of `-out:nstruct` structures copies the real
output of RosettaCommons/demos public/favor_native_residue (this folder's score.sc row and the trimmed
1l2y_0001.pdb; see README.md) to where Rosetta writes them: `<out:path:all>/<input stem><suffix>_000N.pdb`
and `<out:path:all>/<out:file:scorefile>`, the score row renamed to the structure.
"""

import os
import shutil
import sys

HERE = os.path.dirname(os.path.realpath(__file__))


def read_flags(path):
    options = {}
    name = None
    with open(path, encoding="utf-8") as fh:
        for token in fh.read().split():
            if token.startswith("#"):
                continue
            if token.startswith("-") and not token[1:2].isdigit():
                name = token.lstrip("-")
                options[name] = []
            elif name is not None:
                options[name].append(token)
    return options


def main():
    if len(sys.argv) != 2 or not sys.argv[1].startswith("@"):
        sys.exit("usage: <program> @flags")
    options = read_flags(sys.argv[1][1:])
    out = options["out:path:all"][0]
    stem = os.path.splitext(os.path.basename(options["in:file:s"][0]))[0] + (options.get("out:suffix") or [""])[0]
    nstruct = int((options.get("out:nstruct") or ["1"])[0])
    print("core.init: Rosetta version: stand-in for tests (RosettaCommons/demos favor_native_residue output)")
    with open(os.path.join(HERE, "score.sc"), encoding="utf-8") as fh:
        header, row = [line for line in fh if line.startswith("SCORE:")][:2]
    with open(os.path.join(out, options["out:file:scorefile"][0]), "w", encoding="utf-8") as fh:
        fh.write(header)
        for n in range(1, nstruct + 1):
            name = f"{stem}_{n:04d}"
            shutil.copyfile(os.path.join(HERE, "1l2y_0001.pdb"), os.path.join(out, name + ".pdb"))
            fh.write(row.replace("1l2y_0001", name))


main()
