// The root fields of a GraphQL query as the sandbox answers them: name, alias and argument text,
// in query order. Enough for the forms DataHub clients send (`alias: field(arg: $var)`, literals
// for string arguments); not a GraphQL parser.

const FIELD =
  /(?:\b([_A-Za-z][_0-9A-Za-z]*)\s*:\s*)?\b(entityExists|searchAcrossEntities|aggregateAcrossEntities|scrollAcrossEntities|entity|dataJob)\s*\(([^()]*)\)/g;

export interface RootField {
  /** The alias, else the field name: the key of its answer under `data`. */
  key: string;
  name: 'entityExists' | 'searchAcrossEntities' | 'aggregateAcrossEntities' | 'scrollAcrossEntities' | 'entity' | 'dataJob';
  args: string;
}

export function rootFields(query: string): RootField[] {
  const out: RootField[] = [];
  for (const m of query.matchAll(FIELD)) out.push({ key: m[1] ?? m[2], name: m[2] as RootField['name'], args: m[3] });
  return out;
}

const ARGUMENTS = new Map<string, RegExp>();

/** An argument's value: a `$variable` from the variables, or a string literal. */
export function argument(args: string, name: string, variables: Record<string, unknown>): unknown {
  let pattern = ARGUMENTS.get(name);
  if (!pattern) {
    pattern = new RegExp(`\\b${name}\\s*:\\s*(?:\\$([_A-Za-z][_0-9A-Za-z]*)|("(?:[^"\\\\]|\\\\.)*"))`);
    ARGUMENTS.set(name, pattern);
  }
  const m = pattern.exec(args);
  if (!m) return undefined;
  if (m[1] !== undefined) return variables[m[1]];
  try {
    return JSON.parse(m[2]) as unknown;
  } catch {
    return undefined;
  }
}
