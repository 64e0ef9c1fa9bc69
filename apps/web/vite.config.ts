// Build and dev-server configuration of the Reshelf web app.
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const here = decodeURIComponent(new URL('.', import.meta.url).pathname);

/** sonner injects its CSS with a runtime <style> tag, which the server's CSP (style-src 'self')
 *  refuses. src/components/ui/toast-area.css imports the same CSS as a file (a stylesheet that loads with
 *  the toast area), so the injection is switched off here. */
function sonnerWithoutInjectedStyles(): Plugin {
  return {
    name: 'reshelf:sonner-without-injected-styles',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null;
      return { code: code.replace('function __insertCSS(code) {', 'function __insertCSS(code) { return;'), map: null };
    },
  };
}

/**
 * The file names (in lucide-react's dist/esm/icons) of the icons the public pages import: every
 * `import { … } from 'lucide-react'` under src/features/marketing, `BookOpen` being `book-open`. A name
 * that is an alias of another icon has no file of its own and stays with the other icons, which costs
 * bytes, never correctness.
 */
function publicIconFiles(): Set<string> {
  const marketing = `${here}src/features/marketing`;
  const files = new Set<string>();
  for (const file of fs.readdirSync(marketing, { recursive: true })) {
    if (!/\.tsx?$/.test(String(file))) continue;
    const source = fs.readFileSync(path.join(marketing, String(file)), 'utf8');
    for (const [, names = ''] of source.matchAll(/import\s*{([^}]*)}\s*from\s*'lucide-react'/g)) {
      for (const name of names.split(',')) {
        const icon = name.trim().split(/\s+as\s+/)[0];
        if (!icon || icon.startsWith('type ')) continue;
        files.add(icon.replace(/([a-z0-9])([A-Z])/g, '$1-$2').replace(/([a-zA-Z])(\d)/g, '$1-$2').toLowerCase());
      }
    }
  }
  return files;
}

export default defineConfig(({ mode }) => {
  const publicIcons = publicIconFiles();
  // The API server runs on its own port in development; the SPA talks to it through this proxy so
  // cookies stay same-origin exactly as in production. RESHELF_API_URL points it elsewhere.
  const apiTarget = loadEnv(mode, here, 'RESHELF_').RESHELF_API_URL || 'http://127.0.0.1:3000';
  return {
    plugins: [sonnerWithoutInjectedStyles(), react(), tailwindcss()],
    resolve: {
      alias: [
        { find: '@', replacement: `${here}src` },
        // zod, switched to jitless the moment it loads (see src/lib/zod-jitless.ts): its `new Function`
        // probe would break the CSP, and setting this in main.tsx would put zod in the first page load.
        { find: /^zod$/, replacement: `${here}src/lib/zod-jitless.ts` },
      ],
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      assetsDir: 'assets',
      sourcemap: false,
      target: 'es2022',
      rolldownOptions: {
        output: {
          codeSplitting: {
            // Everything the first page needs before its own route module (React, React DOM, the router,
            // the app shell) in one file: fewer requests, and gzip sees it all at once. Without this the
            // bundler splits the modules the shell shares with lazy pages into several small files.
            groups: [
              { name: 'app', tags: ['$initial'] },
              // TanStack Query in one file for the pages that use it (otherwise six small ones), with the
              // layout route that provides the cache and the cache's defaults.
              {
                name: 'query',
                test: /[\\/]node_modules[\\/]@tanstack[\\/]|[\\/]src[\\/]app[\\/](layouts[\\/]query-layout|query-client)\.tsx?$/,
              },
              // The icons the public pages share, in one file of their own, so that the landing page does
              // not also download the icons only signed-in pages share (the group below). First, so it wins.
              {
                name: 'public-icons',
                test: (id: string) => {
                  const icon = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([a-z0-9-]+)\.m?js$/.exec(id);
                  return icon?.[1] !== undefined && publicIcons.has(icon[1]);
                },
                minShareCount: 2,
              },
              // The icons three or more pages share, in one file instead of a tiny file each:
              // the landing page asked for eight of them, /books for eight, each a request of its own.
              { name: 'icons', test: /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/, minShareCount: 3 },
              // The form controls come together (a field and its input, select or password box): one file.
              { name: 'form-controls', test: /[\\/]src[\\/]components[\\/]ui[\\/](field|input|select|textarea|checkbox|toggle|password-input)\.tsx$/ },
              // The next three measured on /books (docs/performance.md, Fix 11): after the entry script the
              // catalogue asked for eleven files, most under 2 KB, and on a phone network each wave of requests
              // costs a round trip, so these group what the catalogue needs into a few files; the landing page
              // loads nothing more for it.
              // Campus names and the page title helper, used by the landing page and most others.
              { name: 'basics', test: /[\\/]src[\\/]lib[\\/]use-page-title\.ts$|[\\/]packages[\\/]shared[\\/]src[\\/]universities\.ts$/ },
              // Labels, prices, badges, empty states and the pager: the catalogue and most signed-in pages. Kept
              // out of the catalogue's file so the seller's pages do not download the catalogue to show a label.
              { name: 'ui-common', test: /[\\/]packages[\\/]shared[\\/]src[\\/](enums|format)\.ts$|[\\/]src[\\/]components[\\/]ui[\\/](badge|empty-state|pager)\.tsx$/ },
              // The catalogue page and what only it (and the book page) use, with their own icons: what the
              // groups above took stays with them.
              { name: 'catalogue', test: /[\\/]src[\\/]features[\\/]catalogue[\\/](catalogue-page|filters|api|components[\\/](book-card|rating-stars))\.tsx?$/ },
            ],
          },
        },
        treeshake: {
          // @reshelf/shared is pure data, rules and messages; saying so lets the landing page leave out
          // the zod schemas it does not use (the package itself does not declare "sideEffects": false).
          moduleSideEffects: [{ test: /[\\/]packages[\\/]shared[\\/]src[\\/]/, sideEffects: false }],
        },
      },
    },
    server: {
      proxy: {
        '/api': { target: apiTarget, changeOrigin: false, ws: true },
        '/healthz': { target: apiTarget },
      },
    },
    preview: {
      proxy: {
        '/api': { target: apiTarget, changeOrigin: false },
      },
    },
  };
});
