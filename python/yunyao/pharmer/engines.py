"""Engine versions recorded in every query and screen result."""

from __future__ import annotations

from importlib import metadata


def engine_versions(vina: bool = False) -> dict[str, str]:
    """RDKit, Open Babel and PLIP; with ``vina``, the Vina that rescored the placements too."""
    import rdkit
    from openbabel import openbabel as ob

    try:
        plip = metadata.version("plip")
    except metadata.PackageNotFoundError:
        plip = ""
    out = {"rdkit": rdkit.__version__, "openbabel": ob.OBReleaseVersion(), "plip": plip}
    if vina:
        from ..autodock.dock import engine_versions as docking_engines

        out["vina"] = docking_engines()["vina"]
    return out
