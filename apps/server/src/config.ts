// The server's configuration: the environment parsed by one schema. Bad config stops start-up with a clear message.
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { SUPPORT_EMAIL, type SignInProvider } from '@reshelf/shared';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Listing uploads one seller may send an hour unless LISTINGS_PER_SELLER_PER_HOUR says otherwise. */
export const LISTINGS_PER_SELLER_PER_HOUR = 30;

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http(s) URL' }).optional()),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL (leave it unset for the embedded database)')
        .optional(),
    ),
    REDIS_URL: optionalString.pipe(z.string().regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// URL').optional()),
    SMTP_URL: optionalString.pipe(z.string().regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL').optional()),
    MAIL_FROM: z.string().default('Reshelf <no-reply@reshelf.co.za>'),
    SUPPORT_EMAIL: z.email('SUPPORT_EMAIL must be an email address').default(SUPPORT_EMAIL),
    ADMIN_EMAIL: optionalString.pipe(z.email('ADMIN_EMAIL must be an email address').optional()),
    ADMIN_PASSWORD: optionalString,
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    TRUST_PROXY: optionalString,
    WEB_DIST: optionalString,
    BREVO_API_KEY: optionalString,
    CUSTOM_REQUEST_PHONE: optionalString.pipe(z.string().regex(/^\d{9,15}$/, 'CUSTOM_REQUEST_PHONE must be digits in international form, e.g. 27821234567').optional()),
    S3_BUCKET: optionalString,
    S3_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http(s) URL' }).optional()),
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_PREFIX: optionalString,
    JOB_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(15_000),
    SEARCH_THREADS: z.coerce.number().int().min(1).max(64).optional(),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
    // A request's headers are under 2 KB: a phone on a weak 2G/3G signal (a few KB/s, seconds of
    // latency) sends them in 2-3 s, so 15 s leaves room for a handover while a connection that never
    // finishes its headers is closed in seconds instead of Node's 60-90.
    HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
    // The whole request, body included. The largest is a listing's 6 photos of up to 5 MB each, the
    // API's limit whatever a client does to shrink them: ~30 MB at slow 3G's ~50 KB/s upload is 10
    // minutes, so 15 leaves headroom. A slow body costs the server a socket, not a thread.
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(900_000),
    // Sign-ups from one address an hour. Many students share a campus NAT address, so the ceiling is
    // generous; a deployment behind one (or a test run that signs up hundreds of students) raises it.
    SIGNUPS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(60),
    // Listing uploads one seller may send an hour (each decodes and re-encodes up to six photos). A
    // student lists a shelf of books at most; a test run that lists hundreds with one seller raises it.
    LISTINGS_PER_SELLER_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(LISTINGS_PER_SELLER_PER_HOUR),
    // Sign-in with identity providers (docs/decisions/0036-sign-in-providers.md): each is on when its
    // client id and secret are both set. Microsoft is one tenant (a university's), by its id.
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    MICROSOFT_CLIENT_ID: optionalString,
    MICROSOFT_CLIENT_SECRET: optionalString,
    MICROSOFT_TENANT: optionalString,
    FACEBOOK_CLIENT_ID: optionalString,
    FACEBOOK_CLIENT_SECRET: optionalString,
    GITHUB_CLIENT_ID: optionalString,
    GITHUB_CLIENT_SECRET: optionalString,
    X_CLIENT_ID: optionalString,
    X_CLIENT_SECRET: optionalString,
    // A self-hosted OpenID Provider found by discovery (a university's own, or the tests' local one).
    OIDC_ISSUER: optionalString.pipe(z.url({ protocol: /^https?$/, error: 'OIDC_ISSUER must be an http(s) URL' }).optional()),
    OIDC_CLIENT_ID: optionalString,
    OIDC_CLIENT_SECRET: optionalString,
  })
  .superRefine((env, ctx) => {
    if (env.S3_BUCKET) {
      for (const k of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[k]) ctx.addIssue({ code: 'custom', path: [k], message: `${k} is required when S3_BUCKET is set` });
      }
    }
    if (env.HEADERS_TIMEOUT_MS > env.REQUEST_TIMEOUT_MS) {
      ctx.addIssue({ code: 'custom', path: ['HEADERS_TIMEOUT_MS'], message: 'HEADERS_TIMEOUT_MS must not be longer than REQUEST_TIMEOUT_MS' });
    }
    for (const p of ['GOOGLE', 'MICROSOFT', 'FACEBOOK', 'GITHUB', 'X', 'OIDC'] as const) {
      const id = env[`${p}_CLIENT_ID`];
      const secret = env[`${p}_CLIENT_SECRET`];
      if (Boolean(id) !== Boolean(secret)) {
        const missing = id ? `${p}_CLIENT_SECRET` : `${p}_CLIENT_ID`;
        ctx.addIssue({ code: 'custom', path: [missing], message: `${p}_CLIENT_ID and ${p}_CLIENT_SECRET are set together` });
      }
    }
    if (env.OIDC_CLIENT_ID && !env.OIDC_ISSUER) ctx.addIssue({ code: 'custom', path: ['OIDC_ISSUER'], message: 'OIDC_ISSUER is required when OIDC_CLIENT_ID is set' });
    if (env.OIDC_ISSUER?.startsWith('http://') && !/^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?(\/|$)/.test(env.OIDC_ISSUER)) {
      ctx.addIssue({ code: 'custom', path: ['OIDC_ISSUER'], message: 'OIDC_ISSUER must be https (plain http only on localhost, for tests)' });
    }
    // 'common', 'organizations' and 'consumers' publish a templated issuer no certified client accepts.
    if (env.MICROSOFT_CLIENT_ID && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(env.MICROSOFT_TENANT ?? '')) {
      ctx.addIssue({ code: 'custom', path: ['MICROSOFT_TENANT'], message: "MICROSOFT_TENANT must be the university's tenant id (a GUID) when MICROSOFT_CLIENT_ID is set" });
    }
    if (env.ADMIN_EMAIL && !env.ADMIN_PASSWORD) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'ADMIN_PASSWORD is required when ADMIN_EMAIL is set' });
    }
  });

export type Env = z.input<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  publicOrigin: string;
  secureCookies: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  admin: { email: string; password: string } | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  trustProxy: boolean | string | number;
  webDist: string;
  brevoApiKey: string | undefined;
  customRequestPhone: string | undefined;
  shutdownTimeoutMs: number;
  /** How long a connection may take to send a request's headers, and the whole request. */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  jobPollMs: number;
  /** SQLite: catalogue search threads at most (decision 0038); by default one per CPU core, at most two. */
  searchThreads: number;
  signupsPerAddressPerHour: number;
  listingsPerSellerPerHour: number;
  /** The identity providers configured (docs/decisions/0036-sign-in-providers.md), by id. */
  signInProviders: Partial<Record<SignInProvider, ProviderCredentials>>;
  s3: { bucket: string; endpoint: string; region: string; accessKeyId: string; secretAccessKey: string; prefix?: string } | undefined;
}

export interface ProviderCredentials {
  clientId: string;
  clientSecret: string;
  /** Where discovery starts: the OpenID Providers' issuer (Google, the Microsoft tenant, OIDC_ISSUER). */
  issuer?: string;
}

export class ConfigError extends Error {}

type ParsedEnv = z.output<typeof envSchema>;

function signInProviders(e: ParsedEnv): Partial<Record<SignInProvider, ProviderCredentials>> {
  const found: Partial<Record<SignInProvider, ProviderCredentials>> = {};
  const add = (id: SignInProvider, clientId: string | undefined, clientSecret: string | undefined, issuer?: string) => {
    if (clientId && clientSecret) found[id] = { clientId, clientSecret, ...(issuer ? { issuer } : {}) };
  };
  add('google', e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET, 'https://accounts.google.com');
  add('microsoft', e.MICROSOFT_CLIENT_ID, e.MICROSOFT_CLIENT_SECRET, `https://login.microsoftonline.com/${e.MICROSOFT_TENANT ?? ''}/v2.0`);
  add('facebook', e.FACEBOOK_CLIENT_ID, e.FACEBOOK_CLIENT_SECRET);
  add('github', e.GITHUB_CLIENT_ID, e.GITHUB_CLIENT_SECRET);
  add('x', e.X_CLIENT_ID, e.X_CLIENT_SECRET);
  add('oidc', e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET, e.OIDC_ISSUER);
  return found;
}

function parseTrustProxy(value: string | undefined): boolean | string | number {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value; // an address list such as "127.0.0.1,10.0.0.0/8"
}

/** Parses the environment into the server's configuration, or throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'environment'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    publicOrigin: new URL(publicUrl).origin,
    secureCookies: publicUrl.startsWith('https://'),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD } : undefined,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    brevoApiKey: e.BREVO_API_KEY,
    customRequestPhone: e.CUSTOM_REQUEST_PHONE,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    jobPollMs: e.JOB_POLL_MS,
    searchThreads: e.SEARCH_THREADS ?? Math.min(2, os.availableParallelism()),
    signupsPerAddressPerHour: e.SIGNUPS_PER_ADDRESS_PER_HOUR,
    listingsPerSellerPerHour: e.LISTINGS_PER_SELLER_PER_HOUR,
    signInProviders: signInProviders(e),
    s3:
      e.S3_BUCKET && e.S3_ENDPOINT && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { bucket: e.S3_BUCKET, endpoint: e.S3_ENDPOINT, region: e.S3_REGION, accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY, ...(e.S3_PREFIX ? { prefix: e.S3_PREFIX } : {}) }
        : undefined,
  };
}
