// A chart with its text equivalent (WCAG 1.1.1): the figure's caption says in one sentence what the
// chart shows, the drawing itself is hidden from screen readers, and the same figures are a table
// that a screen reader reads (and anyone can open under "Show the figures"). The drawing is loaded
// only in the browser, after the page (lazy-charts.tsx), so the page's first load stays small.
import type { ReactNode } from "react";

export type FigureTable = { caption: string; headers: readonly string[]; rows: readonly (readonly string[])[] };

export function ChartFigure({ title, summary, table, children, height = "h-56" }: { title: string; summary: string; table: FigureTable; children: ReactNode; height?: string }) {
  return (
    <figure className="min-w-0">
      <figcaption>
        <span className="sr-only">{title}: </span>
        <span className="text-sm text-muted">{summary}</span>
      </figcaption>
      {/* Hidden from screen readers and out of the tab order (inert): the table below is its text. */}
      <div aria-hidden="true" inert className={`mt-3 w-full ${height}`}>
        {children}
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-medium text-brand">Show the figures</summary>
        <div className="mt-2 max-h-72 overflow-auto rounded-md border border-line" role="region" aria-label={table.caption} tabIndex={0}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{table.caption}</caption>
            <thead className="bg-surface-sunken text-muted">
              <tr>
                {table.headers.map((header, i) => (
                  <th key={header} scope="col" className={`px-3 py-1.5 font-medium ${i > 0 ? "text-right" : ""}`}>
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row) => (
                <tr key={row.join("|")} className="border-t border-line">
                  {row.map((cell, i) =>
                    i === 0 ? (
                      <th key={i} scope="row" className="px-3 py-1.5 font-normal">
                        {cell}
                      </th>
                    ) : (
                      <td key={i} className="px-3 py-1.5 text-right tabular">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
