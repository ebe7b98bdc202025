// @ts-check
import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/** @param {string} dir */
const subdirs = (dir) =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];

const webFeatures = subdirs('apps/web/src/features');
const serverModules = subdirs('apps/server/src/modules');

// Architecture rules (design.md §1, §7; style.md "Boundaries you can see").
const boundaryZones = [
  // A web feature never imports another feature; routes (src/app) are where features meet.
  ...webFeatures.map((name) => ({
    target: `./apps/web/src/features/${name}`,
    from: './apps/web/src/features',
    except: [`./${name}`],
    message: 'A feature must not import another feature; compose them in src/app.',
  })),
  // shared code never reaches up into features or app.
  {
    target: './apps/web/src/shared',
    from: './apps/web/src/features',
    message: 'shared must not import features.',
  },
  { target: './apps/web/src/shared', from: './apps/web/src/app', message: 'shared must not import app.' },
  // A server module (organizations, people, patients, appointments, ...: every folder of modules/) reaches another
  // only through that module's index.ts; the table ownership test (module-boundaries.test.ts) covers SQL text.
  ...serverModules.flatMap((name) =>
    serverModules
      .filter((other) => other !== name)
      .map((other) => ({
        target: `./apps/server/src/modules/${name}`,
        from: `./apps/server/src/modules/${other}`,
        except: ['./index.ts'],
        message: `Use modules/${other}/index.ts, never its tables, store or service directly.`,
      })),
  ),
  // app.ts lists modules (decision 0084): it reaches each only through its index.ts and its one register.
  {
    target: './apps/server/src/app.ts',
    from: './apps/server/src/modules',
    except: serverModules.map((name) => `./${name}/index.ts`),
    message: 'app.ts registers modules through their index.ts (register), never their files.',
  },
  {
    target: './apps/server/src/platform',
    from: './apps/server/src/modules',
    message: 'platform must not depend on modules.',
  },
  // server and web never import each other; packages import nothing of ours.
  { target: './apps/server', from: './apps/web' },
  { target: './apps/web', from: './apps/server' },
  { target: './packages', from: './apps' },
  // contracts imports nothing of ours; domain may import contracts (design.md §1, decision 0031), never the reverse.
  {
    target: './packages/contracts',
    from: './packages/domain',
    message: 'contracts imports nothing of ours; move the shared constant into contracts.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/coverage/**',
      'test-results/**',
      'playwright-report/**',
      '**/*.js',
      '**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/only-throw-error': 'error',
      // Fastify plugins and hooks are async by contract even when they await nothing.
      '@typescript-eslint/require-await': 'off',
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/no-cycle': ['error', { maxDepth: 4, ignoreExternal: true }],
      'no-restricted-properties': [
        'error',
        { object: 'describe', property: 'only', message: 'No focused tests.' },
        { object: 'it', property: 'only', message: 'No focused tests.' },
        { object: 'test', property: 'only', message: 'No focused tests.' },
        { object: 'describe', property: 'skip', message: 'No skipped tests.' },
        { object: 'it', property: 'skip', message: 'No skipped tests.' },
        { object: 'test', property: 'skip', message: 'No skipped tests.' },
      ],
    },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: [
            'apps/*/tsconfig.json',
            'packages/*/tsconfig.json',
            'e2e/tsconfig.json',
            'bench/tsconfig.json',
          ],
        }),
      ],
    },
  },
  // Audit rows are written by the platform's policy only (decision 0080): a module calls authorize,
  // authorizePractice, recordPracticeOutcome, recordOutcome or recordList, never the audit writer itself.
  // Identity's sign-in, sign-out and credential events go through recordSignInEvent, in platform/access.ts.
  {
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '../../platform/audit',
              importNames: ['recordAudit', 'auditContextOf'],
              message:
                'Audit rows are written only in platform/ (decision 0080): use the policy in platform/access.ts.',
            },
            {
              name: '../../platform/access',
              importNames: ['auditContext'],
              message:
                'Audit rows are written only in platform/ (decision 0080): use the policy in platform/access.ts.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'Literal[value=/insert\\s+into\\s+audit/i], TemplateElement[value.raw=/insert\\s+into\\s+audit/i]',
          message: 'Audit rows are written only in platform/ (decision 0080).',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
