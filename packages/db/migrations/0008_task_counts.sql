CREATE TABLE "task_counts" (
	"user_id" integer NOT NULL,
	"module" text NOT NULL,
	"state" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "task_counts_user_id_module_state_pk" PRIMARY KEY("user_id","module","state")
);
--> statement-breakpoint
ALTER TABLE "task_counts" ADD CONSTRAINT "task_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_parent_idx" ON "tasks" USING btree ("parent_id") WHERE "tasks"."parent_id" is not null;--> statement-breakpoint
-- Hand-written from here on: the triggers that keep task_counts exact, and its backfill.
-- Statement-level triggers with transition tables, so a statement that writes many tasks (an account's
-- closure, a bench's seeding) moves each counter once rather than once per row. An update that changes
-- no counted column (heartbeats, progress, results) nets to nothing and writes no counter. Counters are
-- upserted in key order so that two transactions moving tasks of the same user lock them in the same
-- order. A deletion only decrements: when a user row itself is deleted, the cascade may already have
-- removed its counters, and an upsert would then try to recreate them for a user that is gone.
CREATE FUNCTION task_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO task_counts AS c (user_id, module, state, n)
      SELECT user_id, module, state, count(*) FROM added WHERE parent_id IS NULL
      GROUP BY user_id, module, state ORDER BY user_id, module, state
      ON CONFLICT (user_id, module, state) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO task_counts AS c (user_id, module, state, n)
      SELECT user_id, module, state, sum(delta) FROM (
        SELECT user_id, module, state, 1 AS delta FROM added WHERE parent_id IS NULL
        UNION ALL
        SELECT user_id, module, state, -1 AS delta FROM removed WHERE parent_id IS NULL
      ) moved
      GROUP BY user_id, module, state HAVING sum(delta) <> 0 ORDER BY user_id, module, state
      ON CONFLICT (user_id, module, state) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    UPDATE task_counts c SET n = c.n - gone.n
      FROM (SELECT user_id, module, state, count(*) AS n FROM removed WHERE parent_id IS NULL GROUP BY user_id, module, state) gone
      WHERE c.user_id = gone.user_id AND c.module = gone.module AND c.state = gone.state;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER task_counts_on_insert AFTER INSERT ON tasks REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION task_counts_track();
--> statement-breakpoint
CREATE TRIGGER task_counts_on_update AFTER UPDATE ON tasks REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION task_counts_track();
--> statement-breakpoint
CREATE TRIGGER task_counts_on_delete AFTER DELETE ON tasks REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION task_counts_track();
--> statement-breakpoint
-- After the triggers: creating them locked tasks against writes, so no task is missed or counted twice.
INSERT INTO task_counts (user_id, module, state, n)
  SELECT user_id, module, state, count(*) FROM tasks WHERE parent_id IS NULL GROUP BY user_id, module, state;
