import js from '@eslint/js'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

const webFeatures = readdirSync(join(import.meta.dirname, 'apps/web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const webAppOnly = [
  {
    regex: '^(\\.\\./)+(apps/)?server(/|$)|(^|/)apps/server(/|$)|^@portal/server(/|$)',
    message: 'The web app imports nothing from apps/server: shared shapes live in packages/contract.',
  },
]

// A file `depth` folders below modules/ (modules/ordering/cart-repo.ts is 1, modules/erp/import/run.ts is 2) reaches
// another module by climbing exactly `depth` levels: that path must end at the module's service or index.
const moduleFacesAt = (depth) => ({
  regex: `^(\\.\\./){${depth}}(?!\\.\\./)(?!mail/outbox$)[^/]+/(?!(?:service|index)$).+$`,
  message: 'Use another module through its service.ts (or its index.ts), never its repo or other files.',
})
const MODULE_DEPTHS = [1, 2, 3]
const filesAt = (depth, ext = '*.ts') => `apps/server/src/modules/${'*/'.repeat(depth)}${ext}`
const notTheDemo = { regex: '^(\\.\\./)+demo(/|$)', message: 'Modules never import the demo (src/demo): it sits above them and loads through them.' }

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // `import { type X }` keeps an import of the module at run time: a screen would load the module (and its
      // schemas) for a type. Written `import type { X }`, it goes (docs/decisions/0020-first-screen-budget.md).
      '@typescript-eslint/no-import-type-side-effects': 'error',
    },
  },
  // The server's boundaries (docs/decisions/0023). A module uses another only through its public face: its
  // service.ts, or an index.ts that says what else it offers (mail's is outbox.ts), never its repo or other files.
  // The demo (src/demo, decision 0040) sits above the modules: they never import it (their tests may).
  ...MODULE_DEPTHS.flatMap((depth) => [
    { files: [filesAt(depth)], rules: { 'no-restricted-imports': ['error', { patterns: [moduleFacesAt(depth), notTheDemo] }] } },
    { files: [filesAt(depth, '*.test.ts')], rules: { 'no-restricted-imports': ['error', { patterns: [moduleFacesAt(depth)] }] } },
  ]),
  // lib/ is under the modules: it uses none of them (a type they define may be named in lib/context.ts or lib/in-memory.ts).
  {
    files: ['apps/server/src/lib/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./)+modules(/|$)', message: 'lib/ sits under the modules: it imports none of them.', allowTypeImports: true }] },
      ],
    },
  },
  // db/ is the layer under the modules (decision 0040): it imports neither them nor the demo. What an empty
  // database is filled with is given to db/prepare.ts by its caller (main.ts, the seed CLI, the tests' snapshot).
  {
    files: ['apps/server/src/db/**/*.ts'],
    ignores: ['apps/server/src/db/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(modules|demo)(/|$)',
              message: 'db/ sits under the modules and the demo: it imports neither (the caller passes what db/ must run).',
            },
          ],
        },
      ],
    },
  },
  // Queries are built in repo.ts (or *-repo.ts) files (and db/, lib/ for shared SQL pieces), nowhere else in the modules.
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/modules/**/repo.ts', 'apps/server/src/modules/**/*-repo.ts', 'apps/server/src/modules/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: 'kysely', message: 'SQL belongs in the module’s repo.ts (types may be imported).', allowTypeImports: true }] },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto)$/]',
          message: 'Queries are built in the module’s repo.ts: call a repo function.',
        },
      ],
    },
  },
  // The contract is shared by the apps and imports none of them.
  {
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^@portal/(server|web)(/|$)|(^|/)apps/', message: 'The contract imports nothing from the apps.' }] },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['scripts/**/*.mjs', 'apps/server/build.mjs', 'examples/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', Buffer: 'readonly' } },
  },
  // Web boundaries (docs/decisions/0028-web-query-keys-and-boundaries.md): a feature uses another only through
  // that feature's index.ts, and the web app never reaches into the server. One block per feature, from the folder.
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...webAppOnly,
            {
              regex: `^(\\.\\./)+(features/)?(${webFeatures.filter((other) => other !== feature).join('|')})/`,
              message: 'Features use each other only through the other feature’s index.ts (import from "../../<feature>").',
            },
          ],
        },
      ],
    },
  })),
  { files: ['apps/web/**/*.{ts,tsx,js,mjs}'], ignores: ['apps/web/src/features/**'], rules: { 'no-restricted-imports': ['error', { patterns: webAppOnly }] } },
)
