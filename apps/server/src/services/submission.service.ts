import { extname } from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ApiError, errors, serialIdSchema } from '@yunyao/contract';
import { addTaskFiles, attemptOf, balanceFen, finishTask, getDataFile, insertTask, type NewTaskFile } from '@yunyao/db';
import type { FileFieldSpec, ModuleDefinition, StagedInput } from '@yunyao/modules';
import type { ServerDeps } from '../deps.ts';
import { catalogueMessages } from '../plugins/validation.ts';
import { applyInputSources, type SubmitForm, type UploadedFile } from './input-sources.ts';


/** `ligands[]` and `ligands` name the same form field. */
const fieldName = (name: string) => name.replace(/\[\d*\]$/, '');

function addField(fields: SubmitForm['fields'], name: string, value: string): void {
  const key = fieldName(name);
  const prev = fields[key];
  fields[key] = prev === undefined ? value : [...(Array.isArray(prev) ? prev : [prev]), value];
}

/** Reads a multipart or JSON submission into fields and in-memory files, within the module's size limits. */
export async function readSubmitForm(request: FastifyRequest, mod: ModuleDefinition): Promise<SubmitForm> {
  const form: SubmitForm = { fields: {}, files: [] };
  if (!request.isMultipart()) {
    for (const [k, v] of Object.entries((request.body ?? {}) as Record<string, unknown>)) {
      for (const item of Array.isArray(v) ? v : [v]) addField(form.fields, k, String(item));
    }
    return form;
  }
  const maxBytes = Math.max(...mod.files.map((f) => f.maxBytes), 1);
  for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
    if (part.type === 'file') {
      const file = part as MultipartFile;
      const data = await file.toBuffer();
      if (file.file.truncated) throw new ApiError(errors.fileTooLarge);
      if (file.filename) form.files.push({ field: fieldName(file.fieldname), filename: file.filename, data });
    } else {
      addField(form.fields, part.fieldname, String(part.value));
    }
  }
  return form;
}

function fail(message: string): never {
  throw new ApiError(errors.validation, message);
}

/** Checks count, extension and size of one file field, taking data-center ids as files too. */
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
  if (files.length < spec.min) fail(spec.requiredMessage.zh);
  if (files.length > spec.max) fail(`最多上传 ${spec.max} 个文件！`);
  for (const f of files) {
    if (!spec.extensions.includes(extname(f.filename).toLowerCase())) throw new ApiError(errors.fileFormat);
    if (f.data.length > spec.maxBytes) throw new ApiError(errors.fileTooLarge);
    if (f.data.length === 0) fail(`文件 ${f.filename} 为空，请重新上传！`);
  }
  return files;
}

function scalarFields(fields: SubmitForm['fields'], mod: ModuleDefinition): Record<string, unknown> {
  const dataCenterFields = new Set(mod.files.map((f) => f.dataCenterField).filter(Boolean));
  return Object.fromEntries(Object.entries(fields).filter(([k]) => k !== 'module' && !dataCenterFields.has(k)));
}

/**
 * Validates a submission with the module's declaration, stores its inputs, creates
 * the task and queues it. Nothing is stored unless every check passed.
 */
export async function submitTask(deps: ServerDeps, userId: number, mod: ModuleDefinition, form: SubmitForm): Promise<number> {
  const { db } = deps.database;
  const parsed = mod.params.safeParse(scalarFields(form.fields, mod), catalogueMessages);
  if (!parsed.success) fail(parsed.error.issues[0]?.message ?? errors.validation.zh);
  await applyInputSources(deps, mod, parsed.data, form);
  const byField: Record<string, UploadedFile[]> = {};
  for (const spec of mod.files) byField[spec.field] = await collectField(deps, userId, spec, form);
  const submitted = Object.entries(byField).flatMap(([field, fs]) => fs.map((f) => ({ field, name: f.filename, data: f.data })));
  const problem = mod.preflight?.(parsed.data, submitted, deps.config.licensedEngines);
  if (problem) fail(problem);
  if ((await balanceFen(db, userId)) <= 0) throw new ApiError(errors.balanceNotPositive);

  const staged: Record<string, StagedInput[]> = Object.fromEntries(
    Object.entries(byField).map(([k, fs]) => [k, fs.map((f) => ({ path: f.filename, originalName: f.filename }))]),
  );
  const task = await insertTask(db, {
    userId,
    module: mod.code,
    moduleVersion: mod.version,
    name: mod.taskName(parsed.data, staged).slice(0, 200),
    params: parsed.data,
  });
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
    await finishTask(db, attemptOf(task), { state: 'failed', failureKind: 'platform', error: '任务提交失败，请重试', cpuSeconds: 0, priceFenPerCoreHour: 0 });
    throw err;
  }
  return task.id;
}
