import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import fs from 'node:fs';

/** The folders of a directory: the server's modules and the web's features, each a boundary. */
const foldersOf = (dir) =>
  fs
    .readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

/**
 * Module boundaries: a server module uses another module only as its service's type (the services are wired in
 * app.ts); a web feature never imports another feature (shared code lives in shared/, api/ or contracts).
 */
const boundaries = [
  ...foldersOf('./apps/server/src/modules').map((name) => ({
    files: [`apps/server/src/modules/${name}/**/*.ts`],
    // Tests may borrow another area's test kit to arrange their data.
    ignores: ['**/*.test.ts', '**/*-test-kit.ts', '**/*-fixtures.ts', '**/test-files.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./|@/modules/)(?!${name}/)[^/]+/(?![^/]+\\.service$)`,
              message: "Another module is reached through its service, wired in app.ts: import only its service's type.",
            },
            {
              regex: `^(\\.\\./|@/modules/)(?!${name}/)[^/]+/[^/]+\\.service$`,
              allowTypeImports: true,
              message: "Import another module's service as a type only (import type …); app.ts wires the instances.",
            },
          ],
        },
      ],
    },
  })),
  ...foldersOf('./apps/web/src/features').map((name) => ({
    files: [`apps/web/src/features/${name}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: `^@/features/(?!${name}/)`, message: 'A feature does not import another feature: move what both need to shared/.' }] },
      ],
    },
  })),
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/.dist-*/**', '**/node_modules/**', 'data/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // Migrations are frozen in time and typed Kysely<any> (ARCHITECTURE §3).
    files: ['apps/server/src/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  ...boundaries,
);
