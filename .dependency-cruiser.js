/**
 * The layout's dependency rules (docs/architecture.md), checked by `npm run check:boundaries`.
 * @type {import('dependency-cruiser').IConfiguration}
 */
export default {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'No import cycle between modules.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'app-not-server',
      severity: 'error',
      comment: 'The site (app/) never imports the server.',
      from: { path: '^app/' },
      to: { path: '^server/' },
    },
    {
      name: 'config-imports-neither',
      severity: 'error',
      comment:
        "config/ holds the company's facts: it imports neither the site, the server nor the contracts.",
      from: { path: '^config/' },
      to: { path: '^(app|server|contracts)/' },
    },
    {
      name: 'contracts-import-neither',
      severity: 'error',
      comment: 'contracts/ is what app/ and server/ both import: it imports neither.',
      from: { path: '^contracts/' },
      to: { path: '^(app|server)/' },
    },
    {
      name: 'db-imports-no-capability',
      severity: 'error',
      comment:
        'The database layer (server/db/) imports no capability nor anything else of the server.',
      from: { path: '^server/db/' },
      to: { path: '^server/', pathNot: '^server/db/' },
    },
    {
      name: 'http-imports-no-capability',
      severity: 'error',
      comment:
        'The HTTP layer (server/http/: request guards, per-client budgets, CSV cells, the refusal log) is below every capability: it imports server/db/ and the logger, never a capability (ADR 0041).',
      from: { path: '^server/http/', pathNot: '\\.(test|fixture)\\.ts$' },
      to: { path: '^server/', pathNot: ['^server/(db|http)/', '^server/logger\\.ts$'] },
    },
    {
      name: 'capability-through-its-entry',
      severity: 'error',
      comment:
        'A capability (server/<name>/) uses another only through its entry module (server/<name>/index.ts, or node.ts for what only the Node server may load); db/ and http/ are layers below every capability. Tests and their fixtures (*.fixture.ts, only tests import them) may reach inside.',
      from: { path: '^server/([^/]+)/', pathNot: '\\.(test|fixture)\\.ts$' },
      to: {
        path: '^server/[^/]+/',
        pathNot: ['^server/$1/', '^server/(db|http)/', '^server/[^/]+/(index|node)\\.ts$'],
      },
    },
    {
      name: 'outside-server-through-entry',
      severity: 'error',
      comment:
        'The browser tests (e2e/), the test support (test-support/) and the scripts (scripts/) reach a capability only through its entry module (server/<name>/index.ts, or node.ts), as other capabilities do; server/db/, server/http/, the composition (server/compose/) and the top-level server files as they are. Tests and their fixtures (*.test.ts, *.fixture.ts) may reach inside, and so may the Deno drivers (test-support/deno/), which run one server module as it is on the Edge runtime.',
      from: {
        path: '^(e2e|test-support|scripts)/',
        pathNot: ['\\.(test|fixture)\\.ts$', '^test-support/deno/'],
      },
      to: {
        path: '^server/[^/]+/',
        pathNot: ['^server/(db|http|compose)/', '^server/[^/]+/(index|node)\\.ts$'],
      },
    },
    {
      name: 'edge-functions-through-entry',
      severity: 'error',
      comment:
        'The Edge Functions (supabase/) are a composition root, as server/compose.ts is: they reach a capability through its entry module (index.ts) or its HTTP routes (routes.ts, kept out of index.ts so that the staff CLI loads no HTTP code), never its internals; server/db/, server/http/ and the top-level server files as they are. Their tests and fixtures may reach inside.',
      from: { path: '^supabase/', pathNot: '\\.(test|fixture)\\.ts$' },
      to: {
        path: '^server/[^/]+/',
        pathNot: ['^server/(db|http|compose)/', '^server/[^/]+/(index|routes)\\.ts$'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|build|\\.react-router)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
};
