"""Helpers of bench/pharmer.py: the DUD-E sets, the enrichment metrics, the Vina arm."""
