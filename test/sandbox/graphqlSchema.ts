// The input types of the root fields the sandbox answers, as DataHub's schema declares them
// (datahub-project/datahub datahub-graphql-core/src/main/resources/search.graphql), and the
// validation graphql-java runs on them before anything executes: a variable declared with another
// type than the argument's (VariableTypeMismatch), and a variable value with a field its input type
// lacks (InputMapDefinesTooManyFieldsException: "The variables input contains a field name '%s' that
// is not defined for input object type '%s' ", ErrorType.ValidationError). GraphQLController.java
// answers either with 200 and the error alone, no data (ExecutionResult.toSpecification).

/** Input object types: field -> the input object type it holds (null: a scalar, an enum or a list of them). */
const INPUT_TYPES: Record<string, Record<string, string | null>> = {
  SearchAcrossEntitiesInput: {
    types: null,
    query: null,
    start: null,
    count: null,
    filters: 'FacetFilterInput',
    orFilters: 'AndFilterInput',
    viewUrn: null,
    searchFlags: 'SearchFlags',
    sortInput: null,
  },
  AggregateAcrossEntitiesInput: { types: null, query: null, facets: null, orFilters: 'AndFilterInput', viewUrn: null, searchFlags: 'SearchFlags' },
  ScrollAcrossEntitiesInput: {
    types: null,
    query: null,
    scrollId: null,
    keepAlive: null,
    count: null,
    orFilters: 'AndFilterInput',
    viewUrn: null,
    searchFlags: 'SearchFlags',
  },
  AndFilterInput: { and: 'FacetFilterInput' },
  FacetFilterInput: { field: null, value: null, values: null, negated: null, condition: null },
  SearchFlags: {
    skipCache: null,
    maxAggValues: null,
    fulltext: null,
    skipHighlighting: null,
    skipAggregates: null,
    getSuggestions: null,
    groupingSpec: null,
    includeSoftDeleted: null,
    includeRestricted: null,
    customHighlightingFields: null,
    includeStructuredPropertyFacets: null,
    filterNonLatestVersions: null,
  },
};

/** The `input` argument's type of each root field that takes one. */
export const ROOT_INPUT: Record<string, string> = {
  searchAcrossEntities: 'SearchAcrossEntitiesInput',
  aggregateAcrossEntities: 'AggregateAcrossEntitiesInput',
  scrollAcrossEntities: 'ScrollAcrossEntitiesInput',
};

export interface ValidationError {
  message: string;
  locations?: Array<{ line: number; column: number }>;
  extensions: { classification: 'ValidationError' };
}

const validationError = (message: string): ValidationError => ({ message, extensions: { classification: 'ValidationError' } });

/** The first field of a value (or of the objects in a list) its input type does not declare, with that type. */
function undeclared(value: unknown, type: string): { field: string; type: string } | undefined {
  const fields = INPUT_TYPES[type];
  if (fields === undefined || value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = undeclared(item, type);
      if (found) return found;
    }
    return undefined;
  }
  for (const [field, inner] of Object.entries(value as Record<string, unknown>)) {
    if (!(field in fields)) return { field, type };
    const innerType = fields[field];
    const found = innerType === null ? undefined : undeclared(inner, innerType);
    if (found) return found;
  }
  return undefined;
}

/**
 * graphql-java's refusal of a root field's `input` argument, or undefined when it passes: the variable's
 * declared type must be the argument's, and its value may hold only declared fields (nested ones too).
 */
export function validateInput(field: string, args: string, query: string, variables: Record<string, unknown>): ValidationError | undefined {
  const expected = ROOT_INPUT[field];
  const variable = /\binput\s*:\s*\$([_A-Za-z][_0-9A-Za-z]*)/.exec(args)?.[1];
  if (expected === undefined || variable === undefined) return undefined;
  const declared = new RegExp(`\\$${variable}\\s*:\\s*([_A-Za-z][_0-9A-Za-z]*)\\s*(!?)`).exec(query);
  if (declared && declared[1] !== expected) {
    const actual = `${declared[1]}${declared[2]}`;
    return validationError(`Validation error (VariableTypeMismatch@[${field}]) : Variable type '${actual}' does not match expected type '${expected}!'`);
  }
  const extra = undeclared(variables[variable], expected);
  if (extra) return validationError(`The variables input contains a field name '${extra.field}' that is not defined for input object type '${extra.type}' `);
  return undefined;
}
