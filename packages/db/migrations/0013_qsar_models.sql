CREATE TABLE "qsar_models" (
	"task_id" bigint PRIMARY KEY NOT NULL,
	"name" text,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "qsar_models" ADD CONSTRAINT "qsar_models_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;