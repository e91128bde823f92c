import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { boundary } from './scripts/eslint/boundary.js';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.ts'],
    rules: {
      'no-console': 'error',
      // On Node 20 an enabled AsyncLocalStorage or async hook tracks every promise of every
      // request, about a tenth of a cheap route's time: the service hands context on explicitly
      // (src/modules/audit/context.ts).
      'no-restricted-imports': [
        'error',
        {
          paths: ['node:async_hooks', 'async_hooks'].map((name) => ({
            name,
            message:
              'Hand the context on as a parameter instead (see src/modules/audit/context.ts).',
          })),
        },
      ],
    },
  },
  {
    // Small named parts: a function that outgrows a screen is split along its sub-jobs
    // (docs/contributing.md). Blank and comment lines do not count.
    files: ['src/**/*.ts', 'satellite/**/*.ts', 'protocol/**/*.ts', 'console/**/*.{ts,tsx}'],
    rules: {
      'max-lines-per-function': [
        'error',
        { max: 100, skipBlankLines: true, skipComments: true, IIFEs: true },
      ],
    },
  },
  {
    files: ['src/**/*.ts', 'satellite/**/*.ts', 'protocol/**/*.ts'],
    plugins: { groundstation: { rules: { boundary } } },
    rules: { 'groundstation/boundary': 'error' },
  },
  {
    files: ['satellite/**/*.ts', 'protocol/**/*.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    // The console: hooks called unconditionally and with every dependency they read.
    files: ['console/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-console': 'error',
    },
  },
  {
    // Tests read JSON bodies whose shape the assertions themselves check.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
