"""The fragment-assembly search (``--method=fragments``): fragments picked for the sequence
(fragments.py), decoys assembled by Monte Carlo in batches (assembly.py), the best-scoring half
clustered on the backbone, the best decoy of each of the largest clusters given side chains and
hydrogens (PDBFixer) and refined in implicit solvent (a short, mild annealing cycle of annealing.py
ending in a minimisation, backbone restrained), the models ranked by decoy cluster size (how many
independent assemblies reached the shape), then by refined energy.

Checkpoints: each decoy batch and each refined model is one file under the checkpoint folder, named
by a hash of the sequence, every setting and the fragment library, so a restart redoes only what is
missing and ends with exactly the uninterrupted result. Every random number comes from
SeedSequence(seed, batch) or (seed, model).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import tempfile
from dataclasses import dataclass

import mdtraj
import numpy as np
import openmm
from openmm import app, unit

from ..common import write_json
from .annealing import Settings, save_cycle, stable_cycle
from .assembly import Schedule, assemble, keep_freed_memory
from .chain import backbone_coordinates, backbone_pdb, build_peptide
from .clustering import Cluster, cluster_snapshots
from .fraglib import LIBRARY_PATH
from .fragments import pick
from .models import Model
from .sampling import run_parallel
from .simulation import KJ_PER_KCAL, create_system, make_context, minimise, positions_nm

FRAGMENT_SIZES = (9, 3)
BATCH = 50  # decoys assembled together (one checkpoint file, one random stream)
KEPT_FRACTION = 0.5  # best-scoring share of the decoys that is clustered
# Refinement keeps the assembled backbone: in ff14SB/OBC2 an unrestrained assembled chignolin hairpin
# opens within 10 ps at 300 K (measured), the helix/compact bias of this force field and solvent, so
# the solvent model relaxes side chains and hydrogens around a held backbone (N, CA, C; 1 Å off costs
# 25 kJ/mol per atom), as Rosetta's coordinate-constrained relax does. 1000 kJ/mol/nm2 let the
# hairpin's strands drift out of DSSP's H-bond criteria (0.5 Å CA RMSD, same fold); 5000 keeps them.
RESTRAINT_KJ_PER_NM2 = 5000.0
RESTRAINT_GROUP = 1


@dataclass(frozen=True)
class FragmentSettings:
    decoys: int
    steps: int
    picks: int
    start_temperature: float
    end_temperature: float
    refine: int
    refine_heat_ps: float
    refine_cool_ps: float
    refine_sample_ps: float
    refine_temperature: float
    timestep_fs: float
    solvent: str
    seed: int

    def key(self, sequence: str) -> str:
        with open(LIBRARY_PATH, "rb") as fh:
            library = hashlib.sha256(fh.read()).hexdigest()
        text = json.dumps({**dataclasses.asdict(self), "sequence": sequence, "library": library}, sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:12]

    def batches(self) -> int:
        return -(-self.decoys // BATCH)

    def refinement(self) -> Settings:
        """One mild annealing cycle (refine_temperature -> 300 K) per model, one snapshot, then minimised."""
        return Settings(
            replicas=self.refine, cycles=1, heat_ps=self.refine_heat_ps, anneal_ps=self.refine_cool_ps,
            sample_ps=self.refine_sample_ps, snapshots=1, high_temperature=self.refine_temperature,
            low_temperature=300.0, timestep_fs=self.timestep_fs, solvent=self.solvent, seed=self.seed,
        )


def batch_path(folder: str, batch: int) -> str:
    return os.path.join(folder, f"decoys_{batch:03d}.npz")


def refined_path(folder: str, model: int) -> str:
    return os.path.join(folder, f"refined_{model:03d}.npz")


def run_batch(sequence: str, folder: str, settings: FragmentSettings, batch: int) -> None:
    keep_freed_memory()
    size = min(BATCH, settings.decoys - batch * BATCH)
    # longest first; a peptide shorter than a size uses fragments of its own length instead
    sizes = sorted({min(k, len(sequence)) for k in FRAGMENT_SIZES}, reverse=True)
    fragments = [pick(sequence, k, settings.picks) for k in sizes]
    rng = np.random.default_rng(np.random.SeedSequence([settings.seed, batch]))
    schedule = Schedule(settings.steps, settings.start_temperature, settings.end_temperature)
    phi, psi, score = assemble(sequence, fragments, size, schedule, rng)
    save_cycle(batch_path(folder, batch), {"phi": phi, "psi": psi, "score": score})


def load_decoys(folder: str, settings: FragmentSettings) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    data = [np.load(batch_path(folder, b)) for b in range(settings.batches())]
    return tuple(np.concatenate([d[name] for d in data]) for name in ("phi", "psi", "score"))


def backbone_topology(sequence: str) -> mdtraj.Topology:
    with tempfile.NamedTemporaryFile("w", suffix=".pdb", delete=False) as fh:
        fh.write(backbone_pdb(sequence))
    try:
        return mdtraj.load_pdb(fh.name).topology
    finally:
        os.unlink(fh.name)


def choose(sequence: str, phi: np.ndarray, psi: np.ndarray, score: np.ndarray, settings: FragmentSettings,
           cutoff: float) -> tuple[list[Cluster], list[int], int]:
    """Clusters of the best-scoring decoys (all of them, largest first, members as decoy indices), the
    best decoy of each of the ``refine`` largest, and the number of decoys clustered."""
    kept = np.argsort(score, kind="stable")[: max(1, int(round(len(score) * KEPT_FRACTION)))]
    xyz = backbone_coordinates(phi[kept], psi[kept]).reshape(len(kept), -1, 3) / 10.0
    clusters = cluster_snapshots(mdtraj.Trajectory(xyz, backbone_topology(sequence)), cutoff)
    clusters = [Cluster(members=[int(kept[m]) for m in c.members], medoid=int(kept[c.medoid])) for c in clusters]
    representatives = [min(c.members, key=lambda m: (score[m], m)) for c in clusters[: settings.refine]]
    return clusters, representatives, len(kept)


def restrain_backbone(system: openmm.System, topology: app.Topology, positions_nm: np.ndarray) -> None:
    """Harmonic restraints (force group 1) holding N, CA and C at the assembled positions."""
    force = openmm.CustomExternalForce("0.5*k*((x-x0)^2+(y-y0)^2+(z-z0)^2)")
    force.addGlobalParameter("k", RESTRAINT_KJ_PER_NM2)
    for name in ("x0", "y0", "z0"):
        force.addPerParticleParameter(name)
    for atom in topology.atoms():
        if atom.name in ("N", "CA", "C"):
            force.addParticle(atom.index, list(positions_nm[atom.index]))
    force.setForceGroup(RESTRAINT_GROUP)
    system.addForce(force)


def refine_one(sequence: str, folder: str, settings: FragmentSettings, model: int, phi: np.ndarray, psi: np.ndarray) -> None:
    """Side chains and hydrogens (PDBFixer), then the refinement cycle with the backbone restrained to
    the assembled decoy; the energy saved is the force field + solvent energy without the restraints."""
    topology, positions = build_peptide(sequence, phi, psi)
    start = np.array(positions.value_in_unit(unit.nanometer))
    system = create_system(topology, settings.solvent)
    restrain_backbone(system, topology, start)
    context = make_context(system, 300.0, 1.0, 1)
    context.setPositions(start)
    minimise(context)
    result = stable_cycle(system, positions_nm(context), settings.refinement(), model, 0)
    context.setPositions(result["end_nm"])
    state = context.getState(getEnergy=True, groups={0})
    energy = state.getPotentialEnergy().value_in_unit(unit.kilojoule_per_mole) / KJ_PER_KCAL
    save_cycle(refined_path(folder, model), {"end_nm": result["end_nm"], "end_energy": np.array(energy)})


def fragment_search(sequence: str, folder: str, settings: FragmentSettings, cpu: int, progress_path: str,
                    cutoff: float, count: int) -> tuple[app.Topology, list[Model], list[float], dict[str, object]]:
    """The refined models (best energy first, at most ``count``), their topology, each model's coarse
    score before refinement and what the summary reports."""
    refine = settings.refine
    total = settings.batches() + refine

    def report() -> int:
        done = sum(os.path.exists(batch_path(folder, b)) for b in range(settings.batches()))
        done += sum(os.path.exists(refined_path(folder, m)) for m in range(refine))
        write_json(progress_path, {"done": done, "total": total, "unit": "steps"})
        return done

    report()
    missing = [b for b in range(settings.batches()) if not os.path.exists(batch_path(folder, b))]
    if missing:
        run_parallel([(run_batch, (sequence, folder, settings, b)) for b in missing], cpu, report)
    phi, psi, score = load_decoys(folder, settings)
    clusters, representatives, clustered = choose(sequence, phi, psi, score, settings, cutoff)
    missing = [m for m in range(len(representatives)) if not os.path.exists(refined_path(folder, m))]
    if missing:
        run_parallel([(refine_one, (sequence, folder, settings, m, phi[representatives[m]], psi[representatives[m]])) for m in missing], cpu, report)
    write_json(progress_path, {"done": total, "total": total, "unit": "steps"})
    topology, _ = build_peptide(sequence)
    models = []
    for m, representative in enumerate(representatives):
        data = np.load(refined_path(folder, m))
        model = Model(cluster=clusters[m], positions_nm=data["end_nm"], energy_kcal=float(data["end_energy"]))
        models.append((model, float(score[representative])))
    models.sort(key=lambda pair: (-len(pair[0].cluster.members), pair[0].energy_kcal))
    facts = {"decoys": int(len(score)), "decoys_clustered": clustered, "clusters": len(clusters), "models_refined": len(representatives)}
    return topology, [m for m, _ in models[:count]], [s for _, s in models[:count]], facts
