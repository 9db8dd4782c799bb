// The layers of the service, checked on every CI run (`npm run check:layers`). From the outside in:
// - transports (HTTP routes, the editing channel in src/realtime/, job handlers in src/worker/, the command line in src/cli/
//   and src/main.ts) parse, authorize and call a service;
// - domains (src/<domain>/: services with their rules, repositories with their SQL) use each other's services,
//   shared vocabulary (src/shared/) and infrastructure, and enqueue jobs by their contracts (src/jobs/);
// - infrastructure (src/db/, src/queue/, src/media/, src/render/, src/mail/, src/metrics/, src/util/) knows no domain
//   (its routes.ts, serving media files or metrics, are HTTP transports);
// - src/http/ (the cross-cutting HTTP pieces: errors, validation, limits, request state) knows no domain either.
// Composition (src/services.ts, src/runtime.ts, src/app.ts, src/server.ts) may use everything.
const DOMAINS = '(admin|auth|seed|file-deletions|delivery|editor|gallery|health|home|layouts|orders|payments|photos|print|products|retention|themes|docs)';
const INFRASTRUCTURE = '(db|queue|media|render|mail|metrics|util)';
// Composition builds everything: the only files that may import the jobs' registry and every service.
const COMPOSITION = '^src/(services|runtime|app|server|main)\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import loop ties every module of the loop to every other: none at all, type imports included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    // What this rule cannot see (dependency-cruiser 16, src/enrich/derive/folders/): a loop between a folder and its own
    // subfolder (src/layouts <-> src/layouts/sharing). Folder scope counts every module towards each of its ancestor
    // folders, and a folder's dependencies are only those that leave its subtree, so src/layouts never "depends on"
    // src/layouts/sharing (that import stays inside src/layouts) while sharing's imports of src/layouts/*.ts do count:
    // the folder graph has the edge one way only and finds no cycle. No rule of a single import can say "both ways"
    // either (a rule judges one dependency; `reachable` and module-level `circular` see modules, and no-circular
    // already forbids every module loop), and the house has no one direction to enforce instead: src/auth and
    // src/photos use their subfolders, src/layouts' and src/delivery's subfolders use them. Such loops are reviewed by
    // hand (docs/architecture.md, "Layers", lists those known).
    {
      name: 'no-folder-cycles',
      comment: 'No folder imports a folder that imports it, directly or around a loop: each room of the house sits above or below another, never both.',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'enqueue-by-contract',
      comment: 'The service enqueues a job by its contract (src/jobs/); importing a handler (src/worker/) pulls in its whole import graph.',
      severity: 'error',
      from: { path: '^src/', pathNot: [COMPOSITION, '^src/worker/'] },
      to: { path: '^src/worker/' },
    },
    {
      name: 'contracts-stand-alone',
      comment: 'A job contract is a name, a payload schema and type, and retries: it imports only the queue\'s job types.',
      severity: 'error',
      from: { path: '^src/jobs/' },
      to: { pathNot: ['^src/jobs/', '^src/queue/job\\.ts$', '^node_modules/'] },
    },
    {
      name: 'http-knows-no-domain',
      comment: 'src/http/ is shared by every route: errors, validation, limits, request state. Domain knowledge belongs in the domain.',
      severity: 'error',
      from: { path: '^src/http/' },
      to: { path: `^src/${DOMAINS}/` },
    },
    {
      name: 'infrastructure-knows-no-domain',
      comment: 'Databases, the queue, storage, drawing, mail and utilities serve every domain and know none.',
      severity: 'error',
      from: { path: `^src/${INFRASTRUCTURE}/` },
      to: { path: [`^src/${DOMAINS}/`, '^src/(realtime|cli|worker|jobs)/'] },
    },
    {
      name: 'infrastructure-serves-no-http',
      comment: 'Only the routes an infrastructure folder serves (media files, metrics) speak HTTP.',
      severity: 'error',
      from: { path: `^src/${INFRASTRUCTURE}/`, pathNot: 'routes\\.ts$' },
      to: { path: '^src/http/' },
    },
    {
      name: 'shared-knows-no-domain',
      comment: 'src/shared/ is the vocabulary every domain uses (errors, money, paging, the user): it uses no domain.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: [`^src/${DOMAINS}/`, `^src/${INFRASTRUCTURE}/`, '^src/(http|realtime|cli|worker|jobs)/'] },
    },
    {
      name: 'domains-use-no-transport',
      comment: 'A service knows nothing of the transports that call it: no Koa context, no socket, no command line.',
      severity: 'error',
      from: { path: `^src/${DOMAINS}/`, pathNot: '(^src/[^/]+/.*routes\\.ts$|^src/[^/]+/.*-page\\.ts$|^src/[^/]+/http-[^/]*\\.ts$)' },
      to: { path: ['^src/(realtime|cli|worker)/', '^src/(app|server|main)\\.ts$'] },
    },
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^node_modules/', '^test/', '^bench/'] },
  },
};
