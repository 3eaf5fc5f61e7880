-- The three range indexes carry INCLUDE (the other descriptors) so a count runs as an index-only scan;
-- drizzle-kit cannot express INCLUDE, so it was added to the generated SQL by hand (see schema.ts).
CREATE TABLE "library_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"file_path" text NOT NULL,
	"file_size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"records_done" integer DEFAULT 0 NOT NULL,
	"accepted" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"rejected_samples" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_molecules" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"source" text NOT NULL,
	"name" text NOT NULL,
	"smiles" text NOT NULL,
	"tpsa" double precision NOT NULL,
	"logp" double precision NOT NULL,
	"n_ring" smallint NOT NULL,
	"n_rot" smallint NOT NULL,
	"mw" double precision NOT NULL,
	"hbd" smallint NOT NULL,
	"hba" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "library_molecules" ADD CONSTRAINT "library_molecules_import_id_library_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."library_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "library_imports_source_sha_uq" ON "library_imports" USING btree ("source","sha256");--> statement-breakpoint
CREATE INDEX "library_molecules_source_tpsa_idx" ON "library_molecules" USING btree ("source","tpsa") INCLUDE ("logp","mw","n_ring","n_rot","hbd","hba");--> statement-breakpoint
CREATE INDEX "library_molecules_source_mw_idx" ON "library_molecules" USING btree ("source","mw") INCLUDE ("tpsa","logp","n_ring","n_rot","hbd","hba");--> statement-breakpoint
CREATE INDEX "library_molecules_source_logp_idx" ON "library_molecules" USING btree ("source","logp") INCLUDE ("tpsa","mw","n_ring","n_rot","hbd","hba");--> statement-breakpoint
CREATE INDEX "library_molecules_import_idx" ON "library_molecules" USING btree ("import_id");