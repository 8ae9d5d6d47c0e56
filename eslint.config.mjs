import nx from '@nx/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';

export default [
  { ignores: ['**/dist/**', '**/node_modules/**', '.nx/**', 'data/**', '.tools/**', 'coverage/**'] },
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      // The architecture of ARCHITECTURE.md and STYLE.md, enforced: web and backend meet only in contracts,
      // apps never import apps, and a domain never imports another domain (it uses events or HTTP).
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:web', 'scope:shared'] },
            { sourceTag: 'scope:backend', onlyDependOnLibsWithTags: ['scope:backend', 'scope:shared'] },
            { sourceTag: 'type:app', notDependOnLibsWithTags: ['type:app'] },
            { sourceTag: 'type:domain', notDependOnLibsWithTags: ['type:domain', 'type:app'] },
            { sourceTag: 'type:platform', notDependOnLibsWithTags: ['type:domain', 'type:app'] },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['error'] }],
      // Configuration is read once, in platform-config.ts, and injected everywhere else.
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings from PlatformConfig (libs/platform).' },
      ],
    },
  },
  {
    files: [
      'apps/*/src/main.ts',
      '**/*.spec.ts',
      '**/*.spec.tsx',
      '**/test/**',
      '**/testing/**',
      '**/*.scenario.ts',
      '**/*.integration-spec.ts',
      '**/*.e2e-spec.ts',
      'tools/**',
      'e2e/**',
    ],
    rules: {
      'no-restricted-properties': 'off',
      'no-console': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // The simulated plant is test data for every domain's tests and benchmarks.
    files: ['libs/*/test/**', 'tools/bench/**'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: ['@plantlens/simulator'],
          depConstraints: [
            { sourceTag: 'scope:backend', onlyDependOnLibsWithTags: ['scope:backend', 'scope:shared'] },
            { sourceTag: 'type:domain', notDependOnLibsWithTags: ['type:domain', 'type:app'] },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.ts', 'apps/web/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'no-restricted-properties': 'off' },
  },
  {
    files: ['**/*.cjs', '**/*.mjs', 'tools/**/*.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
];
