"""The ADMET endpoint catalogue: one table mapping TDC data folders to product names.

``name`` is the name the product uses (TDC's dataset name; Tox21 assays as ADMET-AI
names them), ``folder`` the directory under the ``tdc-admet`` data root.
``transform`` = "log10" means the model is trained on log10(y + offset) and predictions
are back-transformed to the dataset's units.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

GROUPS = ("Absorption", "Distribution", "Metabolism", "Excretion", "Toxicity")


@dataclass(frozen=True)
class Endpoint:
    name: str
    folder: str
    task: str  # "binary" | "regression"
    metric: str  # TDC metric: AUROC | AUPRC | MAE | Spearman
    unit: str
    group: str
    description: str
    file: str = "train_val.csv"
    transform: Optional[str] = None  # None | "log10"
    offset: float = 0.0  # added before log10 (targets that can be 0)

    @property
    def is_classification(self) -> bool:
        return self.task == "binary"


_P = "probability of class 1"

# (name, folder, task, metric, unit, group, description, extra)
_TABLE = [
    # Absorption
    ("Caco2_Wang", "caco2_wang", "regression", "MAE", "log10(cm/s)", "Absorption", "Caco-2 cell permeability (log10 Papp)"),
    ("HIA_Hou", "hia_hou", "binary", "AUROC", _P, "Absorption", "human intestinal absorption"),
    ("Pgp_Broccatelli", "pgp_broccatelli", "binary", "AUROC", _P, "Absorption", "P-glycoprotein inhibitor"),
    ("Bioavailability_Ma", "bioavailability_ma", "binary", "AUROC", _P, "Absorption", "oral bioavailability (F >= 20 %)"),
    ("Lipophilicity_AstraZeneca", "lipophilicity_astrazeneca", "regression", "MAE", "logD7.4", "Absorption", "lipophilicity, logD at pH 7.4"),
    ("Solubility_AqSolDB", "solubility_aqsoldb", "regression", "MAE", "log10(mol/L)", "Absorption", "aqueous solubility, logS"),
    ("PAMPA_NCATS", "pampa_ncats", "binary", "AUROC", _P, "Absorption", "PAMPA permeability (high)"),
    # Distribution
    ("BBB_Martins", "bbb_martins", "binary", "AUROC", _P, "Distribution", "blood-brain barrier penetration"),
    ("PPBR_AZ", "ppbr_az", "regression", "MAE", "% bound", "Distribution", "plasma protein binding rate (human)", {"file": "train_val_human.csv"}),
    ("VDss_Lombardo", "vdss_lombardo", "regression", "Spearman", "L/kg", "Distribution", "volume of distribution at steady state", {"transform": "log10", "offset": 0.01}),
    # Metabolism
    ("CYP2C9_Veith", "cyp2c9_veith", "binary", "AUPRC", _P, "Metabolism", "CYP2C9 inhibitor"),
    ("CYP2D6_Veith", "cyp2d6_veith", "binary", "AUPRC", _P, "Metabolism", "CYP2D6 inhibitor"),
    ("CYP3A4_Veith", "cyp3a4_veith", "binary", "AUPRC", _P, "Metabolism", "CYP3A4 inhibitor"),
    ("CYP2C9_Substrate_CarbonMangels", "cyp2c9_substrate_carbonmangels", "binary", "AUPRC", _P, "Metabolism", "CYP2C9 substrate"),
    ("CYP2D6_Substrate_CarbonMangels", "cyp2d6_substrate_carbonmangels", "binary", "AUPRC", _P, "Metabolism", "CYP2D6 substrate"),
    ("CYP3A4_Substrate_CarbonMangels", "cyp3a4_substrate_carbonmangels", "binary", "AUROC", _P, "Metabolism", "CYP3A4 substrate"),
    # Excretion
    ("Half_Life_Obach", "half_life_obach", "regression", "Spearman", "h", "Excretion", "half-life in humans", {"transform": "log10", "offset": 0.01}),
    ("Clearance_Hepatocyte_AZ", "clearance_hepatocyte_az", "regression", "Spearman", "uL/min/10^6 cells", "Excretion", "intrinsic clearance, hepatocytes", {"transform": "log10", "offset": 1.0}),
    ("Clearance_Microsome_AZ", "clearance_microsome_az", "regression", "Spearman", "mL/min/g (uL/min/mg protein)", "Excretion", "intrinsic clearance, liver microsomes", {"transform": "log10", "offset": 1.0}),
    # Toxicity
    ("hERG", "herg", "binary", "AUROC", _P, "Toxicity", "hERG channel blocker"),
    ("ClinTox", "clintox", "binary", "AUROC", _P, "Toxicity", "failed clinical trials for toxicity"),
    ("LD50_Zhu", "ld50_zhu", "regression", "MAE", "log(1/(mol/kg))", "Toxicity", "rat oral acute toxicity LD50"),
    ("AMES", "ames", "binary", "AUROC", _P, "Toxicity", "Ames mutagenicity"),
    ("DILI", "dili", "binary", "AUROC", _P, "Toxicity", "drug-induced liver injury"),
    ("NR-AR", "tox21_nr_ar", "binary", "AUROC", _P, "Toxicity", "Tox21 androgen receptor (full length)"),
    ("NR-AR-LBD", "tox21_nr_ar_lbd", "binary", "AUROC", _P, "Toxicity", "Tox21 androgen receptor ligand-binding domain"),
    ("NR-AhR", "tox21_nr_ahr", "binary", "AUROC", _P, "Toxicity", "Tox21 aryl hydrocarbon receptor"),
    ("NR-Aromatase", "tox21_nr_aromatase", "binary", "AUROC", _P, "Toxicity", "Tox21 aromatase"),
    ("NR-ER", "tox21_nr_er", "binary", "AUROC", _P, "Toxicity", "Tox21 estrogen receptor alpha (full length)"),
    ("NR-ER-LBD", "tox21_nr_er_lbd", "binary", "AUROC", _P, "Toxicity", "Tox21 estrogen receptor ligand-binding domain"),
    ("NR-PPAR-gamma", "tox21_nr_ppar_gamma", "binary", "AUROC", _P, "Toxicity", "Tox21 PPAR-gamma"),
    ("SR-ARE", "tox21_sr_are", "binary", "AUROC", _P, "Toxicity", "Tox21 antioxidant response element"),
    ("SR-ATAD5", "tox21_sr_atad5", "binary", "AUROC", _P, "Toxicity", "Tox21 ATAD5 (genotoxicity)"),
    ("SR-HSE", "tox21_sr_hse", "binary", "AUROC", _P, "Toxicity", "Tox21 heat shock factor response element"),
    ("SR-MMP", "tox21_sr_mmp", "binary", "AUROC", _P, "Toxicity", "Tox21 mitochondrial membrane potential"),
    ("SR-p53", "tox21_sr_p53", "binary", "AUROC", _P, "Toxicity", "Tox21 p53 response"),
]


def _build() -> list[Endpoint]:
    out = []
    for row in _TABLE:
        extra = row[7] if len(row) > 7 else {}
        out.append(Endpoint(*row[:7], **extra))
    return out


ENDPOINTS: list[Endpoint] = _build()
BY_NAME: dict[str, Endpoint] = {e.name: e for e in ENDPOINTS}
BY_FOLDER: dict[str, Endpoint] = {e.folder: e for e in ENDPOINTS}
assert len(BY_NAME) == len(ENDPOINTS) == len(BY_FOLDER)
assert all(e.group in GROUPS for e in ENDPOINTS)
