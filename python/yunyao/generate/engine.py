"""Analogue generation around one parent molecule, deterministic for a seed.

A proposal starts from the parent's Kekulé graph: with probability ``BRICS_SHARE`` (when the parent
has a BRICS bond) one of its BRICS substituents is replaced by a reference fragment whose attachment
label BRICS allows there, then one to three point edits follow, each chosen by ``EDIT_WEIGHTS`` and
each respecting the atoms' valences (so few proposals fail sanitisation; those that do are counted):

* ``element``: an atom becomes C, N, O, S, F or Cl where its bonds allow (c → n in rings, O → N ...),
* ``add``: a new C, N, O, F, Cl (single bond) or =O on an atom with a hydrogen to spare,
* ``remove``: a terminal atom goes,
* ``insert``: C, N or O goes into a single bond (a ring grows by one),
* ``contract``: a two-bonded atom goes and its neighbours bond (a ring shrinks by one),
* ``bond``: a single bond becomes double between two atoms with hydrogens, or a double one single,
* ``ring_close``: two atoms four or five bonds apart bond (a new 5- or 6-ring),
* ``ring_open``: a single ring bond breaks.

A proposal is kept when RDKit sanitises it, it is one connected molecule of at least 3 heavy atoms
with no ring under 5 or over 8 atoms that the parent lacks and no O–O bond, and its canonical
SMILES is neither the parent's nor an earlier child's, and its properties lie inside the user's
windows (``PropertyWindow``: molecular weight, logP, QED, SA score). Proposals stop at ``gene_nums`` children or
``MAX_ATTEMPTS_PER_CHILD`` times that many tries. Randomness comes from one ``random.Random``
seeded by the seed and the parent's canonical SMILES: the same input and seed give the same
children, whatever other molecules the task holds.
"""

from __future__ import annotations

import csv
import os
import random
import sys
from dataclasses import dataclass, field
from typing import Callable, Optional

from rdkit import Chem, DataStructs, RDConfig, rdBase
from rdkit.Chem import BRICS, QED, Crippen, rdMolDescriptors

from .reference import Reference

GENERATOR_VERSION = "1.0"
MAX_ATTEMPTS_PER_CHILD = 40
BRICS_SHARE = 0.35
# A child harder to make than this (Ertl and Schuffenhauer's 1–10 scale) fails the filters.
SA_MAX = 6.0
MIN_HEAVY_ATOMS = 3
FP_RADIUS, FP_BITS = 2, 2048

MAX_VALENCE = {6: 4, 7: 3, 8: 2, 9: 1, 16: 2, 17: 1, 35: 1, 53: 1}
NEW_ELEMENTS = [6, 7, 8, 16, 9, 17]
NEW_ELEMENT_WEIGHTS = [5, 2, 2, 0.5, 1, 1]
EDIT_WEIGHTS = {"element": 3, "add": 3, "remove": 2, "insert": 1.5, "contract": 1, "bond": 1, "ring_close": 0.7, "ring_open": 0.7}
EDIT_COUNTS, EDIT_COUNT_WEIGHTS = [1, 2, 3], [5, 3, 2]

_PEROXIDE = Chem.MolFromSmarts("[#8]-[#8]")


def _sa_scorer():
    """RDKit's Contrib SA_Score (Debian's rdkit-data ships it under RDConfig.RDContribDir)."""
    path = os.path.join(RDConfig.RDContribDir, "SA_Score")
    if path not in sys.path:
        sys.path.append(path)
    import sascorer  # type: ignore[import-not-found]

    return sascorer


class PainsScreen:
    """PAINS (Baell and Holloway 2010) as RDKit ships them (``Data/Pains/wehi_pains.csv``, the 480 patterns of
    its FilterCatalog's PAINS A–C), each pattern's explicit hydrogens merged into its atoms as the catalog
    does, and screened by pattern fingerprints first: a molecule lacking a pattern's bits cannot match it.
    Same verdicts as ``FilterCatalog`` (tested; bench/generation.py checks every tenth child) at a quarter
    of its cost, which was half of a child's."""

    def __init__(self) -> None:
        self.patterns = []
        with open(os.path.join(RDConfig.RDDataDir, "Pains", "wehi_pains.csv"), encoding="utf-8") as fh:
            for smarts, _name in csv.reader(fh):
                query = Chem.MergeQueryHs(Chem.MolFromSmarts(smarts))
                query.UpdatePropertyCache(strict=False)
                self.patterns.append((query, Chem.PatternFingerprint(query, 2048)))

    def has_match(self, mol: Chem.Mol) -> bool:
        fp = Chem.PatternFingerprint(mol, 2048)
        return any(DataStructs.AllProbeBitsMatch(bits, fp) and mol.HasSubstructMatch(query) for query, bits in self.patterns)


def _brics_partners() -> dict[str, list[str]]:
    """Which attachment labels BRICS lets bond to which (single bonds only: L7's double bond is left out)."""
    partners: dict[str, set[str]] = {}
    for group in BRICS.reactionDefs:
        for a, b, bond in group:
            if bond != "-":
                continue
            partners.setdefault(a, set()).add(b)
            partners.setdefault(b, set()).add(a)
    return {k: sorted(v, key=int) for k, v in partners.items()}


@dataclass
class Child:
    smiles: str
    mol: Chem.Mol


WINDOW_PROPERTIES = ("mw", "logp", "qed", "sa")


@dataclass(frozen=True)
class PropertyWindow:
    """The user's bounds on a child's properties, on the scales the rows show (rounded as they are)."""

    bounds: dict[str, tuple[Optional[float], Optional[float]]] = field(default_factory=dict)

    @classmethod
    def from_params(cls, params: dict) -> "PropertyWindow":
        bounds = {}
        for name in WINDOW_PROPERTIES:
            low, high = params.get(f"{name}_min"), params.get(f"{name}_max")
            if low is not None or high is not None:
                bounds[name] = (low, high)
        return cls(bounds)

    def admits(self, values: dict[str, float]) -> bool:
        return all((low is None or values[n] >= low) and (high is None or values[n] <= high) for n, (low, high) in self.bounds.items())

    def as_params(self) -> dict:
        return {f"{n}_{side}": v for n, (low, high) in self.bounds.items() for side, v in (("min", low), ("max", high)) if v is not None}


@dataclass
class ParentRun:
    """What one parent's generation made and how many proposals it took."""

    children: list[Child] = field(default_factory=list)
    proposals: int = 0
    invalid: int = 0
    rejected: int = 0
    duplicates: int = 0
    outside: int = 0


class Generator:
    def __init__(self, reference: Reference) -> None:
        self.reference = reference
        self.partners = _brics_partners()
        self.fragments = {label: [Chem.MolFromSmiles(s) for s in smis] for label, smis in reference.fragments.items()}
        self.pains = PainsScreen()
        self.sascorer = _sa_scorer()
        self.edits: dict[str, Callable[[Chem.RWMol, random.Random], bool]] = {
            "element": _edit_element,
            "add": _edit_add,
            "remove": _edit_remove,
            "insert": _edit_insert,
            "contract": _edit_contract,
            "bond": _edit_bond,
            "ring_close": _edit_ring_close,
            "ring_open": _edit_ring_open,
        }

    def versions(self) -> dict:
        return {"rdkit": rdBase.rdkitVersion, "generator": GENERATOR_VERSION, "sa_score": "RDKit Contrib SA_Score", "pains": "RDKit Data/Pains/wehi_pains.csv (PAINS A–C)"}

    # ---------------------------------------------------------------- generation

    def generate(self, parent: Chem.Mol, count: int, seed: int, window: PropertyWindow = PropertyWindow()) -> ParentRun:
        parent_smiles = Chem.MolToSmiles(parent)
        rng = random.Random(f"{seed}:{parent_smiles}")
        kekule = Chem.RWMol(parent)
        Chem.Kekulize(kekule, clearAromaticFlags=True)
        cuts = self._brics_cuts(parent)
        parent_rings = {len(r) for r in parent.GetRingInfo().AtomRings()}
        seen = {parent_smiles}
        run = ParentRun()
        edit_names = list(self.edits)
        edit_weights = [EDIT_WEIGHTS[n] for n in edit_names]
        while len(run.children) < count and run.proposals < count * MAX_ATTEMPTS_PER_CHILD:
            run.proposals += 1
            mol: Optional[Chem.RWMol] = None
            edits = rng.choices(EDIT_COUNTS, EDIT_COUNT_WEIGHTS)[0]
            if cuts and rng.random() < BRICS_SHARE:
                mol = self._brics_replace(rng.choice(cuts), rng)
                edits -= 1
            if mol is None:
                mol = Chem.RWMol(kekule)
            try:
                for _ in range(edits):
                    mol.UpdatePropertyCache(strict=False)
                    Chem.FastFindRings(mol)
                    name = rng.choices(edit_names, edit_weights)[0]
                    self.edits[name](mol, rng)
            except RuntimeError:  # an RDKit precondition an edit missed: counted with the invalid proposals (the validity figure)
                mol = None
            child = _sanitised(mol) if mol is not None else None
            if child is None:
                run.invalid += 1
                continue
            smiles = Chem.MolToSmiles(child)
            if smiles in seen:
                run.duplicates += 1
                continue
            seen.add(smiles)
            if not _acceptable(child, smiles, parent_rings):
                run.rejected += 1
                continue
            if window.bounds and not window.admits(self.window_values(child, window)):
                run.outside += 1
                continue
            run.children.append(Child(smiles, child))
        return run

    def _brics_cuts(self, parent: Chem.Mol) -> list[tuple[Chem.Mol, str]]:
        """Each BRICS bond's larger side (Kekulé, with its dummy), and the label a replacement must pair with."""
        cuts = []
        for (a, b), (la, lb) in BRICS.FindBRICSBonds(parent):
            if parent.GetBondBetweenAtoms(a, b).GetBondType() != Chem.BondType.SINGLE:
                continue
            # BRICS's own cut: the dummy on each side carries that side's environment label.
            try:
                pieces = BRICS.BreakBRICSBonds(parent, bonds=[((a, b), (la, lb))])
                frags = Chem.GetMolFrags(pieces, asMols=True)
                # Keep the side holding more of the parent.
                kept = Chem.RWMol(max(frags, key=lambda m: m.GetNumAtoms()))
                Chem.Kekulize(kept, clearAromaticFlags=True)
            except Exception:  # a side RDKit cannot sanitise alone offers no cut
                continue
            label = str(next(x.GetIsotope() for x in kept.GetAtoms() if x.GetAtomicNum() == 0))
            if self.partners.get(label):
                cuts.append((kept.GetMol(), label))
        return cuts

    def _brics_replace(self, cut: tuple[Chem.Mol, str], rng: random.Random) -> Optional[Chem.RWMol]:
        kept, label = cut
        choices = [p for p in self.partners[label] if self.fragments.get(p)]
        if not choices:
            return None
        frag = rng.choice(self.fragments[rng.choice(choices)])
        frag_kekule = Chem.RWMol(frag)
        Chem.Kekulize(frag_kekule, clearAromaticFlags=True)
        mol = Chem.RWMol(Chem.CombineMols(kept, frag_kekule))
        dummies = [a.GetIdx() for a in mol.GetAtoms() if a.GetAtomicNum() == 0]
        if len(dummies) != 2:
            return None
        ends = [mol.GetAtomWithIdx(d).GetNeighbors()[0].GetIdx() for d in dummies]
        mol.AddBond(ends[0], ends[1], Chem.BondType.SINGLE)
        for d in sorted(dummies, reverse=True):
            mol.RemoveAtom(d)
        return mol

    # ---------------------------------------------------------------- properties

    def describe(self, child: Chem.Mol, parent_fp) -> dict:
        fp = rdMolDescriptors.GetMorganFingerprintAsBitVect(child, FP_RADIUS, nBits=FP_BITS)
        sa = self.sascorer.calculateScore(child)
        pains = self.pains.has_match(child)
        # QED's own descriptors hold RDKit's MolWt and Crippen logP: computed once (PAINS and QED's alerts are most of the cost).
        qed = QED.properties(child)
        return {
            "similarity": round(DataStructs.TanimotoSimilarity(parent_fp, fp), 4),
            "qed": round(QED.qed(child, qedProperties=qed), 4),
            "sa_score": round(sa, 3),
            "mw": round(qed.MW, 2),
            "logp": round(qed.ALOGP, 3),
            "novel": not self.reference.seen(Chem.MolToSmiles(child, isomericSmiles=False)),
            "pains": pains,
            "passes_filters": not pains and sa <= SA_MAX,
        }

    def window_values(self, child: Chem.Mol, window: PropertyWindow) -> dict[str, float]:
        """The windowed properties only (QED and SA cost most), computed and rounded as ``describe`` does."""
        compute = {
            "mw": lambda: round(rdMolDescriptors._CalcMolWt(child), 2),
            "logp": lambda: round(Crippen.MolLogP(child), 3),
            "qed": lambda: round(QED.qed(child), 4),
            "sa": lambda: round(self.sascorer.calculateScore(child), 3),
        }
        return {name: compute[name]() for name in window.bounds}

    def parent_fp(self, parent: Chem.Mol):
        return rdMolDescriptors.GetMorganFingerprintAsBitVect(parent, FP_RADIUS, nBits=FP_BITS)


def _sanitised(mol: Chem.RWMol) -> Optional[Chem.Mol]:
    try:
        m = mol.GetMol()
        Chem.SanitizeMol(m)
        return m
    except Exception:
        return None


def _acceptable(mol: Chem.Mol, smiles: str, parent_rings: set[int]) -> bool:
    if "." in smiles or mol.GetNumAtoms() < MIN_HEAVY_ATOMS:
        return False
    for ring in mol.GetRingInfo().AtomRings():
        if (len(ring) < 5 or len(ring) > 8) and len(ring) not in parent_rings:
            return False
    return not mol.HasSubstructMatch(_PEROXIDE)


# -------------------------------------------------------------------- point edits
# Each edits the Kekulé RWMol in place (property cache updated by the caller) and says whether it
# changed anything. Charged and isotopic atoms, and elements outside MAX_VALENCE, are left alone.


def _editable(atom: Chem.Atom) -> bool:
    return atom.GetAtomicNum() in MAX_VALENCE and atom.GetFormalCharge() == 0 and atom.GetNumRadicalElectrons() == 0


def _bond_valence(atom: Chem.Atom) -> int:
    return int(sum(b.GetBondTypeAsDouble() for b in atom.GetBonds()))


def _free_valence(atom: Chem.Atom) -> int:
    """Hydrogens an edit may replace: what the atom's usual valence leaves beside its bonds."""
    return MAX_VALENCE[atom.GetAtomicNum()] - _bond_valence(atom) if _editable(atom) else 0


def _fresh(atom: Chem.Atom) -> None:
    """Hydrogens recomputed from the new bonds (an edited [nH] keeps no stale explicit H)."""
    atom.SetNumExplicitHs(0)
    atom.SetNoImplicit(False)


def _pick(rng: random.Random, items: list):
    return rng.choice(items) if items else None


def _edit_element(mol: Chem.RWMol, rng: random.Random) -> bool:
    atom = _pick(rng, [a for a in mol.GetAtoms() if _editable(a)])
    if atom is None:
        return False
    used = _bond_valence(atom)
    if used > MAX_VALENCE[atom.GetAtomicNum()]:
        return False  # hypervalent (a sulfonyl S): no element here would read as a drug-like group
    options = [z for z in NEW_ELEMENTS if z != atom.GetAtomicNum() and MAX_VALENCE[z] >= used]
    if not options:
        return False
    atom.SetAtomicNum(rng.choices(options, [NEW_ELEMENT_WEIGHTS[NEW_ELEMENTS.index(z)] for z in options])[0])
    _fresh(atom)
    return True


def _edit_add(mol: Chem.RWMol, rng: random.Random) -> bool:
    atom = _pick(rng, [a for a in mol.GetAtoms() if _free_valence(a) >= 1])
    if atom is None:
        return False
    if atom.GetAtomicNum() == 6 and _free_valence(atom) >= 2 and not atom.IsInRing() and rng.random() < 0.25:
        new, order = 8, Chem.BondType.DOUBLE
    else:
        new, order = rng.choices(NEW_ELEMENTS, NEW_ELEMENT_WEIGHTS)[0], Chem.BondType.SINGLE
    idx = mol.AddAtom(Chem.Atom(new))
    mol.AddBond(atom.GetIdx(), idx, order)
    _fresh(atom)
    return True


def _edit_remove(mol: Chem.RWMol, rng: random.Random) -> bool:
    if mol.GetNumAtoms() <= MIN_HEAVY_ATOMS:
        return False
    atom = _pick(rng, [a for a in mol.GetAtoms() if a.GetDegree() == 1 and _editable(a)])
    if atom is None:
        return False
    neighbour = atom.GetNeighbors()[0]
    if not _editable(neighbour):
        return False
    _fresh(neighbour)
    mol.RemoveAtom(atom.GetIdx())
    return True


def _edit_insert(mol: Chem.RWMol, rng: random.Random) -> bool:
    bond = _pick(rng, [b for b in mol.GetBonds() if b.GetBondType() == Chem.BondType.SINGLE and _editable(b.GetBeginAtom()) and _editable(b.GetEndAtom())])
    if bond is None:
        return False
    a, b = bond.GetBeginAtomIdx(), bond.GetEndAtomIdx()
    idx = mol.AddAtom(Chem.Atom(rng.choices([6, 7, 8], [6, 2, 1])[0]))
    mol.RemoveBond(a, b)
    mol.AddBond(a, idx, Chem.BondType.SINGLE)
    mol.AddBond(idx, b, Chem.BondType.SINGLE)
    return True


def _edit_contract(mol: Chem.RWMol, rng: random.Random) -> bool:
    candidates = []
    for atom in mol.GetAtoms():
        if atom.GetDegree() != 2 or not _editable(atom) or any(b.GetBondType() != Chem.BondType.SINGLE for b in atom.GetBonds()):
            continue
        n1, n2 = atom.GetNeighbors()
        if _editable(n1) and _editable(n2) and mol.GetBondBetweenAtoms(n1.GetIdx(), n2.GetIdx()) is None:
            candidates.append(atom)
    atom = _pick(rng, candidates)
    if atom is None:
        return False
    n1, n2 = (n.GetIdx() for n in atom.GetNeighbors())
    mol.AddBond(n1, n2, Chem.BondType.SINGLE)
    mol.RemoveAtom(atom.GetIdx())
    return True


def _edit_bond(mol: Chem.RWMol, rng: random.Random) -> bool:
    options = []
    for b in mol.GetBonds():
        x, y = b.GetBeginAtom(), b.GetEndAtom()
        if not (_editable(x) and _editable(y)):
            continue
        if b.GetBondType() == Chem.BondType.SINGLE and _free_valence(x) >= 1 and _free_valence(y) >= 1:
            options.append((b, Chem.BondType.DOUBLE))
        elif b.GetBondType() == Chem.BondType.DOUBLE:
            options.append((b, Chem.BondType.SINGLE))
    choice = _pick(rng, options)
    if choice is None:
        return False
    bond, order = choice
    bond.SetBondType(order)
    _fresh(bond.GetBeginAtom())
    _fresh(bond.GetEndAtom())
    return True


def _edit_ring_close(mol: Chem.RWMol, rng: random.Random) -> bool:
    free = [a.GetIdx() for a in mol.GetAtoms() if _free_valence(a) >= 1]
    if len(free) < 2:
        return False
    # force: RDKit caches the matrix on the molecule, and an earlier edit of this proposal changed it.
    dist = Chem.GetDistanceMatrix(mol, force=True)
    pairs = [(i, j) for k, i in enumerate(free) for j in free[k + 1 :] if dist[i][j] in (4, 5)]
    pair = _pick(rng, pairs)
    if pair is None:
        return False
    mol.AddBond(pair[0], pair[1], Chem.BondType.SINGLE)
    _fresh(mol.GetAtomWithIdx(pair[0]))
    _fresh(mol.GetAtomWithIdx(pair[1]))
    return True


def _edit_ring_open(mol: Chem.RWMol, rng: random.Random) -> bool:
    bond = _pick(rng, [b for b in mol.GetBonds() if b.IsInRing() and b.GetBondType() == Chem.BondType.SINGLE and _editable(b.GetBeginAtom()) and _editable(b.GetEndAtom())])
    if bond is None:
        return False
    a, b = bond.GetBeginAtom(), bond.GetEndAtom()
    _fresh(a)
    _fresh(b)
    mol.RemoveBond(a.GetIdx(), b.GetIdx())
    return True
