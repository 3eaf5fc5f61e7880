import { ApiError, errors, message, moleQuerySchema, type Say } from '@yunyao/contract';
import { SERVER_MESSAGES } from '../server.messages.ts';
import { resolveMoleQuery } from '@yunyao/db';
import {
  MOLE_QUERY_EMPTY,
  moleculeSourceProblem,
  proteinSourceProblem,
  TYPED_MOLECULES_FILE_NAME,
  numberedTypedMolecules,
  typedMoleculesCsv,
  type FileFieldSpec,
  type ModuleDefinition,
  type MoleculeSourceType,
  type ProteinSourceType,
} from '@yunyao/modules';
import type { ServerDeps } from '../deps.ts';
import { catalogueMessages } from '../plugins/validation.ts';
import { csvOf } from '../csv.ts';
import { checkSmilesTable, checkTableWithParams, checkTypedSmiles, unreadableSmilesRefusal, unreadableWhere, type SmilesCheck } from './smiles-check.service.ts';
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

/** How the submission treats SMILES RDKit cannot read: refused (naming them), or `skip`ped once the user has seen them. */
export type UnreadablePolicy = 'refuse' | 'skip';

interface SourceParams {
  mole_type?: MoleculeSourceType;
  molecules?: string;
  mole_query?: string;
  protein_source?: ProteinSourceType;
  pdb_id?: string;
  uniprod_id?: string;
}

function fail(said: Say): never {
  throw new ApiError(errors.validation, said);
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

/** Refuses the unreadable lines unless the user chose to skip them; with all of them unreadable, refuses anyway. */
function settleUnreadable(check: SmilesCheck | undefined, file: string | null, policy: UnreadablePolicy): void {
  if (!check?.unreadable.length) return;
  if (check.unreadable.length === check.molecules) fail(message(SERVER_MESSAGES.allUnreadable, { where: unreadableWhere(file) }));
  if (policy === 'refuse') throw unreadableSmilesRefusal(check, file);
}

/** The typed molecules' check, numbered by textarea line. */
async function checkTyped(deps: ServerDeps, molecules: string | undefined): Promise<SmilesCheck | undefined> {
  const typed = numberedTypedMolecules(molecules);
  const check = await checkTypedSmiles(deps.config, typed.map((m) => m.smiles));
  return check && { ...check, unreadable: check.unreadable.map((p) => ({ ...p, line: typed[p.line - 1]!.line })) };
}

/** Typed SMILES become the field's only file, `molecules.csv`, without the lines the user chose to skip. */
async function applyTypedMolecules(deps: ServerDeps, spec: FileFieldSpec, params: SourceParams, form: SubmitForm, policy: UnreadablePolicy): Promise<void> {
  // RDKit reads each typed line now, so a batch with a typo is refused before anything is held or run.
  const check = await checkTyped(deps, params.molecules);
  settleUnreadable(check, null, policy);
  const skipped = new Set(check?.unreadable.map((p) => p.line));
  keepSource(spec, form, 'made', { field: spec.field, filename: TYPED_MOLECULES_FILE_NAME, data: Buffer.from(typedMoleculesCsv(params.molecules, skipped)) });
}

/**
 * Molecules: typed SMILES become an uploaded `molecules.csv` and a library query the
 * `database.csv` of the molecules it selects, so the steps read every source the same way.
 */
async function applyMoleculeSource(deps: ServerDeps, spec: FileFieldSpec, params: SourceParams, form: SubmitForm, policy: UnreadablePolicy): Promise<void> {
  const type = params.mole_type ?? 'molecule';
  const problem = moleculeSourceProblem(type, ...counts(spec, form));
  if (problem) fail(problem);
  if (type === 'molecule') {
    await applyTypedMolecules(deps, spec, params, form, policy);
  } else if (type === 'database') {
    const query = moleQuerySchema.safeParse(params.mole_query, catalogueMessages);
    if (!query.success) fail(query.error.issues[0]?.message ?? { code: errors.validation.code });
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
  const problem = proteinSourceProblem(type, ...counts(spec, form), spec);
  if (problem) fail(problem);
  if (type === 'rcsb' || type === 'uniprod') {
    const entry = type === 'rcsb' ? await fetchPdbEntry(deps.config, params.pdb_id ?? '') : await fetchAlphafoldModel(deps.config, params.uniprod_id ?? '');
    keepSource(spec, form, 'made', { field: spec.field, filename: `${entry.id}.pdb`, data: Buffer.from(entry.text) });
  } else {
    keepSource(spec, form, type === 'file' ? 'upload' : 'cos');
  }
}

/** Turns a module's source radios into plain input files before the file fields are checked. */
export async function applyInputSources(deps: ServerDeps, mod: ModuleDefinition, params: unknown, form: SubmitForm, policy: UnreadablePolicy): Promise<void> {
  const p = params as SourceParams;
  if (mod.moleculeSource) await applyMoleculeSource(deps, mod.moleculeSource, p, form, policy);
  if (mod.typedMoleculesField && p.mole_type === 'molecule') await applyTypedMolecules(deps, mod.typedMoleculesField, p, form, policy);
  if (mod.proteinSource) await applyProteinSource(deps, mod.proteinSource, p, form);
}

/**
 * Uploaded and data-center molecule tables are read now as the step will read them, so a bad
 * line is named (or skipped at the user's word) before anything is held; the step reports a
 * skipped line in its row for that molecule.
 */
export async function checkMoleculeTables(deps: ServerDeps, mod: ModuleDefinition, params: unknown, files: readonly UploadedFile[], policy: UnreadablePolicy): Promise<void> {
  const type = (params as SourceParams).mole_type;
  if (!mod.moleculeSource || (type !== 'file' && type !== 'cos')) return;
  for (const file of files) settleUnreadable(await checkSmilesTable(deps.config, file), file.filename, policy);
}

/** A module's own table check (`tableCheck`), with the params it reads the table by; unreadable molecules are settled as above. */
export async function checkModuleTables(deps: ServerDeps, mod: ModuleDefinition, params: unknown, files: readonly UploadedFile[], policy: UnreadablePolicy): Promise<void> {
  if (!mod.tableCheck) return;
  for (const file of files) settleUnreadable(await checkTableWithParams(deps.config, mod.tableCheck.program, file, { schema: mod.params, value: params }), file.filename, policy);
}
