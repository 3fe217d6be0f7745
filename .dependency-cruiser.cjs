/**
 * The import table of shared/STYLE.md, enforced by `npm run layers` (part of `npm test`).
 * Test files and test helpers may reach across layers; production code may not.
 */
const notTests = '(\\.test\\.tsx?$|^tests/)';

module.exports = {
  forbidden: [
    {
      name: 'contract-is-pure',
      comment: 'server/contract imports only its schema library: server, main and renderer all use it.',
      severity: 'error',
      from: { path: '^server/contract/' },
      to: { pathNot: ['^server/contract/', '^node_modules/typebox/'] },
    },
    {
      name: 'server-not-electron',
      comment: 'The server runs headless too: it never imports electron, main/ or renderer/.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: ['^main/', '^renderer/', '^node_modules/electron/'] },
    },
    {
      name: 'server-not-tests',
      comment:
        'Production code never imports test helpers; test setup that needs server internals lives in tests/.',
      severity: 'error',
      from: { path: '^server/', pathNot: notTests },
      to: { path: '^tests/' },
    },
    {
      name: 'evaluation-is-pure',
      comment: 'The evaluation engine does no I/O: no db, http, features or Node I/O modules.',
      severity: 'error',
      from: { path: '^server/src/evaluation/', pathNot: notTests },
      to: {
        path: ['^server/src/(db|http|features|app)/', '^(fs|net|http|https|child_process|dgram|dns|tls)$'],
      },
    },
    {
      name: 'domain-through-index',
      comment: "A domain reaches another domain only through that domain's index.ts.",
      severity: 'error',
      from: { path: '^server/src/features/([^/]+)/', pathNot: notTests },
      to: {
        path: '^server/src/features/([^/]+)/',
        pathNot: ['^server/src/features/$1/', '^server/src/features/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'main-uses-server-surface',
      comment: 'main/ uses the server only through server/src/index.ts and the contract.',
      severity: 'error',
      from: { path: '^main/' },
      to: { path: ['^renderer/', '^server/src/'], pathNot: '^server/src/index\\.ts$' },
    },
    {
      name: 'renderer-is-a-web-page',
      comment: 'The renderer runs in a sandboxed window or a browser: no electron, Node or server internals.',
      severity: 'error',
      from: { path: '^renderer/' },
      to: { path: ['^main/', '^server/src/', '^node_modules/electron/'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'renderer-no-node-builtins',
      severity: 'error',
      from: { path: '^renderer/', pathNot: notTests },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'migrations-frozen',
      comment: 'Migrations import kysely only, so later code changes never alter what they do.',
      severity: 'error',
      from: { path: '^migrations/' },
      to: { pathNot: ['^migrations/', '^node_modules/kysely/'] },
    },
    {
      name: 'only-main-ts-imports-electron-values',
      comment: 'Every main/ module takes its Electron objects as parameters; only main.ts imports electron.',
      severity: 'error',
      from: { path: '^main/', pathNot: '^main/(main|preload/preload)\\.ts$' },
      to: { path: '^node_modules/electron/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '^dist/', '^release/', '^\\.data/', '^coverage/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
