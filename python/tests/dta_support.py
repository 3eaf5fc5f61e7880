"""What the graph_dta tests share: the tiny fixture folder, typed-in sequences and a step runner."""

from __future__ import annotations

import json
import os
import subprocess

from tests.step_process import run_module

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON_DIR = os.path.abspath(os.path.join(HERE, ".."))
TINY_DATASET = os.path.join(HERE, "fixtures", "dta", "tiny")
AURORA_A_PDB = os.path.join(HERE, "..", "..", "test-fixtures", "pdb", "5dpv.pdb")

# Human PIM2 (UniProt Q9P1W9), the sequence of the Davis construct "PIM2".
PIM2 = (
    "MLTKPLQGPPAPPGTPTPPPGGKDREAFEAEYRLGPLLGKGGFGTVFAGHRLTDRLQVAIKVIPRNRVLGWSPLSDSVTCPLEVALLWKVGAGGGHPGVIR"
    "LLDWFETQEGFMLVLERPLPAQDLFDYITEKGPLGEGPSRCFFGQVVAAIQHCHSRGVVHRDIKDENILIDLRRGCAKLIDFGSGALLHDEPYTDFDGTRVY"
    "SPPEWISRHQYHALPATVWSLGILLYDMVCGDIPFERDQEILEAELHFPAHVSPDCCALIRRCLAPKPSSRPSLEEILLDPWMQTPAEDVPLNPSKGGPAPLAWSLLP"
)
# Hen egg-white lysozyme (UniProt P00698, mature chain): a protein far from every kinase.
LYSOZYME = (
    "KVFGRCELAAAMKRHGLDNYRGYSLGNWVCAAKFESNFNTQATNRNTDGSTDYGILQINSRWWCNDGRTPGSRNLCNIPCSALLSSDITASVNCAKKIVSD"
    "GNGMNAWVAWRNRCKGTDVQAWIRGCRL"
)
# Davis pairs with PIM2: staurosporine (PubChem 44259) pKd 8.72; AT-7519 (PubChem 11338033) pKd 5.0 (no binding).
STAUROSPORINE = "CC12C(C(CC(O1)N3C4=CC=CC=C4C5=C6C(=C7C8=CC=CC=C8N2C7=C53)CNC6=O)NC)OC"
AT7519 = "C1CNCCC1NC(=O)C2=C(C=NN2)NC(=O)C3=C(C=CC=C3Cl)Cl"


def run_step(module: str, args: list[str], cwd: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """The step as its own process: forked from this one with the step and PyTorch loaded (step_process), unless
    ``env`` changes what a fresh interpreter would load (a models folder, a PyTorch that refuses to load)."""
    return run_module(
        module, args, cwd, env={**os.environ, "PYTHONPATH": PYTHON_DIR, **(env or {})}, timeout=300,
        preload=(module, "yunyao.graph_dta.model_files"),
    )


def write_inputs(folder: str, protein_name: str, protein_text: str, molecules_csv: str, model: str = "davis") -> list[str]:
    """Stage a protein and a molecule table as the worker does, and the module's parameters (params.json:
    the model); the step's two manifest arguments and its parameters' one."""
    from yunyao.params import write_params

    write_params(folder, "graph_dta", {"model": model})
    os.makedirs(os.path.join(folder, "inputs"), exist_ok=True)
    with open(os.path.join(folder, "inputs", f"0_{protein_name}"), "w", encoding="utf-8") as fh:
        fh.write(protein_text)
    with open(os.path.join(folder, "inputs", "1_mols.csv"), "w", encoding="utf-8") as fh:
        fh.write(molecules_csv)
    return [
        "--protein-json=" + json.dumps([{"path": f"inputs/0_{protein_name}", "name": protein_name}]),
        "--ligands-json=" + json.dumps([{"path": "inputs/1_mols.csv", "name": "mols.csv"}]),
        "--params=params.json",
    ]


def load_json(folder: str, name: str):
    with open(os.path.join(folder, name), encoding="utf-8") as fh:
        return json.load(fh)
