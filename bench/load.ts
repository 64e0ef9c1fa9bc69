// HTTP load with autocannon: each endpoint for a fixed time with a fixed number of connections,
// reported as requests/s, p50 and p99 latency, failures, and the share of the bare-node ceiling.
import autocannon from 'autocannon';

export interface LoadCase {
  name: string;
  /** Path, or a list of paths the connections cycle through (different ids, different searches). */
  paths: string[];
  headers?: Record<string, string>;
}

export interface LoadResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  failures: number;
  statuses: string;
}

/** Load on `baseUrl`; given several (server processes), autocannon shares the connections between them in turn. */
export async function measure(baseUrl: string | string[], c: LoadCase, opts: { seconds: number; connections: number }): Promise<LoadResult> {
  let next = 0;
  const paths = c.paths;
  const result = await autocannon({
    url: baseUrl,
    connections: opts.connections,
    duration: opts.seconds,
    timeout: 10,
    headers: { 'accept-encoding': 'gzip, br', ...c.headers },
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          request.path = paths[next++ % paths.length]!;
          return request;
        },
      },
    ],
  });
  const statuses = Object.entries(result.statusCodeStats)
    .map(([code, s]) => `${code}:${s.count}`)
    .join(' ');
  return {
    name: c.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
    statuses,
  };
}

/** A fixed-width table for the terminal (and for pasting into docs/performance.md). */
export function table(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => `| ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  return [line(cells[0]!), `|${widths.map((w, i) => (i === 0 ? ':' : '') + '-'.repeat(w + 1) + (i === 0 ? '' : ':')).join('|')}|`, ...cells.slice(1).map(line)].join('\n');
}

export function loadTable(results: LoadResult[], ceilingRps: number): string {
  return table(
    ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'errors/non-2xx', 'of ceiling'],
    results.map((r) => [r.name, Math.round(r.rps), r.p50, r.p99, r.failures, `${((r.rps / ceilingRps) * 100).toFixed(1)}%`]),
  );
}
