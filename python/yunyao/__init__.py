"""Yunyao compute steps: small command-line programs run by the task worker.

Each program is started as ``python -m yunyao.<name>`` inside the task's
scratch directory.  On failure it writes one last stderr line starting with
``YUNYAO_ERROR: `` (the reason shown to the user; ``YUNYAO_INPUT_ERROR: `` when it refuses
the user's input before any real work, which is not charged) and exits non-zero.
"""

__all__ = ["common"]
