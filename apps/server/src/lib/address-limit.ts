// Per-address ceilings for the public forms, checked as a request arrives, before its body is read or
// validated. They stay generous: many students share one campus NAT address.
import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { MESSAGES } from '@reshelf/shared';
import { tooManyRequests } from './errors.ts';
import type { LimitRule } from './rate-limiter.ts';

/** The eight 16-bit groups of an IPv6 address that net.isIPv6 accepted (zone already removed). */
function ipv6Groups(address: string): number[] {
  let text = address;
  // A dotted IPv4 tail (`::ffff:1.2.3.4`) is the last two groups written another way.
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    const [a, b, c, d] = tail.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const before = head ? head.split(':') : [];
  const after = rest ? rest.split(':') : [];
  const skipped = rest === undefined ? [] : Array<string>(8 - before.length - after.length).fill('0');
  return [...before, ...skipped, ...after].map((group) => parseInt(group, 16));
}

/**
 * The key a per-address limit counts a client under. An IPv6 client is its /64: every IPv6 customer is
 * given at least a /64 and may send from any address in it, so counting whole addresses would let one
 * client step around every limit. An IPv4 address, also written as an IPv4-mapped IPv6 address (how a
 * dual-stack socket sees IPv4 clients), is itself; every IPv4 client sharing one key would be worse.
 */
export function addressKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  const address = ip.split('%')[0]!;
  if (!isIPv6(address)) return ip;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}

export function limitByAddress(app: FastifyInstance, name: string, rule: LimitRule): onRequestHookHandler {
  const limit = app.ctx.limiter.limit(`ip:${name}`, rule);
  return async (request) => {
    const verdict = await limit.take(addressKey(request.ip));
    if (!verdict.allowed) throw tooManyRequests(MESSAGES.tooManyAttempts, verdict.retryAfterMs / 1000);
  };
}
