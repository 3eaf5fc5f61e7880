"""The affinity network: a DeepDTA-style 1D CNN over the sequence, an MLP over the fingerprint, joined by an MLP.

Sized for training on two CPU cores: each batch encodes each of its distinct proteins once
(Davis has 442 proteins, KIBA 229), so the sequence CNN costs per protein, not per pair.
"""

from __future__ import annotations

import torch
from torch import nn

from .encoding import FINGERPRINT_BITS, VOCABULARY

DEFAULT_PARAMS = {"embed": 32, "filters": 32, "kernel": 8, "ligand_hidden": 256, "joint_hidden": 512, "dropout": 0.1}


class ProteinEncoder(nn.Module):
    def __init__(self, embed: int, filters: int, kernel: int) -> None:
        super().__init__()
        self.embed = nn.Embedding(VOCABULARY, embed, padding_idx=0)
        self.conv = nn.Sequential(
            nn.Conv1d(embed, filters, kernel), nn.ReLU(),
            nn.Conv1d(filters, filters * 2, kernel), nn.ReLU(),
            nn.Conv1d(filters * 2, filters * 3, kernel), nn.ReLU(),
        )
        self.out_features = filters * 3

    def forward(self, residues: torch.Tensor) -> torch.Tensor:
        hidden = self.conv(self.embed(residues).transpose(1, 2))
        return hidden.max(dim=2).values


class AffinityNet(nn.Module):
    def __init__(self, embed: int, filters: int, kernel: int, ligand_hidden: int, joint_hidden: int, dropout: float) -> None:
        super().__init__()
        self.protein = ProteinEncoder(embed, filters, kernel)
        self.ligand = nn.Sequential(nn.Linear(FINGERPRINT_BITS, ligand_hidden), nn.ReLU(), nn.Dropout(dropout), nn.Linear(ligand_hidden, 128), nn.ReLU())
        self.head = nn.Sequential(
            nn.Linear(self.protein.out_features + 128, joint_hidden), nn.ReLU(), nn.Dropout(dropout),
            nn.Linear(joint_hidden, joint_hidden // 2), nn.ReLU(), nn.Dropout(dropout),
            nn.Linear(joint_hidden // 2, 1),
        )

    def forward(self, proteins: torch.Tensor, protein_of_pair: torch.Tensor, ligands: torch.Tensor) -> torch.Tensor:
        """``proteins``: the batch's distinct sequences; ``protein_of_pair``: which of them each pair uses."""
        return self.score(self.protein(proteins), protein_of_pair, ligands)

    def score(self, encoded_proteins: torch.Tensor, protein_of_pair: torch.Tensor, ligands: torch.Tensor) -> torch.Tensor:
        """The head alone, for callers that encoded each protein once for many pairs."""
        return self.head(torch.cat([encoded_proteins[protein_of_pair], self.ligand(ligands)], dim=1)).squeeze(1)
