// The RestoreIndices job as text to run on the user's cluster: a Kubernetes Job
// (YAML), a `docker run` command, or the argument list alone (for Helm values or
// a CronJob). Every value is quoted for where it goes (YAML double quotes, POSIX
// single quotes); connection settings are marked references, never values.
// Image and variables as in DataHub's docker/datahub-upgrade/README.md and datahub-upgrade.sh.
import { argumentsWithEquals, jobArgv, type JobFormat, type JobPlan } from './upgradeJob';
import { formatInstant } from '../../restore/logic/restoreWindow';

export const UPGRADE_IMAGE = 'acryldata/datahub-upgrade';

/** What the text needs to know about the server. */
export interface JobTarget {
  /** The connection name and GMS URL, for the header. */
  connection: string;
  gmsUrl: string;
  /** The DataHub version GMS reported (/config), or why it could not be read. */
  version: { ok: true; version: string } | { ok: false; reason: string };
}

export interface JobText {
  text: string;
  /** The container's arguments after the image. */
  args: string[];
  /** The editor language of `text`. */
  language: 'yaml' | 'shellscript';
  /** The image with its tag (a marked placeholder tag when the version could not be read). */
  image: string;
  /** The tag came from the server's version. */
  tagFromServer: boolean;
}

const TAG_SHAPE = /^v?\d+\.\d+\.\d+(?:[.-][0-9A-Za-z][0-9A-Za-z.-]*)?$/;

/** The image tag for a reported version ("v1.0.0", "0.14.1" → "v0.14.1"), or undefined when it does not look like a release. */
export function imageTagFor(version: string): string | undefined {
  const v = version.trim();
  if (!TAG_SHAPE.test(v) || v.length > 100) return undefined;
  return v.startsWith('v') ? v : `v${v}`;
}

const K8S_TAG_PLACEHOLDER = 'CHANGE-ME-to-your-DataHub-version';

/** Text safe inside a one-line comment (YAML or shell): no line breaks or control characters. */
export function commentSafe(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what it removes
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ');
}

/** A YAML double-quoted scalar: JSON escaping, plus the characters YAML does not allow unescaped. */
export function yamlQuote(value: string): string {
  return JSON.stringify(value).replace(/[\u007f-\u009f\u2028\u2029\ufeff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A POSIX shell word: single quotes, with each ' written as '\''. */
export function shellQuote(value: string): string {
  return /^[A-Za-z0-9_./:@%+=,-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

function describeScope(plan: JobPlan): string[] {
  const lines = [`Restores every latest aspect whose URN matches (SQL LIKE) ${plan.urnLike}`, `Aspect: ${plan.aspect ?? 'all aspects'}`];
  if (plan.window) lines.push(`Rows written from ${formatInstant(plan.window.gePitEpochMs)} to ${formatInstant(plan.window.lePitEpochMs)}`);
  lines.push(`Paging: ${plan.urnBasedPagination ? 'by URN and aspect (urnBasedPagination=true)' : 'by row offset'}, ${plan.batchSize} rows per batch`);
  const resume = plan.resume;
  if (resume && 'startingOffset' in resume) lines.push(`Resumes at row offset ${resume.startingOffset} (where an interrupted run stopped)`);
  if (resume && 'lastUrn' in resume) lines.push(`Resumes after ${resume.lastUrn}${resume.lastAspect ? ` / ${resume.lastAspect}` : ''}`);
  return lines;
}

function header(plan: JobPlan, target: JobTarget, tag: string | undefined, run: string[]): string[] {
  const lines = [
    `DataHub RestoreIndices job (datahub-upgrade), for connection "${target.connection}" (${target.gmsUrl}).`,
    ...describeScope(plan),
    '',
    tag
      ? `Image tag ${tag}: the version this DataHub GMS reports (/config). Keep the job on the server's version.`
      : `The DataHub version could not be read (${target.version.ok ? `"${target.version.version}" is not a release version` : target.version.reason}): set the image tag to your DataHub version before running.`,
    ...run,
  ];
  if (plan.clean) {
    lines.push('', 'WARNING: clean WIPES the search, graph and system-metadata indices first; search is empty until the job finishes.');
  }
  const withEquals = argumentsWithEquals(plan);
  if (withEquals.length > 0) {
    lines.push('', `Note: ${withEquals.join(', ')} contains "="; datahub-upgrade versions that split arguments on every "=" refuse it.`);
  }
  return lines.map((l) => (l === '' ? '#' : `# ${commentSafe(l)}`));
}

const CONNECTION_SETTINGS_LINES = [
  'Connection settings come from your deployment, never from this file: the database',
  '(EBEAN_DATASOURCE_USERNAME, EBEAN_DATASOURCE_PASSWORD, EBEAN_DATASOURCE_HOST, EBEAN_DATASOURCE_URL,',
  'EBEAN_DATASOURCE_DRIVER), Kafka (KAFKA_BOOTSTRAP_SERVER, KAFKA_SCHEMAREGISTRY_URL), the search engine',
  '(ELASTICSEARCH_HOST, ELASTICSEARCH_PORT, plus ELASTICSEARCH_USE_SSL and credentials when used) and the',
  'index prefix (INDEX_PREFIX) when your deployment sets one: the same values your GMS runs with.',
];

/** The header, then where the connection settings come from and what to change. */
function preamble(plan: JobPlan, target: JobTarget, tag: string | undefined, run: string, changeMe: string[]): string[] {
  return [...header(plan, target, tag, [run]), ...[...CONNECTION_SETTINGS_LINES, ...changeMe].map((l) => `# ${l}`)];
}

function kubernetes(plan: JobPlan, target: JobTarget, tag: string | undefined, argv: string[]): string {
  const image = `${UPGRADE_IMAGE}:${tag ?? K8S_TAG_PLACEHOLDER}`;
  const lines = [
    ...preamble(plan, target, tag, 'Run it in the namespace of your DataHub release: kubectl create -n <namespace> -f <this file>', [
      'CHANGE ME: the two references below name a ConfigMap and a Secret holding them (e.g. the ones your',
      'Helm release gives GMS); rename them to yours.',
    ]),
    'apiVersion: batch/v1',
    'kind: Job',
    'metadata:',
    '  generateName: datahub-restore-indices-',
    '  labels:',
    '    app.kubernetes.io/name: datahub-restore-indices',
    '    app.kubernetes.io/managed-by: datahub-index-ops',
    'spec:',
    '  backoffLimit: 0',
    '  ttlSecondsAfterFinished: 604800',
    '  template:',
    '    spec:',
    '      restartPolicy: Never',
    '      containers:',
    '        - name: datahub-restore-indices',
    `          image: ${yamlQuote(image)}`,
    '          args:',
    ...argv.map((a) => `            - ${yamlQuote(a)}`),
    '          envFrom:',
    '            - configMapRef:',
    '                name: datahub-upgrade-env # CHANGE ME: your ConfigMap with the settings above',
    '            - secretRef:',
    '                name: datahub-upgrade-secrets # CHANGE ME: your Secret with EBEAN_DATASOURCE_PASSWORD and other credentials',
  ];
  return `${lines.join('\n')}\n`;
}

function docker(plan: JobPlan, target: JobTarget, tag: string | undefined, argv: string[]): string {
  const image = tag ? `${UPGRADE_IMAGE}:${tag}` : `"${UPGRADE_IMAGE}:\${DATAHUB_VERSION:?set DATAHUB_VERSION to your DataHub version, e.g. v1.0.0}"`;
  const lines = [
    ...preamble(plan, target, tag, 'Run it on a host that reaches your database, Kafka and search engine.', [
      'CHANGE ME: ./datahub-upgrade.env is a file you keep with those settings (NAME=value per line);',
      'add --network <your DataHub network> when DataHub runs in Docker on this host.',
    ]),
    'docker run --rm \\',
    '  --env-file ./datahub-upgrade.env \\',
    `  ${image} \\`,
  ];
  // "-u RestoreIndices" on one line, then one "-a name=value" per line.
  const pairs: string[] = [];
  for (let i = 0; i < argv.length; i += 2) pairs.push(`  ${argv[i]} ${shellQuote(argv[i + 1])}`);
  lines.push(pairs.join(' \\\n'));
  return `${lines.join('\n')}\n`;
}

function argsOnly(plan: JobPlan, target: JobTarget, tag: string | undefined, argv: string[]): string {
  const image = `${UPGRADE_IMAGE}:${tag ?? K8S_TAG_PLACEHOLDER}`;
  const lines = [
    ...header(plan, target, tag, [
      `The container arguments for ${image}: paste the list as a container's args (a Job or CronJob),`,
      'or into the args of your Helm values for the restore-indices job.',
    ]),
    'args:',
    ...argv.map((a) => `  - ${yamlQuote(a)}`),
  ];
  return `${lines.join('\n')}\n`;
}

/** The text for one format. The plan must have passed planProblem. */
export function renderJob(format: JobFormat, plan: JobPlan, target: JobTarget): JobText {
  const tag = target.version.ok ? imageTagFor(target.version.version) : undefined;
  const argv = jobArgv(plan);
  const render = format === 'kubernetes' ? kubernetes : format === 'docker' ? docker : argsOnly;
  const text = render(plan, target, tag, argv);
  const image = tag ? `${UPGRADE_IMAGE}:${tag}` : `${UPGRADE_IMAGE}:${K8S_TAG_PLACEHOLDER}`;
  return { text, args: argv, language: format === 'docker' ? 'shellscript' : 'yaml', image, tagFromServer: tag !== undefined };
}
