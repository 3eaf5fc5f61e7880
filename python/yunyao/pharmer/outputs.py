"""The screen's files: result.json / result.csv (ranked rows), hits.sdf, statis.json."""

from __future__ import annotations

import csv
import os

from ..common import write_json
from ..histogram import histogram
from ..messages import rendered_row

COLUMNS = ["ID", "SMILES", "score", "pass", "rmsd", "shape", "matched", "total", "features", "reference", "clash", "error"]


def ranked_rows(scored: list[dict], errors: list[dict], keep: int) -> list[dict]:
    """Molecules best first (no clash before clash, then score, then input order), cut to ``keep``, then every error row."""
    ordered = sorted(scored, key=lambda r: (r["clash"], -r["score"], r["_index"]))
    return ordered[:keep] + errors


def write_tables(out_dir: str, rows: list[dict]) -> None:
    public = [{k: v for k, v in r.items() if not k.startswith("_")} for r in rows]
    write_json(os.path.join(out_dir, "result.json"), public)
    tmp = os.path.join(out_dir, "result.csv.tmp")
    with open(tmp, "w", encoding="utf-8", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=COLUMNS, extrasaction="ignore")
        writer.writeheader()
        for r in public:  # text for people; result.json keeps the ids the server renders per reader
            writer.writerow({**rendered_row(r), "features": ";".join(r.get("features", []))})
    os.replace(tmp, os.path.join(out_dir, "result.csv"))


def write_hits_sdf(out_dir: str, rows: list[dict]) -> None:
    """Each kept molecule's best placement, aligned on the query (receptor frame), with its figures."""
    parts: list[str] = []
    for r in rows:
        if "_molblock" not in r:
            continue
        block = r["_molblock"].rstrip("\n").split("\n")
        block[0] = r["ID"]
        props = "".join(f">  <{k}>\n{'' if r[k] is None else r[k]}\n\n" for k in ("ID", "score", "pass", "rmsd", "shape", "matched"))
        parts.append("\n".join(block) + "\n" + props + "$$$$\n")
    tmp = os.path.join(out_dir, "hits.sdf.tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write("".join(parts))
    os.replace(tmp, os.path.join(out_dir, "hits.sdf"))


def write_statis(out_dir: str, rows: list[dict]) -> None:
    """The docking step's histogram format over the kept molecules' scores."""
    scores = [r["score"] for r in rows if "error" not in r]
    write_json(os.path.join(out_dir, "statis.json"), histogram(scores, len(rows)))
