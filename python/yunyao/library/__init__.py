"""The molecule library (not a compute module): ``descriptors`` computes the import's per-record columns,
``flags`` the PAINS/metal flags and pattern fingerprints, ``substructure`` the exact match after the
server's SQL screen. The server's library commands and search run them (apps/server)."""
