const keep = setInterval(() => {}, 1000);
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { readShapeSample, questionShapes } from './question-shapes.ts';
const config = loadConfig({ ...process.env, DATA_DIR: '/tmp/r1m', NODE_ENV: 'production' });
const app = await buildApp(config, { logger: false });
console.log('built'); await app.ready(); console.log('ready');
const sample = await readShapeSample(app.ctx.db, 20000);
console.log('sample', sample.listings.length); const shapes = questionShapes(sample, 20000);
const want = process.argv[2] ?? 'one word';
const shape = shapes.find((s) => s.name.includes(want))!;
const times: { ms: number; path: string; total?: number; sugg?: unknown }[] = [];
console.log(shape.name, shape.paths[0]); for (const path of shape.paths.slice(0, 60)) { const r = await app.inject({ url: path }); if (r.statusCode !== 200) console.log(r.statusCode, r.body.slice(0,200)); }
for (const path of shape.paths.slice(1000, 1600)) {
  const t = performance.now();
  const r = await app.inject({ url: path, headers: { 'accept-encoding': 'br' } });
  times.push({ ms: performance.now() - t, path });
}
times.sort((a, b) => a.ms - b.ms);
const q = (p: number) => times[Math.floor(p * (times.length - 1))]!.ms.toFixed(1);
console.log(shape.name, 'p50', q(0.5), 'p90', q(0.9), 'p99', q(0.99), 'max', q(1));
if (0) for (const t of times.slice(-12)) console.log(t.ms.toFixed(1), decodeURIComponent(t.path));
await app.close();
clearInterval(keep);
