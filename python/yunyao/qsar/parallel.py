"""Independent fits side by side, each on its share of the build's threads.

A fit on a few thousand molecules is thousands of short parallel regions (xgboost's trees, BLAS calls)
that keep a second thread mostly waiting at barriers, the more so since steps run with
``OMP_WAIT_POLICY=PASSIVE`` (docs/operations.md); independent fits (the five folds of a trial, the
development and production models) keep every core busy instead. A build of 1,200 molecules on 2 cores
went from 44 s to 25 s, the tests' 60 molecules from 16.5 s to 4.2 s (docs/models/qsar.md, "Speed").
Each fit is the one it would be alone (same seed and parameters): only the thread count differs, which
does not change what xgboost or scikit-learn learn.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Callable, Sequence, TypeVar

T = TypeVar("T")


def side_by_side(jobs: Sequence[Callable[[int], T]], threads: int) -> list[T]:
    """Each job's result, in order; a job is called with the number of threads it may use."""
    from threadpoolctl import threadpool_limits

    workers = max(1, min(threads, len(jobs)))
    per_job = max(1, threads // workers)
    # Threads, not processes: the fits spend their time in native code that releases the GIL (xgboost,
    # scikit-learn's trees and solvers, BLAS), and nothing is copied. BLAS is held to each job's share.
    with threadpool_limits(limits=per_job, user_api="blas"), ThreadPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(lambda job: job(per_job), jobs))
