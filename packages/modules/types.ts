import type { z } from 'zod';
import type { Database } from '@yunyao/db';
import type { Config, Storage, TaskQueue } from '@yunyao/platform';
import type { StepCommand } from '@yunyao/steps';
import type { InputMeasures } from './shared/input-measure.ts';
import type { WorkflowStepSpec } from './shared/workflow-step.ts';
import type { Bilingual } from './bilingual.ts';
import type { EngineDeclaration } from './engine-types.ts';

export type { Bilingual } from './bilingual.ts';
export * from './engine-types.ts';

/** What a module's cost is counted in, for the form's cost per unit (see `ModuleDefinition.costUnits`). */
export type CostUnit = 'ligand' | 'molecule';

/** What a module's `advance` hook reads and writes: the database (through its repositories), stored files, the task queue. */
export interface OrchestrationDeps {
  config: Pick<Config, 'licensedEngines'>;
  database: Database;
  storage: Storage;
  queue: TaskQueue;
}

/** One uploaded-file field of a module's submit form. */
export interface FileFieldSpec {
  /** Multipart field name; `ligands[]` and `ligands` are the same field. */
  field: string;
  /** Lower-case extensions with the dot, e.g. `.sdf`. */
  extensions: readonly string[];
  min: number;
  max: number;
  maxBytes: number;
  /** Shown when fewer than `min` files arrive. */
  requiredMessage: Bilingual;
  /** The spec's own words for a file over `maxBytes`, where it has some; the generic refusal otherwise. */
  tooLargeMessage?: Bilingual;
  /** Form field that may name data-center file ids instead of uploading (e.g. `smiles_cos`). */
  dataCenterField?: string;
  /**
   * Read each file at submission the way its step will (`python -m yunyao.check_input --kind`),
   * so a file the step would refuse is refused before anything is held.
   */
  contentCheck?: InputContentCheck;
}

/** What `yunyao.check_input` reads a file as: a structure to prepare, a 2D affinity sequence, a pharmacophore reference ligand, a 3D affinity site. */
export type InputContentCheck = 'protein' | 'sequence' | 'reference' | 'site';

/** A file the worker placed in the task's scratch dir before the steps run. */
export interface StagedInput {
  /** Path relative to the scratch dir. */
  path: string;
  /** The name the user uploaded it under. */
  originalName: string;
}

/** One engine invocation: an argv array (never a shell string), run in the task's scratch dir by the step runner. */
export type EngineStep = StepCommand;

/**
 * Licensed engines the operator installed (configuration `ORCA_PATH`, `DFTBPLUS_PATH`, `ROSETTA_BIN`,
 * `VASP_BIN`, `VASP_MPIRUN`); absent ones are not available.
 */
export interface LicensedEngines {
  orcaPath?: string;
  dftbPath?: string;
  /** Rosetta's `bin` directory (shared/rosetta/rosetta-binary.ts picks `minimize.*` / `fixbb.*` in it). */
  rosettaBin?: string;
  vaspPath?: string;
  /** The `mpirun` VASP runs under when a task asks for more than one core. */
  mpirunPath?: string;
}

/** What a task asks of the executor: cores (billing counts their CPU time) and memory per core. */
export interface TaskResources {
  cores: number;
  memoryMbPerCore?: number;
}

/** A submitted file as the server holds it before the task exists. */
export interface SubmittedFile {
  field: string;
  name: string;
  data: Buffer;
}

export interface StepContext<P> {
  params: P;
  inputs: Record<string, StagedInput[]>;
  /** Absolute path of the directory holding the project's Python package `yunyao`. */
  pythonPath: string;
  /** The interpreter that has Debian's RDKit and Open Babel bindings. */
  python: string;
  cores: number;
  /** Memory per core in MB the task asked for, when it asked (engines get it in their input). */
  memoryMbPerCore?: number;
  licensed: LicensedEngines;
  /**
   * Resumable modules only: an absolute directory that outlives the attempt. Steps
   * record finished pieces of work there, and a task requeued after a worker crash
   * finds them and skips that work.
   */
  checkpointDir?: string;
  /** Modules declared `cached`: the module's shared cache folder (absolute); entries are written atomically, as tasks run side by side. */
  cacheDir?: string;
  /** Prepared receptors shared by every module's tasks (absolute; python/yunyao/receptor_cache.py writes entries atomically). */
  receptorCacheDir?: string;
}

export interface OutputFile {
  /** Path relative to the scratch dir. */
  path: string;
  /** Name the user downloads it as. */
  name: string;
}

export interface ParsedResult {
  /** Module-specific result document, returned by GET /api/tasks/json/{id}. */
  summary: Record<string, unknown>;
  outputs: OutputFile[];
  /** Result rows for GET /api/tasks/output/{id}. */
  rows: Record<string, unknown>[];
  /** The main output's file name (task row field `out`). */
  out?: string;
}

export interface ResultContext<P> extends StepContext<P> {
  /** Absolute scratch dir where the steps ran. */
  workdir: string;
}

/**
 * Who a module is: declared once in `<code>/<code>.meta.ts`, which imports nothing but this
 * file's helper, and spread into the module's form. The web app's shell names modules (sidebar,
 * task lists) from these alone, so no form, schema or engine rule loads before its page; what
 * only the page shows (its description) stays in the form.
 */
export interface ModuleMeta {
  /** Immutable module code stored on tasks (`convert`, `perform`, `merge`, ...); the folder's name. */
  code: string;
  /** Submit path, e.g. `/api/convert`. */
  route: string;
  /** Further submit paths of the same module (e.g. docking's `/api/autodock/v2` for browser-detected pockets). */
  aliases?: readonly string[];
  /**
   * Set where several modules take one submit route (the spec's `POST /api/rosetta` for `minimizer` and
   * `packer`): every module on the route sets it, and the form's `module` field, the module's code,
   * says which one a submission is for (`submitRoutes` in registry.ts).
   */
  sharedRoute?: boolean;
  name: Bilingual;
}

/**
 * The browser-safe half of a module: what its submit form accepts and says.
 * The web form validates with exactly these specs and schema before the server
 * validates again with the same ones, so the two can never disagree.
 */
export interface ModuleForm<P extends z.ZodType = z.ZodType> extends ModuleMeta {
  /** What the module does, shown at the top of its page. */
  description: Bilingual;
  /** Price in fen per core-hour. */
  priceFenPerCoreHour: number;
  /** Shown instead of the price and cores where the module bills otherwise (a workflow bills each step at its own module's price). */
  priceNote?: Bilingual;
  cores: number;
  /** `recent`: the page shows the last 20 tasks (simple modules); `paged`: a paged history. */
  history: 'recent' | 'paged';
  files: readonly FileFieldSpec[];
  /**
   * The file field (one of `files`) that the shared small-molecule source radio fills
   * (`mole_type`: typed SMILES, upload or data center; see shared/molecule-source.ts).
   */
  moleculeSource?: FileFieldSpec;
  /**
   * The file field (one of `files`) that typed or drawn SMILES replace when `mole_type` is
   * `molecule` (file modules: shared/molecule-source.ts `fileOrTypedParams`); its extensions take .csv.
   */
  typedMoleculesField?: FileFieldSpec;
  /** The file field (one of `files`) that the shared protein source radio fills (see shared/protein-source.ts). */
  proteinSource?: FileFieldSpec;
  /**
   * Non-file form fields; its messages are message ids from the module's catalogue
   * (`<code>/<code>.messages.ts`), which the server and the web form render in the reader's language.
   */
  params: P;
  /**
   * A look at part of what a task would compute, answered in seconds by `POST <route>/preview`
   * before anything is charged (the pharmacophore query the page draws and lets the user edit).
   */
  preview?: ModulePreview;
  /** How the module runs as a step of a workflow (module `group`), where it can be one. */
  workflowStep?: WorkflowStepSpec;
}

/** The request and answer of a module's preview route (JSON both ways; see `ModuleDefinition.previewStep`). */
export interface ModulePreview<B extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  body: B;
  response: R;
  /** One line for the OpenAPI document. */
  summary: string;
}

/** How the server answers a preview: one of the project's Python programs over files written for it. */
export interface PreviewStep {
  /** `python -m yunyao.<program>`, run in a fresh folder holding `files`; its stdout is the answer's JSON. */
  program: string;
  args: string[];
  /** File name (no folders) → content, written before the program starts. */
  files: Record<string, string>;
  timeLimitSeconds: number;
}

/**
 * A compute module, declared once. The server builds its submit route and
 * validation from it, the worker runs its steps and parser, and the task list
 * takes its names from it.
 */
export interface ModuleDefinition<P extends z.ZodType = z.ZodType> extends ModuleForm<P> {
  /** Wrapper revision; with the engine versions it identifies how a result was made. */
  version: string;
  /**
   * Form fields of a submission the module accepts (its params, no files), the module's worked
   * example: the schema tests check that zod and the Python steps' `yunyao.params` agree on it and
   * on values just outside each bound. Absent: the params' defaults alone are a valid submission.
   */
  sampleParams?: Record<string, unknown>;
  timeLimitSeconds: number;
  /** Steps write finished work to `ctx.checkpointDir`, so a requeued task resumes instead of starting over. */
  resumable?: boolean;
  /**
   * A workflow (group/): the task runs no engine itself; its `advance` runs the plan as child tasks of
   * the step modules, one after another, and `buildSteps`/`parseResult` are never called.
   */
  runsChildren?: boolean;
  /**
   * The orchestration hook of a module that `runsChildren` (required then): moves the task on by one
   * event, starting its next child or ending it. The worker calls it through the registry when it claims
   * the task, when one of its children ends, and from the sweep; it must be idempotent (group/run/advance.ts).
   */
  advance?(deps: OrchestrationDeps, taskId: number): Promise<void>;
  /** A JSON file (relative to the workdir) the steps keep as `{ done, total, unit }`; task lists show it while the task runs. */
  progressFile?: string;
  /**
   * The engines the steps run, whose versions every result records: the `engines` of the folder's
   * `<code>.engines.ts`, which declares each one's version probe, Debian packages and citations.
   */
  engines: readonly EngineDeclaration[];
  /** Per-task cores and memory from the params (e.g. ORCA's nprocs and maxcore); `cores` otherwise. */
  resources?(params: z.infer<P>): TaskResources;
  /**
   * Checks that need the uploaded files' content or the platform's configuration (e.g. a geometry
   * that cannot be read, an option the configured engine cannot run), before anything is stored
   * or charged. Returns the message to show (an id from the module's catalogue, see
   * `messageRef` / `bilingualRef` of @yunyao/contract), or null.
   */
  preflight?(params: z.infer<P>, files: readonly SubmittedFile[], licensed: LicensedEngines): string | null;
  /**
   * A check of one file field's uploads that needs the params too (QSAR: the chosen SMILES and label
   * columns), run at submission by `python -m yunyao.<program> --input F --name N --params=params.json`.
   * It refuses what its step would (its own message), and prints what `check_smiles` prints, so
   * unreadable molecules are named, or skipped at the user's word, as on every molecule form.
   */
  tableCheck?: { field: string; program: string };
  /**
   * A stored thing of the user's the task reads as an input file (QSAR prediction: the model named by
   * `tuna_id`): the server looks the id in `param` up in the user's model registry, answering another
   * user's id as not found, and stages the model's file in `field` before anything is held.
   */
  registryInput?: { param: string; field: string };
  /**
   * CPU core-hours a task with these params and inputs is expected to use, from the input's size
   * (molecules, atoms, settings; see shared/input-measure.ts) and the engine's measured speed.
   * Submission holds this (with a margin, or the user's cap) on the balance, and the task is
   * stopped if it uses more than the hold. State the speed figure each estimate rests on.
   */
  estimateCoreHours(params: z.infer<P>, inputs: InputMeasures): number;
  /**
   * What the estimate is made of, where it grows with a count the user chooses (free energy: the
   * ligands): the form then shows the cost of one, so a large total reads as many of them.
   */
  costUnits?(params: z.infer<P>, inputs: InputMeasures): { unit: CostUnit; count: number };
  /** The preview's program for a request the form's `preview.body` accepted (required when `preview` is declared). */
  previewStep?(body: unknown): PreviewStep;
  /**
   * The steps keep reusable work keyed by its input (a library molecule's conformers) in
   * `ctx.cacheDir`, a folder of this module's that every task shares and that outlives them.
   */
  cached?: boolean;
  /**
   * The task's display name in both languages (shared/task-name.ts); the task keeps both and the
   * lists show the reader's. `files` (the submitted uploads) lets a module name it after its
   * content, e.g. a molecule's own name.
   */
  taskName(params: z.infer<P>, inputs: Record<string, StagedInput[]>, files?: readonly SubmittedFile[]): Bilingual;
  /**
   * Fills the defaults the module computes rather than declares (a seed from the submission itself,
   * the platform's seed) before the steps are built. What it returns is the task's parameters from
   * then on, written to `params.json` for the Python steps (shared/step-params.ts), so it must still
   * fit `params`' schema.
   */
  resolveParams?(params: z.infer<P>): z.infer<P>;
  buildSteps(ctx: StepContext<z.infer<P>>): EngineStep[];
  parseResult(ctx: ResultContext<z.infer<P>>): Promise<ParsedResult>;
  /**
   * The shape of each result row (GET /api/tasks/output/{id}): a molecule module's rows carry the spec's
   * task output row (`ID, SMILES, Kd, affinity, score`, see @yunyao/contract's result-rows.ts, where the
   * platform's modules declare theirs). `executeModule` refuses a result whose rows do not fit.
   */
  rowSchema: z.ZodType<Record<string, unknown>>;
}

/** Identity helper so each meta file is checked against `ModuleMeta` where it is written. */
export function defineModuleMeta(meta: ModuleMeta): ModuleMeta {
  return meta;
}

/** Identity helper so each form file gets its params type inferred. */
export function defineForm<P extends z.ZodType>(form: ModuleForm<P>): ModuleForm<P> {
  return form;
}

/** Identity helper so each module file gets its params type inferred. */
export function defineModule<P extends z.ZodType>(definition: ModuleDefinition<P>): ModuleDefinition<P> {
  return definition;
}

/** The cores and memory a task of this module with these params runs on. */
export function taskResources<P extends z.ZodType>(mod: ModuleDefinition<P>, params: z.infer<P>): TaskResources {
  return mod.resources?.(params) ?? { cores: mod.cores };
}
