import type { GenerateRow } from '@yunyao/modules/forms/generate';

/** One input molecule as the step's summary describes it (`summary.parents`). */
export interface GenerateParent {
  id: string;
  smiles: string;
  error?: string | null;
  children: number;
  qed?: number;
  sa_score?: number;
  mw?: number;
  logp?: number;
}

/** An input molecule with its children, in input order; one whose SMILES could not be read has none and its reason. */
export interface ParentGroup {
  id: string;
  smiles: string;
  error: string | null;
  parent?: GenerateParent;
  children: GenerateRow[];
}

/**
 * The rows grouped under their parents, in the order the step wrote them (input order, each
 * parent's children closest first). `passingOnly` keeps the children that pass the filters.
 */
export function groupByParent(rows: readonly GenerateRow[], parents: readonly GenerateParent[], passingOnly: boolean): ParentGroup[] {
  const groups = new Map<string, ParentGroup>();
  const described = new Map(parents.map((p) => [p.id, p]));
  for (const row of rows) {
    let group = groups.get(row.parent_id);
    if (!group) {
      const parent = described.get(row.parent_id);
      group = { id: row.parent_id, smiles: parent?.smiles ?? row.parent_smiles, error: null, parent, children: [] };
      groups.set(row.parent_id, group);
    }
    if (row.error) group.error = row.error;
    else if (!passingOnly || row.passes_filters) group.children.push(row);
  }
  return [...groups.values()];
}

/** The SMILES to copy: the selected children's, or every shown child's when none is selected, one per line. */
export function smilesToCopy(groups: readonly ParentGroup[], selected: ReadonlySet<string>): string {
  const children = groups.flatMap((g) => g.children);
  const picked = selected.size ? children.filter((c) => selected.has(c.ID)) : children;
  return picked.map((c) => `${c.SMILES} ${c.ID}`).join('\n');
}
