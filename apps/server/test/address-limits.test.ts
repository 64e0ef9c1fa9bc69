// Per-address ceilings count an IPv6 client by its /64, the block every IPv6 customer is given and may
// send from at will, and an IPv4 client by its address, however a dual-stack socket writes it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@reshelf/shared';
import { addressKey } from '../src/lib/address-limit.ts';
import { createTestApp, dialectUnderTest, type TestApp } from './helpers/app.ts';
import { signupBody } from './helpers/accounts.ts';

describe('the key an address is counted under', () => {
  it('is the /64 of an IPv6 address, however it is written', () => {
    const key = addressKey('2001:db8::1');
    expect(key).toBe('2001:db8:0:0::/64');
    for (const same of ['2001:db8:0:0:ffff::2', '2001:DB8:0000:0000:1234:5678:9abc:def0', '2001:db8::', '2001:0db8:0:0::ffff:1.2.3.4']) {
      expect(addressKey(same), same).toBe(key);
    }
    for (const other of ['2001:db8:0:1::1', '2001:db8:1::1', '2001:db9::1', '2002:db8::1']) {
      expect(addressKey(other), other).not.toBe(key);
    }
    expect(addressKey('::')).toBe('0:0:0:0::/64');
    expect(addressKey('1::')).toBe('1:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe(addressKey('fe80::2'));
  });

  it('is the IPv4 address itself, also when written as an IPv4-mapped IPv6 address', () => {
    expect(addressKey('1.2.3.4')).toBe('1.2.3.4');
    expect(addressKey('::ffff:1.2.3.4')).toBe('1.2.3.4');
    expect(addressKey('::FFFF:1.2.3.4')).toBe('1.2.3.4');
    expect(addressKey('::ffff:102:304')).toBe('1.2.3.4');
    expect(addressKey('0:0:0:0:0:ffff:c0a8:0101')).toBe('192.168.1.1');
    // Two IPv4 clients are never one key (a /64 of mapped addresses would be every IPv4 client at once).
    expect(addressKey('::ffff:1.2.3.5')).not.toBe(addressKey('::ffff:1.2.3.4'));
  });

  it('leaves anything that is not an address as it is', () => {
    expect(addressKey('not-an-address')).toBe('not-an-address');
  });
});

describe(`a per-address ceiling (${dialectUnderTest})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SIGNUPS_PER_ADDRESS_PER_HOUR: '2' } });
  });
  afterAll(async () => t?.close());

  const signUpFrom = (remoteAddress: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: signupBody(), remoteAddress });

  it('is shared by every address of one /64, and not by another /64', async () => {
    expect((await signUpFrom('2001:db8:aa::1')).statusCode).toBe(201);
    expect((await signUpFrom('2001:db8:aa:0:ffff::2')).statusCode).toBe(201);
    const third = await signUpFrom('2001:db8:aa:0:1234:5678:9abc:def0');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ error: MESSAGES.tooManyAttempts, code: 'RATE_LIMITED' });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signUpFrom('2001:db8:aa:1::1')).statusCode).toBe(201);
  });

  it('counts an IPv4 client once, whether its address comes plain or IPv4-mapped', async () => {
    expect((await signUpFrom('192.0.2.7')).statusCode).toBe(201);
    expect((await signUpFrom('::ffff:192.0.2.7')).statusCode).toBe(201);
    expect((await signUpFrom('192.0.2.7')).statusCode).toBe(429);
    expect((await signUpFrom('::ffff:192.0.2.8')).statusCode).toBe(201);
  });
});
