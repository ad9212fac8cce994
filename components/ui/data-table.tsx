"use client";

// The portal's table: a caption (its name), column headers that sort when a column has a sort key
// (a button in the header, the order said by aria-sort and in the caption), figures aligned right in
// tabular numerals, and on a narrow screen the table scrolls inside its own focusable, labelled region
// instead of widening the page. An empty list shows its empty state instead of an empty table.
import { useId, useMemo, useState, type ReactNode } from "react";

export type Column<Row> = {
  key: string;
  header: ReactNode;
  /** Right-aligned tabular figures. */
  numeric?: boolean;
  /** The row header cell (scope row): what the row is about. */
  rowHeader?: boolean;
  /** When given, the column sorts by it: a string or a bigint-comparable number of units. */
  sortValue?: (row: Row) => string | number | bigint;
  cell: (row: Row) => ReactNode;
  className?: string;
};

type Sort = { key: string; direction: "ascending" | "descending" };

type Props<Row> = {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  empty?: ReactNode;
  initialSort?: Sort;
  /** Shown hidden from sight: the caption stays for screen readers. */
  captionHidden?: boolean;
  busy?: boolean;
};

function compare(a: string | number | bigint, b: string | number | bigint): number {
  if (typeof a === "string" && typeof b === "string") return a.localeCompare(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

export function DataTable<Row>({ caption, columns, rows, rowKey, empty, initialSort, captionHidden = true, busy = false }: Props<Row>) {
  const captionId = useId();
  const [sort, setSort] = useState<Sort | null>(initialSort ?? null);
  const sorted = useMemo(() => {
    const column = sort ? columns.find((c) => c.key === sort.key) : undefined;
    if (!sort || !column?.sortValue) return rows;
    const value = column.sortValue;
    const ordered = [...rows].sort((a, b) => compare(value(a), value(b)));
    return sort.direction === "ascending" ? ordered : ordered.reverse();
  }, [rows, columns, sort]);
  if (rows.length === 0 && empty) return <>{empty}</>;
  const sortedBy = sort ? columns.find((c) => c.key === sort.key) : undefined;
  const order = sortedBy && typeof sortedBy.header === "string" ? `, sorted by ${sortedBy.header.toLowerCase()} ${sort?.direction}` : "";
  return (
    <div className="relative overflow-x-auto rounded-card border border-line" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="w-full border-collapse text-left text-sm" aria-busy={busy || undefined}>
        <caption id={captionId} className={captionHidden ? "sr-only" : "px-3 py-2 text-left text-sm font-medium text-ink"}>
          {caption}
          {order}
        </caption>
        <thead className="bg-surface-sunken text-muted">
          <tr>
            {columns.map((column) => {
              const active = sort?.key === column.key ? sort.direction : undefined;
              const align = column.numeric ? "text-right" : "text-left";
              return (
                <th key={column.key} scope="col" aria-sort={column.sortValue ? (active ?? "none") : undefined} className={`whitespace-nowrap px-3 py-2 font-medium ${align}`}>
                  {column.sortValue ? (
                    <button
                      type="button"
                      className={`inline-flex items-center gap-1 rounded font-medium hover:text-ink ${column.numeric ? "flex-row-reverse" : ""}`}
                      onClick={() => setSort({ key: column.key, direction: active === "ascending" ? "descending" : "ascending" })}
                    >
                      {column.header}
                      <span aria-hidden="true">{active === "ascending" ? "▲" : active === "descending" ? "▼" : "↕"}</span>
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {sorted.map((row) => (
            <tr key={rowKey(row)} className="border-t border-line bg-surface">
              {columns.map((column) => {
                const className = `px-3 py-2.5 align-top ${column.numeric ? "text-right tabular whitespace-nowrap" : ""} ${column.className ?? ""}`;
                return column.rowHeader ? (
                  <th key={column.key} scope="row" className={`${className} font-medium text-ink`}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.key} className={className}>
                    {column.cell(row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
