// Who is signed in: the session check at start-up, login, sign-up, logout and the student record every
// page reads through useSession(). Only the non-secret student object is kept in localStorage ('user')
// so a returning student's dashboard paints at once; the httpOnly cookie is the real credential.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { LIMITS, type LoginBody, type RegisterInput, type Role, type Student, type StudentResponse } from '@reshelf/shared';
import { api, ApiError } from './api';
import { readStored, removeStored, writeStored } from './local-storage';

/** localStorage key of the persisted student (only the student is persisted, under 'user'). */
export const SESSION_STORAGE_KEY = 'user';

/**
 * The readable cookie the server sets beside its httpOnly session cookie (and clears with it). Without it
 * there is no session to check, and a visitor's page load skips the request (which would answer 401).
 */
const SIGNED_IN_COOKIE = 'reshelf_signed_in';

export function hasSignedInHint(): boolean {
  return document.cookie.split(';').some((part) => part.trim() === `${SIGNED_IN_COOKIE}=1`);
}

/** Where each role lands after login and when it opens /login while signed in. */
export function areaPath(role: Role): string {
  if (role === 'seller') return '/seller';
  if (role === 'admin') return '/admin';
  return '/buyer';
}

/** The router location state the guards hand to /login. */
export interface LoginRedirectState {
  /** The path the visitor asked for; login returns there when their role may see it. */
  from?: string;
  /** Set after an access-denied redirect: /login then stays even for a signed-in student. */
  denied?: boolean;
}

/**
 * Pages outside the areas that any signed-in account may be sent back to after login: a verification link's
 * page, which confirms only with the session of the account that asked
 * (docs/decisions/0037-verification-needs-its-student.md).
 */
const PAGES_FOR_ANY_ACCOUNT = ['/verify-student'];

/**
 * Where to go after login: the page the student was heading for if one of their roles (`held`, the sign-up
 * role by default) may see it, else the sign-up role's area.
 */
export function afterLoginPath(role: Role, from: string | undefined, held: readonly Role[] = [role]): string {
  if (from && PAGES_FOR_ANY_ACCOUNT.some((page) => from === page || from.startsWith(page + '?'))) return from;
  for (const each of new Set([role, ...held])) {
    const area = areaPath(each);
    if (from && (from === area || from.startsWith(area + '/') || from.startsWith(area + '?'))) return from;
  }
  return areaPath(role);
}

/** The outcome of login or sign-up. `busy` means the call was ignored because another one runs. */
export type AuthResult = { ok: true; student: Student } | { ok: false; error: string; busy: boolean };

export interface SessionState {
  student: Student | null;
  isAuthenticated: boolean;
  /** True while the start-up check (at most LIMITS.persistTimeoutMs), a login or a logout runs. */
  isLoading: boolean;
  /** The last login or session error, for pages that want to show it. */
  error: string | null;
}

export interface SessionValue extends SessionState {
  login: (body: LoginBody) => Promise<AuthResult>;
  /** Creates the account; the student is not signed in afterwards (they log in next). */
  signup: (body: RegisterInput) => Promise<AuthResult>;
  /** Ends the session on the server; the user is cleared even when that call fails. */
  logout: () => Promise<void>;
  /** Reloads the student from the server (after an update elsewhere); null when no longer signed in. */
  refresh: () => Promise<Student | null>;
  /** Replaces the student with a fresh copy from an API answer (faculty update, say). */
  setStudent: (student: Student) => void;
  /** Forgets the user locally (after account deletion, or a 401 seen by a feature). */
  clear: () => void;
}

/** The roles, written out here as a record (the compiler checks it against Role): importing the shared
 *  ROLES list would bring every enum and label of the shared package into the first page load. */
const KNOWN_ROLES: Record<Role, true> = { buyer: true, seller: true, admin: true };

function isStudent(value: unknown): value is Student {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Student>;
  return (
    typeof candidate.id === 'string' &&
    typeof candidate.email === 'string' &&
    typeof candidate.firstName === 'string' &&
    typeof candidate.role === 'string' &&
    Object.hasOwn(KNOWN_ROLES, candidate.role)
  );
}

function readPersisted(): Student | null {
  const stored = readStored<unknown>(SESSION_STORAGE_KEY, null);
  return isStudent(stored) ? stored : null;
}

/**
 * The server's own `error` text when the answer carried one (API error bodies always have a code), else
 * `fallback`: no answer at all, or a proxy's bare error page, gets the screen's default message.
 */
export function serverErrorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status > 0 && error.message && error.code !== `HTTP_${error.status}`) {
    return error.message;
  }
  return fallback;
}

// The wording of login and sign-up failures (and with it every message of the app) is fetched when a
// failure needs it, on pages that have it already: the first page load of a visitor does not carry it.
const authMessages = () => import('./auth-messages');

const SessionContext = createContext<SessionValue | null>(null);

export interface SessionProviderProps {
  children: ReactNode;
}

export function SessionProvider({ children }: SessionProviderProps) {
  // The start-up check runs when the server says a session may exist (the hint cookie) or a student is
  // remembered here: a student signed in before the hint existed has no hint yet, and the check hands it
  // to them. A visitor with neither has nothing to check.
  const [checkAtStart] = useState(() => hasSignedInHint() || readPersisted() !== null);
  const [state, setState] = useState<Omit<SessionState, 'isAuthenticated'>>(() => {
    const persisted = readPersisted();
    // A persisted student paints at once; the check below confirms or clears it.
    return { student: persisted, isLoading: checkAtStart, error: null };
  });
  // Bumped by every login, logout and explicit change, so a slow start-up check cannot undo them.
  const generation = useRef(0);
  // Login, sign-up and logout are ignored while one of them is running.
  const inFlight = useRef<'login' | 'signup' | 'logout' | null>(null);

  const applyStudent = useCallback((student: Student | null, error: string | null = null) => {
    if (student) writeStored(SESSION_STORAGE_KEY, student);
    else removeStored(SESSION_STORAGE_KEY);
    setState({ student, isLoading: false, error });
  }, []);

  useEffect(() => {
    if (!checkAtStart) return;
    const controller = new AbortController();
    const startedAt = generation.current;
    // The app waits for the check at most this long, then shows what it has.
    const cap = window.setTimeout(() => {
      setState((current) => (current.isLoading ? { ...current, isLoading: false } : current));
    }, LIMITS.persistTimeoutMs);
    api<StudentResponse>('/auth/session', { signal: controller.signal })
      .then((answer) => {
        if (generation.current !== startedAt) return;
        applyStudent(isStudent(answer?.student) ? answer.student : null);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted || generation.current !== startedAt) return;
        // No session, or any failure, clears the user.
        applyStudent(null, error instanceof ApiError && error.status !== 401 ? error.message : null);
      })
      .finally(() => window.clearTimeout(cap));
    return () => {
      controller.abort();
      window.clearTimeout(cap);
    };
  }, [checkAtStart, applyStudent]);

  // Logging out or in another tab changes the persisted student; follow it here.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== SESSION_STORAGE_KEY && event.key !== null) return;
      const next = readPersisted();
      generation.current += 1;
      setState((current) => (current.student?.id === next?.id ? current : { student: next, isLoading: false, error: null }));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const login = useCallback(
    async (body: LoginBody): Promise<AuthResult> => {
      if (inFlight.current) return { ok: false, error: '', busy: true };
      inFlight.current = 'login';
      setState((current) => ({ ...current, isLoading: true, error: null }));
      try {
        const answer = await api<StudentResponse>('/auth/login', { method: 'POST', body });
        generation.current += 1;
        if (!isStudent(answer?.student)) {
          const { userDataNotFound } = await authMessages();
          applyStudent(null, userDataNotFound);
          return { ok: false, error: userDataNotFound, busy: false };
        }
        applyStudent(answer.student);
        return { ok: true, student: answer.student };
      } catch (error) {
        const message = (await authMessages()).loginErrorMessage(error);
        setState((current) => ({ ...current, isLoading: false, error: message }));
        return { ok: false, error: message, busy: false };
      } finally {
        inFlight.current = null;
      }
    },
    [applyStudent],
  );

  const signup = useCallback(async (body: RegisterInput): Promise<AuthResult> => {
    if (inFlight.current) return { ok: false, error: '', busy: true };
    inFlight.current = 'signup';
    try {
      const answer = await api<StudentResponse>('/auth/register', { method: 'POST', body });
      return { ok: true, student: answer.student };
    } catch (error) {
      return { ok: false, error: (await authMessages()).signupErrorMessage(error), busy: false };
    } finally {
      inFlight.current = null;
    }
  }, []);

  const logout = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = 'logout';
    setState((current) => ({ ...current, isLoading: true }));
    try {
      await api('/auth/logout', { method: 'POST' });
    } catch {
      // On failure it still clears and redirects.
    } finally {
      generation.current += 1;
      applyStudent(null);
      inFlight.current = null;
    }
  }, [applyStudent]);

  const refresh = useCallback(async () => {
    const startedAt = generation.current;
    try {
      const answer = await api<StudentResponse>('/auth/session');
      const student = isStudent(answer?.student) ? answer.student : null;
      if (generation.current === startedAt) applyStudent(student);
      return student;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        if (generation.current === startedAt) applyStudent(null);
        return null;
      }
      // Offline for a moment: keep what we have.
      return state.student;
    }
  }, [applyStudent, state.student]);

  const setStudent = useCallback(
    (student: Student) => {
      generation.current += 1;
      applyStudent(student);
    },
    [applyStudent],
  );

  const clear = useCallback(() => {
    generation.current += 1;
    applyStudent(null);
  }, [applyStudent]);

  const value = useMemo<SessionValue>(
    () => ({ ...state, isAuthenticated: state.student !== null, login, signup, logout, refresh, setStudent, clear }),
    [state, login, signup, logout, refresh, setStudent, clear],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The signed-in student and the session actions. Must be used below <SessionProvider>. */
export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
