"""The score histogram every scoring step writes (``statis.json`` or a summary's ``histogram``): docking,
3D and 2D affinity, free energy and the pharmacophore screen, so the platform's one score chart reads them all."""

from __future__ import annotations

HIST_BINS = 10


def histogram(values: list[float], total: int, bins: int = HIST_BINS) -> dict:
    """10 equal bins from min to max; ``interval`` holds the 11 bin edges (in the scores' unit, 3 decimals)."""
    if not values:
        return {"min_score": None, "max_score": None, "valid_count": 0, "total_count": total, "count": [0] * bins, "interval": []}
    lo, hi = min(values), max(values)
    if hi - lo < 1e-9:
        lo, hi = lo - 0.5, hi + 0.5
    width = (hi - lo) / bins
    count = [0] * bins
    for v in values:
        count[min(bins - 1, int((v - lo) / width))] += 1
    return {
        "min_score": min(values),
        "max_score": max(values),
        "valid_count": len(values),
        "total_count": total,
        "count": count,
        "interval": [round(lo + i * width, 3) for i in range(bins + 1)],
    }
