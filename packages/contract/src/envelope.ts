/** Every API answer is wrapped in this envelope; errno 0 means success. */
export interface Envelope<T> {
  errno: number;
  errmsg: string;
  data: T;
}

export function ok<T>(data: T, errmsg = 'success'): Envelope<T> {
  return { errno: 0, errmsg, data };
}
