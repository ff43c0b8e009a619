// The architecture, declared: which layer may import which. `npm run lint` checks
// it (depcruise), `npm run arch` draws it into docs/architecture.md.
//
// Layers, bottom to top (an import may only point down or sideways in its own folder):
//   wire      src/gms/                     HTTP, the Rest.li, GraphQL and OpenAPI exchanges, errors; no vscode
//   shared    src/shared/                  vscode-free pieces every feature uses (connection model, wording, formats, command ids)
//   logic     src/<feature>/logic/         a feature's pure logic: no vscode, no undici
//   platform  src/platform/                shared vscode helpers (command runner, safe window, webview page, typed confirm)
//   feature   src/<feature>/ (not logic)   commands, prompts, views of one feature; its index.ts is its only door
//   api       src/api/                     the typed public API and the test seam; only extension.ts imports it
//   extension src/extension.ts             wiring only
// Webview scripts (media/<view>/) import only their feature's message protocol.

/** Feature folders under src/. A new feature adds its name here (and a paragraph in docs/architecture.md). */
const FEATURES = ['connections', 'indices', 'restore', 'jobs', 'truncate', 'insights', 'retention', 'health', 'doctor', 'entities', 'ingestion', 'gc'];
/** Features whose logic builds on another feature's logic (from → to). Everything else between features goes through shared/. */
const LOGIC_BUILDS_ON = {
  insights: ['indices'],
  retention: ['truncate'],
  health: ['restore'],
  jobs: ['restore'],
  entities: ['insights'],
  gc: ['entities'],
  doctor: ['gc'],
};
/**
 * Features that build on another feature as a whole, its vscode files too (from → to). jobs hands a
 * restore to DataHub's own job: it asks with the restore prompts and hands over the restore's saved run.
 * The other way goes through a seam (services.jobHandOff) or the command id, never an import.
 * entities keeps its count history with insights' history store and growth logic (its own file).
 * gc's logic weighs its findings with entities' counts; the Doctor's reads and lines read the GC through gc's logic.
 */
const FEATURE_BUILDS_ON = { jobs: ['restore'], entities: ['insights'] };

/** The exchanges of the wire layer, one folder per transport under src/gms/, beside each other. */
const EXCHANGES = ['restli', 'graphql', 'openapi'];

const F = `(${FEATURES.join('|')})`;
const LOGIC = `^src/${F}/logic/`;
const FEATURE_VSCODE = `^src/${F}/(?!logic/)`;

const layerRule = (name, comment, from, forbiddenPaths) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from },
  to: { path: forbiddenPaths },
});

const crossFeature = FEATURES.flatMap((feature) => {
  const allowedLogic = [...(LOGIC_BUILDS_ON[feature] ?? []).map((f) => `src/${f}/logic/`), ...(FEATURE_BUILDS_ON[feature] ?? []).map((f) => `src/${f}/`)];
  const others = FEATURES.filter((f) => f !== feature);
  return [
    {
      name: 'feature-imports-another-feature',
      comment: `src/${feature} imports another feature's folder. Features are peers: move what both need down to src/shared (vscode-free) or src/platform (vscode), or declare the dependency in LOGIC_BUILDS_ON when one feature's logic builds on another's.`,
      severity: 'error',
      from: { path: `^src/${feature}/` },
      to: {
        path: `^src/(${others.join('|')})/`,
        pathNot: allowedLogic.length ? `^(${allowedLogic.join('|')})` : undefined,
      },
    },
  ];
}).map((rule) => {
  if (rule.to.pathNot === undefined) delete rule.to.pathNot;
  return rule;
});

const exchangeSiblings = EXCHANGES.map((exchange) => ({
  name: `${exchange}-imports-another-exchange`,
  comment: `src/gms/${exchange} imports another exchange's folder. The exchanges sit beside each other: what two need goes to the src/gms root.`,
  severity: 'error',
  from: { path: `^src/gms/${exchange}/` },
  to: { path: `^src/gms/(${EXCHANGES.filter((e) => e !== exchange).join('|')})/` },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'An import circle: the files cannot be understood (or loaded) one after the other. Move the piece both sides need into a lower file instead of importing back.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-orphans',
      comment:
        'A file nothing imports: dead code, or a feature not wired into extension.ts (or, for its commands, into src/features.ts, the entry of dist/features.js). Delete it or import it.',
      severity: 'error',
      from: { orphan: true, path: '^src/', pathNot: ['\\.d\\.ts$', '^src/extension\\.ts$', '^src/features\\.ts$'] },
      to: {},
    },
    {
      name: 'no-test-code',
      comment: 'Shipped code (src/, media/, esbuild.js) never imports test/: test seams go through the test API (src/api/testApi.ts).',
      severity: 'error',
      from: { path: '^(src|media)/|^esbuild\\.js$' },
      to: { path: '^test/' },
    },
    layerRule(
      'wire-imports-upward',
      'src/gms is the wire layer at the bottom: it imports only src/gms (it is bundled alone as dist/gms.js and runs without VS Code).',
      '^src/gms/',
      '^src/(?!gms/)',
    ),
    {
      name: 'wire-core-imports-exchange',
      comment:
        'Inside src/gms: the files at its root (errors, HTTP, validation, shared schemas) sit below the exchanges (restli/, graphql/, openapi/) and the client that combines them; they never import those.',
      severity: 'error',
      from: { path: '^src/gms/[^/]+$', pathNot: '^src/gms/(client|index)\\.ts$' },
      to: { path: `^src/gms/((${EXCHANGES.join('|')})/|(client|index)\\.ts$)` },
    },
    {
      name: 'wire-exchange-imports-client',
      comment:
        'The exchanges (Rest.li, GraphQL, OpenAPI) sit below the client that combines them: none imports client.ts or index.ts; what they share goes to the src/gms root.',
      severity: 'error',
      from: { path: `^src/gms/(${EXCHANGES.join('|')})/` },
      to: { path: '^src/gms/((client|index)\\.ts$)' },
    },
    ...exchangeSiblings,
    layerRule(
      'shared-imports-upward',
      'src/shared holds vscode-free pieces below every feature: it imports only src/gms and src/shared.',
      '^src/shared/',
      '^src/(?!gms/|shared/)',
    ),
    layerRule(
      'logic-imports-upward',
      "A feature's logic (src/<feature>/logic) imports only src/gms, src/shared and logic: never src/platform, a feature's vscode files, src/api or extension.ts.",
      LOGIC,
      `^src/(platform/|api/|extension\\.ts$|${F}/(?!logic/))`,
    ),
    layerRule(
      'platform-imports-upward',
      'src/platform holds the shared vscode helpers below the features: it never imports a feature folder, src/api or extension.ts.',
      '^src/platform/',
      `^src/(api/|extension\\.ts$|${F}/)`,
    ),
    layerRule(
      'feature-imports-api',
      'src/api sits above the features and only extension.ts imports it: a feature uses command ids from src/shared/commandIds.ts.',
      FEATURE_VSCODE,
      '^src/(api/|extension\\.ts$)',
    ),
    ...crossFeature,
    {
      name: 'feature-imports-other-index',
      comment: "A feature's internals are its own: other folders reach a feature only through its index.ts (src/api and extension.ts).",
      severity: 'error',
      from: { path: '^src/(api/|extension\\.ts$)' },
      to: { path: `^src/${F}/(?!index\\.ts$)` },
    },
    {
      name: 'api-imported-below-extension',
      comment: 'src/api is the top: only extension.ts imports it.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(api/|extension\\.ts$)' },
      to: { path: '^src/api/' },
    },
    {
      name: 'vscode-in-vscode-free-layer',
      comment:
        'src/gms, src/shared and src/<feature>/logic run without VS Code (unit tests, the lazily loaded dist/gms.js): keep vscode calls in src/platform or a feature folder.',
      severity: 'error',
      from: { path: `^src/(gms|shared)/|${LOGIC}|^media/` },
      to: { path: '^vscode$|(^|/)node_modules/@types/vscode/' },
    },
    {
      name: 'undici-outside-wire',
      comment: 'HTTP belongs to src/gms (its own lazily loaded bundle): other layers take parsed values from it.',
      severity: 'error',
      from: { path: '^(src|media)/', pathNot: '^src/gms/' },
      to: { path: '(^|/)node_modules/undici/' },
    },
    {
      name: 'webview-imports-more-than-protocol',
      comment:
        "A webview script (media/<view>/) runs in the page: it imports only its feature's message protocol (chartProtocol.ts, protocol.ts) and what that imports.",
      severity: 'error',
      from: { path: '^media/' },
      to: { path: '^src/', pathNot: '^src/(insights/logic/chartProtocol|retention/logic/protocol|shared/messageGuards)\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Resolved paths stay under node_modules/ even where it is a link (the planted copies in test/unit/project).
    preserveSymlinks: true,
    exclude: { path: '^(dist|out)/' },
    tsPreCompilationDeps: true,
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
