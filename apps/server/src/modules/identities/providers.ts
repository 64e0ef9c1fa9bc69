// The identity providers: how each is reached through openid-client (certified; it does the PKCE, state,
// nonce, token and ID-token checks) and how its answer becomes a profile. Google, Microsoft (one tenant)
// and the self-hosted OpenID Provider are found by discovery; GitHub, Facebook and X are plain OAuth 2
// servers given their metadata here, their person read from their own APIs. No token is handled by hand.
import * as client from 'openid-client';
import type { SignInProvider } from '@reshelf/shared';
import type { ProviderCredentials } from '../../config.ts';

/** Who the provider says signed in. `emailVerified` is true only when the provider vouches for the address. */
export interface ProviderProfile {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

export interface ProviderClient {
  id: SignInProvider;
  /** Whether an ID token (and so a nonce) is part of the answer: the OpenID Providers. */
  openid: boolean;
  scope: string;
  configuration(): Promise<client.Configuration>;
  profile(config: client.Configuration, tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers): Promise<ProviderProfile>;
}

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** "Thandi Mokoena" split at its last space, for a provider that gives one name only. */
function splitName(name: string): { firstName: string; lastName: string } {
  const at = name.trim().lastIndexOf(' ');
  return at > 0 ? { firstName: name.slice(0, at).trim(), lastName: name.slice(at + 1).trim() } : { firstName: name.trim(), lastName: '' };
}

async function json(config: client.Configuration, accessToken: string, url: string): Promise<Record<string, unknown>> {
  const headers = new Headers({ accept: 'application/json', 'user-agent': 'Reshelf' });
  const res = await client.fetchProtectedResource(config, accessToken, new URL(url), 'GET', undefined, headers);
  if (!res.ok) throw new Error(`${new URL(url).host} answered ${res.status}`);
  return (await res.json()) as Record<string, unknown>;
}

/** The claims of an OpenID Provider: the ID token's, completed by its userinfo (for the same subject). */
async function openIdClaims(config: client.Configuration, tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers) {
  const idClaims = tokens.claims();
  if (!idClaims) throw new Error('no ID token');
  let claims: Record<string, unknown> = { ...idClaims };
  if (config.serverMetadata().userinfo_endpoint) {
    const info = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
    claims = { ...info, ...claims, email: claims.email ?? info.email, email_verified: claims.email_verified ?? info.email_verified };
  }
  return claims;
}

function openIdProfile(claims: Record<string, unknown>, verified: boolean): ProviderProfile {
  const named = splitName(str(claims.name));
  return {
    subject: str(claims.sub),
    email: str(claims.email).toLowerCase() || null,
    emailVerified: verified && Boolean(str(claims.email)),
    firstName: str(claims.given_name) || named.firstName,
    lastName: str(claims.family_name) || named.lastName,
  };
}

/** Discovery once per process, retried after a failure (the provider may have been down). */
function memo(load: () => Promise<client.Configuration>): () => Promise<client.Configuration> {
  let pending: Promise<client.Configuration> | undefined;
  return () => {
    pending ??= load().catch((err: unknown) => {
      pending = undefined;
      throw err;
    });
    return pending;
  };
}

function discovered(issuer: string, creds: ProviderCredentials): () => Promise<client.Configuration> {
  // Plain http only for a provider on this machine (config.ts allows it for localhost alone: tests).
  const local = issuer.startsWith('http://');
  return memo(() => client.discovery(new URL(issuer), creds.clientId, creds.clientSecret, undefined, local ? { execute: [client.allowInsecureRequests] } : undefined));
}

function oauth2(metadata: client.ServerMetadata, creds: ProviderCredentials, auth: 'post' | 'basic'): () => Promise<client.Configuration> {
  const method = auth === 'basic' ? client.ClientSecretBasic(creds.clientSecret) : client.ClientSecretPost(creds.clientSecret);
  return memo(async () => new client.Configuration(metadata, creds.clientId, undefined, method));
}

export function providerClient(id: SignInProvider, creds: ProviderCredentials): ProviderClient {
  switch (id) {
    case 'google':
    case 'oidc':
      return {
        id,
        openid: true,
        scope: 'openid email profile',
        configuration: discovered(creds.issuer!, creds),
        async profile(config, tokens) {
          const claims = await openIdClaims(config, tokens);
          return openIdProfile(claims, claims.email_verified === true);
        },
      };
    case 'microsoft':
      return {
        id,
        openid: true,
        scope: 'openid email profile',
        configuration: discovered(creds.issuer!, creds),
        async profile(config, tokens) {
          const claims = await openIdClaims(config, tokens);
          // Entra ID's email claim is the tenant's to set; it counts as verified only when Microsoft says the
          // tenant owns the address's domain (the xms_edov optional claim, which the app registration adds).
          return openIdProfile(claims, claims.xms_edov === true || claims.xms_edov === 'true' || claims.xms_edov === 1);
        },
      };
    case 'github':
      return {
        id,
        openid: false,
        scope: 'read:user user:email',
        configuration: oauth2(
          { issuer: 'https://github.com', authorization_endpoint: 'https://github.com/login/oauth/authorize', token_endpoint: 'https://github.com/login/oauth/access_token' },
          creds,
          'post',
        ),
        async profile(config, tokens) {
          const user = await json(config, tokens.access_token, 'https://api.github.com/user');
          const emails = (await json(config, tokens.access_token, 'https://api.github.com/user/emails')) as unknown as { email: string; primary: boolean; verified: boolean }[];
          const primary = Array.isArray(emails) ? emails.find((e) => e.primary && e.verified) : undefined;
          const named = splitName(str(user.name) || str(user.login));
          return { subject: String(user.id ?? ''), email: primary ? primary.email.toLowerCase() : null, emailVerified: Boolean(primary), ...named };
        },
      };
    case 'facebook':
      return {
        id,
        openid: false,
        scope: 'email public_profile',
        configuration: oauth2(
          { issuer: 'https://www.facebook.com', authorization_endpoint: 'https://www.facebook.com/v21.0/dialog/oauth', token_endpoint: 'https://graph.facebook.com/v21.0/oauth/access_token' },
          creds,
          'post',
        ),
        async profile(config, tokens) {
          const me = await json(config, tokens.access_token, 'https://graph.facebook.com/v21.0/me?fields=id,first_name,last_name,email');
          // Facebook returns `email` only for a confirmed address on the person's account.
          const email = str(me.email).toLowerCase() || null;
          return { subject: str(me.id), email, emailVerified: Boolean(email), firstName: str(me.first_name), lastName: str(me.last_name) };
        },
      };
    case 'x':
      return {
        id,
        openid: false,
        scope: 'users.read tweet.read users.email',
        configuration: oauth2(
          { issuer: 'https://x.com', authorization_endpoint: 'https://x.com/i/oauth2/authorize', token_endpoint: 'https://api.x.com/2/oauth2/token' },
          creds,
          'basic',
        ),
        async profile(config, tokens) {
          const me = (await json(config, tokens.access_token, 'https://api.x.com/2/users/me?user.fields=confirmed_email,name')).data as Record<string, unknown> | undefined;
          // X shares a confirmed address only to apps approved for it; without one, a new person is refused.
          const email = str(me?.confirmed_email).toLowerCase() || null;
          return { subject: str(me?.id), email, emailVerified: Boolean(email), ...splitName(str(me?.name)) };
        },
      };
  }
}
