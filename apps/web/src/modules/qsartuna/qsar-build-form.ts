import type { QsarTable } from '@yunyao/contract';
import { QSAR_ALGORITHMS, QSAR_DEFAULTS, type QsarMode } from '@yunyao/modules/forms/qsartuna';
import type { PickedFiles } from '../../components/module-page/picked-files.ts';

export type QsarColumn = QsarTable['columns'][number];
export type TableSource = 'file' | 'cos';

/** The columns and mode the form sends; null until chosen (or proposed). */
export interface ColumnChoice {
  smiles_col: string | null;
  labels_col: string | null;
  mode: QsarMode | null;
}

export const NO_CHOICE: ColumnChoice = { smiles_col: null, labels_col: null, mode: null };

/** Mirrors python/yunyao/qsar/inspect.py `mode_of`: two values classify, a numeric column of more regresses. */
const NUMERIC_LABEL_SHARE = 0.95;

export function modeOfColumn(column: QsarColumn | undefined): QsarMode | null {
  if (!column) return null;
  if (column.distinct === 2) return 'classification';
  if (column.numeric >= NUMERIC_LABEL_SHARE && column.distinct > 2) return 'regression';
  return null;
}

/** What the server proposed for a freshly read table. */
export const proposedChoice = (table: QsarTable): ColumnChoice => ({ smiles_col: table.smiles_col, labels_col: table.labels_col, mode: table.mode });

/** A new label column brings the mode its values suggest; a column that suggests none keeps the mode chosen. */
export function withLabelColumn(choice: ColumnChoice, table: QsarTable | undefined, labels_col: string): ColumnChoice {
  const mode = modeOfColumn(table?.columns.find((c) => c.name === labels_col));
  return { ...choice, labels_col, mode: mode ?? choice.mode };
}

/**
 * Which table the form holds, as a key for its inspect call: the chosen source's file (an upload by
 * name, size and date; a data-center file by id), null when that source has none.
 */
export function tableKey(source: TableSource, files: PickedFiles): string | null {
  if (source === 'file') {
    const f = files.uploads[0];
    return f ? `upload:${f.name}:${f.size}:${f.lastModified}` : null;
  }
  const d = files.dataCenter[0];
  return d ? `cos:${d.id}` : null;
}

/** The algorithms ticked per mode: each mode keeps its own ticks while the user switches between them. */
export type AlgorithmTicks = Record<QsarMode, string[]>;
export const DEFAULT_ALGORITHM_TICKS: AlgorithmTicks = { classification: [...QSAR_DEFAULTS.algorithms.classification], regression: [...QSAR_DEFAULTS.algorithms.regression] };

/** The algorithms the chosen mode offers (none before a mode is chosen). */
export const algorithmsFor = (mode: QsarMode | null): readonly string[] => (mode ? QSAR_ALGORITHMS[mode] : []);

export interface BuildFormState {
  source: TableSource;
  choice: ColumnChoice;
  descriptors: string[];
  algorithms: AlgorithmTicks;
  trials: number | null;
  timeBudget: number | null;
  seed: number | null;
  name: string;
}

/**
 * The form's fields as the schema reads them (and the server receives them): absent values stay
 * empty so the schema names what is missing instead of a default standing in silently.
 */
export function buildParams(state: BuildFormState): Record<string, string | string[]> {
  const { choice } = state;
  const params: Record<string, string | string[]> = {
    mole_type: state.source,
    mode: choice.mode ?? '',
    smiles_col: choice.smiles_col ?? '',
    labels_col: choice.labels_col ?? '',
    descriptors: state.descriptors,
    algorithms: choice.mode ? state.algorithms[choice.mode] : [],
    trials: state.trials === null ? '' : String(state.trials),
    time_budget: state.timeBudget === null ? '' : String(state.timeBudget),
    seed: state.seed === null ? '' : String(state.seed),
  };
  const name = state.name.trim();
  if (name) params.name = name;
  return params;
}

/** The params as form fields, lists as repeated fields (the schema also takes them comma-joined). */
export function appendParams(body: FormData, params: Record<string, string | string[]>): void {
  for (const [key, value] of Object.entries(params)) {
    if (Array.isArray(value)) for (const item of value) body.append(key, item);
    else body.set(key, value);
  }
}
