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
  // different SQL for the same query.
  const templates = new WeakMap<object, Map<string, Template>>();

  function templateFor(q: Kysely<DB>, args: Args): Template {
    const adapter = q.getExecutor().adapter;
    let byShape = templates.get(adapter);
    if (!byShape) templates.set(adapter, (byShape = new Map()));
    const shape = shapeOf(args);
    let template = byShape.get(shape);
    if (!template) {
      template = templateOf(build(q, placeholdersFor(args) as Args).compile());
      if (byShape.size < PREPARED_SHAPES_MAX) byShape.set(shape, template);
    }
    return template;
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
