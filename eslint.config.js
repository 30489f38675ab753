import js from '@eslint/js';
import fs from 'node:fs';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const fullToastPackage = {
  name: 'react-hot-toast',
  message:
    "Import from 'react-hot-toast/headless': components/ui/toaster.tsx draws the toasts, and the full package is another store and brings goober.",
};

/**
 * The web client's layers: app/ composes the features; each folder in features/
 * stands alone, using only the shared code (components/, config/, lib/, testing/);
 * the shared code uses no feature and not the app. What two features share moves to
 * the shared code, or the app passes it from one to the other. (ESLint's own rule,
 * as import/no-restricted-paths zones would: its patterns match the import as
 * written, so each folder lists the relative paths that would leave it.)
 */
function webBoundaries() {
  const src = 'apps/web/src';
  const features = fs
    .readdirSync(new URL(`${src}/features`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  // One import rule per file: the toast rule above is repeated in each.
  const restrict = (files, patterns) => ({
    files,
    rules: { 'no-restricted-imports': ['error', { paths: [fullToastPackage], patterns }] },
  });
  const intoApp = {
    regex: '^(\\.\\./)+app/',
    message: 'The app composes the features and the shared code, not the other way round.',
  };
  return [
    ...features.map((feature) => {
      const others = features.filter((other) => other !== feature).join('|');
      return restrict(
        [`${src}/features/${feature}/**`],
        [
          {
            regex: `^(\\.\\./)+(features/)?(${others})(/|$)`,
            message: `features/${feature} may not import another feature: move what they share to components/ or lib/, or let the app pass it.`,
          },
          intoApp,
        ],
      );
    }),
    restrict(
      ['components', 'config', 'lib', 'testing'].map((shared) => `${src}/${shared}/**`),
      [
        {
          regex: '^(\\.\\./)+features/',
          message: 'Shared code may not import a feature: the features import it.',
        },
        intoApp,
      ],
    ),
  ];
}

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
    rules: { 'no-restricted-imports': ['error', { paths: [fullToastPackage] }] },
  },
  ...webBoundaries(),
  { files: ['apps/web/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    // `role` on our own components (RequireRole) is a user role, not an ARIA role.
    files: ['apps/web/**/*.tsx'],
    rules: { 'jsx-a11y/aria-role': ['error', { ignoreNonDOM: true }] },
  },
);
