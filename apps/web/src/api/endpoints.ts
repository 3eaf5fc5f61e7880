import type {
  PdbUrl,
  AdmetDetail,
  AdmetFilterResponse,
  AppliedInvoice,
  CsvPage,
  FeedbackTicket,
  HpcNode,
  InviteRecord,
  LibraryMoleculeRow,
  LibraryFeatures,
  LibrarySourceCount,
  InvoiceInfo,
  OfficialQrCode,
  PriceRow,
  QuantumEngines,
  RechargeCreated,
  RechargeQrCode,
  RechargeRow,
  RefundRow,
  TerminalTask,
  DataFile,
  DataFileType,
  LoginData,
  SubmitData,
  TaskFiles,
  TaskPage,
  TaskRow,
  UserInfo,
} from '@yunyao/contract';
import { SIMPLE_HISTORY_LIMIT } from '@yunyao/contract/constants';
import { call, download, fetchText, get, post, request } from './client.ts';

/** Every call the web app makes, typed by the shared contract. */
export const api = {
  user: {
    login: (account: string, password: string) => post<LoginData>('/api/user/login', { account, password }),
    register: (body: { email: string; password: string; invite_code?: string }) => post<LoginData>('/api/user/register', body),
    forget: (email: string) => post<null>('/api/user/forget', { email }),
    reset: (token: string, password: string) => post<null>('/api/user/reset', { token, password }),
    logout: () => request<null>('POST', '/api/user/logout', { silent: true }),
    info: () => get<UserInfo>('/api/user/info'),
  },
  tasks: {
    list: (query: { module?: string; status: number; page: number; limit: number }) => get<TaskPage>('/api/tasks', query),
    recent: (module: string, limit = SIMPLE_HISTORY_LIMIT) => get<TaskRow[]>('/api/tasks/recent', { module, limit }),
    one: (id: number) => get<TaskRow>(`/api/tasks/${id}`),
    json: (id: number) => get<Record<string, unknown> | null>(`/api/tasks/json/${id}`),
    /** A task's result rows, every one or a page of them; their shape is the module's. */
    output: <Row>(id: number, page?: { page: number; limit: number }) => get<Row[]>(`/api/tasks/output/${id}`, page),
    files: (id: number) => get<TaskFiles>(`/api/tasks/files/${id}`),
    /** Answers the server's own message, which the spec shows on success. */
    cancel: async (id: number) => (await call<null>('POST', '/api/tasks/cancel', { json: { task_id: id } })).errmsg,
    download: (id: number) => download(`/api/tasks/download/${id}`),
    downloadFile: (id: number, file: string, name: string) => download('/api/stream/download/', { task_id: id, file }, name),
    /** One output's text (a structure the result view draws). */
    fileText: (id: number, file: string) => fetchText('/api/stream/download/', { task_id: id, file }),
  },
  files: {
    list: (type?: DataFileType) => get<DataFile[]>('/api/files', { type }),
    upload: (type: DataFileType, file: File) => {
      const form = new FormData();
      form.append('type', type);
      form.append('file', file);
      return request<DataFile>('POST', '/api/files', { form });
    },
    uploadSmiles: (name: string, smiles: string) => post<DataFile>('/api/files/smiles', { name, smiles }),
    csvPage: (id: number, page: number, pageSize: number) => get<CsvPage>('/api/files/csvpage', { id, page, page_size: pageSize }),
    remove: (id: number) => request<null>('DELETE', `/api/files/${id}`),
    rename: (id: number, name: string) => post<null>('/api/files/rename', { id, name }),
    download: (file: Pick<DataFile, 'url' | 'filename'>) => download(file.url, undefined, file.filename),
  },
  /** The small-molecule library (pool page). `query` holds source, the ranges as "min,max", the structure search and limit. */
  library: {
    sources: () => get<LibrarySourceCount[]>('/api/molecule/sources'),
    features: () => get<LibraryFeatures>('/api/molecule/features'),
    count: (query: Record<string, string>) => get<number>('/api/molecule/count', query),
    filter: (query: Record<string, string | number>) => get<LibraryMoleculeRow[]>('/api/molecule/filter', query),
    downloadCsv: (query: Record<string, string | number>) => download('/api/molecule/filter', { ...query, type: 'csv' }),
  },
  /** ADMET results: `query` holds task_id, the ranges as "min,max", thresholds, BBB/hERG choices and the page. */
  admet: {
    filter: (query: Record<string, string | number>) => post<AdmetFilterResponse>('/api/admet/filter', query),
    detail: (smiles: string, taskId?: number) => get<AdmetDetail>('/api/admet/detail', { smiles, task_id: taskId }),
    downloadCsv: (query: Record<string, string | number>) => download('/api/admet/filter', { ...query, type: 'csv' }),
  },
  /** Protein structures from the archives (RCSB by PDB id, AlphaFold by UniProt id). */
  protein: {
    suggest: (entry: string) => get<{ name: string }[]>('/api/uniprot/match', { entry }),
    downloadPdb: async (pdbId: string) => {
      const { url } = await get<PdbUrl>('/api/protein/pdburl', { pdb_id: pdbId });
      await download(url, undefined, `${pdbId.toUpperCase()}.pdb`);
    },
  },
  /** Which licensed quantum engines the platform has (ORCA, else NWChem; DFTB+, else GFN2-xTB). */
  quantum: {
    engines: () => get<QuantumEngines>('/api/quantum/engines'),
  },
  modules: {
    submit: (route: string, form: FormData) => request<SubmitData>('POST', route, { form }),
  },
  /** The personal centre (issue 4). Calls that answer with the server's message return `errmsg`. */
  personal: {
    recharge: (amount: number) => post<RechargeCreated>('/api/recharges', { amount, channel: 'wechat' }),
    recharges: () => get<RechargeRow[]>('/api/recharges'),
    rechargeQr: (orderId: string) => get<RechargeQrCode>(`/api/recharges/${encodeURIComponent(orderId)}`),
    refundRecharge: async (orderId: string) => (await call<null>('POST', '/api/recharge/refund', { json: { order_id: orderId } })).errmsg,
    refundBalance: async (body: { amount: number; name: string; account: string }) =>
      (await call<null>('POST', '/api/balance/refund', { json: body })).errmsg,
    refunds: () => get<RefundRow[]>('/api/balance/refunds'),
    /** Invoice calls are silent: the screens show the server's message as a warning. */
    invoices: () => get<InvoiceInfo[]>('/api/invoices'),
    invoice: (id: number) => request<InvoiceInfo>('GET', `/api/invoices/${id}`, { silent: true }),
    saveInvoice: async (body: PersonalInvoiceInfoBody) => (await call<unknown>('POST', '/api/invoices', { json: body, silent: true })).errmsg,
    removeInvoice: async (id: number) => (await call<null>('DELETE', `/api/invoices/${id}`, { silent: true })).errmsg,
    applyInvoice: async (body: PersonalInvoiceApplication) =>
      (await call<unknown>('POST', '/api/recharges/invoice', { json: body, silent: true })).errmsg,
    appliedInvoices: () => get<AppliedInvoice[]>('/api/recharges/invoices'),
    invites: () => get<InviteRecord[]>('/api/invites'),
    submitFeedback: (fields: { content: string; contact: string; image?: File }) => {
      const form = new FormData();
      form.append('content', fields.content);
      form.append('contact', fields.contact);
      if (fields.image) form.append('image', fields.image);
      return request<unknown>('POST', '/api/feedback', { form });
    },
    feedback: () => get<FeedbackTicket[]>('/api/feedback'),
    revokeFeedback: (id: number) => post<null>('/api/feedback/revoke', { id }),
    prices: () => get<PriceRow[]>('/api/charge'),
    applyHpc: async (node: HpcNode) => (await call<null>('POST', '/api/chaosuan/apply', { json: { node } })).errmsg,
    sshTasks: (page: number, limit: number) => get<{ total: number; data: TerminalTask[] }>('/api/ssh/tasks', { page, limit }),
    officialQr: () => get<OfficialQrCode>('/api/wechat/qrcode'),
    revokeAccount: async () => (await call<null>('POST', '/api/user/revoke')).errmsg,
    confirmSandbox: async (orderId: string) => (await call<unknown>('POST', `/api/pay/sandbox/${encodeURIComponent(orderId)}/confirm`)).errmsg,
  },
};

/** What POST /api/invoices takes (the contract's schema input; `id` when editing). */
export interface PersonalInvoiceInfoBody {
  id?: number;
  header: string;
  serial_num: string;
  address?: string;
  telphone?: string;
  bank_name?: string;
  bank_account?: string;
  user_name: string;
  cell_phone: string;
  user_address: string;
  zip_code: string;
}

/** What POST /api/recharges/invoice takes: a saved invoice info (`invoice_id`) or typed fields, plus the recipient. */
export interface PersonalInvoiceApplication extends Partial<Omit<PersonalInvoiceInfoBody, 'id' | 'user_name' | 'cell_phone' | 'user_address' | 'zip_code'>> {
  order_id: string;
  type: 'normal' | 'special';
  invoice_id?: number;
  user_name: string;
  cell_phone: string;
  user_address: string;
  zip_code: string;
}
