import { describe, expect, it } from "vitest";

import { parseCurrencies } from "@/lib/domain/escrow/currencies";
import type { PaymentOrganizations } from "@/lib/domain/ledger-import";

import { importableTransactions, LEDGER_CSV_COLUMNS, ledgerTemplateCsv, parseCsv, previewLedgerFile as preview, problemsFromServer } from "./ledger-file";

/** The payment organizations the admin's organizations list names: the built-in escrow keeps USD and JPY. */
const ORGANIZATIONS: PaymentOrganizations = (orgId) => (orgId === "escrow" ? parseCurrencies("USD:2,JPY:0") : undefined);
const previewLedgerFile = (format: "csv" | "json", text: string) => preview(format, text, ORGANIZATIONS);

const FIN_ID = `02${"ab".repeat(32)}`;
const header = LEDGER_CSV_COLUMNS.join(",");
const row = (id: string, quantity: string, extra: Partial<Record<(typeof LEDGER_CSV_COLUMNS)[number], string>> = {}) => {
  const cells: Record<string, string> = {
    id,
    assetType: "fiat",
    assetCode: "USD",
    quantity,
    timestamp: "1795300000",
    settlementRef: "",
    transactionId: `bank-${id.slice(0, 4)}`,
    sourceFinId: "",
    sourceOrgId: "",
    sourceIban: "",
    destinationFinId: FIN_ID,
    destinationOrgId: "escrow",
    destinationIban: "",
    ...extra,
  };
  return LEDGER_CSV_COLUMNS.map((c) => cells[c]).join(",");
};
const ID1 = "6f1c0c1e-8a51-4f4b-9d0e-2f1f6f7b2a10";
const ID2 = "7f1c0c1e-8a51-4f4b-9d0e-2f1f6f7b2a11";

describe("parseCsv", () => {
  it("reads quoted fields, doubled quotes, CRLF and skips blank lines", () => {
    expect(parseCsv('a,"b,c","say ""hi"""\r\n\r\n1,2,3\n')).toEqual([
      ["a", "b,c", 'say "hi"'],
      ["1", "2", "3"],
    ]);
  });
});

describe("previewLedgerFile", () => {
  it("accepts good CSV rows and builds the transactions the server takes", () => {
    const preview = previewLedgerFile("csv", [header, row(ID1, "100"), row(ID2, "5.25", { sourceFinId: FIN_ID, sourceOrgId: "escrow", destinationFinId: "", destinationOrgId: "" })].join("\n"));
    expect(preview.problems).toEqual([]);
    const transactions = importableTransactions(preview);
    expect(transactions?.[0]).toMatchObject({ id: ID1, asset: { type: "fiat", code: "USD" }, quantity: "100", destination: { finId: FIN_ID, account: { type: "finId", finId: FIN_ID, orgId: "escrow" } } });
    expect(transactions?.[1]).toMatchObject({ source: { finId: FIN_ID }, quantity: "5.25" });
    expect(transactions?.[1]).not.toHaveProperty("destination");
  });

  it("names every bad row by its number, field and CSV column, and sends nothing", () => {
    const preview = previewLedgerFile("csv", [header, row(ID1, "100"), row(ID2, "-3"), row(ID1, "1", { assetType: "p2p", assetCode: "node:102:x" }), row("7f1c0c1e-8a51-4f4b-9d0e-2f1f6f7b2a19", "1", { destinationIban: "DE89370400440532013000" })].join("\n"));
    expect(preview.problems.map((p) => [p.row, p.field, p.column])).toEqual([
      [2, "quantity", "quantity"],
      [3, "asset.resourceId", "assetCode"],
      [3, "id", "id"],
      [4, "destination", "destinationFinId"],
    ]);
    expect(importableTransactions(preview)).toBeNull();
  });

  it("refuses a CSV without the expected header, and names the columns", () => {
    expect(previewLedgerFile("csv", "id,amount\n1,2").fileProblem).toMatch(/missing assetType.*unknown amount/);
  });

  it("reads JSON as the request body or a bare list, and names bad rows by JSON path", () => {
    const good = { id: ID1, asset: { type: "fiat", code: "USD" }, quantity: "1", timestamp: 1795300000, settlementRef: "", destination: { finId: FIN_ID, account: { type: "finId", finId: FIN_ID, orgId: "escrow" } }, transactionDetails: { transactionId: "t" } };
    expect(previewLedgerFile("json", JSON.stringify({ transactions: [good] })).problems).toEqual([]);
    const bad = previewLedgerFile("json", JSON.stringify([good, { ...good, id: ID2, asset: { type: "fiat", code: "usd" } }]));
    expect(bad.problems).toEqual([{ row: 2, field: "asset.code", column: null, message: expect.any(String) }]);
    expect(previewLedgerFile("json", "{").fileProblem).toBe("The file is not valid JSON.");
    expect(previewLedgerFile("json", "[]").fileProblem).toBe("The file holds no transactions.");
  });
});

describe("the receiving organization's currencies, checked in the browser", () => {
  it("refuses a row in a currency the organization does not keep and one with more fraction digits than its minor units", () => {
    const ID3 = "8f1c0c1e-8a51-4f4b-9d0e-2f1f6f7b2a12";
    const checked = previewLedgerFile("csv", [header, row(ID1, "5", { assetCode: "XXX" }), row(ID2, "10.123"), row(ID3, "10.12")].join("\n"));
    expect(checked.problems).toEqual([
      { row: 1, field: "asset.code", column: "assetCode", message: "escrow keeps no XXX accounts (it keeps USD, JPY)" },
      { row: 2, field: "quantity", column: "quantity", message: "10.123 USD has more fraction digits than USD's 2" },
    ]);
    expect(importableTransactions(checked)).toBeNull();
  });

  it("refuses an account at an organization that is not a registered payment organization", () => {
    const checked = previewLedgerFile("csv", [header, row(ID1, "5", { destinationOrgId: "nowhere" }), row(ID2, "5", { destinationOrgId: "" })].join("\n"));
    expect(checked.problems.map((p) => [p.row, p.field, p.column])).toEqual([
      [1, "destination.account.orgId", "destinationOrgId"],
      [2, "destination.account.orgId", "destinationOrgId"],
    ]);
  });
});

describe("cells that start like a formula", () => {
  it("are kept as they came in what is sent", () => {
    const checked = previewLedgerFile("csv", [header, row(ID1, "5", { settlementRef: "=HYPERLINK(\"http://x.example\")", transactionId: "@SUM(A1)" })].join("\n"));
    expect(checked.problems).toEqual([]);
    expect(importableTransactions(checked)?.[0]).toMatchObject({ settlementRef: '=HYPERLINK("http://x.example")', transactionDetails: { transactionId: "@SUM(A1)" } });
  });
});

describe("ledgerTemplateCsv", () => {
  it("is the header and example rows that read back without a file problem, each named for what it must hold", () => {
    const text = ledgerTemplateCsv();
    const [first] = parseCsv(text);
    expect(first).toEqual([...LEDGER_CSV_COLUMNS]);
    const checked = preview("csv", text, (orgId) => (orgId === "your-payment-org" ? parseCurrencies("USD:2") : undefined));
    expect(checked.fileProblem).toBeNull();
    expect(checked.problems).toEqual([]);
    // Uploaded unchanged, its accounts are at an organization that is not registered: refused, never imported by mistake.
    expect(previewLedgerFile("csv", text).problems.map((p) => p.field)).toContain("destination.account.orgId");
  });
});

describe("problemsFromServer", () => {
  it("maps the server's transactions.N.field paths onto rows", () => {
    expect(problemsFromServer("csv", [{ path: "transactions.1.source", message: "would go below zero" }, { path: "other", message: "x" }])).toEqual([
      { row: 2, field: "source", column: "sourceFinId", message: "would go below zero" },
    ]);
  });
});

describe("CSV through papaparse", () => {
  it("drops a byte order mark, finds a semicolon delimiter, keeps quoted line breaks and mixed line ends", () => {
    expect(parseCsv('\uFEFFa;"b;c";"line 1\r\nline 2"\r\n1;2;3\n4;5;6\r')).toEqual([
      ["a", "b;c", "line 1\nline 2"],
      ["1", "2", "3"],
      ["4", "5", "6"],
    ]);
  });

  it("reads a ledger file a spreadsheet saved with semicolons and a byte order mark", () => {
    const text = `\uFEFF${[header, row(ID1, "100")].map((line) => line.replaceAll(",", ";")).join("\r\n")}`;
    const preview = previewLedgerFile("csv", text);
    expect(preview.fileProblem).toBeNull();
    expect(preview.problems).toEqual([]);
    expect(importableTransactions(preview)?.[0]).toMatchObject({ id: ID1, quantity: "100" });
  });

  it("names a file whose quotes never close instead of reading garbage", () => {
    expect(previewLedgerFile("csv", `${header}\n"${ID1},100`).fileProblem).toMatch(/^The CSV file is malformed near row 2/);
  });

  it("writes the template as RFC 4180 that reads back as its columns", () => {
    expect(parseCsv(ledgerTemplateCsv())[0]).toEqual([...LEDGER_CSV_COLUMNS]);
  });
});
