// Lint rules for Sieve: the recommended JavaScript and TypeScript rules, React hooks, and the
// layering rule that core stays pure (no DOM, React or runtime imports).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['wasm/llama/dist/', 'dist/', 'dist-*/', 'dev-dist/', 'node_modules/', 'models/', 'test/models/', 'public/', '.cache/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // The classic hooks rules (the React Compiler's extra rules do not apply: Sieve does not use it).
    files: ['src/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      // One import per module (a codemod that re-points imports can leave several).
      'no-duplicate-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['src/core/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)core/[\\w-]+/',
              message: 'Import a core module through its public face, its index.ts (core/embed, not core/embed/cache).',
            },
          ],
        },
      ],
    },
  },
  {
    // Small files, one idea each; tests and generated fixture data included.
    files: ['**/*.{ts,tsx,js}'],
    rules: { 'max-lines': ['error', { max: 300 }], 'max-lines-per-function': ['error', { max: 80 }] },
  },
  {
    // Tests may stub a runtime's untyped surface.
    files: ['**/*.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'react',
                'react-dom',
                '*/app/*',
                '*/adapters/*',
                '*/services/*',
                '*/workers/*',
                '@huggingface/*',
                '@mlc-ai/*',
                '@wllama/*',
                'pdfjs-dist*',
                'idb',
                'tesseract.js',
              ],
              message: 'src/core is pure TypeScript: no UI, runtime or adapter imports.',
            },
            {
              // ../embed/cache or ../../search/fusion: another core module's insides (src/testing is test scaffolding).
              regex: '^(\\.\\./)+(?!testing/)[\\w-]+/',
              message: 'Import another core module through its public face, its index.ts (../embed, not ../embed/cache).',
            },
          ],
        },
      ],
    },
  },
);
