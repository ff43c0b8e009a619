// The commands' one door to zod (zod/v4/mini): the argument schemas and their checks import it
// from here, so the lazy bundles hold one copy of zod, cut to what is named below (esbuild.js puts
// a module more than one feature uses in dist/features.js; a namespace import of zod itself would
// keep all of it, its 40 locales included). The network stack (src/gms) has its own zod in
// dist/gms.js. A name missing here is a type error where it is used: add it.
export {
  _default,
  array,
  boolean,
  enum,
  extend,
  globalRegistry,
  gt,
  gte,
  int,
  literal,
  lte,
  maxLength,
  minLength,
  nullable,
  number,
  object,
  omit,
  optional,
  pipe,
  regex,
  safeParse,
  string,
  transform,
  trim,
  union,
} from 'zod/v4/mini';
export type { core, input, output, ZodMiniObject, ZodMiniType } from 'zod/v4/mini';
