// The next time a DataHub ingestion schedule fires: its 5-field cron (minute hour day-of-month month day-of-week) in
// its timezone. Pure: no vscode import. DataHub's scheduler (metadata-service/factories/.../ingestion/
// IngestionScheduler.java) prefixes a seconds field and evaluates it with Spring's CronExpression in the schedule's
// timezone: numbers, names (JAN–DEC, SUN–SAT, 7 is Sunday too), `*`, `?`, ranges, lists and steps; a day must match
// both the day-of-month and the day-of-week field (Spring's rule, not Vixie cron's "either"). What is not in that
// set (L, W, #) is not evaluated: no next run is given.

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
/** Days searched ahead at most (a leap day's schedule fires within 8 years; a day-of-month 31 in February never). */
const MAX_DAYS = 8 * 366;

export interface CronSchedule {
  minutes: boolean[];
  hours: boolean[];
  days: boolean[];
  months: boolean[];
  weekdays: boolean[];
}

function field(text: string, min: number, max: number, names?: readonly string[]): boolean[] | undefined {
  const out = new Array<boolean>(max + 1).fill(false);
  const value = (s: string): number | undefined => {
    const named = names?.indexOf(s.toUpperCase()) ?? -1;
    if (named >= 0) return named + (names === MONTHS ? 1 : 0);
    return /^\d{1,2}$/.test(s) ? Number(s) : undefined;
  };
  for (const part of text.split(',')) {
    const m = /^(\*|\?|[A-Za-z0-9]+(?:-[A-Za-z0-9]+)?)(?:\/(\d{1,2}))?$/.exec(part);
    if (!m) return undefined;
    const step = m[2] === undefined ? 1 : Number(m[2]);
    if (step < 1) return undefined;
    let from = min;
    let to = max;
    if (m[1] !== '*' && m[1] !== '?') {
      const [a, b] = m[1].split('-');
      const lo = value(a);
      const hi = b === undefined ? (m[2] === undefined ? lo : max) : value(b);
      if (lo === undefined || hi === undefined) return undefined;
      from = lo;
      to = hi;
    }
    if (from < min || to > max || from > to) return undefined;
    for (let v = from; v <= to; v += step) out[v] = true;
  }
  return out;
}

/** The schedule's fields, or undefined when it is not a 5-field cron this evaluator reads. */
export function parseCron(interval: string): CronSchedule | undefined {
  const parts = interval.trim().split(/\s+/);
  if (parts.length !== 5) return undefined;
  const minutes = field(parts[0], 0, 59);
  const hours = field(parts[1], 0, 23);
  const days = field(parts[2], 1, 31);
  const months = field(parts[3], 1, 12, MONTHS);
  const weekdays = field(parts[4], 0, 7, DAYS);
  if (!minutes || !hours || !days || !months || !weekdays) return undefined;
  if (weekdays[7]) weekdays[0] = true;
  return { minutes, hours, days, months, weekdays };
}

interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatFor(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' });
    if (formats.size > 50) formats.clear();
    formats.set(timeZone, f);
  }
  return f;
}

function wallAt(ms: number, timeZone: string): Wall {
  const parts: Record<string, number> = {};
  for (const p of formatFor(timeZone).formatToParts(new Date(ms))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour % 24, minute: parts.minute };
}

const utcOf = (w: Wall): number => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);

/**
 * The instant a wall-clock time in the zone stands for, as Java's ZonedDateTime.of resolves it: in an overlap (the
 * clock set back) the earlier offset; in a gap (the clock set forward) the time moves on by the gap's length.
 */
function instantOf(w: Wall, timeZone: string): number {
  const naive = utcOf(w);
  const offsetAt = (ms: number) => utcOf(wallAt(ms, timeZone)) - Math.floor(ms / 60_000) * 60_000;
  const before = offsetAt(naive - 86_400_000);
  const after = offsetAt(naive + 86_400_000);
  for (const offset of [before, after]) {
    const t = naive - offset;
    if (utcOf(wallAt(t, timeZone)) === naive) return t;
  }
  return naive - before;
}

/** The next firing after `after` (epoch ms), or undefined: not a cron read here, an unknown timezone, or none within 8 years. */
export function nextRun(interval: string, timeZone: string | undefined, after: number): number | undefined {
  const cron = parseCron(interval);
  if (!cron) return undefined;
  const zone = timeZone && timeZone.trim() !== '' ? timeZone : 'UTC';
  let now: Wall;
  try {
    now = wallAt(after, zone);
  } catch {
    return undefined; // RangeError: a timezone Intl does not know
  }
  const first = new Date(Date.UTC(now.year, now.month - 1, now.day));
  for (let d = 0; d < MAX_DAYS; d++) {
    const date = new Date(first.getTime() + d * 86_400_000);
    const day = date.getUTCDate();
    const month = date.getUTCMonth() + 1;
    if (!cron.months[month] || !cron.days[day] || !cron.weekdays[date.getUTCDay()]) continue;
    for (let hour = 0; hour < 24; hour++) {
      if (!cron.hours[hour]) continue;
      for (let minute = 0; minute < 60; minute++) {
        if (!cron.minutes[minute]) continue;
        const wall = { year: date.getUTCFullYear(), month, day, hour, minute };
        if (d === 0 && utcOf(wall) <= utcOf(now)) continue;
        const at = instantOf(wall, zone);
        if (at > after) return at;
      }
    }
  }
  return undefined;
}

/** The longest time between two of the next 8 firings from `after`: the schedule's interval as lateness is measured (a weekday schedule's is the weekend's). */
export function intervalOf(interval: string, timeZone: string | undefined, after: number): number | undefined {
  let at = nextRun(interval, timeZone, after);
  let longest: number | undefined;
  for (let k = 0; k < 8 && at !== undefined; k++) {
    const next = nextRun(interval, timeZone, at);
    if (next === undefined) break;
    longest = Math.max(longest ?? 0, next - at);
    at = next;
  }
  return longest;
}
