"""Traffic-light verdicts: the one table of thresholds that turns each endpoint's value into
favourable (green), caution (amber) or unfavourable (red).

Every rule has a favourable band and a wider caution band, each ``(low, high)`` with ``low``
inclusive, ``high`` exclusive and ``None`` unbounded; a value in neither is unfavourable. A rule
whose caution band is unbounded on both sides never gives red (e.g. being a CYP substrate is a
flag, not a defect). The reasoning and sources are in docs/models/admet.md ("Verdicts"); the web
reads this table through ``python -m yunyao.admet --card``, so it is never copied.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Optional

Band = tuple[Optional[float], Optional[float]]

GREEN, AMBER, RED = "green", "amber", "red"
LD50_MG_PER_KG = "ld50_mg_per_kg"


@dataclass(frozen=True)
class VerdictRule:
    favourable: Band
    caution: Band
    # "value": the prediction itself; LD50_MG_PER_KG: LD50_Zhu converted to mg/kg with the molecular weight
    scale: str = "value"


# Calibrated probabilities: below 0.3 / above 0.7 is where the models' calibrated classes separate.
HIGH_IS_GOOD = VerdictRule((0.7, None), (0.3, None))
HIGH_IS_BAD = VerdictRule((None, 0.3), (None, 0.7))
FLAG_ONLY = VerdictRule((None, 0.5), (None, None))

RULES: dict[str, VerdictRule] = {
    # Absorption
    "HIA_Hou": HIGH_IS_GOOD,
    "PAMPA_NCATS": HIGH_IS_GOOD,
    "Bioavailability_Ma": HIGH_IS_GOOD,
    "Pgp_Broccatelli": HIGH_IS_BAD,
    "Caco2_Wang": VerdictRule((-5.15, None), (-6.0, None)),
    "Solubility_AqSolDB": VerdictRule((-4.0, None), (-6.0, None)),
    "Lipophilicity_AstraZeneca": VerdictRule((1.0, 3.0), (0.0, 4.0)),
    # Distribution
    "BBB_Martins": HIGH_IS_GOOD,
    "PPBR_AZ": VerdictRule((None, 90.0), (None, 99.0)),
    "VDss_Lombardo": VerdictRule((0.1, 5.0), (0.04, 20.0)),
    # Metabolism
    "CYP2C9_Veith": HIGH_IS_BAD,
    "CYP2D6_Veith": HIGH_IS_BAD,
    "CYP3A4_Veith": HIGH_IS_BAD,
    "CYP2C9_Substrate_CarbonMangels": FLAG_ONLY,
    "CYP2D6_Substrate_CarbonMangels": FLAG_ONLY,
    "CYP3A4_Substrate_CarbonMangels": FLAG_ONLY,
    # Excretion
    "Half_Life_Obach": VerdictRule((3.0, None), (1.0, None)),
    "Clearance_Hepatocyte_AZ": VerdictRule((None, 10.0), (None, 50.0)),
    "Clearance_Microsome_AZ": VerdictRule((None, 10.0), (None, 50.0)),
    # Toxicity
    "hERG": HIGH_IS_BAD,
    "ClinTox": HIGH_IS_BAD,
    "AMES": HIGH_IS_BAD,
    "DILI": HIGH_IS_BAD,
    "LD50_Zhu": VerdictRule((2000.0, None), (300.0, None), LD50_MG_PER_KG),
    **{assay: HIGH_IS_BAD for assay in (
        "NR-AR", "NR-AR-LBD", "NR-AhR", "NR-Aromatase", "NR-ER", "NR-ER-LBD", "NR-PPAR-gamma",
        "SR-ARE", "SR-ATAD5", "SR-HSE", "SR-MMP", "SR-p53",
    )},
}


def _inside(band: Band, v: float) -> bool:
    low, high = band
    return (low is None or v >= low) and (high is None or v < high)


def scaled(rule: VerdictRule, value: float, molecular_weight: Optional[float]) -> Optional[float]:
    """The number the rule's bands are written in (LD50 -log(mol/kg) -> mg/kg)."""
    if rule.scale == LD50_MG_PER_KG:
        return 10.0 ** (-value) * molecular_weight * 1000.0 if molecular_weight else None
    return value


def verdict(name: str, value: Optional[float], molecular_weight: Optional[float]) -> Optional[str]:
    rule = RULES[name]
    if value is None or not math.isfinite(value):
        return None
    v = scaled(rule, value, molecular_weight)
    if v is None:
        return None
    if _inside(rule.favourable, v):
        return GREEN
    return AMBER if _inside(rule.caution, v) else RED


def rules_export() -> dict[str, dict]:
    return {name: asdict(rule) for name, rule in RULES.items()}


# Textbook cases of the sanity panel (packages/modules/admet/admet-sanity.test.ts) that the shipped
# model gets wrong, shown next to the endpoint in the UI: (zh, en).
KNOWN_LIMITATIONS: dict[str, tuple[str, str]] = {
    "hERG": (
        "已知局限：小而极性的分子可能被高估，例如咖啡因（hERG IC50 远高于 100 µM）被判为“注意”。",
        "Known limitation: small polar molecules can be over-called; caffeine (hERG IC50 far above 100 µM) gets amber.",
    ),
    "ClinTox": (
        "已知局限：阿司匹林被判为“不良”。ClinTox 的毒性标签来自临床试验失败，小分子上市药也可能被误判。",
        "Known limitation: aspirin is called unfavourable. ClinTox labels come from failed trials; small approved drugs can be misjudged.",
    ),
    "PPBR_AZ": (
        "已知局限：高度结合的酸性药物可能被低估，例如布洛芬（实测 > 99%）预测约 84%。",
        "Known limitation: highly bound acidic drugs can be under-predicted; ibuprofen (measured > 99 %) is predicted about 84 %.",
    ),
    "BBB_Martins": (
        "已知局限：羧酸类药物的透过概率偏低，例如布洛芬（可进入脑脊液）被判为不易透过。",
        "Known limitation: carboxylic acids are under-called; ibuprofen (reaches the CSF) is predicted not to cross.",
    ),
    "DILI": (
        "已知局限：训练集仅 379 个分子；咖啡因被判为“不良”，而过量时肝毒性明确的对乙酰氨基酚却为“良好”，仅供参考。",
        "Known limitation: only 379 training molecules; caffeine is called unfavourable while paracetamol (hepatotoxic in overdose) is favourable. Indicative only.",
    ),
}
