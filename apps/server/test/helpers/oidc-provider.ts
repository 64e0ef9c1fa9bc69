// A real OpenID Provider for the sign-in tests: oidc-provider (certified) on 127.0.0.1 at a random port,
// with its development login and consent pages, and a browser stand-in that goes through them as a person
// would (cookies kept, redirects followed) until the provider sends the browser back to Reshelf.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** What the provider says about each person, by the login typed on its sign-in page. */
export type People = Record<string, { email?: string; email_verified?: boolean; given_name?: string; family_name?: string; xms_edov?: boolean }>;

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  people: People;
  close(): Promise<void>;
}

export async function startTestProvider(opts: { redirectUri: string | string[]; port?: number; people?: People; clientId?: string; clientSecret?: string }): Promise<TestProvider> {
  const people: People = opts.people ?? {};
  const clientId = opts.clientId ?? 'reshelf-test';
  const clientSecret = opts.clientSecret ?? 'a-test-client-secret-that-is-long-enough';
  const box: { handler?: (req: http.IncomingMessage, res: http.ServerResponse) => void } = {};
  const server = http.createServer((req, res) => box.handler!(req, res));
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [opts.redirectUri].flat(),
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    // xms_edov: Microsoft's "email domain owner verified" claim, for the tests that play Microsoft.
    claims: { openid: ['sub'], email: ['email', 'email_verified', 'xms_edov'], profile: ['given_name', 'family_name', 'name'] },
    findAccount: (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: () => ({ sub: id, email: `${id}@example.test`, email_verified: true, given_name: 'Test', family_name: 'Person', ...people[id] }),
    }),
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['a-test-cookie-key'] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
  });
  box.handler = provider.callback();
  return {
    issuer,
    clientId,
    clientSecret,
    people,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A browser at the provider: its cookies (all sent back to it; the provider is one origin) and the pages it walks. */
export class ProviderBrowser {
  private cookies = new Map<string, string>();

  private async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const raw of res.headers.getSetCookie()) {
      const [pair] = raw.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      if (/expires=Thu, 01 Jan 1970/i.test(raw) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /**
   * Opens the authorization URL, signs in as `login` on the provider's page, grants consent, and returns
   * the URL the provider sends the browser back to (Reshelf's callback). `abort` presses Cancel instead.
   */
  async signIn(authorizationUrl: string, login: string, opts: { abort?: boolean } = {}): Promise<URL> {
    let url = authorizationUrl;
    const origin = new URL(authorizationUrl).origin;
    for (let step = 0; step < 20; step += 1) {
      if (new URL(url).origin !== origin) return new URL(url);
      const res = await this.request(url);
      const location = res.headers.get('location');
      if (location) {
        url = new URL(location, url).href;
        continue;
      }
      const html = await res.text();
      if (res.status !== 200) throw new Error(`provider answered ${res.status}: ${html.slice(0, 300)}`);
      const uid = new URL(url).pathname.split('/').pop()!;
      const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
      if (!prompt) throw new Error(`not an interaction page: ${html.slice(0, 300)}`);
      const target = opts.abort ? `${origin}/interaction/${uid}/abort` : `${origin}/interaction/${uid}`;
      const body = prompt === 'login' ? new URLSearchParams({ prompt, login, password: 'any' }) : new URLSearchParams({ prompt });
      const posted = opts.abort
        ? await this.request(target)
        : await this.request(target, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      const next = posted.headers.get('location');
      if (!next) throw new Error(`interaction answered ${posted.status}: ${(await posted.text()).slice(0, 300)}`);
      url = new URL(next, target).href;
    }
    throw new Error('the provider never sent the browser back');
  }
}
