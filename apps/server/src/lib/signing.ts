// Links that prove themselves without a login (a wishlist email's unsubscribe link): `<value>~<mac>`, the
// mac an HMAC-SHA256 of the link's purpose and value under the server's key (db/server-secret.ts). A
// changed value, a mac from another purpose or a cut-off token does not verify. Nothing expires: the link
// is as good as the mailbox it was sent to, and it can only do what its purpose allows.
import { createHmac, timingSafeEqual } from 'node:crypto';

const SEPARATOR = '~';

export interface Signer {
  /**
   * `value` (letters, digits, - and _) signed for `purpose`. The separator is `~`, not a dot: a page
   * address whose last part has a dot is taken for a file, and the token ends the unsubscribe page's.
   */
  sign(purpose: string, value: string): string;
  /** The value of a token signed for `purpose`, or null when it was not signed with this key for it. */
  verify(purpose: string, token: string): string | null;
}

export function createSigner(key: Buffer): Signer {
  const mac = (purpose: string, value: string) => createHmac('sha256', key).update(`${purpose}\n${value}`).digest();
  return {
    sign(purpose, value) {
      if (!/^[A-Za-z0-9_-]+$/.test(value)) throw new Error('Only letters, digits, - and _ can be signed');
      return `${value}${SEPARATOR}${mac(purpose, value).toString('base64url')}`;
    },
    verify(purpose, token) {
      const at = token.indexOf(SEPARATOR);
      if (at < 1) return null;
      const value = token.slice(0, at);
      if (!/^[A-Za-z0-9_-]+$/.test(value)) return null;
      // Compared as text: base64url decoding skips stray characters, so a token with one added would decode to the same bytes.
      const given = Buffer.from(token.slice(at + 1));
      const expected = Buffer.from(mac(purpose, value).toString('base64url'));
      return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
    },
  };
}
