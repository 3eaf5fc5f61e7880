ALTER TABLE "library_molecules" ADD COLUMN "has_metal" boolean;--> statement-breakpoint
ALTER TABLE "library_molecules" ADD COLUMN "pains" text;--> statement-breakpoint
ALTER TABLE "library_molecules" ADD COLUMN "pattern_fp" bit varying;