// Sign-in with identity providers (docs/decisions/0036-sign-in-providers.md): the authorization code flow
// with PKCE, state and (OpenID Providers) nonce through openid-client; a returning person is signed in, a
// new one completes the student profile first, and a provider email matching an account is linked only
// with that account's password. Signed-in students link and unlink providers, never their last way in.
import {
  MESSAGES,
  SIGN_IN_PROVIDERS,
  SIGN_IN_PROVIDER_ERRORS,
  SIGN_IN_PROVIDER_MAIL,
  SIGN_IN_PROVIDER_MESSAGES,
  SIGN_IN_PROVIDER_NAMES,
  type CompleteProviderSignUpBody,
  type IdentitiesResponse,
  type Role,
  type SignInProvider,
  type SignInProviderError,
  type Student,
} from '@reshelf/shared';
import * as client from 'openid-client';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { iso } from '../../lib/clock.ts';
import { conflict, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import { hashToken, newToken } from '../../lib/ids.ts';
import { brandedMail } from '../../lib/mailer.ts';
import type { AccountDeletionHook, AccountsService, PasswordResetHook, SignedIn } from '../accounts/service.ts';
import { providerClient, type ProviderClient, type ProviderProfile } from './providers.ts';
import * as repo from './repository.ts';

/** How long a started sign-in may take at the provider, and how long a pending one waits for its form. */
export const FLOW_TTL_MS = 10 * 60_000;
export const PENDING_TTL_MS = 30 * 60_000;

/** A session to set, as password login sets it. */
export interface NewSession {
  student: Student;
  token: string;
  maxAgeSeconds: number;
}

/** Where the callback sends the browser, and what it sets on the way. */
export type CallbackOutcome =
  | { kind: 'signed-in'; redirect: string; session: NewSession }
  | { kind: 'pending'; redirect: string; pendingToken: string }
  | { kind: 'linked'; redirect: string }
  | { kind: 'error'; redirect: string; error: SignInProviderError };

export interface IdentitiesOptions {
  accounts: AccountsService;
  /**
   * The verified-students seam: called after a Microsoft sign-in (or link) whose email the tenant owns
   * and which is at the student's own university's domain rules, for the accounts module to mark them verified.
   */
  verifyByMicrosoft?: (studentId: string, email: string) => Promise<void>;
  /** A provider's client by id (tests give one pointed at their own provider); the configured one otherwise. */
  clients?: Partial<Record<SignInProvider, ProviderClient>>;
  warn?: (err: unknown, what: string) => void;
}

const isUnique = (err: unknown) => /unique|duplicate|constraint/i.test(String((err as Error)?.message ?? err));

export function createIdentitiesService(ctx: AppContext, opts: IdentitiesOptions) {
  const { db, clock, config, mailer } = ctx;
  const { accounts } = opts;
  const clients: Partial<Record<SignInProvider, ProviderClient>> = {};
  for (const id of SIGN_IN_PROVIDERS) {
    const creds = config.signInProviders[id];
    const given = opts.clients?.[id];
    if (given) clients[id] = given;
    else if (creds) clients[id] = providerClient(id, creds);
  }
  const now = () => clock.now();
  const later = (ms: number) => iso(new Date(now().getTime() + ms));
  const redirectUri = (id: SignInProvider) => `${config.publicUrl}/api/v1/auth/oauth/${id}/callback`;
  const clientOf = (provider: string): ProviderClient => {
    const found = (SIGN_IN_PROVIDERS as readonly string[]).includes(provider) ? clients[provider as SignInProvider] : undefined;
    if (!found) throw notFound(SIGN_IN_PROVIDER_MESSAGES.unknownProvider, 'UNKNOWN_PROVIDER');
    return found;
  };
  const fail = (error: SignInProviderError, intent: 'sign-in' | 'link'): CallbackOutcome => ({
    kind: 'error',
    error,
    redirect: `${intent === 'link' ? '/settings' : '/login'}?signInError=${error}`,
  });

  async function afterMicrosoft(provider: SignInProvider, studentId: string, profile: ProviderProfile) {
    if (provider !== 'microsoft' || !profile.emailVerified || !profile.email || !opts.verifyByMicrosoft) return;
    await opts.verifyByMicrosoft(studentId, profile.email).catch((err: unknown) => opts.warn?.(err, 'could not mark a Microsoft-verified student'));
  }

  /**
   * Tells the student a provider was linked to their account, so a link they did not make (someone with a
   * moment at their signed-in session) does not go unnoticed. The sending is not waited on: a slow mail
   * server must not hold the sign-in up.
   */
  async function mailLinked(studentId: string, provider: SignInProvider) {
    const student = await accounts.profile(studentId);
    if (!student) return;
    const name = SIGN_IN_PROVIDER_NAMES[provider];
    const shown = name.charAt(0).toUpperCase() + name.slice(1);
    const mail = brandedMail({
      to: student.email,
      subject: SIGN_IN_PROVIDER_MAIL.subject(shown),
      heading: SIGN_IN_PROVIDER_MAIL.heading(student.firstName),
      paragraphs: [...SIGN_IN_PROVIDER_MAIL.paragraphs(shown)],
      action: { label: SIGN_IN_PROVIDER_MAIL.action, url: `${config.publicUrl}/settings` },
    });
    void mailer.send(mail).catch((err: unknown) => opts.warn?.(err, 'could not send the provider-linked mail'));
  }

  /** Links the identity inside `trx`; 409 when it (or this provider for the student) is linked already. */
  async function link(trx: Db, studentId: string, provider: SignInProvider, profile: { subject: string; email: string | null }) {
    const existing = await repo.findIdentity(trx, provider, profile.subject);
    if (existing) throw conflict(existing.student_id === studentId ? SIGN_IN_PROVIDER_MESSAGES.alreadyLinked : SIGN_IN_PROVIDER_ERRORS.taken, 'IDENTITY_TAKEN');
    await repo.insertIdentity(trx, { provider, subject: profile.subject, student_id: studentId, email: profile.email, linked_at: iso(now()) });
  }

  return {
    /** The providers configured on this server, in the fixed order of SIGN_IN_PROVIDERS. */
    providers(): SignInProvider[] {
      return SIGN_IN_PROVIDERS.filter((id) => clients[id]);
    },

    /**
     * Starts the authorization code flow: state, nonce and PKCE verifier are kept server-side under the
     * hash of a random value the browser holds in a short-lived httpOnly cookie. `link` needs a session.
     */
    async start(provider: string, intent: 'sign-in' | 'link', auth: SignedIn | null): Promise<{ redirect: string; flowToken?: string }> {
      const c = clientOf(provider);
      if (intent === 'link' && !auth) throw unauthorized(MESSAGES.notSignedIn);
      // An admin account is only as safe as its weakest way in: it keeps its password alone.
      if (intent === 'link' && auth?.student.role === 'admin') return { redirect: fail('admin', intent).redirect };
      let config: client.Configuration;
      try {
        config = await c.configuration();
      } catch (err) {
        opts.warn?.(err, `sign-in provider ${c.id} unavailable`);
        return { redirect: fail('unavailable', intent).redirect };
      }
      const verifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const flowToken = newToken();
      await repo.insertFlow(db, {
        id_hash: hashToken(flowToken),
        provider: c.id,
        state,
        nonce,
        code_verifier: verifier,
        intent,
        student_id: intent === 'link' ? auth!.student.id : null,
        created_at: iso(now()),
        expires_at: later(FLOW_TTL_MS),
      });
      const params: Record<string, string> = {
        redirect_uri: redirectUri(c.id),
        scope: c.scope,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
      };
      if (c.openid) params.nonce = nonce;
      return { redirect: client.buildAuthorizationUrl(config, params).href, flowToken };
    },

    /**
     * The provider's answer. The flow is taken (deleted) first, so a callback replayed with the same
     * cookie finds none; openid-client checks the state, the PKCE verifier, the issuer and the ID token,
     * and the provider refuses a code used before. Nothing here ever creates a session on a failure.
     */
    async callback(provider: string, currentUrl: URL, flowToken: string | undefined, auth: SignedIn | null): Promise<CallbackOutcome> {
      const c = clientOf(provider);
      const flow = flowToken ? await repo.takeFlow(db, hashToken(flowToken), iso(now())) : undefined;
      if (!flow || flow.provider !== c.id) return fail('expired', 'sign-in');
      const intent = flow.intent;
      if (currentUrl.searchParams.get('error') === 'access_denied') return fail('denied', intent);
      // The library checks it again; this only tells a forged or crossed answer apart in the message.
      if (currentUrl.searchParams.get('state') !== flow.state) return fail('state', intent);
      let profile: ProviderProfile;
      try {
        const config = await c.configuration();
        const tokens = await client.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: flow.code_verifier,
          expectedState: flow.state,
          ...(c.openid ? { expectedNonce: flow.nonce, idTokenExpected: true } : {}),
        });
        profile = await c.profile(config, tokens);
        if (!profile.subject) throw new Error('the provider gave no subject');
      } catch (err) {
        opts.warn?.(err, `sign-in with ${c.id} refused`);
        return fail('provider', intent);
      }

      if (intent === 'link') {
        // The session that started the link must still be the one finishing it.
        if (!auth || auth.student.id !== flow.student_id) return fail('expired', 'link');
        if (auth.student.role === 'admin') return fail('admin', 'link');
        try {
          await db.transaction().execute((trx) => link(trx, auth.student.id, c.id, profile));
        } catch (err) {
          if ((err as { statusCode?: number }).statusCode === 409 || isUnique(err)) return fail('taken', 'link');
          throw err;
        }
        await mailLinked(auth.student.id, c.id);
        await afterMicrosoft(c.id, auth.student.id, profile);
        return { kind: 'linked', redirect: `/settings?linked=${c.id}` };
      }

      const known = await repo.findIdentity(db, c.id, profile.subject);
      if (known) {
        try {
          const session = await accounts.startSession(known.student_id);
          await afterMicrosoft(c.id, known.student_id, profile);
          return { kind: 'signed-in', redirect: '/login', session };
        } catch (err) {
          if ((err as { statusCode?: number }).statusCode === 403) return fail('suspended', 'sign-in');
          throw err;
        }
      }
      // An address the provider does not vouch for never finds or makes an account.
      if (!profile.email || !profile.emailVerified) return fail('unverified', 'sign-in');
      const existing = await accounts.findByEmail(profile.email);
      if (existing?.role === 'admin') return fail('admin', 'sign-in');
      const pendingToken = newToken();
      await repo.insertPending(db, {
        token_hash: hashToken(pendingToken),
        provider: c.id,
        subject: profile.subject,
        email: profile.email,
        first_name: profile.firstName.slice(0, 100),
        last_name: profile.lastName.slice(0, 100),
        student_id: existing?.id ?? null,
        created_at: iso(now()),
        expires_at: later(PENDING_TTL_MS),
      });
      return { kind: 'pending', redirect: existing ? '/sign-in/link' : '/sign-in/complete', pendingToken };
    },

    /** Ends this browser's started flow and pending sign-in, if it holds any (logout); an unknown token ends nothing. */
    async abandon(flowToken: string | undefined, pendingToken: string | undefined): Promise<void> {
      if (flowToken) await repo.deleteFlow(db, hashToken(flowToken));
      if (pendingToken) await repo.deletePending(db, hashToken(pendingToken));
    },

    /** What the complete-profile or link-password page shows; 404 when there is none (or it expired). */
    async pending(pendingToken: string | undefined) {
      const row = pendingToken ? await repo.findPending(db, hashToken(pendingToken), iso(now())) : undefined;
      if (!row) throw notFound(SIGN_IN_PROVIDER_MESSAGES.pendingExpired, 'PENDING_EXPIRED');
      return {
        provider: row.provider as SignInProvider,
        next: row.student_id ? ('link-password' as const) : ('complete-profile' as const),
        email: row.email,
        firstName: row.first_name,
        lastName: row.last_name,
      };
    },

    /** A new person's profile: the account (no password), its identity and a session, in one step. */
    async complete(pendingToken: string | undefined, body: CompleteProviderSignUpBody): Promise<NewSession> {
      const hash = pendingToken ? hashToken(pendingToken) : '';
      const peek = hash ? await repo.findPending(db, hash, iso(now())) : undefined;
      if (!peek || peek.student_id) throw notFound(SIGN_IN_PROVIDER_MESSAGES.pendingExpired, 'PENDING_EXPIRED');
      let student: Student;
      try {
        student = await db.transaction().execute(async (trx) => {
          const row = await repo.takePending(trx, hash, iso(now()));
          if (!row) throw notFound(SIGN_IN_PROVIDER_MESSAGES.pendingExpired, 'PENDING_EXPIRED');
          const created = await accounts.createWithoutPassword(trx, {
            email: row.email,
            firstName: body.firstName,
            lastName: body.lastName,
            studentNumber: body.studentNumber,
            university: body.university,
            role: body.userType as Role,
          });
          await link(trx, created.id, row.provider as SignInProvider, { subject: row.subject, email: row.email });
          return created;
        });
      } catch (err) {
        // Two completions at once, or an account made with the address meanwhile: the unique indexes decide.
        if (isUnique(err)) {
          if (await accounts.findByEmail(peek.email)) throw conflict(MESSAGES.emailExists, 'EMAIL_EXISTS');
          throw conflict(SIGN_IN_PROVIDER_ERRORS.taken, 'IDENTITY_TAKEN');
        }
        throw err;
      }
      const session = await accounts.startSession(student.id);
      await afterMicrosoft(peek.provider as SignInProvider, student.id, { subject: peek.subject, email: peek.email, emailVerified: true, firstName: '', lastName: '' });
      return session;
    },

    /**
     * Links the pending identity to the existing account with its email, once that account's password is
     * given (login's failure limit and answers); the pending sign-in stays for another try until then.
     */
    async linkWithPassword(pendingToken: string | undefined, password: string): Promise<NewSession> {
      const hash = pendingToken ? hashToken(pendingToken) : '';
      const peek = hash ? await repo.findPending(db, hash, iso(now())) : undefined;
      if (!peek || !peek.student_id) throw notFound(SIGN_IN_PROVIDER_MESSAGES.pendingExpired, 'PENDING_EXPIRED');
      const studentId = peek.student_id;
      await accounts.checkPassword(studentId, password);
      if ((await accounts.profile(studentId))?.role === 'admin') throw forbidden(SIGN_IN_PROVIDER_ERRORS.admin, 'ADMIN_PASSWORD_ONLY');
      try {
        await db.transaction().execute(async (trx) => {
          const row = await repo.takePending(trx, hash, iso(now()));
          if (!row) throw notFound(SIGN_IN_PROVIDER_MESSAGES.pendingExpired, 'PENDING_EXPIRED');
          await link(trx, studentId, row.provider as SignInProvider, { subject: row.subject, email: row.email });
        });
      } catch (err) {
        if (isUnique(err)) throw conflict(SIGN_IN_PROVIDER_ERRORS.taken, 'IDENTITY_TAKEN');
        throw err;
      }
      const session = await accounts.startSession(studentId);
      await mailLinked(studentId, peek.provider as SignInProvider);
      await afterMicrosoft(peek.provider as SignInProvider, studentId, { subject: peek.subject, email: peek.email, emailVerified: true, firstName: '', lastName: '' });
      return session;
    },

    async identities(auth: SignedIn): Promise<IdentitiesResponse> {
      const rows = await repo.identitiesOf(db, auth.student.id);
      return {
        identities: rows.map((r) => ({ provider: r.provider as SignInProvider, email: r.email, linkedAt: r.linked_at })),
        hasPassword: await accounts.hasPassword(auth.student.id),
      };
    },

    /** Unlinks a provider; 409 when it is the last way in (no password, no other provider). */
    async unlink(auth: SignedIn, provider: string): Promise<void> {
      const studentId = auth.student.id;
      const hasPassword = await accounts.hasPassword(studentId);
      await db.transaction().execute(async (trx) => {
        // Held until the end on PostgreSQL: two unlinks at once take turns and the second sees the first.
        const rows = await repo.identitiesOf(trx, studentId, { lock: true });
        if (!rows.some((r) => r.provider === provider)) throw notFound(SIGN_IN_PROVIDER_MESSAGES.notLinked, 'NOT_LINKED');
        if (!hasPassword && rows.length <= 1) throw conflict(SIGN_IN_PROVIDER_MESSAGES.lastWayToSignIn, 'LAST_WAY_TO_SIGN_IN');
        await repo.deleteIdentity(trx, studentId, provider);
      });
    },

    accountDeletionHook: {
      async beforeDelete(trx: Db, studentId: string) {
        await repo.deleteAllOf(trx, studentId);
      },
    } satisfies AccountDeletionHook,

    /**
     * A password set from a reset link unlinks every provider: the mailbox's owner may be taking back an
     * account that someone else signed up with their address, or had a moment at, and linked their own
     * provider to. The owner links theirs again from settings.
     */
    passwordResetHook: (async (trx: Db, studentId: string) => {
      await repo.deleteAllOf(trx, studentId);
    }) satisfies PasswordResetHook,

    /** Deletes flows and pending sign-ins past their time; returns how many. */
    async prune(): Promise<number> {
      return repo.deleteExpired(db, iso(now()));
    },

  };
}

export type IdentitiesService = ReturnType<typeof createIdentitiesService>;
