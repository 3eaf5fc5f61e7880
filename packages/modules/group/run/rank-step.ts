import type { StepScore, WorkflowStepSpec } from '../../shared/workflow-step.ts';

type Row = Record<string, unknown>;

/** A molecule of a finished step: its best row, and the row's score (null where an ordered step's row has none). */
export interface RankedMolecule {
  name: string;
  row: Row;
  score: number | null;
}

/** A row's score: docking keeps one per pose, best first. */
function scoreOf(row: Row, score: StepScore): number | null {
  const raw = row[score.column];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

const better = (score: StepScore) => (a: number, b: number) => (score.better === 'higher' ? b - a : a - b);

/**
 * A finished step's molecules best first, each once, from its result rows in their stored order:
 * only those still in the running (`allowed`; null: every one), never an error row. A step whose
 * score says `order: 'rows'` has already ranked its rows, so each molecule's first row is its best
 * and the order stands, with or without a score; otherwise each molecule's best row by the score's
 * column, those without one dropped, ties in row order.
 */
export function rankStep(rows: readonly Row[], spec: Pick<WorkflowStepSpec, 'score' | 'nameColumn'>, allowed: ReadonlySet<string> | null): RankedMolecule[] {
  const ordered = spec.score.order === 'rows';
  const compare = better(spec.score);
  const best = new Map<string, RankedMolecule>();
  for (const row of rows) {
    const name = String(row[spec.nameColumn] ?? '');
    if (!name || row.error || (allowed && !allowed.has(name))) continue;
    const score = scoreOf(row, spec.score);
    const previous = best.get(name);
    if (ordered) {
      if (!previous) best.set(name, { name, row, score });
    } else if (score !== null && (previous === undefined || compare(score, previous.score!) < 0)) {
      best.set(name, { name, row, score });
    }
  }
  const ranked = [...best.values()];
  return ordered ? ranked : ranked.sort((a, b) => compare(a.score!, b.score!));
}
