-- The count index that replaces (source, tpsa) carries INCLUDE (the other descriptors) so a count runs as an
-- index-only scan; drizzle-kit cannot express INCLUDE, so it was added to the generated SQL by hand (see schema.ts).
DROP INDEX "library_molecules_source_tpsa_idx";--> statement-breakpoint
CREATE INDEX "library_molecules_source_ring_rot_tpsa_idx" ON "library_molecules" USING btree ("source","n_ring","n_rot","tpsa") INCLUDE ("logp","mw","hbd","hba");
