import eslint from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      '.data/',
      '.data-*/',
      '.cache/',
      'test-results/',
      'playwright-report/',
      'bench/.tmp/',
    ],
  },
  eslint.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  // Import boundaries between the tiers (see ARCHITECTURE.md, "Boundaries").
  {
    files: ['kernel/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(src|server|workers|bench|scripts|tests)(/|$)',
              message: 'kernel/ is shared by the server, the workers and the UI: it imports neither side.',
            },
            {
              regex: '^(node:|react|react-dom|maplibre-gl|fastify|pg$|@electric-sql/)',
              message: 'kernel/ holds contracts and pure domain logic: no Node, DOM, React, map or database API.',
            },
          ],
        },
      ],
      // Node types can leak in through a dependency's declarations (apache-arrow): name the globals.
      'no-restricted-globals': [
        'error',
        'process',
        'Buffer',
        'global',
        '__dirname',
        '__filename',
        'window',
        'document',
        'localStorage',
      ],
    },
  },
  {
    files: ['server/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(src|workers)(/|$)',
              message: 'server/ never imports the client (src/, workers/): share code through kernel/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/features/**/*.{ts,tsx}'],
    // A test may start the real server or a whole store.
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+app/(?!(store|hooks|selectors|shellActions|shellComponents)$)',
              message:
                'A feature reaches the app shell only through src/app/store, hooks, selectors, shellActions or shellComponents.',
            },
            {
              regex: '^(\\.\\./)+(server)(/|$)',
              message: 'The client never imports server/: share code through kernel/.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='map'][object.name=/[cC]ontroller$/]",
          message:
            'A feature talks to the map only through the MapController methods (layer modules receive the map).',
        },
      ],
    },
  },
  {
    files: ['**/*.js'],
    languageOptions: { globals: { ...globals.node } },
  },
);
