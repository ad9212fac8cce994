// Every column of a table, by name, for a statement that reads or returns whole rows.
//
// The typed-SQL path lists the columns instead of writing `*`: on PostgreSQL its statements are
// named and parsed once per connection (pg-statement-names.ts), and a named statement whose result
// is a table's whole definition would be refused by every connection that had parsed it once a
// migration adds a column to that table while the node runs. With the columns listed, the
// statement's result stays what it was, and the new column is read by the build that knows it.
//
// The names come from Prisma's generated client (the schema's owner): a model's scalar fields are
// its table's columns (the schema maps no names; every-column.test.ts checks them against the
// migrated database).
import { Prisma } from "@/lib/generated/prisma/client";
import type { DB } from "@/lib/generated/kysely/types";

type Table = keyof DB & keyof typeof Prisma.ModelName;
export type ColumnOf<T extends Table> = keyof DB[T] & string;

const known = new Map<Table, readonly string[]>();

/** The columns of `table`, in the schema's order; the same array on every call. */
export function everyColumn<T extends Table>(table: T): readonly ColumnOf<T>[] {
  let columns = known.get(table);
  if (columns === undefined) {
    const fields = (Prisma as unknown as Record<string, Readonly<Record<string, string>> | undefined>)[`${table}ScalarFieldEnum`];
    if (fields === undefined) throw new Error(`everyColumn: Prisma's client has no ${table}ScalarFieldEnum`);
    columns = Object.freeze(Object.values(fields));
    known.set(table, columns);
  }
  return columns as readonly ColumnOf<T>[];
}
