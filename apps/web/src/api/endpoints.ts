import type { DataFile, DataFileType, HpcNode } from '@yunyao/contract';
import { endpoints, estimateEndpoint, submitEndpoint, type EndpointArgs, type Endpoint, type SubmitFormDeclaration } from '@yunyao/contract/api';
import { UPLOAD_SLICE_BYTES } from '@yunyao/contract/files';
import { call, download, envelope, saveDownload, textOf } from './client.ts';
import { uploadInSlices } from './slice-upload.ts';

/** A part of what an endpoint takes, as the contract types it. */
type QueryOf<E extends Endpoint> = NonNullable<EndpointArgs<E>['query']>;
type BodyOf<E extends Endpoint> = NonNullable<EndpointArgs<E>['body']>;

export type LibraryCountQuery = QueryOf<typeof endpoints.library.count>;
export type LibraryFilterQuery = QueryOf<typeof endpoints.library.filter>;
export type AdmetFilterBody = BodyOf<typeof endpoints.admet.filter>;
/** What POST /api/qsartuna/inspect takes: an uploaded table (`file`) or a data-center one (`smiles_cos`). */
export type QsarTableBody = BodyOf<typeof endpoints.qsar.inspect>;
/** What POST /api/invoices takes (`id` when editing). */
export type PersonalInvoiceInfoBody = BodyOf<typeof endpoints.personal.saveInvoiceInfo>;
/** What POST /api/recharges/invoice takes: a saved invoice info (`invoice_id`) or typed fields, plus the recipient. */
export type PersonalInvoiceApplication = BodyOf<typeof endpoints.personal.applyInvoice>;
/** A task's result row: the module's own shape. */
export type ResultRow = Record<string, unknown>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** On a route several modules share (POST /api/rosetta), the form names its module. */
function withModule(form: SubmitFormDeclaration, body: FormData): FormData {
  if (form.sharedRoute) body.set('module', form.code);
  return body;
}

/** Calls whose screens show the server's own message on success answer `errmsg`. */
const message = async (pending: Promise<{ errmsg: string }>) => (await pending).errmsg;

/** Every call the web app makes, typed by the shared contract. */
export const api = {
  user: {
    login: (account: string, password: string) => call(endpoints.user.login, { body: { account, password } }),
    register: (body: BodyOf<typeof endpoints.user.register>) => call(endpoints.user.register, { body }),
    forget: (email: string) => call(endpoints.user.forget, { body: { email } }),
    reset: (token: string, password: string) => call(endpoints.user.reset, { body: { token, password } }),
    logout: () => call(endpoints.user.logout, {}, { silent: true }),
    info: () => call(endpoints.user.info),
  },
  tasks: {
    list: (query: QueryOf<typeof endpoints.tasks.list>) => call(endpoints.tasks.list, { query }),
    recent: (module: string, limit?: number) => call(endpoints.tasks.recent, { query: { module, limit } }),
    one: (id: number) => call(endpoints.tasks.get, { params: { id } }),
    /** The module's whole result (its summary); null until the task ends. */
    json: async (id: number) => {
      const result = await call(endpoints.tasks.result, { params: { id } });
      return isRecord(result) ? result : null;
    },
    /**
     * A task's result rows, every one or a page of them. Their shape is the module's and no module
     * declares a row schema yet, so `Row` is the calling page's word for it: the one shape the web
     * app takes on trust. When a module declares its rows, parse with that schema here instead.
     */
    output: async <Row extends object = ResultRow>(id: number, page?: { page: number; limit: number }) =>
      (await call(endpoints.tasks.output, { params: { id }, query: page })) as Row[],
    files: (id: number) => call(endpoints.tasks.files, { params: { id } }),
    /** Answers the server's own message, which the spec shows on success. */
    cancel: (id: number) => message(envelope(endpoints.tasks.cancel, { body: { task_id: id } })),
    /** The same workflow plan on the same inputs, submitted (checked, costed, held) as a new task. */
    rerunWorkflow: (id: number) => call(endpoints.tasks.rerunWorkflow, { body: { task_id: id } }),
    download: (id: number) => saveDownload(download(endpoints.tasks.archive, { params: { id } })),
    downloadFile: (id: number, file: string, name: string) => saveDownload(download(endpoints.tasks.download, { query: { task_id: id, file } }), name),
    /** One output's text (a structure the result view draws). */
    fileText: (id: number, file: string) => textOf(download(endpoints.tasks.download, { query: { task_id: id, file } })),
  },
  files: {
    list: (type?: DataFileType) => call(endpoints.files.list, { query: { type } }),
    /** One request up to a slice's size; past it, in slices (slice-upload.ts), straight to object storage where there is one. */
    upload: (type: DataFileType, file: File, onProgress?: (done: number, total: number) => void) =>
      file.size > UPLOAD_SLICE_BYTES ? uploadInSlices(type, file, onProgress) : call(endpoints.files.upload, { body: { type, file } }),
    uploadSmiles: (name: string, smiles: string) => call(endpoints.files.smiles, { body: { name, smiles } }),
    csvPage: (id: number, page: number, pageSize: number) => call(endpoints.files.csvPage, { query: { id, page, page_size: pageSize } }),
    remove: (id: number) => call(endpoints.files.remove, { params: { id } }),
    rename: (id: number, name: string) => call(endpoints.files.rename, { body: { id, name } }),
    download: (file: Pick<DataFile, 'id' | 'filename'>) => saveDownload(download(endpoints.files.download, { params: { id: file.id } }), file.filename),
    /** A data-center file's text (a structure to draw or analyse). */
    text: (id: number) => textOf(download(endpoints.files.download, { params: { id } })),
  },
  /** The small-molecule library (pool page): source, the ranges as "min,max", the structure search and limit. */
  library: {
    sources: () => call(endpoints.library.sources),
    unimported: () => call(endpoints.library.unimported),
    features: () => call(endpoints.library.features),
    count: (query: LibraryCountQuery) => call(endpoints.library.count, { query }),
    filter: (query: LibraryFilterQuery) => call(endpoints.library.filter, { query }),
    downloadCsv: (query: LibraryFilterQuery) => saveDownload(download(endpoints.library.filter, { query })),
  },
  /** ADMET results: task_id, the ranges as "min,max", thresholds, BBB/hERG choices and the page. */
  admet: {
    filter: (body: AdmetFilterBody) => call(endpoints.admet.filter, { body }),
    detail: (smiles: string, taskId?: number) => call(endpoints.admet.detail, { query: { smiles, task_id: taskId } }),
    models: () => call(endpoints.admet.models),
    downloadCsv: (query: AdmetFilterBody) => saveDownload(download(endpoints.admet.filterByQuery, { query })),
  },
  /** Protein structures from the archives (RCSB by PDB id, AlphaFold by UniProt id). */
  protein: {
    suggest: (entry: string) => call(endpoints.protein.match, { query: { entry } }),
    /** The entry's text, fetched and cached by the server. */
    pdbText: (pdbId: string) => textOf(download(endpoints.protein.pdb, { params: { id: pdbId } })),
    alphafoldText: (uniprotId: string) => textOf(download(endpoints.protein.alphafold, { params: { id: uniprotId } })),
    downloadPdb: async (pdbId: string) => {
      const entry = await call(endpoints.protein.pdbUrl, { query: { pdb_id: pdbId } });
      await saveDownload(download(endpoints.protein.pdb, { params: { id: entry.pdb_id } }), `${pdbId.toUpperCase()}.pdb`);
    },
  },
  /** Which licensed engines of the Rosetta and VASP pages the platform has. */
  licensed: {
    engines: () => call(endpoints.system.licensedEngines),
  },
  /** Which licensed quantum engines the platform has (ORCA, else NWChem; DFTB+, else GFN2-xTB). */
  quantum: {
    engines: () => call(endpoints.system.quantumEngines),
    /** A typed or drawn molecule made 3D (ETKDG + MMFF94) as XYZ, for a quantum form. */
    embed: (smiles: string, name: string) => call(endpoints.system.quantumEmbed, { body: { smiles, name } }),
  },
  /**
   * QSAR: reading a training table for the build form, and the user's model registry. A table is
   * read silently: the form shows why it could not be read beside the file, not as a toast.
   */
  qsar: {
    inspect: (table: QsarTableBody) => call(endpoints.qsar.inspect, { body: table }, { silent: true }),
    models: () => call(endpoints.qsar.models),
    model: (id: number) => call(endpoints.qsar.model, { params: { id } }),
    rename: (id: number, name: string) => message(envelope(endpoints.qsar.rename, { body: { id, name } })),
    remove: (id: number) => message(envelope(endpoints.qsar.remove, { params: { id } })),
    download: (id: number) => saveDownload(download(endpoints.qsar.download, { params: { id } })),
  },
  modules: {
    /** A module's form as the page built it: its fields and files, under the module's own submit route. `handles`: errnos the form answers itself. */
    submit: (form: SubmitFormDeclaration, body: FormData, handles: readonly number[] = []) => call(submitEndpoint(form), { body: withModule(form, body) }, { handles }),
    /** What the same form would cost. Silent: a form the server refuses shows its reason when submitted, not while typed. */
    estimate: (form: SubmitFormDeclaration, body: FormData, signal?: AbortSignal) => call(estimateEndpoint(form), { body: withModule(form, body) }, { silent: true, signal }),
  },
  /** The personal centre (issue 4). Calls that answer with the server's message return `errmsg`. */
  personal: {
    recharge: (amount: number) => call(endpoints.payments.recharge, { body: { amount, channel: 'wechat' } }),
    recharges: () => call(endpoints.payments.recharges),
    rechargeQr: (orderId: string) => call(endpoints.payments.rechargeQrCode, { params: { id: orderId } }),
    refundRecharge: (orderId: string) => message(envelope(endpoints.payments.refundRecharge, { body: { order_id: orderId } })),
    refundBalance: (body: BodyOf<typeof endpoints.payments.refundBalance>) => message(envelope(endpoints.payments.refundBalance, { body })),
    refunds: () => call(endpoints.payments.refunds),
    /** Invoice calls are silent: the screens show the server's message as a warning. */
    invoices: () => call(endpoints.personal.invoiceInfos),
    invoice: (id: number) => call(endpoints.personal.invoiceInfo, { params: { id } }, { silent: true }),
    saveInvoice: (body: PersonalInvoiceInfoBody) => message(envelope(endpoints.personal.saveInvoiceInfo, { body }, { silent: true })),
    removeInvoice: (id: number) => message(envelope(endpoints.personal.removeInvoiceInfo, { params: { id } }, { silent: true })),
    applyInvoice: (body: PersonalInvoiceApplication) => message(envelope(endpoints.personal.applyInvoice, { body }, { silent: true })),
    appliedInvoices: () => call(endpoints.personal.appliedInvoices),
    invites: () => call(endpoints.personal.invites),
    submitFeedback: (body: BodyOf<typeof endpoints.personal.submitFeedback>) => call(endpoints.personal.submitFeedback, { body }),
    feedback: () => call(endpoints.personal.feedback),
    revokeFeedback: (id: number) => call(endpoints.personal.revokeFeedback, { body: { id } }),
    prices: () => call(endpoints.personal.prices),
    applyHpc: (node: HpcNode) => message(envelope(endpoints.personal.applyHpc, { body: { node } })),
    sshTasks: (page: number, limit: number) => call(endpoints.personal.terminalTasks, { query: { page, limit } }),
    officialQr: () => call(endpoints.personal.officialQrCode),
    revokeAccount: () => message(envelope(endpoints.user.close)),
    confirmSandbox: (orderId: string, token: string) => message(envelope(endpoints.payments.sandboxConfirm, { params: { orderId }, query: { token } })),
  },
};
