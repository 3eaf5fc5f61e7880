import { ApiError, errors, moleQuerySchema } from '@yunyao/contract';
import { resolveMoleQuery } from '@yunyao/db';
import {
  MOLE_QUERY_EMPTY,
  moleculeSourceProblem,
  proteinSourceProblem,
  TYPED_MOLECULES_FILE_NAME,
  typedMoleculesCsv,
  typedSmiles,
  type FileFieldSpec,
  type ModuleDefinition,
  type MoleculeSourceType,
  type ProteinSourceType,
} from '@yunyao/modules';
import type { ServerDeps } from '../deps.ts';
import { catalogueMessages } from '../plugins/validation.ts';
import { csvOf } from '../csv.ts';
import { unreadableSmiles, unreadableSmilesMessage } from './smiles-check.service.ts';
import { fetchAlphafoldModel, fetchPdbEntry } from './structure-archive.ts';

export interface UploadedFile {
  field: string;
  filename: string;
  data: Buffer;
}

export interface SubmitForm {
  fields: Record<string, string | string[]>;
  files: UploadedFile[];
}

interface SourceParams {
  mole_type?: MoleculeSourceType;
  molecules?: string;
  mole_query?: string;
  protein_source?: ProteinSourceType;
  pdb_id?: string;
  uniprod_id?: string;
}

function fail(message: string): never {
  throw new ApiError(errors.validation, message);
}

/** Keeps only the chosen source's files in `spec`'s field (uploads, data-center ids, or `made` instead of both). */
function keepSource(spec: FileFieldSpec, form: SubmitForm, keep: 'upload' | 'cos' | 'made', made?: UploadedFile): void {
  if (keep !== 'cos' && spec.dataCenterField) delete form.fields[spec.dataCenterField];
  const others = form.files.filter((f) => f.field !== spec.field);
  if (keep === 'cos') form.files = others;
  if (keep === 'made') form.files = [...others, made!];
}

function counts(spec: FileFieldSpec, form: SubmitForm): [number, number] {
  const uploads = form.files.filter((f) => f.field === spec.field).length;
  const ids = spec.dataCenterField ? [form.fields[spec.dataCenterField] ?? []].flat().filter(Boolean).length : 0;
  return [uploads, ids];
}

/** Typed SMILES become the field's only file, `molecules.csv`. */
async function applyTypedMolecules(deps: ServerDeps, spec: FileFieldSpec, params: SourceParams, form: SubmitForm): Promise<void> {
  // RDKit reads each typed line now, so a batch with a typo is refused before anything is held or run.
  const unreadable = await unreadableSmiles(deps.config, typedSmiles(params.molecules));
  if (unreadable?.length) fail(unreadableSmilesMessage(unreadable));
  keepSource(spec, form, 'made', { field: spec.field, filename: TYPED_MOLECULES_FILE_NAME, data: Buffer.from(typedMoleculesCsv(params.molecules)) });
}

/**
 * Molecules: typed SMILES become an uploaded `molecules.csv` and a library query the
 * `database.csv` of the molecules it selects, so the steps read every source the same way.
 */
async function applyMoleculeSource(deps: ServerDeps, spec: FileFieldSpec, params: SourceParams, form: SubmitForm): Promise<void> {
  const type = params.mole_type ?? 'molecule';
  const problem = moleculeSourceProblem(type, ...counts(spec, form));
  if (problem) fail(problem.zh);
  if (type === 'molecule') {
    await applyTypedMolecules(deps, spec, params, form);
  } else if (type === 'database') {
    const query = moleQuerySchema.safeParse(params.mole_query, catalogueMessages);
    if (!query.success) fail(query.error.issues[0]?.message ?? errors.validation.zh);
    const rows = await resolveMoleQuery(deps.database.db, query.data);
    if (rows.length === 0) fail(MOLE_QUERY_EMPTY);
    const csv = csvOf(['smiles', 'name'], rows.map((r) => [r.smiles, r.name]));
    keepSource(spec, form, 'made', { field: spec.field, filename: 'database.csv', data: Buffer.from(csv) });
  } else {
    keepSource(spec, form, type === 'file' ? 'upload' : 'cos');
  }
}

/** Protein: an archive entry is fetched (mirror first) and stored as the task's input `<ID>.pdb`. */
async function applyProteinSource(deps: ServerDeps, spec: FileFieldSpec, params: SourceParams, form: SubmitForm): Promise<void> {
  const type = params.protein_source ?? 'file';
  const problem = proteinSourceProblem(type, ...counts(spec, form));
  if (problem) fail(problem.zh);
  if (type === 'rcsb' || type === 'uniprod') {
    const entry = type === 'rcsb' ? await fetchPdbEntry(deps.config, params.pdb_id ?? '') : await fetchAlphafoldModel(deps.config, params.uniprod_id ?? '');
    keepSource(spec, form, 'made', { field: spec.field, filename: `${entry.id}.pdb`, data: Buffer.from(entry.text) });
  } else {
    keepSource(spec, form, type === 'file' ? 'upload' : 'cos');
  }
}

/** Turns a module's source radios into plain input files before the file fields are checked. */
export async function applyInputSources(deps: ServerDeps, mod: ModuleDefinition, params: unknown, form: SubmitForm): Promise<void> {
  const p = params as SourceParams;
  if (mod.moleculeSource) await applyMoleculeSource(deps, mod.moleculeSource, p, form);
  if (mod.typedMoleculesField && p.mole_type === 'molecule') await applyTypedMolecules(deps, mod.typedMoleculesField, p, form);
  if (mod.proteinSource) await applyProteinSource(deps, mod.proteinSource, p, form);
}
