import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const boundaries = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '*.mjs', 'scripts/*.mjs', 'e2e/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Fastify plugins and hooks are async by contract, awaited or not.
      '@typescript-eslint/require-await': 'off',
      // Configuration objects declare their callbacks in method syntax; none of them uses `this`.
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Tests read response bodies whose shape is what they assert: typing each one adds nothing.
    files: ['**/*.test.ts', 'e2e/**', 'server/src/test/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...boundaries([
        {
          group: ['**/server/**', '@app/server*'],
          message: 'The web app never imports the server.',
        },
      ]),
    },
  },
  {
    // A feature is a folder of features/: its own files are `./x`; another feature is reached
    // only through its index.ts (`../checkout`), never into its files (docs/architecture.md).
    files: ['web/src/features/**'],
    rules: boundaries([
      { group: ['**/server/**', '@app/server*'], message: 'The web app never imports the server.' },
      {
        regex: '^\\.\\./[^./]+/|/features/',
        message: 'A feature uses another feature only through its index.ts.',
      },
    ]),
  },
  {
    files: ['web/src/crud/**', 'web/src/lib/**', 'web/src/app/**'],
    rules: boundaries([
      { group: ['**/server/**', '@app/server*'], message: 'The web app never imports the server.' },
      { group: ['**/features/**'], message: 'Shared machinery does not import features.' },
      {
        group: ['**/lookups', '**/lookups/**'],
        message: 'Shared machinery does not import the lookups built on it.',
      },
    ]),
  },
  {
    // Lookups several features share (a client by DNI): built on crud/, lib/ and app/, used by
    // features, and never the other way round.
    files: ['web/src/lookups/**'],
    rules: boundaries([
      { group: ['**/server/**', '@app/server*'], message: 'The web app never imports the server.' },
      { group: ['**/features/**'], message: 'Lookups do not import features.' },
    ]),
  },
  {
    // The server's features follow the web's rule: one folder each, reached through its index.ts.
    files: ['server/src/features/**'],
    rules: boundaries([
      {
        regex: '^\\.\\./[^./]+/',
        message: 'A feature uses another feature only through its index.ts.',
      },
    ]),
  },
  {
    files: ['server/src/{auth,audit,crud,db,http,mail,test}/**'],
    rules: boundaries([
      {
        group: ['**/features', '**/features/**'],
        message: 'Shared machinery does not import features.',
      },
    ]),
  },
  {
    files: ['domain/src/**'],
    rules: boundaries([
      {
        group: ['**/server/**', '**/web/**', '@app/server*', '@app/web*'],
        message: 'The domain depends on nothing of ours.',
      },
    ]),
  },
);
