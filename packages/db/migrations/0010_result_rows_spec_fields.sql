-- Result rows carry the spec's task output row (ID, SMILES, Kd, affinity, score: issue 29, defect 7).
-- Rows stored before are given the same names, so the result views, the workflow replay and
-- GET /api/tasks/output read one shape (@yunyao/contract result-rows.ts). Each statement touches
-- only rows still in the old shape, so running it again changes nothing.
-- 3D affinity: id, smiles, pk, kd_m (M), vina_score -> ID, SMILES, affinity (pK), Kd (nM), score (Vina).
UPDATE "task_rows" AS r SET "row" = (r."row" - 'id' - 'smiles' - 'pk' - 'kd_m' - 'vina_score') || jsonb_build_object(
  'ID', r."row"->'id',
  'SMILES', r."row"->'smiles',
  'affinity', r."row"->'pk',
  'Kd', CASE WHEN jsonb_typeof(r."row"->'kd_m') = 'number' THEN to_jsonb(((r."row"->>'kd_m')::numeric * 1000000000)::float8) ELSE 'null'::jsonb END,
  'score', r."row"->'vina_score')
FROM "tasks" AS t WHERE t."id" = r."task_id" AND t."module" = 'sign' AND r."row" ? 'pk';--> statement-breakpoint
-- 2D affinity: id, smiles, kd_nm -> ID, SMILES, Kd (nM).
UPDATE "task_rows" AS r SET "row" = (r."row" - 'id' - 'smiles' - 'kd_nm') || jsonb_build_object(
  'ID', r."row"->'id',
  'SMILES', r."row"->'smiles',
  'Kd', r."row"->'kd_nm')
FROM "tasks" AS t WHERE t."id" = r."task_id" AND t."module" = 'graph_dta' AND r."row" ? 'kd_nm';--> statement-breakpoint
-- ADMET keeps name and Smiles (the spec's ADMET molecule data, read by its detail and filter) and gains ID and SMILES.
UPDATE "task_rows" AS r SET "row" = r."row" || jsonb_build_object('ID', r."row"->'name', 'SMILES', r."row"->'Smiles')
FROM "tasks" AS t WHERE t."id" = r."task_id" AND t."module" = 'admet' AND NOT r."row" ? 'ID';--> statement-breakpoint
-- Workflow summary rows: name -> ID.
UPDATE "task_rows" AS r SET "row" = (r."row" - 'name') || jsonb_build_object('ID', r."row"->'name')
FROM "tasks" AS t WHERE t."id" = r."task_id" AND t."module" = 'group' AND r."row" ? 'name';
