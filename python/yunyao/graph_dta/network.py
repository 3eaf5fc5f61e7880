"""The affinity network: ligand fingerprint MLP + protein 1D-CNN (DeepDTA-style) joined by an MLP.

Proteins are encoded once per distinct sequence in a batch (``forward`` takes the batch's unique
proteins and an index per pair): a batch holds a few proteins and many ligands, and the CNN over
1,200 residues is nearly all of the cost on CPU.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

import torch
from torch import nn

from .featurise import FINGERPRINT_BITS, RESIDUE_VOCABULARY


@dataclass(frozen=True)
class NetworkShape:
    embedding: int = 64
    filters: tuple[int, int, int] = (32, 64, 96)
    kernel: int = 8
    ligand_hidden: int = 256
    ligand_out: int = 128
    head: tuple[int, int] = (512, 256)
    dropout: float = 0.1

    def as_json(self) -> dict[str, object]:
        return asdict(self)


class ProteinEncoder(nn.Module):
    def __init__(self, shape: NetworkShape) -> None:
        super().__init__()
        self.embed = nn.Embedding(RESIDUE_VOCABULARY, shape.embedding, padding_idx=0)
        layers: list[nn.Module] = []
        channels = shape.embedding
        for width in shape.filters:
            layers += [nn.Conv1d(channels, width, shape.kernel), nn.ReLU()]
            channels = width
        self.convs = nn.Sequential(*layers)
        self.out_features = channels

    def forward(self, codes: torch.Tensor) -> torch.Tensor:
        x = self.embed(codes).transpose(1, 2)  # (proteins, embedding, length)
        return self.convs(x).amax(dim=2)


class AffinityNetwork(nn.Module):
    def __init__(self, shape: NetworkShape) -> None:
        super().__init__()
        self.protein = ProteinEncoder(shape)
        self.ligand = nn.Sequential(
            nn.Linear(FINGERPRINT_BITS, shape.ligand_hidden),
            nn.ReLU(),
            nn.Dropout(shape.dropout),
            nn.Linear(shape.ligand_hidden, shape.ligand_out),
            nn.ReLU(),
        )
        joined = shape.ligand_out + self.protein.out_features
        self.head = nn.Sequential(
            nn.Linear(joined, shape.head[0]),
            nn.ReLU(),
            nn.Dropout(shape.dropout),
            nn.Linear(shape.head[0], shape.head[1]),
            nn.ReLU(),
            nn.Dropout(shape.dropout),
            nn.Linear(shape.head[1], 1),
        )

    def forward(self, fingerprints: torch.Tensor, protein_codes: torch.Tensor, protein_index: torch.Tensor) -> torch.Tensor:
        """``protein_codes``: the batch's distinct proteins; ``protein_index[i]``: pair i's row in it."""
        proteins = self.protein(protein_codes)[protein_index]
        return self.head(torch.cat([self.ligand(fingerprints), proteins], dim=1)).squeeze(1)


class AffinityEnsemble(nn.Module):
    """The mean of networks trained alike from different seeds: each member's idiosyncratic errors
    partly cancel, so rankings are steadier than any one member's (measured in docs/models/affinity-2d.md)."""

    def __init__(self, shape: NetworkShape, members: int) -> None:
        super().__init__()
        self.members = nn.ModuleList(AffinityNetwork(shape) for _ in range(members))

    def forward(self, fingerprints: torch.Tensor, protein_codes: torch.Tensor, protein_index: torch.Tensor) -> torch.Tensor:
        return torch.stack([m(fingerprints, protein_codes, protein_index) for m in self.members]).mean(dim=0)
