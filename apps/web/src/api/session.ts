import Cookies from 'js-cookie';
import { useSyncExternalStore } from 'react';
import type { LoginData } from '@yunyao/contract';

/** Spec: the token is kept in a cookie, the user in local storage. */
const TOKEN_COOKIE = 'token';
const REFRESH_COOKIE = 'refresh_token';
const USER_KEY = 'user';
/** The cookies outlive the 15-minute access token; an expired one is refreshed on the next call. */
const COOKIE_DAYS = 30;

export interface StoredUser {
  email: string;
}

export interface SessionSnapshot {
  token: string | undefined;
  user: StoredUser | null;
}

const listeners = new Set<() => void>();
let snapshot: SessionSnapshot = read();

/** The stored user, unless local storage holds something else (another app's value, a hand edit). */
function storedUser(): StoredUser | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(USER_KEY) ?? 'null');
    return typeof value === 'object' && value !== null && 'email' in value && typeof value.email === 'string' ? { email: value.email } : null;
  } catch {
    return null;
  }
}

function read(): SessionSnapshot {
  return { token: Cookies.get(TOKEN_COOKIE), user: storedUser() };
}

function changed(): void {
  snapshot = read();
  for (const listener of listeners) listener();
}

const cookieOptions = (): Cookies.CookieAttributes => ({
  expires: COOKIE_DAYS,
  sameSite: 'strict',
  secure: location.protocol === 'https:',
});

export const session = {
  token: (): string | undefined => Cookies.get(TOKEN_COOKIE),
  refreshToken: (): string | undefined => Cookies.get(REFRESH_COOKIE),
  save(login: Pick<LoginData, 'token' | 'refresh_token'> & { user?: StoredUser }): void {
    Cookies.set(TOKEN_COOKIE, login.token, cookieOptions());
    Cookies.set(REFRESH_COOKIE, login.refresh_token, cookieOptions());
    if (login.user) localStorage.setItem(USER_KEY, JSON.stringify({ email: login.user.email }));
    changed();
  },
  clear(): void {
    Cookies.remove(TOKEN_COOKIE);
    Cookies.remove(REFRESH_COOKIE);
    localStorage.removeItem(USER_KEY);
    changed();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: (): SessionSnapshot => snapshot,
};

/** Re-renders when the user logs in or out, in this tab or another. */
export function useSession(): SessionSnapshot & { loggedIn: boolean } {
  const current = useSyncExternalStore(session.subscribe, session.snapshot);
  return { ...current, loggedIn: Boolean(current.token) };
}

window.addEventListener('storage', (e) => {
  if (e.key === USER_KEY) changed();
});
