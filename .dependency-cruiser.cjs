// The layering docs/architecture.md describes, checked by apps/server/src/architecture.test.ts
// on every test run: routes reach the database only through services, and no module of
// apps/ or packages/ imports itself back through a circle.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'routes-not-to-db',
      severity: 'error',
      comment: 'A route validates, calls a service and answers; the database is reached through services (routes → services → repositories).',
      from: { path: '^apps/server/src/routes/' },
      to: { path: '^packages/db/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A circle of imports has no layer order; one side must depend on the other in one direction.',
      from: { path: '^(apps|packages)/' },
      // Type-only imports count (they still tie the files together). A lazy import() does not: the web
      // catalogue names its pages by lazy loaders, which load only when a page is visited.
      to: { circular: true, viaOnly: { dependencyTypesNot: ['dynamic-import'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/|(^|/)dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
