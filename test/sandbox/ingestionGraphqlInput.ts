// The variables of an ingestion query checked against DataHub's schema as graphql-java coerces them before any
// resolver runs (datahub-graphql-core/src/main/resources/ingestion.graphql, and search.graphql for
// FacetFilterInput / SortCriterion): an input field the schema lacks, a missing non-null field or a value of the
// wrong type refuses the whole document with a ValidationError and no data.

type Field = { type: string; required?: boolean; list?: boolean };
const S: Field = { type: 'String' };
const I: Field = { type: 'Int' };
const LIST_INPUT: Record<string, Field> = {
  start: I,
  count: I,
  query: S,
  filters: { type: 'FacetFilterInput', list: true },
  sort: { type: 'SortCriterion' },
};

export const INPUT_TYPES: Record<string, Record<string, Field>> = {
  ListIngestionSourcesInput: LIST_INPUT,
  ListExecutionRequestsInput: LIST_INPUT,
  FacetFilterInput: {
    field: { type: 'String', required: true },
    value: S,
    values: { type: 'String', list: true },
    negated: { type: 'Boolean' },
    condition: { type: 'FilterOperator' },
  },
  SortCriterion: { field: { type: 'String', required: true }, sortOrder: { type: 'SortOrder', required: true } },
  CancelIngestionExecutionRequestInput: { ingestionSourceUrn: { type: 'String', required: true }, executionRequestUrn: { type: 'String', required: true } },
  CreateIngestionExecutionRequestInput: { ingestionSourceUrn: { type: 'String', required: true } },
  RollbackIngestionInput: { runId: { type: 'String', required: true } },
  UpdateIngestionSourceInput: {
    name: { type: 'String', required: true },
    type: { type: 'String', required: true },
    description: S,
    schedule: { type: 'UpdateIngestionSourceScheduleInput' },
    config: { type: 'UpdateIngestionSourceConfigInput', required: true },
  },
  UpdateIngestionSourceScheduleInput: { interval: { type: 'String', required: true }, timezone: { type: 'String', required: true } },
  UpdateIngestionSourceConfigInput: {
    recipe: { type: 'String', required: true },
    version: S,
    executorId: { type: 'String', required: true },
    debugMode: { type: 'Boolean' },
    extraArgs: { type: 'StringMapEntryInput', list: true },
  },
  // entity.graphql
  StringMapEntryInput: { key: { type: 'String', required: true }, value: S },
};

const ENUMS: Record<string, string[]> = {
  FilterOperator: [
    'CONTAIN',
    'EQUAL',
    'IEQUAL',
    'IN',
    'EXISTS',
    'GREATER_THAN',
    'GREATER_THAN_OR_EQUAL_TO',
    'LESS_THAN',
    'LESS_THAN_OR_EQUAL_TO',
    'START_WITH',
    'END_WITH',
    'DESCENDANT_OF',
    'ANCESTORS_INCL',
    'RELATED_INCL',
  ],
  SortOrder: ['ASCENDING', 'DESCENDING'],
};

const jsType = (v: unknown) =>
  Array.isArray(v)
    ? 'ArrayList'
    : v === null
      ? 'null'
      : typeof v === 'object'
        ? 'LinkedHashMap'
        : typeof v === 'number'
          ? Number.isInteger(v)
            ? 'Integer'
            : 'Double'
          : typeof v === 'string'
            ? 'String'
            : 'Boolean';

function checkValue(field: Field, value: unknown, name: string): string | undefined {
  if (value === undefined || value === null) return field.required ? `Field '${name}' has coerced Null value for NonNull type '${field.type}!'` : undefined;
  if (field.list) {
    const items = Array.isArray(value) ? value : [value];
    for (const item of items) {
      const problem = checkValue({ type: field.type, required: true }, item, name);
      if (problem) return problem;
    }
    return undefined;
  }
  const shape = INPUT_TYPES[field.type];
  if (shape) {
    if (typeof value !== 'object' || Array.isArray(value))
      return `Expected type 'Map' but was '${jsType(value)}'. Variables for input objects must be an instance of type 'Map'.`;
    const obj = value as Record<string, unknown>;
    for (const key of Object.keys(obj)) {
      if (!(key in shape)) return `The variables input contains a field name '${key}' that is not defined for input object type '${field.type}' `;
    }
    for (const [key, f] of Object.entries(shape)) {
      const problem = checkValue(f, obj[key], key);
      if (problem) return problem;
    }
    return undefined;
  }
  const enumValues = ENUMS[field.type];
  const ok =
    enumValues !== undefined
      ? typeof value === 'string' && enumValues.includes(value)
      : field.type === 'String'
        ? typeof value === 'string'
        : field.type === 'Int'
          ? typeof value === 'number' && Number.isInteger(value) && Math.abs(value) <= 2 ** 31 - 1
          : field.type === 'Boolean'
            ? typeof value === 'boolean'
            : field.type === 'Long'
              ? typeof value === 'number' && Number.isInteger(value)
              : true;
  return ok ? undefined : `Expected a value that can be converted to type '${field.type}' but it was a '${jsType(value)}'`;
}

/** The first variable whose value the schema refuses, as graphql-java words it; undefined when all coerce. */
export function invalidVariable(query: string, variables: Record<string, unknown>): string | undefined {
  for (const m of query.matchAll(/\$([_A-Za-z][_0-9A-Za-z]*)\s*:\s*(\[?)([_A-Za-z][_0-9A-Za-z]*)(!?)\]?(!?)/g)) {
    const [, name, list, type, innerBang, outerBang] = m;
    const required = list ? outerBang === '!' : innerBang === '!';
    const problem = checkValue({ type, required, list: list === '[' }, variables[name], name);
    if (problem) return `Variable '${name}' has an invalid value: ${problem}`;
  }
  return undefined;
}
