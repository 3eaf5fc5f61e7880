import type {
  CsvPage,
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
import { call, download, get, post, request } from './client.ts';

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
    files: (id: number) => get<TaskFiles>(`/api/tasks/files/${id}`),
    /** Answers the server's own message, which the spec shows on success. */
    cancel: async (id: number) => (await call<null>('POST', '/api/tasks/cancel', { json: { task_id: id } })).errmsg,
    download: (id: number) => download(`/api/tasks/download/${id}`),
    downloadFile: (id: number, file: string, name: string) => download('/api/stream/download/', { task_id: id, file }, name),
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
  modules: {
    submit: (route: string, form: FormData) => request<SubmitData>('POST', route, { form }),
  },
};
