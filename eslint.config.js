// Lint rules, including the one-way import rules of docs/decisions/0003-layout.md.
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const root = path.dirname(new URL(import.meta.url).pathname);
const webSrc = path.join(root, 'apps/web/src');
const serverSrc = path.join(root, 'apps/server/src');

/** Resolves an import specifier to an absolute path inside the repo, or null for packages. */
function resolveSpecifier(fromFile, spec) {
  if (spec.startsWith('.')) return path.resolve(path.dirname(fromFile), spec);
  if (spec.startsWith('@/')) return path.join(webSrc, spec.slice(2));
  return null;
}

/** Which layer a file of the repo belongs to, for the import-direction rule. */
function layerOf(file) {
  const rel = (base) => path.relative(base, file).split(path.sep);
  if (file.startsWith(webSrc + path.sep)) {
    const [top, name] = rel(webSrc);
    if (top === 'features') return { app: 'web', layer: 'feature', name, rank: 1 };
    if (top === 'app') return { app: 'web', layer: 'app', rank: 2 };
    if (top === 'components' || top === 'lib') return { app: 'web', layer: top, rank: 0 };
    return { app: 'web', layer: 'other', rank: 3 };
  }
  if (file.startsWith(path.join(root, 'apps/web') + path.sep)) return { app: 'web', layer: 'other', rank: 3 };
  if (file.startsWith(serverSrc + path.sep)) {
    const base = path.basename(file).replace(/\.ts$/, '');
    if (base === 'routes') return { app: 'server', layer: 'routes', rank: 2 };
    if (base === 'service') return { app: 'server', layer: 'service', rank: 1 };
    if (base === 'repository') return { app: 'server', layer: 'repository', rank: 0 };
    return { app: 'server', layer: 'other' };
  }
  if (file.startsWith(path.join(root, 'apps/server') + path.sep)) return { app: 'server', layer: 'other' };
  if (file.startsWith(path.join(root, 'packages/shared') + path.sep)) return { app: 'shared', layer: 'shared' };
  return null;
}

const importDirection = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const from = layerOf(context.filename);
    if (!from) return {};
    const check = (node, spec) => {
      if (typeof spec !== 'string') return;
      if (/^@reshelf\/(web|server)/.test(spec) && from.app !== spec.split('/')[1]) {
        return context.report({ node, message: 'Apps never import each other; share code through packages/shared.' });
      }
      const target = resolveSpecifier(context.filename, spec);
      if (!target) return;
      const to = layerOf(target);
      if (!to) return;
      if (to.app !== from.app && to.app !== 'shared') {
        return context.report({ node, message: `${from.app} must not import from ${to.app}: share code through packages/shared.` });
      }
      if (from.app === 'shared' && to.app !== 'shared') {
        return context.report({ node, message: 'packages/shared imports nothing from the apps.' });
      }
      if (from.app === 'web' && from.layer === 'feature' && to.layer === 'feature' && to.name !== from.name) {
        return context.report({ node, message: `Web feature "${from.name}" must not import feature "${to.name}"; compose features in src/app.` });
      }
      if (from.app === 'web' && from.rank !== undefined && to.rank !== undefined && to.rank > from.rank && from.layer !== 'other') {
        return context.report({ node, message: `Web ${from.layer} must not import from ${to.layer} (imports go ui/lib -> features -> app).` });
      }
      if (from.app === 'server' && from.rank !== undefined && to.rank !== undefined && to.rank > from.rank) {
        return context.report({ node, message: `Server ${from.layer} must not import a ${to.layer} (routes -> services -> repositories).` });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**', '.bench/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { reshelf: { rules: { 'import-direction': importDirection } } },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'reshelf/import-direction': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
