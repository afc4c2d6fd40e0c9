import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const pagesDir = path.join(import.meta.dirname, 'renderer', 'pages');
const pageOf = (file) => {
  const rel = path.relative(pagesDir, file);
  return rel.startsWith('..') || path.isAbsolute(rel) ? undefined : rel.split(path.sep)[0];
};

/**
 * A page folder (renderer/pages/<A>/) never imports from another (renderer/pages/<B>/): what two
 * pages share lives in renderer/shell/, renderer/queries/ or shared/. The specifier is resolved against
 * the importing file, so any relative spelling and dynamic `import()` count too, which
 * `no-restricted-imports` patterns (matched against the written string) would let through.
 */
/** A rule that resolves every import, re-export and dynamic `import()` against the importing file and asks `refusal` about it. */
const resolvedImportRule = (message, refusal) => ({
  meta: { type: 'problem', messages: { refused: message } },
  create(context) {
    const check = (source) => {
      if (typeof source?.value !== 'string' || !source.value.startsWith('.')) return;
      const data = refusal(context.filename, path.resolve(path.dirname(context.filename), source.value));
      if (data) context.report({ node: source, messageId: 'refused', data });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
});

const noCrossPageImports = resolvedImportRule('Page "{{from}}" imports from page "{{to}}"; move what both use to renderer/shell/, renderer/queries/ or shared/.', (file, target) => {
  const from = pageOf(file);
  const to = pageOf(target);
  return from && to && to !== from ? { from, to } : undefined;
});

/** Test fakes and helpers (a fake cloud, a fake Stripe, sign-in scripts) live under the test root test/ and never reach production code. */
const testRoot = path.join(import.meta.dirname, 'test');
const noTestSupportImports = resolvedImportRule('Production code imports test support ({{to}}): test fakes and helpers are for tests, bench and scripts only.', (_file, target) =>
  target === testRoot || target.startsWith(testRoot + path.sep) ? { to: path.relative(import.meta.dirname, target) } : undefined,
);

/** The browser's own unstyled, blocking dialogs: the app asks with confirmAction, says with a toast, announce() or an inline role=alert. */
const browserDialogs = ['alert', 'confirm', 'prompt'];
const browserDialogMessage = "Not the browser's dialog: ask with confirmAction (shell/confirm-store), tell with an inline role=alert error beside the form, a toast or announce() (shell/announce).";
const noBrowserDialogGlobals = browserDialogs.map((name) => ({ name, message: browserDialogMessage }));

const hostImports = { group: ['node:*', 'electron'], message: 'Use renderer/platform.' };

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'server/db/migrations/**', 'renderer/public/**', 'test-results/**', '.prof/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The renderer never opens the browser's alert, confirm or prompt (the window's, globalThis's or bare).
    files: ['renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-globals': ['error', ...noBrowserDialogGlobals],
      'no-restricted-properties': ['error', ...['window', 'globalThis', 'self'].flatMap((object) => browserDialogs.map((property) => ({ object, property, message: browserDialogMessage })))],
    },
  },
  {
    // Components reach the server only through the typed API client, and the host only through `platform`.
    files: ['renderer/pages/**/*.{ts,tsx}', 'renderer/shell/**/*.{ts,tsx}', 'renderer/setup-guide/**/*.{ts,tsx}', 'renderer/queries/**/*.{ts,tsx}'],
    rules: {
      // (a later block's list replaces an earlier one's: the browser's dialogs are named again)
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Only renderer/api/client.ts fetches: use the domain module in renderer/queries.' }, ...noBrowserDialogGlobals],
      'no-restricted-imports': ['error', { patterns: [hostImports] }],
    },
  },
  {
    // Screens keep screen state only: what a call does to the cache (set, invalidate, prefetch) is a rule of its data module.
    files: ['renderer/pages/**/*.{ts,tsx}', 'renderer/shell/**/*.{ts,tsx}', 'renderer/setup-guide/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [hostImports],
          paths: [{ name: '@tanstack/react-query', importNames: ['useQueryClient'], message: 'Cache rules live in renderer/queries/<domain>.ts: add a hook there.' }],
        },
      ],
    },
  },
  {
    files: ['renderer/pages/**/*.{ts,tsx}'],
    plugins: { launchpad: { rules: { 'no-cross-page-imports': noCrossPageImports } } },
    rules: { 'launchpad/no-cross-page-imports': 'error' },
  },
  {
    // The desktop app speaks the server's wire words from shared/, never from server/: only the embedded server's starter runs server code, and tests use its fixtures.
    files: ['electron/**/*.ts'],
    ignores: ['electron/**/*.test.ts', 'electron/local-server.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^(\\.\\./)+server/', message: 'Import wire words from shared/ (e.g. shared/terminal/protocol), not server/.' }] }] },
  },
  {
    files: ['server/**/*.ts', 'shared/**/*.ts', 'renderer/**/*.{ts,tsx}', 'electron/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { tests: { rules: { 'no-test-support-imports': noTestSupportImports } } },
    rules: { 'tests/no-test-support-imports': 'error' },
  },
);
