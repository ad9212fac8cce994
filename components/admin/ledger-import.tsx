"use client";

import { useMutation } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type DragEvent } from "react";
import { z } from "zod";

import { StatusMessage } from "@/components/ui/status-message";
import { cardClass, mutedTextClass, primaryButtonClass } from "@/components/ui/styles";
import { apiCall, ApiError, errorMessage } from "@/lib/client/api-client";
import {
  formatOf,
  importableTransactions,
  LEDGER_CSV_COLUMNS,
  LEDGER_FILE_MAX_BYTES,
  previewLedgerFile,
  problemsFromServer,
  type LedgerPreview,
  type RowProblem,
} from "@/lib/client/ledger-file";
import type { LedgerTransaction } from "@/lib/schemas/ledger";

const importResultSchema = z.object({
  imported: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  transactions: z.array(z.object({ id: z.string(), status: z.enum(["imported", "duplicate"]) })).max(1_000),
});

type Loaded = { name: string; preview: LedgerPreview };

function describeParty(value: unknown): string {
  if (typeof value !== "object" || value === null) return "—";
  const party = value as { finId?: unknown; account?: { type?: unknown; orgId?: unknown; code?: unknown } };
  if (party.account?.type === "iban") return `IBAN ${String(party.account.code ?? "")}`;
  const org = typeof party.account?.orgId === "string" ? ` at ${party.account.orgId}` : "";
  return `${typeof party.finId === "string" ? party.finId.slice(0, 10) : "?"}…${org}`;
}

function cell(row: unknown, pick: (r: Record<string, unknown>) => unknown): string {
  if (typeof row !== "object" || row === null) return "—";
  const value = pick(row as Record<string, unknown>);
  return value === undefined || value === null ? "—" : typeof value === "object" ? JSON.stringify(value) : String(value);
}

function problemText(p: RowProblem): string {
  const where = p.column ? `${p.field || "row"} (column ${p.column})` : p.field || "the row";
  return `Row ${p.row}, ${where}: ${p.message}`;
}

/** Upload a CSV or JSON ledger file, see every row checked, import only when none is bad, then the summary. */
export function LedgerImport() {
  const id = useId();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const previewHeadingRef = useRef<HTMLHeadingElement>(null);
  const resultHeadingRef = useRef<HTMLHeadingElement>(null);

  const send = useMutation({
    mutationFn: (transactions: LedgerTransaction[]) => apiCall("/api/router/ledger/transaction/import", importResultSchema, { method: "POST", body: { transactions } }),
  });
  // A refusal of the server that names rows is shown on those rows, like the preview's own problems.
  const serverProblems = loaded && send.error instanceof ApiError ? problemsFromServer(loaded.preview.format, send.error.fieldErrors) : [];
  const problems = [...(loaded?.preview.problems ?? []), ...serverProblems].sort((a, b) => a.row - b.row);
  const transactions = loaded ? importableTransactions(loaded.preview) : null;

  // Each new step (a preview, a result) takes the focus, so a screen reader reads it from its heading.
  useEffect(() => {
    if (loaded) previewHeadingRef.current?.focus();
  }, [loaded]);
  useEffect(() => {
    if (send.isSuccess) resultHeadingRef.current?.focus();
  }, [send.isSuccess]);

  async function load(file: File | undefined) {
    send.reset();
    setLoaded(null);
    if (!file) return;
    const format = formatOf(file.name, file.type);
    if (!format) return setFileError(`${file.name} is neither a .csv nor a .json file.`);
    if (file.size > LEDGER_FILE_MAX_BYTES) return setFileError(`${file.name} is larger than ${LEDGER_FILE_MAX_BYTES / 1024 / 1024} MiB.`);
    setFileError(null);
    setLoaded({ name: file.name, preview: previewLedgerFile(format, await file.text()) });
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    void load(event.dataTransfer.files[0]);
  }

  return (
    <div className="space-y-8">
      <section aria-labelledby={`${id}-choose`} className={cardClass}>
        <h2 id={`${id}-choose`} className="text-lg font-medium">Choose a file</h2>
        <div
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={`mt-3 rounded-lg border-2 border-dashed p-6 text-center ${dragging ? "border-blue-600 bg-blue-50 dark:bg-blue-950" : "border-slate-300 dark:border-slate-700"}`}
        >
          <p className="text-sm">Drop a .csv or .json file here, or</p>
          <label htmlFor={`${id}-file`} className="mt-2 inline-block text-sm font-medium">
            Ledger file (.csv or .json)
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,.json,text/csv,application/json"
            className="mx-auto mt-1 block max-w-full text-sm"
            onChange={(e) => void load(e.currentTarget.files?.[0])}
          />
        </div>
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer">What the file holds</summary>
          <p className={`mt-2 ${mutedTextClass}`}>
            JSON: the import request, <code>{'{ "transactions": [ … ] }'}</code>, or just the list. CSV: a header row with the columns{" "}
            <code className="break-all">{LEDGER_CSV_COLUMNS.join(",")}</code>, one transaction a line; leave the source or the destination columns empty for a
            credit or a debit. Only money (fiat) is imported, at most 1,000 transactions at a time.
          </p>
        </details>
        {fileError ? <StatusMessage tone="error">{fileError}</StatusMessage> : null}
      </section>

      {loaded ? (
        <section aria-labelledby={`${id}-preview`} className={cardClass}>
          <h2 id={`${id}-preview`} ref={previewHeadingRef} tabIndex={-1} className="text-lg font-medium">
            Preview of {loaded.name}
          </h2>
          {loaded.preview.fileProblem ? (
            <StatusMessage tone="error">{loaded.preview.fileProblem} Nothing can be imported.</StatusMessage>
          ) : problems.length > 0 ? (
            <div role="alert" className="mt-3 rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
              <p className="font-medium">
                {problems.length} problem{problems.length === 1 ? "" : "s"} in {new Set(problems.map((p) => p.row)).size} row
                {new Set(problems.map((p) => p.row)).size === 1 ? "" : "s"}; nothing is imported. Fix the file and choose it again.
              </p>
              <ul aria-label="Problems" className="mt-1 list-disc pl-5">
                {problems.map((p, i) => (
                  <li key={i}>{problemText(p)}</li>
                ))}
              </ul>
            </div>
          ) : (
            <StatusMessage tone="info">All {loaded.preview.rows.length} rows are valid and ready to import.</StatusMessage>
          )}
          {loaded.preview.rows.length > 0 ? <PreviewTable rows={loaded.preview.rows} problems={problems} /> : null}
          <div className="mt-4">
            <button
              type="button"
              className={primaryButtonClass}
              disabled={transactions === null || problems.length > 0 || send.isPending || send.isSuccess}
              onClick={() => transactions && send.mutate(transactions)}
            >
              {send.isPending ? "Importing…" : `Import ${loaded.preview.rows.length} transaction${loaded.preview.rows.length === 1 ? "" : "s"}`}
            </button>
          </div>
          {send.isError ? <StatusMessage tone="error">The server refused the import; nothing was imported: {errorMessage(send.error)}</StatusMessage> : null}
        </section>
      ) : null}

      {send.isSuccess ? (
        <section aria-labelledby={`${id}-result`} className={cardClass}>
          <h2 id={`${id}-result`} ref={resultHeadingRef} tabIndex={-1} className="text-lg font-medium">
            Import result
          </h2>
          <StatusMessage tone="success">
            Imported {send.data.imported} transaction{send.data.imported === 1 ? "" : "s"}; skipped {send.data.skipped} already imported.
          </StatusMessage>
          <ul aria-label="Imported transactions" className="mt-3 space-y-1 text-sm">
            {send.data.transactions.map((t) => (
              <li key={t.id}>
                <span className="font-mono text-xs">{t.id}</span>: {t.status === "imported" ? "imported" : "already imported, skipped"}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function PreviewTable({ rows, problems }: { rows: unknown[]; problems: RowProblem[] }) {
  const bad = new Set(problems.map((p) => p.row));
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Rows of the file, as they will be imported</caption>
        <thead>
          <tr className="border-b border-slate-200 dark:border-slate-800">
            <th scope="col" className="py-2 pr-3 font-medium">Row</th>
            <th scope="col" className="py-2 pr-3 font-medium">Check</th>
            <th scope="col" className="py-2 pr-3 font-medium">Id</th>
            <th scope="col" className="py-2 pr-3 font-medium">Currency</th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">Quantity</th>
            <th scope="col" className="py-2 pr-3 font-medium">From</th>
            <th scope="col" className="py-2 font-medium">To</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i} className="border-b border-slate-100 align-top last:border-0 dark:border-slate-900">
              <th scope="row" className="py-1 pr-3 font-normal tabular-nums">{i + 1}</th>
              <td className="py-1 pr-3">{bad.has(i + 1) ? <span className="font-medium text-red-700 dark:text-red-300">Problem</span> : "OK"}</td>
              <td className="break-all py-1 pr-3 font-mono text-xs">{cell(row, (r) => r.id)}</td>
              <td className="py-1 pr-3">{cell(row, (r) => (r.asset as { code?: unknown; resourceId?: unknown } | undefined)?.code ?? (r.asset as { resourceId?: unknown } | undefined)?.resourceId)}</td>
              <td className="py-1 pr-3 text-right font-mono tabular-nums">{cell(row, (r) => r.quantity)}</td>
              <td className="break-all py-1 pr-3 font-mono text-xs">{typeof row === "object" && row !== null ? describeParty((row as { source?: unknown }).source) : "—"}</td>
              <td className="break-all py-1 font-mono text-xs">{typeof row === "object" && row !== null ? describeParty((row as { destination?: unknown }).destination) : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
