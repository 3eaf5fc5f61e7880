-- Hand-written (drizzle-kit generate --custom): structure search with the RDKit cartridge, on PostgreSQL servers
-- that have it. Where the cartridge is missing (PGlite) or cannot be created (no privilege, an incompatible build),
-- the block creates nothing and structure search stays off, so the same migration runs everywhere. For the same
-- reason library_structures is not in schema.ts (drizzle-kit would create it unconditionally); it is queried with
-- raw SQL, and EXECUTE keeps the rdkit types out of the block's parse on databases without them.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'rdkit') THEN
    RETURN;
  END IF;
  BEGIN
    CREATE EXTENSION IF NOT EXISTS rdkit;
  EXCEPTION WHEN OTHERS THEN
    RAISE WARNING 'rdkit extension not created, structure search stays off: %', SQLERRM;
    RETURN;
  END;
  EXECUTE 'CREATE TABLE library_structures (
    molecule_id bigint PRIMARY KEY REFERENCES library_molecules (id) ON DELETE CASCADE,
    mol mol NOT NULL,
    mfp bfp NOT NULL
  )';
  -- mol_from_smiles answers NULL (with a warning) for a SMILES the cartridge cannot parse; such molecules are
  -- left out of structure search only.
  EXECUTE 'INSERT INTO library_structures (molecule_id, mol, mfp)
    SELECT id, m, morganbv_fp(m, 2) FROM (SELECT id, mol_from_smiles(smiles::cstring) AS m FROM library_molecules) s
    WHERE m IS NOT NULL';
  EXECUTE 'CREATE INDEX library_structures_mol_idx ON library_structures USING gist (mol)';
  EXECUTE 'CREATE INDEX library_structures_mfp_idx ON library_structures USING gist (mfp)';
END $$;
