// Lint: TypeScript and React hooks rules, the one-way flow between the repository's halves as import rules
// (slides.md → plugin/ at build time → virtual modules → src/ at run time; shared/ is pure code both may use), and no
// loop of imports between files.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import { fileURLToPath } from 'node:url'
import globals from 'globals'
import importX, { createNodeResolver } from 'eslint-plugin-import-x'

/** An import of one of the repository's top-level folders, from anywhere below another one. */
const folder = (name) => [`../${name}`, `../${name}/**`, `../../${name}`, `../../${name}/**`, `../../../${name}/**`, `../../../../${name}/**`]

/** Forbids importing the named top-level folders, saying why. */
const forbid = (folders, why, extra = []) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        ...folders.map((name) => ({ group: folder(name), message: `${why} (import from shared/ instead, or move the pure part there).` })),
        ...extra,
      ],
    },
  ],
})

const nodeBuiltins = { group: ['node:*', 'fs', 'path', 'child_process', 'worker_threads'], message: 'Runs in the browser or both halves: no Node built-ins.' }
/**
 * What Vite loads its config with (vite.config.ts → plugin/ → shared/) names every file it imports, as Node's own
 * loader needs: Vite warns about each bare `./parser` when it starts, and will load configs natively by default.
 */
const namedFiles = {
  'no-restricted-syntax': [
    'error',
    {
      selector:
        ':matches(ImportDeclaration, ExportNamedDeclaration, ExportAllDeclaration, ImportExpression)[source.value=/^[.]/]:not([source.value=/[.](ts|tsx|mjs|js|json|css)$/])',
      message: 'Name the file with its extension (./parser.ts, ./folder/index.ts): Vite loads its config with plugin/ and shared/ the way Node does.',
    },
  ],
}

/** The slide list reaches the runtime through src/state/deck.ts alone, which takes its hot updates (see there). */
const deckListDoor = { group: ['virtual:deck/slides'], message: 'Import the slide list from src/state/deck.ts: the one module that takes its hot updates.' }

const react = { group: ['react', 'react-dom', 'react-dom/*', 'react-router', 'react-router-dom', 'jotai', 'jotai/*'], message: 'shared/ is pure: no React, no state libraries.' }

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', '.*-deleting-*/', '.e2e*/', '.bench/', 'test-results/', 'playwright-report/', 'tests/fixtures/', 'public/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    // No file imports itself through others: a loop of imports is a code map that cannot be read top to bottom.
    files: ['src/**/*.{ts,tsx}', 'plugin/**/*.{ts,mjs}', 'shared/**/*.ts', 'server/**/*.ts', 'scripts/**/*.ts', 'cli/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mjs', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'], tsconfig: { configFile: fileURLToPath(new URL('./tsconfig.json', import.meta.url)) } })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'themes/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // The classic hooks rules; the React Compiler's stricter ones (refs read in render…) are not adopted yet.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...forbid(['plugin', 'server', 'scripts', 'bench'], 'src/ runs in the browser: it meets plugin/ only through virtual modules', [nodeBuiltins, deckListDoor]),
    },
  },
  {
    files: ['src/state/deck.ts'],
    rules: forbid(['plugin', 'server', 'scripts', 'bench'], 'src/ runs in the browser: it meets plugin/ only through virtual modules', [nodeBuiltins]),
  },
  {
    // The deck's own components: browser code that is not the engine's, so it reaches the engine by its one door.
    files: ['components/**/*.{ts,tsx}'],
    rules: forbid(['src', 'plugin', 'server', 'scripts', 'bench'], "components/ is the deck's own code: it uses the engine through '@deck/client'", [nodeBuiltins]),
  },
  {
    files: ['shared/**/*.ts'],
    rules: forbid(['src', 'plugin', 'server', 'scripts', 'bench', 'tests'], 'shared/ is the pure core both halves import: it imports neither', [nodeBuiltins, react]),
  },
  {
    files: ['plugin/**/*.{ts,mjs}'],
    rules: forbid(['src', 'components', 'server', 'scripts', 'bench'], 'plugin/ runs at build time: it reaches the runtime only through the virtual modules it writes'),
  },
  {
    files: ['vite.config.ts', 'plugin/**/*.{ts,mjs}', 'shared/**/*.ts'],
    rules: namedFiles,
  },
  {
    files: ['server/**/*.ts'],
    rules: forbid(['src', 'plugin', 'scripts', 'bench'], 'server/ serves a build: it shares only pure code with the app'),
  },
  {
    files: ['scripts/**/*.ts'],
    rules: forbid(['src', 'bench'], 'scripts/ run in Node: they may read a deck with plugin/, never import the browser app'),
  },
  {
    // The command: the top of the Node side, over plugin/, scripts/export and server/; never the browser app.
    files: ['cli/**/*.ts'],
    rules: forbid(['src', 'bench', 'tests'], 'cli/ is the command line: it calls plugin/, scripts/ and server/, never the browser app'),
  },
)
