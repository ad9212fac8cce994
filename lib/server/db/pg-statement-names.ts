// PostgreSQL: each distinct query text with parameters becomes a named statement, parsed and planned
// once per connection instead of on every call.
//
// node-postgres sends an unnamed query as Parse, Bind, Describe, Execute and Sync, and the backend
// parses, analyses and plans its text every time. A named one is parsed once per connection
// (node-postgres remembers which names each connection has parsed) and the backend keeps its plan.
// PostgreSQL's backends share this machine's two cores with the node: under the trade benchmark
// they spent 11.9–12.1 ms of CPU a trade with unnamed queries and 7.3–7.6 ms with named ones, and
// the node settled a quarter more trades a second (README, "The statements named on PostgreSQL").
//
// The texts are few: the settlement path's prepared queries have a few shapes each
// (prepared-query.ts). Past `max` distinct texts a new one runs unnamed, so a query built with ever
// new texts (an `in` list of any length) cannot grow every backend's memory without bound. A text
// without parameters (BEGIN, COMMIT) stays on the simple protocol: one message, nothing to plan.
//
// A text whose result columns come from a table's definition (`select *`, `returning *`,
// `"Plan".*`) stays unnamed too. PostgreSQL fixes a named statement's result columns when it is
// parsed and refuses to run it again once they would change ("cached plan must not change result
// type", 0A000): a migration adding a column, applied by another machine's `npm start` while this
// process runs, would otherwise fail that statement on every connection that had parsed it.

/** `*` or `"Table".*` as a result column (not `count(*)`). */
const STAR_PROJECTION = /(?:^|[\s,])(?:"[^"]*"\.)?\*(?=[\s,]|$)/;

/** Statement names, one per distinct text with parameters, the same in every connection of the process. */
export class StatementNames {
  private readonly names = new Map<string, string>();

  constructor(
    readonly max: number,
    private readonly prefix = "tan_",
  ) {}

  /** The name for `text` run with `parameterCount` parameters, or undefined to run it unnamed. */
  nameOf(text: string, parameterCount: number): string | undefined {
    if (parameterCount === 0 || STAR_PROJECTION.test(text)) return undefined;
    const known = this.names.get(text);
    if (known !== undefined || this.names.size >= this.max) return known;
    const name = `${this.prefix}${this.names.size}`;
    this.names.set(text, name);
    return name;
  }

  /** How many texts have a name. */
  get size(): number {
    return this.names.size;
  }
}
