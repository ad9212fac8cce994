// Queries of the settlement path built once per shape, not on every call.
//
// Kysely builds a query's operation tree and compiles it to SQL on every call: about 11% of the
// server's CPU under the trade benchmark (README, "Where a trade's CPU goes now"), for SQL texts that
// never change between two trades. `prepared(build)` runs `build` once per shape of its arguments,
// with a placeholder for each value, compiles it, and remembers where each argument goes among the
// parameters; a call then only fills the parameters and executes the compiled query through the
// handle it is given (a transaction or the instance), exactly as the builder's own execute would.
// The SQL text is the same string object on every call, so the statement cache (statement-cache.ts)
// finds its prepared statement without hashing a new string either.
//
// The shape is what changes the SQL: which arguments are undefined (Kysely leaves such a column out)
// and the length of each array (an `in` list, rows of a multi-row insert). `build` must only hand the
// argument values to Kysely, never look at them: it sees placeholders, not the caller's values.
import type { CompiledQuery, Compilable, Kysely, QueryId, QueryResult, RootOperationNode } from "kysely";

/** Stands for one argument value (or one element of an array argument) while the query is built. */
class Placeholder {
  constructor(
    readonly name: string,
    readonly index: number | null,
  ) {}
}

/**
 * Shapes kept per query and dialect. The settlement path's queries have a few each (an `in` list of
 * one to three keys, the optional columns of a plan's step); a query called with ever new shapes
 * past this is still built and run correctly, only no longer kept.
 */
export const PREPARED_SHAPES_MAX = 64;

/** Of the shapes kept, the first this many are recognised by their parts; the rest by their text. */
const SHAPES_RECOGNISED = 4;

type Leaf = string | number | bigint | boolean | Date | null;
export type PreparedArgs = Record<string, Leaf | readonly Leaf[] | undefined>;

type Template = {
  sql: string;
  query: RootOperationNode;
  /** Kysely hands a query's id only to plugins, and this path has none: the compiled one's is kept. */
  queryId: QueryId;
  /** Each parameter: a constant of the query, or where to read it from the arguments. */
  parameters: readonly (Placeholder | { constant: unknown })[];
};

/** What decides the SQL text: which arguments there are, which are undefined, how long each array is. */
function shapeOf(args: PreparedArgs): string {
  let shape = "";
  for (const name in args) {
    const value = args[name];
    shape += value === undefined ? `${name}=u,` : Array.isArray(value) ? `${name}=${value.length},` : `${name},`;
  }
  return shape;
}

/** shapeOf's parts, kept to recognise a shape again without building its text: each name, and -1 undefined, -2 a value, n an array of n. */
type ShapeParts = { names: readonly string[]; kinds: readonly number[] };

const kindOf = (value: unknown): number => (value === undefined ? -1 : Array.isArray(value) ? value.length : -2);

function shapePartsOf(args: PreparedArgs): ShapeParts {
  const names: string[] = [];
  const kinds: number[] = [];
  for (const name in args) {
    names.push(name);
    kinds.push(kindOf(args[name]));
  }
  return { names, kinds };
}

/** Whether `args` has the shape `parts` describes: shapeOf(args) would be that shape's text. */
function hasShape(args: PreparedArgs, parts: ShapeParts): boolean {
  let i = 0;
  for (const name in args) {
    if (i === parts.names.length || parts.names[i] !== name || parts.kinds[i] !== kindOf(args[name])) return false;
    i += 1;
  }
  return i === parts.names.length;
}

function placeholdersFor(args: PreparedArgs): PreparedArgs {
  const stand: Record<string, unknown> = {};
  for (const name in args) {
    const value = args[name];
    if (value === undefined) stand[name] = undefined;
    else if (Array.isArray(value)) stand[name] = value.map((_, index) => new Placeholder(name, index));
    else stand[name] = new Placeholder(name, null);
  }
  return stand as PreparedArgs;
}

function templateOf(compiled: CompiledQuery): Template {
  // A build that computed with a value (`a.version + 1`, a template string) saw a placeholder: refused.
  const misused = (value: unknown) => (typeof value === "string" && value.includes("[object ")) || (typeof value === "number" && Number.isNaN(value));
  if (misused(compiled.sql) || compiled.parameters.some(misused)) {
    throw new Error(`prepared query: its build computed with an argument instead of passing it to Kysely: ${compiled.sql}`);
  }
  return {
    sql: compiled.sql,
    query: compiled.query,
    queryId: compiled.queryId,
    parameters: compiled.parameters.map((p) => (p instanceof Placeholder ? p : { constant: p })),
  };
}

function parametersOf(template: Template, args: PreparedArgs): unknown[] {
  const out = new Array<unknown>(template.parameters.length);
  for (let i = 0; i < out.length; i += 1) {
    const p = template.parameters[i]!;
    if (p instanceof Placeholder) {
      const value = args[p.name];
      out[i] = p.index === null ? value : (value as readonly Leaf[])[p.index];
      // Kysely leaves an undefined value's column out; a parameter never is one (a hole in an array).
      if (out[i] === undefined) throw new Error(`prepared query: the argument ${p.name}${p.index === null ? "" : `[${p.index}]`} is undefined: ${template.sql}`);
    } else {
      out[i] = p.constant;
    }
  }
  return out;
}

export type PreparedQuery<DB, Args extends PreparedArgs, Row> = {
  /** Every row the query returns. */
  all(q: Kysely<DB>, args: Args): Promise<Row[]>;
  /** The first row, or undefined. */
  first(q: Kysely<DB>, args: Args): Promise<Row | undefined>;
  /** How many rows an insert, update or delete changed. */
  changes(q: Kysely<DB>, args: Args): Promise<number>;
  /** The SQL text of one shape, for tests. */
  sqlFor(q: Kysely<DB>, args: Args): string;
};

/**
 * `prepared` for the database type DB. `prepared(build)` is a query built once per shape of its
 * arguments (see the top of this file): `build` receives a handle to build on and the arguments as
 * placeholders (annotate their type on `build`'s parameter); the handle `q` of each call executes it.
 */
export function preparedFor<DB>(direct?: DirectExecutor) {
  return function prepared<Args extends PreparedArgs, Row>(build: (db: Kysely<DB>, args: Args) => Compilable<Row>): PreparedQuery<DB, Args, Row> {
    return preparedQuery(build, direct);
  };
}

/**
 * Runs a compiled query itself when the handle allows it (sql.ts on SQLite: sqlite-group-commit.ts
 * unitExecutor); null sends it through Kysely's executor.
 */
export type DirectExecutor = <R>(handle: unknown, compiled: CompiledQuery) => Promise<QueryResult<R>> | null;

function preparedQuery<DB, Args extends PreparedArgs, Row>(build: (db: Kysely<DB>, args: Args) => Compilable<Row>, direct?: DirectExecutor): PreparedQuery<DB, Args, Row> {
  // Per dialect adapter (one per Kysely instance and its transactions): SQLite and PostgreSQL write
  // different SQL for the same query. The first few shapes are recognised without building their text
  // (most queries have one to three: the optional columns of a plan's step, an `in` list of one or
  // two keys); shapeOf's text was 0.9% of the server's samples.
  type Kept = { template: Template; parts: ShapeParts };
  const templates = new WeakMap<object, { byShape: Map<string, Kept>; first: Kept[] }>();

  function templateFor(q: Kysely<DB>, args: Args): Template {
    const adapter = q.getExecutor().adapter;
    let kept = templates.get(adapter);
    if (!kept) templates.set(adapter, (kept = { byShape: new Map(), first: [] }));
    for (const one of kept.first) if (hasShape(args, one.parts)) return one.template;
    const shape = shapeOf(args);
    let one = kept.byShape.get(shape);
    if (!one) {
      one = { template: templateOf(build(q, placeholdersFor(args) as Args).compile()), parts: shapePartsOf(args) };
      if (kept.byShape.size >= PREPARED_SHAPES_MAX) return one.template;
      kept.byShape.set(shape, one);
      if (kept.first.length < SHAPES_RECOGNISED) kept.first.push(one);
    }
    return one.template;
  }

  async function execute(q: Kysely<DB>, args: Args): Promise<QueryResult<Row>> {
    const template = templateFor(q, args);
    const compiled: CompiledQuery<Row> = { sql: template.sql, query: template.query, queryId: template.queryId, parameters: parametersOf(template, args) };
    return direct?.<Row>(q, compiled) ?? q.executeQuery<Row>(compiled);
  }

  return {
    async all(q, args) {
      return (await execute(q, args)).rows;
    },
    async first(q, args) {
      return (await execute(q, args)).rows[0];
    },
    async changes(q, args) {
      return Number((await execute(q, args)).numAffectedRows ?? 0n);
    },
    sqlFor(q, args) {
      return templateFor(q, args).sql;
    },
  };
}
