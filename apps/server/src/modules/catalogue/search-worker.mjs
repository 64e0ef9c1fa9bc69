// Entry of the catalogue's search thread: a worker thread does not inherit the main thread's TypeScript
// loader (tsx), so it registers it, then loads the worker itself.
import { register } from 'tsx/esm/api';

register();
await import('./search-worker.ts');
