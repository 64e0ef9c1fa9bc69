// Lint rules, including the one-way import rules of docs/decisions/0003-layout.md and the module
// ownership rules of docs/decisions/0018-module-ownership.md.
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

/** The server module a file belongs to (`apps/server/src/modules/<name>/…`), or null. */
function serverModuleOf(file) {
  const rel = path.relative(path.join(serverSrc, 'modules'), file).split(path.sep);
  return rel.length > 1 && rel[0] !== '..' ? rel[0] : null;
}

/**
 * What one server module may import from another: its service (the module's door), and the route
 * schemas it shares. Anything else, its repository above all, is the module's own business.
 */
const MODULE_PUBLIC_FILES = new Set(['service.ts', 'schemas.ts']);

const isRepositoryFile = (file) => /(^|[-.])repository\.ts$/.test(path.basename(file));

/**
 * A module owns its tables (docs/decisions/0018-module-ownership.md): only its repository files build
 * queries on them. Another module reads them through the owner's service, or from a repository file
 * that declares itself a read model in its opening comment (and then only reads).
 */
const TABLE_OWNERS = {
  students: 'accounts',
  student_roles: 'accounts',
  sessions: 'accounts',
  password_resets: 'accounts',
  student_verifications: 'verification',
  books: 'listings',
  book_images: 'listings',
  book_courses: 'listings',
  edition_prices: 'listings',
  edition_medians: 'listings',
  orders: 'orders',
  order_messages: 'orders',
  reviews: 'orders',
  no_shows: 'orders',
  order_reminders: 'orders',
  notifications: 'notifications',
  cart_items: 'cart',
  package_orders: 'packages',
  idempotency_keys: 'idempotency',
  newsletter_subscribers: 'newsletter',
  contact_messages: 'contact',
  job_runs: 'jobs',
  reports: 'reports',
  wishlists: 'wishlists',
  wishlist_matches: 'wishlists',
  student_identities: 'identities',
  sign_in_flows: 'identities',
  pending_sign_ins: 'identities',
  // The catalogue's search indexes (SQLite's two FTS5 tables and their shadow and vocabulary tables; PostgreSQL's
  // word list for spelling suggestions), kept in step with books by triggers in the migrations.
  books_fts: 'catalogue',
  books_fts_data: 'catalogue',
  books_fts_idx: 'catalogue',
  books_fts_vocab: 'catalogue',
  books_fts_campus: 'catalogue',
  books_fts_campus_data: 'catalogue',
  books_fts_campus_idx: 'catalogue',
  search_words: 'catalogue',
  // The database layer's own (db/server-secret.ts): no module touches it.
  server_secrets: 'db',
};
/**
 * The tables a raw sql`…` statement names, and whether it writes them: the name after FROM, JOIN, INTO,
 * UPDATE (also UPDATE OR IGNORE and the like), DELETE FROM, TRUNCATE and ONLY, read from the text with its
 * comments and quoted literals taken out. Keywords count in capitals only, as every statement writes
 * them, so English in a message or EXTRACT(day FROM at) is not taken for a table.
 */
const SQL_TABLES = /\b(DELETE\s+FROM|FROM|JOIN|INSERT\s+INTO|INTO|UPDATE(?:\s+OR\s+[A-Z]+)?|TRUNCATE(?:\s+TABLE)?)\s+(?:ONLY\s+)?"?([a-z_][a-z0-9_]*)"?/g;
function tablesInSql(quasis) {
  const text = quasis
    .map((q) => q.value.raw)
    .join(' ? ')
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/'(?:[^']|'')*'/g, "''");
  const found = [];
  for (const match of text.matchAll(SQL_TABLES)) {
    const keyword = match[1].split(/\s+/)[0];
    found.push({ table: match[2], write: keyword !== 'FROM' && keyword !== 'JOIN' });
  }
  return found;
}
const QUERY_BUILDERS = new Set(['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto']);
const JOINS = new Set(['innerJoin', 'leftJoin', 'rightJoin', 'fullJoin', 'crossJoin']);
const WRITES = new Set(['insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto']);

/** Server files that build queries without being a module's repository: the database layer itself. */
const isDatabaseLayer = (file) => file.startsWith(path.join(serverSrc, 'db') + path.sep);

const moduleBoundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = context.filename;
    if (!file.startsWith(serverSrc + path.sep)) return {};
    const own = serverModuleOf(file);
    const check = (node, spec) => {
      if (typeof spec !== 'string') return;
      const target = resolveSpecifier(file, spec);
      if (!target) return;
      const other = serverModuleOf(target);
      if (!other || other === own) return;
      if (isRepositoryFile(target)) {
        return context.report({ node, message: `Only the ${other} module imports its repository; go through modules/${other}/service.ts.` });
      }
      if (own && !MODULE_PUBLIC_FILES.has(path.basename(target))) {
        return context.report({ node, message: `Module "${own}" may import only the service (or schemas) of module "${other}", not ${path.basename(target)}.` });
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

const queriesInRepositories = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = context.filename;
    if (!file.startsWith(serverSrc + path.sep) || isDatabaseLayer(file)) return {};
    const repository = isRepositoryFile(file);
    const own = serverModuleOf(file);
    const readModel = repository && /read model/i.test(context.sourceCode.getAllComments()[0]?.value ?? '');
    const outside = (node, what) => context.report({ node, message: `${what} belongs in a repository file (SQL only in repositories).` });
    /** A query on `table` from this module: its own, or another's read by a declared read model. */
    const checkOwner = (node, table, write) => {
      const owner = TABLE_OWNERS[table];
      if (!own || !owner || owner === own) return;
      if (write) {
        return context.report({ node, message: `Table "${table}" belongs to the ${owner} module: change it through modules/${owner}/service.ts.` });
      }
      if (!readModel) {
        return context.report({
          node,
          message: `Table "${table}" belongs to the ${owner} module: read it through modules/${owner}/service.ts, or declare this file a read model in its opening comment.`,
        });
      }
    };
    return {
      TaggedTemplateExpression(node) {
        if (node.tag.type !== 'Identifier' || node.tag.name !== 'sql') return;
        if (!repository) return outside(node, 'A sql`…` statement');
        for (const { table, write } of tablesInSql(node.quasi.quasis)) checkOwner(node, table, write);
      },
      MemberExpression(node) {
        if (!repository && node.object.type === 'Identifier' && node.object.name === 'sql') outside(node, `sql.${node.property.name ?? ''}`);
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        const method = callee.property.name;
        if (!QUERY_BUILDERS.has(method) && !JOINS.has(method)) return;
        if (!repository) return outside(node, `.${method}()`);
        const arg = node.arguments[0];
        if (!own || arg?.type !== 'Literal' || typeof arg.value !== 'string') return;
        checkOwner(node, arg.value.trim().split(/\s+/)[0], WRITES.has(method));
      },
    };
  },
};

/** The helpers that turn a message into an API error (lib/errors.ts). */
const ERROR_HELPERS = new Set(['badRequest', 'unauthorized', 'forbidden', 'notFound', 'conflict', 'tooLarge', 'unsupportedMedia', 'unprocessable', 'tooManyRequests']);
const isWrittenText = (node) => (node?.type === 'Literal' && typeof node.value === 'string') || node?.type === 'TemplateLiteral';

/**
 * Every message a person reads is written once, in packages/shared/src/messages.ts: the server never
 * spells one out where it sends it (an error helper's message, an `error:` of a schema or an answer).
 * Start-up configuration errors (config.ts) and the command-line tools speak to the operator, not to users.
 */
const messagesFromShared = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = context.filename;
    if (!file.startsWith(serverSrc + path.sep) || file === path.join(serverSrc, 'config.ts') || file.startsWith(path.join(serverSrc, 'cli') + path.sep)) return {};
    const report = (node) => context.report({ node, message: 'Write user-facing messages once, in packages/shared/src/messages.ts, and use them from there.' });
    return {
      CallExpression(node) {
        if (node.callee.type === 'Identifier' && ERROR_HELPERS.has(node.callee.name) && isWrittenText(node.arguments[0])) report(node.arguments[0]);
      },
      Property(node) {
        if (!node.computed && node.key.type === 'Identifier' && node.key.name === 'error' && isWrittenText(node.value)) report(node.value);
      },
    };
  },
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**', '.bench/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { reshelf: { rules: { 'import-direction': importDirection, 'module-boundaries': moduleBoundaries, 'queries-in-repositories': queriesInRepositories, 'messages-from-shared': messagesFromShared } } },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'reshelf/import-direction': 'error',
      'reshelf/module-boundaries': 'error',
      'reshelf/queries-in-repositories': 'error',
      'reshelf/messages-from-shared': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
