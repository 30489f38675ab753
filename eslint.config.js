import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      // The web client built for Node (apps/web dist-prerender), which the server loads.
      '**/dist-prerender/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'bench/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // A plain script the browser loads as it is (vite.config.ts copies it).
    files: ['apps/web/src/first-paint/start-after-paint.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          name: 'react-hot-toast',
          message:
            "Import from 'react-hot-toast/headless': components/ui/toaster.tsx draws the toasts, and the full package is another store and brings goober.",
        },
      ],
    },
  },
  { files: ['apps/web/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    // `role` on our own components (RequireRole) is a user role, not an ARIA role.
    files: ['apps/web/**/*.tsx'],
    rules: { 'jsx-a11y/aria-role': ['error', { ignoreNonDOM: true }] },
  },
);
