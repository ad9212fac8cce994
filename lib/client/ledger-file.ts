// Reading a ledger import file in the browser (CSV or JSON) and checking every row with the rules the
// server applies: the request schema (lib/schemas/ledger.ts) and the per-transaction rules of
// lib/domain/ledger-import.ts, with the currencies each payment organization keeps (from the admin's
// organizations list). Each problem names its row and field, so nothing is sent while any row is
// bad. Balances are not known here; the server's own refusal (say, a holding below zero) is mapped
// back onto rows with `problemsFromServer`. Cells are kept as they came, also those that start like a
// spreadsheet formula: the page shows them as text, never as markup.
import { ledgerTransactionProblems, type ImportableTransaction, type PaymentOrganizations } from "@/lib/domain/ledger-import";
import { tableOfDeclarations } from "@/lib/domain/organization-currencies";
import { LEDGER_IMPORT_MAX_TRANSACTIONS, ledgerImportRequestSchema, type LedgerTransaction } from "@/lib/schemas/ledger";
import type { AdminOrganization } from "@/lib/schemas/organization";
import { parseCsvText, writeCsv, type CsvRecords } from "./csv";

/** Larger files are refused before they are read (the server takes at most 2 MiB of JSON). */
export const LEDGER_FILE_MAX_BYTES = 2 * 1024 * 1024;

export const LEDGER_CSV_COLUMNS = [
  "id",
  "assetType",
  "assetCode",
  "quantity",
  "timestamp",
  "settlementRef",
  "transactionId",
  "sourceFinId",
  "sourceOrgId",
  "sourceIban",
  "destinationFinId",
  "destinationOrgId",
  "destinationIban",
] as const;
type CsvColumn = (typeof LEDGER_CSV_COLUMNS)[number];

export type LedgerFileFormat = "csv" | "json";
/** `row` counts transactions from 1; `field` is the transaction's JSON path, `column` the CSV column. */
export type RowProblem = { row: number; field: string; column: string | null; message: string };
export type LedgerPreview = {
  format: LedgerFileFormat;
  /** What each row will send, as parsed (possibly invalid). */
  rows: unknown[];
  problems: RowProblem[];
  /** Problems of the file as a whole (unreadable, empty, too many rows). */
  fileProblem: string | null;
};

// ------------------------------------------------------------------------------------------------
// CSV

/** The records of a CSV text (papaparse, lib/client/csv.ts): quoted fields, other delimiters, a byte order mark. */
export function parseCsv(text: string): string[][] {
  return parseCsvText(text).records;
}

function party(finId: string, orgId: string, iban: string): unknown {
  if (finId === "" && iban === "") return undefined;
  const account = iban !== "" ? { type: "iban", code: iban } : { type: "finId", finId, ...(orgId === "" ? {} : { orgId }) };
  return { finId, account };
}

/** A timestamp cell: a whole number stays a number (so the schema can judge it), anything else stays text. */
function timestampOf(cell: string): unknown {
  return /^-?\d+$/.test(cell) ? Number(cell) : cell;
}

function transactionFromCsv(cells: Record<CsvColumn, string>): unknown {
  const assetType = cells.assetType === "" ? "fiat" : cells.assetType;
  const asset = assetType === "p2p" ? { type: "p2p", resourceId: cells.assetCode } : { type: assetType, code: cells.assetCode };
  const source = party(cells.sourceFinId, cells.sourceOrgId, cells.sourceIban);
  const destination = party(cells.destinationFinId, cells.destinationOrgId, cells.destinationIban);
  return {
    id: cells.id,
    asset,
    quantity: cells.quantity,
    timestamp: timestampOf(cells.timestamp),
    ...(source === undefined ? {} : { source }),
    ...(destination === undefined ? {} : { destination }),
    settlementRef: cells.settlementRef,
    transactionDetails: { transactionId: cells.transactionId },
  };
}

function rowsFromCsv(all: readonly string[][]): { rows: unknown[]; fileProblem: string | null } {
  const [header, ...records] = all;
  if (!header) return { rows: [], fileProblem: "The file is empty." };
  const names = header.map((h) => h.trim());
  const missing = LEDGER_CSV_COLUMNS.filter((c) => !names.includes(c));
  const unknown = names.filter((n) => !(LEDGER_CSV_COLUMNS as readonly string[]).includes(n));
  if (missing.length > 0 || unknown.length > 0) {
    const parts = [missing.length > 0 ? `missing ${missing.join(", ")}` : "", unknown.length > 0 ? `unknown ${unknown.join(", ")}` : ""].filter(Boolean);
    return { rows: [], fileProblem: `The header row must name the columns ${LEDGER_CSV_COLUMNS.join(", ")} (${parts.join("; ")}).` };
  }
  const rows = records.map((record) => {
    const cells = Object.fromEntries(LEDGER_CSV_COLUMNS.map((c) => [c, (record[names.indexOf(c)] ?? "").trim()])) as Record<CsvColumn, string>;
    return transactionFromCsv(cells);
  });
  return { rows, fileProblem: null };
}

// ------------------------------------------------------------------------------------------------
// JSON: the request body itself, or just its list of transactions.

function rowsFromJson(text: string): { rows: unknown[]; fileProblem: string | null } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { rows: [], fileProblem: "The file is not valid JSON." };
  }
  const list = Array.isArray(json) ? json : typeof json === "object" && json !== null && "transactions" in json ? (json as { transactions: unknown }).transactions : null;
  if (!Array.isArray(list)) return { rows: [], fileProblem: 'A JSON file must hold { "transactions": [ … ] } or a list of transactions.' };
  return { rows: list, fileProblem: null };
}

// ------------------------------------------------------------------------------------------------
// Checking

const CSV_COLUMN_OF: Record<string, CsvColumn> = {
  id: "id",
  asset: "assetType",
  "asset.type": "assetType",
  "asset.code": "assetCode",
  "asset.resourceId": "assetCode",
  quantity: "quantity",
  timestamp: "timestamp",
  settlementRef: "settlementRef",
  transactionDetails: "transactionId",
  "transactionDetails.transactionId": "transactionId",
  source: "sourceFinId",
  "source.finId": "sourceFinId",
  "source.account": "sourceFinId",
  "source.account.type": "sourceFinId",
  "source.account.finId": "sourceFinId",
  "source.account.orgId": "sourceOrgId",
  "source.account.code": "sourceIban",
  destination: "destinationFinId",
  "destination.finId": "destinationFinId",
  "destination.account": "destinationFinId",
  "destination.account.type": "destinationFinId",
  "destination.account.finId": "destinationFinId",
  "destination.account.orgId": "destinationOrgId",
  "destination.account.code": "destinationIban",
};

function problemAt(format: LedgerFileFormat, index: number, field: string, message: string): RowProblem {
  return { row: index + 1, field, column: format === "csv" ? (CSV_COLUMN_OF[field] ?? null) : null, message };
}

/** The payment organizations of the admin's organizations list, with the currencies each keeps. */
export function paymentOrganizationsOf(organizations: readonly Pick<AdminOrganization, "id" | "kind" | "currencies">[]): PaymentOrganizations {
  const tables = new Map(organizations.filter((o) => o.kind === "escrow").map((o) => [o.id, tableOfDeclarations(o.currencies)] as const));
  return (orgId) => tables.get(orgId);
}

/** Every problem of every row: the request schema's, then the per-transaction rules on rows the schema accepts. */
export function checkLedgerRows(format: LedgerFileFormat, rows: readonly unknown[], organizations: PaymentOrganizations): { problems: RowProblem[]; fileProblem: string | null } {
  if (rows.length === 0) return { problems: [], fileProblem: "The file holds no transactions." };
  if (rows.length > LEDGER_IMPORT_MAX_TRANSACTIONS) {
    return { problems: [], fileProblem: `The file holds ${rows.length} transactions; at most ${LEDGER_IMPORT_MAX_TRANSACTIONS} are imported at once. Split it.` };
  }
  const problems: RowProblem[] = [];
  const parsed = ledgerImportRequestSchema.safeParse({ transactions: rows });
  const schemaBad = new Set<number>();
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [top, index, ...rest] = issue.path;
      if (top !== "transactions" || typeof index !== "number") continue;
      schemaBad.add(index);
      problems.push(problemAt(format, index, rest.map(String).join("."), issue.message));
    }
  }
  rows.forEach((row, index) => {
    if (schemaBad.has(index)) return;
    for (const problem of ledgerTransactionProblems(row as ImportableTransaction, index, organizations)) {
      problems.push(problemAt(format, index, problem.field, problem.message));
    }
  });
  problems.sort((a, b) => a.row - b.row);
  return { problems, fileProblem: null };
}

export function formatOf(fileName: string, mimeType: string): LedgerFileFormat | null {
  const name = fileName.toLowerCase();
  if (name.endsWith(".csv") || mimeType === "text/csv") return "csv";
  if (name.endsWith(".json") || mimeType === "application/json") return "json";
  return null;
}

/** Reads and checks a file's text against the payment organizations' currencies. */
export function previewLedgerFile(format: LedgerFileFormat, text: string, organizations: PaymentOrganizations): LedgerPreview {
  if (format === "csv") return previewLedgerCsv(parseCsvText(text), organizations);
  const { rows, fileProblem } = rowsFromJson(text);
  if (fileProblem) return { format, rows, problems: [], fileProblem };
  return { format, rows, ...checkLedgerRows(format, rows, organizations) };
}

/** Checks the records of a CSV file (read by lib/client/csv-file.ts, in a worker when large). */
export function previewLedgerCsv(csv: CsvRecords, organizations: PaymentOrganizations): LedgerPreview {
  if (csv.problem) return { format: "csv", rows: [], problems: [], fileProblem: csv.problem };
  const { rows, fileProblem } = rowsFromCsv(csv.records);
  if (fileProblem) return { format: "csv", rows, problems: [], fileProblem };
  return { format: "csv", rows, ...checkLedgerRows("csv", rows, organizations) };
}

/**
 * The CSV template the upload page offers: the header and two example rows, a credit and a debit to
 * a bank account outside. Its accounts are at "your-payment-org", which is no registered organization,
 * so the template uploaded unchanged is refused rather than imported.
 */
export function ledgerTemplateCsv(): string {
  const finId = `02${"0123456789abcdef".repeat(4)}`;
  const example: Record<CsvColumn, string>[] = [
    {
      id: "3b0c8f6e-7d1a-4c2b-9e5f-0a1b2c3d4e5f",
      assetType: "fiat",
      assetCode: "USD",
      quantity: "100.00",
      timestamp: "1795300000",
      settlementRef: "",
      transactionId: "bank-2026-0001",
      sourceFinId: "",
      sourceOrgId: "",
      sourceIban: "",
      destinationFinId: finId,
      destinationOrgId: "your-payment-org",
      destinationIban: "",
    },
    {
      id: "5d2e0a81-9f3c-4e4d-8b71-2c3d4e5f6a7b",
      assetType: "fiat",
      assetCode: "USD",
      quantity: "25.50",
      timestamp: "1795303600",
      settlementRef: "",
      transactionId: "bank-2026-0002",
      sourceFinId: finId,
      sourceOrgId: "your-payment-org",
      sourceIban: "",
      destinationFinId: finId,
      destinationOrgId: "",
      destinationIban: "DE89370400440532013000",
    },
  ];
  return writeCsv(LEDGER_CSV_COLUMNS, example.map((row) => LEDGER_CSV_COLUMNS.map((c) => row[c])));
}

/** The transactions to send, once the preview has no problem. */
export function importableTransactions(preview: LedgerPreview): LedgerTransaction[] | null {
  if (preview.fileProblem || preview.problems.length > 0) return null;
  const parsed = ledgerImportRequestSchema.safeParse({ transactions: preview.rows });
  return parsed.success ? parsed.data.transactions : null;
}

/** The server's field errors (`transactions.3.source`) as row problems. */
export function problemsFromServer(format: LedgerFileFormat, errors: readonly { path: string; message: string }[]): RowProblem[] {
  return errors.flatMap((e) => {
    const match = /^transactions\.(\d+)(?:\.(.*))?$/.exec(e.path);
    if (!match) return [];
    return [problemAt(format, Number(match[1]), match[2] ?? "", e.message)];
  });
}
