/**
 * The import table of shared/STYLE.md, enforced by `npm run layers` (part of `npm test`).
 * Test files and test helpers may reach across layers; production code may not.
 */
const fs = require('node:fs');
const path = require('node:path');

const notTests = '(\\.test\\.tsx?$|^tests/)';

/**
 * STYLE.md rule 9: features depend on each other one way only, so each can be read, tested and moved
 * with what it uses and not with what uses it. Every crossing goes through an index.ts (rule
 * renderer-feature-through-index), so a cycle between features is a path from one of a feature's
 * modules out and back into its own index.ts; a feature's own modules import each other directly,
 * never their own index. One rule per feature that has an index, because dependency-cruiser does not
 * fill `$1` into a reachable rule's `to` when it reports (and folder-scoped cycle rules cannot leave
 * tests out: every test reaches app/ through test-utils).
 */
function featureCycleRules() {
  const features = path.join(__dirname, 'renderer/src/features');
  return fs
    .readdirSync(features)
    .filter((feature) => fs.existsSync(path.join(features, feature, 'index.ts')))
    .map((feature) => ({
      name: `renderer-no-feature-cycles:${feature}`,
      comment: `Nothing ${feature} imports leads back into ${feature}/index.ts (see featureCycleRules).`,
      severity: 'error',
      from: { path: `^renderer/src/features/${feature}/`, pathNot: notTests },
      to: { path: `^renderer/src/features/${feature}/index\\.ts$`, reachable: true },
    }));
}

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
      name: 'routes-not-stores',
      comment:
        'server/src/features/README.md: routes call services, operations or read models; only those touch a ' +
        'store, so a handler never bypasses the rules (transactions, event log) a service keeps.',
      severity: 'error',
      from: { path: '-routes\\.ts$', pathNot: notTests },
      to: { path: '-store\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'index-not-store',
      comment:
        "A domain's index.ts offers services, factories and read models, never its store: other domains and " +
        'the composition root (server/src/app) get a working service, not the tables behind it. Types may pass.',
      severity: 'error',
      from: { path: '^server/src/features/[^/]+/index\\.ts$' },
      to: { path: '-store\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'kernel-not-features',
      comment:
        'db/, lib/ and evaluation/ sit below every domain: they are shared by all, so they know none of them.',
      severity: 'error',
      from: { path: '^server/src/(db|lib|evaluation)/', pathNot: notTests },
      to: { path: '^server/src/features/' },
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
      name: 'renderer-feature-not-app',
      comment:
        'STYLE.md rule 9: app/ composes the features (routes, shell, command bar), so a feature importing app/ ' +
        'would make the composition depend on itself; what a feature needs from app/ moves down (paths to router/).',
      severity: 'error',
      from: { path: '^renderer/src/features/', pathNot: notTests },
      to: { path: '^renderer/src/app/' },
    },
    {
      name: 'renderer-bottom-not-features-or-app',
      comment:
        'STYLE.md rule 9: components/, stores/, api/, offline/, platform/ and router/ serve every area, so they ' +
        'know none: what they need from a feature is declared here and handed in by app/ at start-up ' +
        '(e.g. the outbox replay readers, app/resource-readers.ts).',
      severity: 'error',
      from: { path: '^renderer/src/(components|stores|api|offline|platform|router)/', pathNot: notTests },
      to: { path: '^renderer/src/(features|app)/' },
    },
    {
      name: 'renderer-feature-through-index',
      comment:
        "STYLE.md rule 9: a feature reaches another only through that feature's index.ts, so what it offers " +
        'the others is one short list and the rest of the folder can change freely.',
      severity: 'error',
      from: { path: '^renderer/src/features/([^/]+)/', pathNot: notTests },
      to: {
        path: '^renderer/src/features/[^/]+/',
        pathNot: ['^renderer/src/features/$1/', '^renderer/src/features/[^/]+/index\\.ts$'],
      },
    },
    ...featureCycleRules(),
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
