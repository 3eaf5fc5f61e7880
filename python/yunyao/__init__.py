"""Yunyao compute steps: small command-line programs run by the task worker.

Each program is started as ``python -m yunyao.<name>`` inside the task's
scratch directory.  On failure it writes one last stderr line starting with
``YUNYAO_ERROR: `` (the reason shown to the user) and exits non-zero.
"""

__all__ = ["common"]
