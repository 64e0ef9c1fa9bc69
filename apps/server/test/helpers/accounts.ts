// Account fixtures for integration tests: sign a student up and log in, returning the session cookie.
import type { App } from '../../src/app.ts';

let counter = 0;
export const PASSWORD = 'Str0ng!Passw0rd';

export function signupBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    email: `student${counter}.${Math.random().toString(36).slice(2, 8)}@students.wits.ac.za`,
    password: PASSWORD,
    firstName: 'Thandi',
    lastName: 'Mokoena',
    studentNumber: '2301234',
    university: 'wits',
    userType: 'buyer',
    ...overrides,
  };
}

export function cookieFrom(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  const session = list.find((c) => c.startsWith('reshelf_session='));
  if (!session) throw new Error('no session cookie set');
  return session.split(';')[0]!;
}

export interface Account {
  id: string;
  email: string;
  password: string;
  cookie: string;
  role: string;
}

export async function registerAndLogin(app: App, overrides: Record<string, unknown> = {}): Promise<Account> {
  const body = signupBody(overrides);
  const reg = await app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: body });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.statusCode} ${reg.body}`);
  const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: body.email, password: body.password } });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  const student = login.json().student;
  return { id: student.id, email: body.email, password: body.password, cookie: cookieFrom(login), role: student.role };
}

export async function loginAs(app: App, email: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return cookieFrom(res);
}

/** The admin account (made if absent, as ADMIN_EMAIL does at start-up), signed in. */
export async function adminAccount(app: App, email = 'admin@reshelf.test', password = 'Admin-Passw0rd!'): Promise<Account> {
  await app.services.accounts.ensureAdmin(email, password);
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`admin login failed: ${res.statusCode} ${res.body}`);
  return { id: res.json().student.id, email, password, cookie: cookieFrom(res), role: 'admin' };
}
