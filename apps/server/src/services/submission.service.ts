import { extname } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { ApiError, bothLanguages, errors, TASK_MESSAGES, fenToYuan, fileFormatRefusal, fileTooLargeRefusal, message, serialIdSchema, yuanText, type Say } from '@yunyao/contract';
import { SERVER_MESSAGES } from '../server.messages.ts';
import { SKIP_UNREADABLE_FIELD, SPEND_CAP_FIELD, spendCapSchema, type CostEstimate } from '@yunyao/contract/api';
import { addTaskFiles, attemptOf, availability, finishTask, getDataFile, insertHeldTask, type Availability, type NewTaskFile } from '@yunyao/db';
import { clipName, measureInputs, moduleCost, zipProblem, ZipMemberError, type CostUnit, type FileFieldSpec, type ModuleDefinition, type StagedInput, type SubmittedFile, type TaskCost } from '@yunyao/modules';
import type { ServerDeps } from '../deps.ts';
import { readParts } from '../plugins/multipart-parts.ts';
import { catalogueMessages } from '../plugins/validation.ts';
import { checkInputContent } from './input-check.service.ts';
import { applyInputSources, checkModuleTables, checkMoleculeTables, type SubmitForm, type UnreadablePolicy, type UploadedFile } from './input-sources.ts';
import { stageRegistryInput } from './registry-input.ts';


/** `ligands[]` and `ligands` name the same form field. */
const fieldName = (name: string) => name.replace(/\[\d*\]$/, '');

function addField(fields: SubmitForm['fields'], name: string, value: string): void {
  const key = fieldName(name);
  const prev = fields[key];
  fields[key] = prev === undefined ? value : [...(Array.isArray(prev) ? prev : [prev]), value];
}

/**
 * Reads a multipart or JSON submission to a submit path into fields and in-memory files, within the
 * size limits of the modules that take the path, and answers which module it is for: the path's one
 * module, or on a route several modules share, the one its `module` field names.
 */
export async function readSubmitForm(request: FastifyRequest, taking: readonly ModuleDefinition[]): Promise<{ mod: ModuleDefinition; form: SubmitForm }> {
  const form = await readForm(request, taking.flatMap((m) => m.files));
  return { mod: moduleOf(form, taking), form };
}

function moduleOf(form: SubmitForm, taking: readonly ModuleDefinition[]): ModuleDefinition {
  if (taking.length === 1) return taking[0]!;
  const code = [form.fields.module].flat()[0];
  const mod = taking.find((m) => m.code === code);
  if (!mod) fail(message(SERVER_MESSAGES.moduleChoice, { choices: taking.map((m) => m.code).join('、') }));
  return mod;
}

async function readForm(request: FastifyRequest, specs: readonly FileFieldSpec[]): Promise<SubmitForm> {
  const form: SubmitForm = { fields: {}, files: [] };
  if (!request.isMultipart()) {
    for (const [k, v] of Object.entries((request.body ?? {}) as Record<string, unknown>)) {
      for (const item of Array.isArray(v) ? v : [v]) addField(form.fields, k, String(item));
    }
    return form;
  }
  const maxBytes = Math.max(...specs.map((f) => f.maxBytes), 1);
  for await (const part of readParts(request, { fileSize: maxBytes })) {
    if (part.type === 'file') {
      const spec = specs.find((f) => f.field === fieldName(part.fieldname));
      if (part.truncated) throw new ApiError(errors.fileTooLarge, tooLargeMessage(spec, part.filename, spec?.maxBytes ?? maxBytes));
      if (part.filename) form.files.push({ field: fieldName(part.fieldname), filename: part.filename, data: part.data });
    } else {
      addField(form.fields, part.fieldname, part.value);
    }
  }
  return form;
}

/** The field's own words for a file over its limit where the spec gives some, else the generic refusal. */
function tooLargeMessage(spec: FileFieldSpec | undefined, filename: string, limit: number): Say {
  return spec?.tooLargeMessage ?? fileTooLargeRefusal(filename, limit);
}

/** A validation refusal: a message id (encoded with its parameters) or words in both languages. */
function fail(said: Say): never {
  throw new ApiError(errors.validation, said);
}

/**
 * Checks count, extension and size of one file field, taking data-center ids as files too; then
 * what can be told from the content before anything is held: a zip's directory against the shared
 * limits (without inflating it), and the file as its step will read it where the field asks.
 */
async function collectField(deps: ServerDeps, userId: number, spec: FileFieldSpec, form: SubmitForm): Promise<UploadedFile[]> {
  const files = form.files.filter((f) => f.field === spec.field);
  const ids = spec.dataCenterField ? [form.fields[spec.dataCenterField] ?? []].flat().filter(Boolean) : [];
  for (const id of ids) {
    // An id no data file can have (not a number, beyond the column's range) is simply not found.
    const fileId = serialIdSchema.safeParse(id);
    const record = fileId.success ? await getDataFile(deps.database.db, fileId.data) : undefined;
    if (!record || record.userId !== userId) throw new ApiError(errors.fileNotFound);
    files.push({ field: spec.field, filename: record.filename, data: await deps.storage.get(record.storageKey) });
  }
  if (files.length < spec.min) fail(spec.requiredMessage);
  if (files.length > spec.max) fail(message(SERVER_MESSAGES.tooManyFiles, { max: spec.max }));
  for (const f of files) {
    if (!spec.extensions.includes(extname(f.filename).toLowerCase())) throw new ApiError(errors.fileFormat, fileFormatRefusal(f.filename, spec.extensions));
    if (f.data.length > spec.maxBytes) throw new ApiError(errors.fileTooLarge, tooLargeMessage(spec, f.filename, spec.maxBytes));
    if (f.data.length === 0) fail(message(SERVER_MESSAGES.emptyFile, { file: f.filename }));
    const zip = extname(f.filename).toLowerCase() === '.zip' ? zipProblem(f.filename, f.data) : null;
    if (zip) fail(zip);
  }
  if (spec.contentCheck) for (const f of files) await checkInputContent(deps.config, spec.contentCheck, f);
  return files;
}

const PLATFORM_FIELDS: ReadonlySet<string> = new Set(['module', SPEND_CAP_FIELD, SKIP_UNREADABLE_FIELD]);

/** The module's own fields: not the platform's (`module`, the spending cap, skipping) nor the data-center ids the file fields read. */
function scalarFields(fields: SubmitForm['fields'], mod: ModuleDefinition): Record<string, unknown> {
  const dataCenterFields = new Set(mod.files.map((f) => f.dataCenterField).filter(Boolean));
  return Object.fromEntries(Object.entries(fields).filter(([k]) => !PLATFORM_FIELDS.has(k) && !dataCenterFields.has(k)));
}

/** A submission that passed every check, with its inputs in memory and its cost. */
interface CheckedSubmission {
  params: unknown;
  byField: Record<string, UploadedFile[]>;
  submitted: SubmittedFile[];
  cost: TaskCost & { capFen?: number };
  /** The module's count of what its cost grows with (ligands), where it declares one. */
  units?: { unit: CostUnit; count: number };
}

/**
 * Validates a submission with the module's declaration and works out its cost, the same way
 * for an estimate and a submit, so the hold is exactly the figure the form showed.
 */
async function checkSubmission(deps: ServerDeps, userId: number, mod: ModuleDefinition, form: SubmitForm): Promise<CheckedSubmission> {
  const parsed = mod.params.safeParse(scalarFields(form.fields, mod), catalogueMessages);
  if (!parsed.success) fail(parsed.error.issues[0]?.message ?? { code: errors.validation.code });
  const cap = spendCapSchema.safeParse([form.fields[SPEND_CAP_FIELD]].flat()[0]);
  if (!cap.success) fail(cap.error.issues[0]?.message ?? { code: errors.validation.code });
  const policy: UnreadablePolicy = [form.fields[SKIP_UNREADABLE_FIELD]].flat()[0] === '1' ? 'skip' : 'refuse';
  await applyInputSources(deps, mod, parsed.data, form, policy);
  if (mod.registryInput) await stageRegistryInput(deps, userId, mod.registryInput, parsed.data, form);
  const byField: Record<string, UploadedFile[]> = {};
  for (const spec of mod.files) byField[spec.field] = await collectField(deps, userId, spec, form);
  if (mod.moleculeSource) await checkMoleculeTables(deps, mod, parsed.data, byField[mod.moleculeSource.field] ?? [], policy);
  if (mod.tableCheck) await checkModuleTables(deps, mod, parsed.data, byField[mod.tableCheck.field] ?? [], policy);
  const submitted = Object.entries(byField).flatMap(([field, fs]) => fs.map((f) => ({ field, name: f.filename, data: f.data })));
  const problem = mod.preflight?.(parsed.data, submitted, deps.config.licensedEngines);
  if (problem) fail(problem);
  const capFen = cap.data === undefined ? undefined : Math.round(cap.data * 100);
  const measures = measuredInputs(submitted);
  const cost = moduleCost(mod, parsed.data, measures, capFen);
  const units = mod.costUnits?.(parsed.data, measures);
  return { params: parsed.data, byField, submitted, cost: { ...cost, ...(capFen !== undefined ? { capFen } : {}) }, ...(units ? { units } : {}) };
}


/** The inputs measured for the estimate; a zip member that cannot be inflated as its directory says refuses the submission. */
function measuredInputs(submitted: SubmittedFile[]): ReturnType<typeof measureInputs> {
  try {
    return measureInputs(submitted);
  } catch (err) {
    if (err instanceof ZipMemberError) fail(err.refusal);
    throw err;
  }
}

function estimateOf({ cost, units }: Pick<CheckedSubmission, 'cost' | 'units'>, money: Availability): CostEstimate {
  const perUnit = units && units.count > 0 ? (fen: number) => fenToYuan(Math.round(fen / units.count)) : null;
  return {
    core_hours: Number(cost.coreHours.toFixed(6)),
    estimate: fenToYuan(cost.estimateFen),
    hold: fenToYuan(cost.holdFen),
    spend_cap: cost.capFen === undefined ? null : fenToYuan(cost.capFen),
    balance: fenToYuan(money.balanceFen),
    held: fenToYuan(money.heldFen + money.pendingRefundFen),
    available: fenToYuan(money.availableFen),
    ...(units && perUnit ? { per_unit: { unit: units.unit, count: units.count, estimate: perUnit(cost.estimateFen), hold: perUnit(cost.holdFen) } } : {}),
  };
}

/** What a submission would cost and hold, checked exactly as a submit is; nothing is stored or held. */
export async function estimateTask(deps: ServerDeps, userId: number, mod: ModuleDefinition, form: SubmitForm): Promise<CostEstimate> {
  return estimateOf(await checkSubmission(deps, userId, mod, form), await availability(deps.database.db, userId));
}

/** Why a hold was refused, with the figures the user needs to decide: recharge, or a lower cap. */
function holdRefusal(cost: TaskCost, money: Availability): ApiError {
  if (money.balanceFen <= 0) return new ApiError(errors.balanceNotPositive);
  const setAside = [
    ...(money.heldFen > 0 ? [bothLanguages(message(SERVER_MESSAGES.heldByTasks, { amount: yuanText(money.heldFen) }))] : []),
    ...(money.pendingRefundFen > 0 ? [bothLanguages(message(SERVER_MESSAGES.pendingRefund, { amount: yuanText(money.pendingRefundFen) }))] : []),
  ];
  const items = { zh: setAside.map((s) => s.zh).join('，'), en: setAside.map((s) => s.en).join(', ') };
  const aside = setAside.length ? bothLanguages(message(SERVER_MESSAGES.asideList, { items })) : '';
  return new ApiError(
    errors.holdExceedsAvailable,
    message(SERVER_MESSAGES.holdExceedsAvailable, { available: yuanText(money.availableFen), aside, hold: yuanText(cost.holdFen), estimate: yuanText(cost.estimateFen) }),
  );
}

/**
 * Validates a submission with the module's declaration, creates the task with its cost held on
 * the balance (refused when the available balance is short), stores its inputs and queues it.
 * Nothing is stored or held unless every check passed.
 */
export async function submitTask(deps: ServerDeps, userId: number, mod: ModuleDefinition, form: SubmitForm): Promise<number> {
  const { db } = deps.database;
  const { params, byField, submitted, cost } = await checkSubmission(deps, userId, mod, form);
  const staged: Record<string, StagedInput[]> = Object.fromEntries(
    Object.entries(byField).map(([k, fs]) => [k, fs.map((f) => ({ path: f.filename, originalName: f.filename }))]),
  );
  const name = clipName(mod.taskName(params, staged, submitted));
  const task = await insertHeldTask(db, { userId, module: mod.code, moduleVersion: mod.version, name: name.zh, nameEn: name.en, params }, cost);
  if ('refused' in task) throw holdRefusal(cost, task);
  try {
    const records: NewTaskFile[] = [];
    let i = 0;
    for (const [field, files] of Object.entries(byField)) {
      for (const f of files) {
        const storageKey = `tasks/${task.id}/input/${i++}`;
        const size = await deps.storage.put(storageKey, f.data);
        records.push({ role: 'input', field, name: f.filename, storageKey, size });
      }
    }
    await addTaskFiles(db, task.id, records);
    await deps.queue.enqueue(task.id);
  } catch (err) {
    await finishTask(db, attemptOf(task), { state: 'failed', failureKind: 'platform', error: TASK_MESSAGES.submitFailed, cpuSeconds: 0, priceFenPerCoreHour: 0 });
    throw err;
  }
  return task.id;
}
