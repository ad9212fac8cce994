// Fixtures the authorization and malformed-input tests share: an investor with a real profile, a
// certificate and a document, one read of every watched table's row count, the problem-document
// check of a refusal, and where the shared server writes its log.
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { expect, inject } from "vitest";
import { signHash } from "@/lib/domain/secp256k1";
import { profileProofHash } from "@/lib/domain/signature-template";
import type { ProblemDocument } from "@/lib/schemas/problem";
import { baseUrl, call, createUser, problemOf, queryRows } from "./helpers";
import { inSeconds, newKey, type Key } from "./escrow-client";

/** Every table a refused router, account-proof, adapter or admin request could write to. */
export const WATCHED_TABLES = [
  "Profile",
  "Certificate",
  "Document",
  "ProfileShare",
  "RouterOperation",
  "UsedNonce",
  "AccountWorkflow",
  "Holding",
  "LedgerTransaction",
  "AuditLog",
  "EscrowOperation",
  "EscrowDepositInstruction",
  "User",
  "Organization",
] as const;

export type RowCounts = Record<string, number>;

let countClient: Promise<pg.Client> | null = null;

/** The row count of each table, read in one query so it can run around every request. */
export async function rowCounts(tables: readonly string[] = WATCHED_TABLES): Promise<RowCounts> {
  const sql = `SELECT ${tables.map((t) => `(SELECT COUNT(*) FROM "${t}") AS "${t}"`).join(", ")}`;
  const url = inject("databaseUrl");
  // SQLite opens in a moment; PostgreSQL keeps one connection (closeRowCounts) rather than one per read.
  let row: Record<string, number | string> | undefined;
  if (url.startsWith("file:")) {
    [row] = await queryRows<Record<string, number | string>>(sql);
  } else {
    countClient ??= (async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    })();
    [row] = (await (await countClient).query<Record<string, string>>(sql)).rows;
  }
  return Object.fromEntries(tables.map((t) => [t, Number(row?.[t] ?? Number.NaN)]));
}

/** Ends rowCounts' PostgreSQL connection (afterAll of a file that used it). */
export async function closeRowCounts(): Promise<void> {
  const client = countClient;
  countClient = null;
  if (client) await (await client).end();
}

/** The tables whose count differs, as `Table: before → after`; empty when nothing was written. */
export function countChanges(before: RowCounts, after: RowCounts): string[] {
  return Object.keys(before)
    .filter((t) => before[t] !== after[t])
    .map((t) => `${t}: ${before[t]} → ${after[t]}`);
}

/** Asserts a refusal: the status, an application/problem+json body whose `status` matches, and a `code`. */
export async function expectProblem(response: Response, status: number, label = ""): Promise<ProblemDocument> {
  expect(response.status, `${label}: status`).toBe(status);
  const problem = await problemOf(response);
  expect(problem.status, `${label}: problem.status`).toBe(status);
  expect(problem.code, `${label}: problem.code`).toMatch(/^[A-Z_]+$/);
  return problem;
}

// A real 1×1 PNG.
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** A KYC/AML certificate body that lib/schemas/certificate.ts accepts. */
export function kycCertificate() {
  return {
    type: "KYC/AML",
    issuanceDate: inSeconds(-86_400),
    expirationDate: inSeconds(365 * 86_400),
    data: JSON.stringify({ name: "Alice Example", country: "DE", info: [{ type: "text", name: "provider", value: "KYC Co" }] }),
  };
}

/** A multipart body with one PNG file part, as the upload route takes it. */
export function pngForm(name = "scan.png"): FormData {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(PNG)], { type: "image/png" }), name);
  return form;
}

export const certificatesPath = (profileId: string) => `/api/router/finapi/profiles/${profileId}/certificates`;

/** POSTs a multipart form; fetch sets the boundary in the content type itself. */
export async function postForm(urlPath: string, form: FormData, token: string | null): Promise<Response> {
  return fetch(`${baseUrl()}${urlPath}`, { method: "POST", headers: token ? { authorization: `Bearer ${token}` } : {}, body: form });
}

export type Investor = { id: string; token: string; key: Key; profileId: string };

/** A new investor user with one profile of a fresh key. */
export async function newInvestor(): Promise<Investor> {
  const user = await createUser("investor");
  const key = newKey();
  const response = await call("POST", "/api/router/finapi/profiles/owner", {
    token: user.token,
    body: { publicKey: key.finId, signature: signHash(profileProofHash(key.finId), key.privateKey) },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const profileId = ((await response.json()) as { response: { id: string } }).response.id;
  return { ...user, key, profileId };
}

/** Attaches a KYC/AML certificate to the investor's profile and answers its id. */
export async function attachCertificate(investor: Investor): Promise<string> {
  const response = await call("POST", certificatesPath(investor.profileId), { token: investor.token, body: kycCertificate() });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

/** Uploads a PNG to the certificate and answers the document's id. */
export async function uploadDocument(investor: Investor, certificateId: string): Promise<string> {
  const response = await postForm(`${certificatesPath(investor.profileId)}/${certificateId}`, pngForm(), investor.token);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

/** The shared server's log: its SQLite file lives in its data directory, next to server.log (null on PostgreSQL). */
export function serverLogFile(): string | null {
  const url = inject("databaseUrl");
  return url.startsWith("file:") ? path.join(path.dirname(url.slice("file:".length)), "server.log") : null;
}

export function serverLogSize(): number {
  const file = serverLogFile();
  return file && existsSync(file) ? statSync(file).size : 0;
}

/**
 * The server's log lines about one request (its x-request-id) since `offset`, a serverLogSize() taken
 * before it; the log reaches the file a moment after the answer, so this waits up to `timeoutMs`.
 */
export async function serverLogFor(requestId: string | null, offset: number, timeoutMs = 2_000): Promise<string> {
  const file = serverLogFile();
  if (!file) return "(no server log on PostgreSQL runs: see the test server's data directory)";
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = existsSync(file) ? readFileSync(file).subarray(offset).toString("utf8") : "";
    const lines = requestId ? text.split("\n").filter((line) => line.includes(requestId)) : [];
    if (lines.length > 0) return lines.join("\n").slice(-4_000);
    if (Date.now() > deadline) return text.slice(-4_000) || "(nothing logged)";
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
