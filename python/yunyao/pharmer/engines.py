"""Engine versions recorded in every query and screen result."""

from __future__ import annotations

from importlib import metadata


def engine_versions() -> dict[str, str]:
    import rdkit
    from openbabel import openbabel as ob

    try:
        plip = metadata.version("plip")
    except metadata.PackageNotFoundError:
        plip = ""
    return {"rdkit": rdkit.__version__, "openbabel": ob.OBReleaseVersion(), "plip": plip}
