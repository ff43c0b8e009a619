// A RestoreIndices job's arguments as a server lists them, read strictly back into a plan:
// the one shape this extension writes (`-u RestoreIndices` then `-a name=value` pairs of the
// names the job accepts, RestoreIndices.java / SendMAEStep.java), each value checked. Anything
// else is refused, so nothing a server lists (a Job made by hand, a changed Job) widens what a
// resume sends: the resume's arguments are written again from the plan (jobArgv), never copied.
// `clean` is refused in any spelling (`-a clean`, `-aclean`, `--args=clean`, `clean=true`): a
// resume must never wipe the indices again.
import { IDENTIFIER } from '../../../gms/validate';
import { parseUrn } from '../../../gms/urn';
import { checkUrnLikeInput } from '../../../shared/inputChecks';
import { planProblem, type JobPlan, type JobResume } from '../upgradeJob';

/** The names a resume keeps (the JobPlan's fields); the job's others (urn, aspectNames) are refused. */
export const RESUMABLE_ARGS = [
  'urnLike',
  'aspectName',
  'gePitEpochMs',
  'lePitEpochMs',
  'batchSize',
  'urnBasedPagination',
  'startingOffset',
  'lastUrn',
  'lastAspect',
  'numThreads',
  'batchDelayMs',
] as const;
type ArgName = (typeof RESUMABLE_ARGS)[number];

/** A token quoted and cut for a message (a server's text is data). */
export function quoteArg(token: string, max = 80): string {
  const cut = token.length > max ? `${token.slice(0, max)}…` : token;
  return `${JSON.stringify(cut)}${token.length > max ? ` (${token.length} characters)` : ''}`;
}

const CLEAN_REFUSED =
  'its arguments ask for clean (wipe the search, graph and system-metadata indices first): resuming it would wipe them again. Run a restore without clean from its last batch by hand.';

/** clean however it is spelled: `clean`, `clean=true`, `-aclean`, `--args=clean`, `--arg clean`. */
const CLEAN = /^(?:-{1,2}(?:a|args?)=?)?clean(?:=|$)/i;

const wholeNumber = (v: string): number | undefined => (/^\d{1,15}$/.test(v) ? Number(v) : undefined);

/** A checked URN for lastUrn (parses as a URN, at most DataHub's 512 bytes), or why not. */
export function lastUrnProblem(value: string): string | undefined {
  const parsed = parseUrn(value);
  return parsed.ok ? undefined : `"lastUrn" is not a URN (${parsed.reason}): ${quoteArg(value)}`;
}

/** The plan behind a RestoreIndices job's arguments, or the one reason it is refused. */
export function restorePlanOf(argv: readonly string[]): { plan: JobPlan } | { problem: string } {
  if (argv[0] !== '-u' || argv[1] !== 'RestoreIndices' || argv.indexOf('-u', 1) > 0) {
    const upgrades = argv.flatMap((t, i) =>
      t === '-u' || /^-{1,2}u/.test(t)
        ? [
            argv
              .slice(i, i + 2)
              .map((x) => quoteArg(x))
              .join(' '),
          ]
        : [],
    );
    return {
      problem: `only a RestoreIndices job can be resumed from its log; its arguments name ${upgrades.length ? upgrades.join(', ') : `no upgrade (they begin ${quoteArg(argv[0] ?? '')})`}.`,
    };
  }
  if (argv.some((t) => CLEAN.test(t))) return { problem: CLEAN_REFUSED };
  const values = new Map<ArgName, string>();
  for (let i = 2; i < argv.length; i += 2) {
    if (argv[i] !== '-a' || i + 1 >= argv.length) {
      return { problem: `its arguments hold ${quoteArg(argv[i])}, not a "-a name=value" pair: only -u RestoreIndices and -a pairs are resumed.` };
    }
    const pair = argv[i + 1];
    const eq = pair.indexOf('=');
    const name = eq < 0 ? pair : pair.slice(0, eq);
    if (!(RESUMABLE_ARGS as readonly string[]).includes(name) || eq < 0) {
      return { problem: `its argument ${quoteArg(pair)} is not one a resume keeps (${RESUMABLE_ARGS.join(', ')}, each as name=value).` };
    }
    if (values.has(name as ArgName)) return { problem: `its arguments give ${name} twice.` };
    values.set(name as ArgName, pair.slice(eq + 1));
  }
  const bad = (name: string, value: string, what: string) => ({ problem: `its argument ${name} is not ${what}: ${quoteArg(value)}.` });
  const num = (name: ArgName): number | undefined | { problem: string } => {
    const v = values.get(name);
    if (v === undefined) return undefined;
    return wholeNumber(v) ?? bad(name, v, 'a whole number');
  };
  const urnLike = values.get('urnLike') ?? 'urn:li:%';
  const like = checkUrnLikeInput(urnLike);
  if (like?.severity === 'error') return bad('urnLike', urnLike, `a SQL LIKE pattern (${like.message})`);
  const aspect = values.get('aspectName');
  if (aspect !== undefined && !IDENTIFIER.test(aspect)) return bad('aspectName', aspect, 'an aspect name');
  const paging = values.get('urnBasedPagination') ?? 'false';
  if (paging !== 'true' && paging !== 'false') return bad('urnBasedPagination', paging, 'true or false');
  const numbers: Partial<Record<ArgName, number>> = {};
  for (const name of ['gePitEpochMs', 'lePitEpochMs', 'batchSize', 'startingOffset', 'numThreads', 'batchDelayMs'] as const) {
    const n = num(name);
    if (typeof n === 'object') return n;
    if (n !== undefined) numbers[name] = n;
  }
  if ((numbers.gePitEpochMs === undefined) !== (numbers.lePitEpochMs === undefined)) {
    return {
      problem: 'the job has only one time bound: DataHub then restores 0 rows (issue 18849); start a new restore with both gePitEpochMs and lePitEpochMs.',
    };
  }
  const lastUrn = values.get('lastUrn');
  const lastAspect = values.get('lastAspect');
  if (lastUrn !== undefined && lastUrnProblem(lastUrn)) return { problem: `its argument ${lastUrnProblem(lastUrn)}.` };
  if (lastAspect !== undefined && (lastUrn === undefined || !IDENTIFIER.test(lastAspect)))
    return bad('lastAspect', lastAspect, 'an aspect name after a lastUrn');
  let resume: JobResume | undefined;
  if (numbers.startingOffset !== undefined) resume = { startingOffset: numbers.startingOffset };
  if (lastUrn !== undefined) resume = { lastUrn, ...(lastAspect !== undefined ? { lastAspect } : {}) };
  const plan: JobPlan = {
    urnLike,
    ...(aspect !== undefined ? { aspect } : {}),
    ...(numbers.gePitEpochMs !== undefined && numbers.lePitEpochMs !== undefined
      ? { window: { gePitEpochMs: numbers.gePitEpochMs, lePitEpochMs: numbers.lePitEpochMs } }
      : {}),
    batchSize: numbers.batchSize ?? 1000,
    urnBasedPagination: paging === 'true',
    ...(numbers.numThreads !== undefined ? { numThreads: numbers.numThreads } : {}),
    ...(numbers.batchDelayMs !== undefined ? { batchDelayMs: numbers.batchDelayMs } : {}),
    ...(resume ? { resume } : {}),
    clean: false,
  };
  // Offset and key given together: only the one the paging reads is kept (a resume sets it again).
  if (resume && 'lastUrn' in resume && numbers.startingOffset !== undefined) return { problem: 'its arguments give both startingOffset and lastUrn.' };
  const problem = planProblem(plan);
  return problem ? { problem: `its arguments do not make a restore: ${problem}` } : { plan };
}

/** The confirmation's argument list: one per line, quoted; values over `inline` characters shown after, cut at `cap`. */
export function argumentLines(argv: readonly string[], inline = 100, cap = 600): string {
  const lines: string[] = [];
  const long: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i] === '-u' || argv[i] === '-a' ? argv[i] : undefined;
    const value = flag && i + 1 < argv.length ? argv[++i] : argv[i];
    const shown =
      value.length > inline
        ? `${JSON.stringify(`${value.slice(0, Math.max(0, value.indexOf('=') + 1) || 20)}…`)} (value [${long.push(value)}] below, ${value.length} characters)`
        : JSON.stringify(value);
    lines.push(`  ${flag ? `${flag} ` : ''}${shown}`);
  }
  const after = long.map(
    (v, i) => `[${i + 1}] ${JSON.stringify(v.length > cap ? `${v.slice(0, cap)}…` : v)}${v.length > cap ? ` (cut; ${v.length} characters)` : ''}`,
  );
  return [...lines, ...(after.length ? ['Long values:', ...after] : [])].join('\n');
}
