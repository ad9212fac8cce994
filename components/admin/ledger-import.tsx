"use client";

import { useMutation } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useRef, useState, type DragEvent } from "react";
import { z } from "zod";

import { StatusMessage } from "@/components/ui/status-message";
import { cardClass, mutedTextClass, primaryButtonClass } from "@/components/ui/styles";
import { apiCall, ApiError, errorMessage } from "@/lib/client/api-client";
import {
  formatOf,
  importableTransactions,
  LEDGER_CSV_COLUMNS,
  LEDGER_FILE_MAX_BYTES,
  paymentOrganizationsOf,
  previewLedgerCsv,
  previewLedgerFile,
  problemsFromServer,
  type RowProblem,
} from "@/lib/client/ledger-file";
import type { CsvRecords } from "@/lib/client/csv";
import { parseCsvFile } from "@/lib/client/csv-file";
import { useAdminOrganizations } from "@/lib/client/admin-queries";
import type { LedgerTransaction } from "@/lib/schemas/ledger";

const importResultSchema = z.object({
  imported: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  transactions: z.array(z.object({ id: z.string(), status: z.enum(["imported", "duplicate"]) })).max(1_000),
});

/** The chosen file as read (a CSV file's records, a JSON file's text); its preview is computed from it and the organizations' currencies. */
type Loaded = { name: string; format: "csv"; csv: CsvRecords } | { name: string; format: "json"; text: string };

export const LEDGER_TEMPLATE_PATH = "/admin/ledger/template.csv";

function describeParty(value: unknown): string {
  if (typeof value !== "object" || value === null) return "—";
  const party = value as { finId?: unknown; account?: { type?: unknown; orgId?: unknown; code?: unknown } };
  if (party.account?.type === "iban") return `IBAN ${String(party.account.code ?? "")}`;
  const org = typeof party.account?.orgId === "string" ? ` at ${party.account.orgId}` : "";
  return `${typeof party.finId === "string" ? party.finId.slice(0, 10) : "?"}…${org}`;
}

/** A cell's text, shown as text (React never reads it as markup, and a formula is just characters here). */
function cell(row: unknown, pick: (r: Record<string, unknown>) => unknown): string {
  if (typeof row !== "object" || row === null) return "—";
  const value = pick(row as Record<string, unknown>);
  return value === undefined || value === null || value === "" ? "—" : typeof value === "object" ? JSON.stringify(value) : String(value);
}

/** Text a spreadsheet would run as a formula, were it pasted or exported unguarded. */
const looksLikeFormula = (text: string) => /^[=+\-@\t\r]/.test(text);

function TextCell({ text }: { text: string }) {
  return (
    <>
      <span className="break-all font-mono text-xs">{text}</span>
      {looksLikeFormula(text) ? <span className={`block ${mutedTextClass}`}>starts like a formula: kept and shown as text</span> : null}
    </>
  );
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
  // Rows are checked against the currencies each payment organization keeps (the server checks them again).
  const organizations = useAdminOrganizations();
  const rules = useMemo(() => (organizations.data ? paymentOrganizationsOf(organizations.data) : null), [organizations.data]);
  const preview = useMemo(() => {
    if (!loaded || !rules) return null;
    return loaded.format === "csv" ? previewLedgerCsv(loaded.csv, rules) : previewLedgerFile("json", loaded.text, rules);
  }, [loaded, rules]);
  // How much of a large file has been read (it is parsed in a worker); null when none is being read.
  const [reading, setReading] = useState<number | null>(null);

  const send = useMutation({
    mutationFn: (transactions: LedgerTransaction[]) => apiCall("/api/router/ledger/transaction/import", importResultSchema, { method: "POST", body: { transactions } }),
  });
  // A refusal of the server that names rows is shown on those rows, like the preview's own problems.
  const serverProblems = loaded && send.error instanceof ApiError ? problemsFromServer(loaded.format, send.error.fieldErrors) : [];
  const problems = [...(preview?.problems ?? []), ...serverProblems].sort((a, b) => a.row - b.row);
  const transactions = preview ? importableTransactions(preview) : null;

  // Each new step (a preview, a result) takes the focus, so a screen reader reads it from its heading.
  const ready = rules !== null;
  useEffect(() => {
    if (loaded && ready) previewHeadingRef.current?.focus();
  }, [loaded, ready]);
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
    if (format === "json") return setLoaded({ name: file.name, format, text: await file.text() });
    setReading(0);
    try {
      setLoaded({ name: file.name, format, csv: await parseCsvFile(file, setReading) });
    } catch (error) {
      setFileError(`${file.name} could not be read: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setReading(null);
    }
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
          className={`mt-3 rounded-lg border-2 border-dashed p-6 text-center ${dragging ? "border-blue-600 bg-blue-50 dark:bg-blue-950" : "border-line-strong"}`}
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
          {reading !== null ? (
            <div role="status" className="mx-auto mt-3 max-w-sm text-sm">
              <progress aria-label="Reading the file" value={reading} max={1} className="w-full" />
              <span>Reading the file: {Math.round(reading * 100)}%</span>
            </div>
          ) : null}
        </div>
        <p className="mt-3 text-sm">
          <a href={LEDGER_TEMPLATE_PATH} download className="font-medium text-blue-700 underline underline-offset-2 dark:text-blue-300">
            Download the CSV template
          </a>{" "}
          <span className={mutedTextClass}>(the header and two example rows: a credit, and a debit paid to a bank account).</span>
        </p>
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer">What the file holds</summary>
          <div className={`mt-2 space-y-2 ${mutedTextClass}`}>
            <p>
              JSON: the import request, <code>{'{ "transactions": [ … ] }'}</code>, or just the list. CSV: a header row with the columns{" "}
              <code className="break-all">{LEDGER_CSV_COLUMNS.join(",")}</code>, one transaction a line; leave the source or the destination columns empty for a
              credit or a debit. Only money (fiat) is imported, at most 1,000 transactions at a time.
            </p>
            <ul className="list-disc space-y-1 pl-5">
              <li>
                <strong>id</strong>: a UUID you make once per transaction, such as <code>3b0c8f6e-7d1a-4c2b-9e5f-0a1b2c3d4e5f</code>; sending the same id again with
                the same content is skipped, with other content it is refused.
              </li>
              <li>
                <strong>timestamp</strong>: when the money moved, in whole seconds since 1 January 1970 UTC (Unix time), such as <code>1795300000</code>; no date
                text, no milliseconds.
              </li>
              <li>
                <strong>finId and orgId</strong>: the account&apos;s public key (66 hex characters starting with 02 or 03) and the id of the payment organization
                keeping it, one organization per transaction. A bank account outside (an IBAN) names its owner&apos;s finId too.
              </li>
              <li>
                <strong>assetCode and quantity</strong>: a currency that organization keeps, with at most its decimals (the organizations page lists them), such
                as <code>100.00</code> USD; a quantity with more decimals is refused, never rounded. The built-in escrow&apos;s accounts take only its own reports:
                record money that arrived on the escrow operator&apos;s page instead.
              </li>
              <li>
                <strong>settlementRef and transactionId</strong>: free text, kept exactly as written; text starting with <code>=</code>, <code>+</code>,{" "}
                <code>-</code> or <code>@</code> is shown here as text and never run as a spreadsheet formula.
              </li>
            </ul>
          </div>
        </details>
        {fileError ? <StatusMessage tone="error">{fileError}</StatusMessage> : null}
        {organizations.isPending ? <p role="status" className={`mt-3 ${mutedTextClass}`}>Loading the payment organizations and their currencies…</p> : null}
        {organizations.isError ? (
          <StatusMessage tone="error">
            The payment organizations could not be read, so no row can be checked or imported: {errorMessage(organizations.error)}. Reload the page to try again.
          </StatusMessage>
        ) : null}
      </section>

      {loaded && preview ? (
        <section aria-labelledby={`${id}-preview`} className={cardClass}>
          <h2 id={`${id}-preview`} ref={previewHeadingRef} tabIndex={-1} className="text-lg font-medium">
            Preview of {loaded.name}
          </h2>
          {preview.fileProblem ? (
            <StatusMessage tone="error">{preview.fileProblem} Nothing can be imported.</StatusMessage>
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
            <StatusMessage tone="info">All {preview.rows.length} rows are valid and ready to import.</StatusMessage>
          )}
          {preview.rows.length > 0 ? <PreviewTable rows={preview.rows} problems={problems} /> : null}
          <div className="mt-4">
            <button
              type="button"
              className={primaryButtonClass}
              disabled={transactions === null || problems.length > 0 || send.isPending || send.isSuccess}
              onClick={() => transactions && send.mutate(transactions)}
            >
              {send.isPending ? "Importing…" : `Import ${preview.rows.length} transaction${preview.rows.length === 1 ? "" : "s"}`}
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
          <tr className="border-b border-line">
            <th scope="col" className="py-2 pr-3 font-medium">Row</th>
            <th scope="col" className="py-2 pr-3 font-medium">Check</th>
            <th scope="col" className="py-2 pr-3 font-medium">Id</th>
            <th scope="col" className="py-2 pr-3 font-medium">Currency</th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">Quantity</th>
            <th scope="col" className="py-2 pr-3 font-medium">From</th>
            <th scope="col" className="py-2 pr-3 font-medium">To</th>
            <th scope="col" className="py-2 pr-3 font-medium">Settlement ref</th>
            <th scope="col" className="py-2 font-medium">Bank transaction</th>
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
              <td className="break-all py-1 pr-3 font-mono text-xs">{typeof row === "object" && row !== null ? describeParty((row as { destination?: unknown }).destination) : "—"}</td>
              <td className="py-1 pr-3">
                <TextCell text={cell(row, (r) => r.settlementRef)} />
              </td>
              <td className="py-1">
                <TextCell text={cell(row, (r) => (r.transactionDetails as { transactionId?: unknown } | undefined)?.transactionId)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
