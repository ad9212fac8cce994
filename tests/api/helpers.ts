// What the API tests share: the server's address, authenticated fetch, and a read-only look at
// the server's database to assert what was (or was not) written.
import { request as httpRequest } from "node:http";
import Database from "better-sqlite3";
import pg from "pg";
import { inject } from "vitest";
import { problemDocumentSchema } from "@/lib/schemas/problem";
import { checkContract } from "./contract";
import { sqliteFileOf } from "@/lib/database-url";

export const baseUrl = (): string => inject("baseUrl");
export const adminToken = (): string => inject("adminToken");
/** The graphql-ws endpoint of the server under test. */
export const socketUrl = (): string => `${baseUrl().replace(/^http/, "ws")}/api/graphql`;

export type CallOptions = { token?: string | null; body?: unknown; rawBody?: string; headers?: Record<string, string> };

export async function call(method: string, urlPath: string, options: CallOptions = {}): Promise<Response> {
  return callAt(baseUrl(), method, urlPath, options);
}

/** Like call, against another server (one a test started itself). */
export async function callAt(base: string, method: string, urlPath: string, options: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers["content-type"] ??= "application/json";
  const response = await fetch(`${base}${urlPath}`, { method, headers, body });
  // Every answer is held to the OpenAPI documents (contract.ts); a mismatch fails the calling test.
  await checkContract(method, `${base}${urlPath}`, response.clone());
  return response;
}

/**
 * An oversized request the server may answer before reading it all. The socket is this call's own
 * and asks the server to close it (`agent: false` sends `Connection: close`), the hardest case: the
 * server must drop the rest of the body before answering (lib/server/http/unread-body.ts), or the
 * answer meets a reset and this call fails with EPIPE. The answer is read as soon as it comes, and
 * the socket is dropped then. `body` as a string goes with its Content-Length; as chunks it is
 * streamed (chunked), one chunk after the other, and no more is written once an answer has come.
 */
export async function callOversized(
  method: string,
  urlPath: string,
  options: { token?: string | null; body: string | Iterable<Uint8Array>; headers?: Record<string, string> },
): Promise<Response> {
  const headers: Record<string, string> = { "content-type": "application/json", ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (typeof options.body === "string") headers["content-length"] = String(Buffer.byteLength(options.body));
  else headers["transfer-encoding"] = "chunked";
  let answered = false;
  return new Promise<Response>((resolve, reject) => {
    const request = httpRequest(`${baseUrl()}${urlPath}`, { method, headers, agent: false });
    request.on("response", (incoming) => {
      answered = true;
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("error", reject);
      incoming.on("end", () => {
        const answerHeaders = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === "string") answerHeaders.set(name, value);
        resolve(new Response(Buffer.concat(chunks), { status: incoming.statusCode ?? 0, headers: answerHeaders }));
        request.destroy();
      });
    });
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    const body = options.body;
    if (typeof body === "string") {
      request.end(body);
      return;
    }
    void (async () => {
      for (const chunk of body) {
        if (answered || request.destroyed) return;
        await new Promise<void>((written) => request.write(chunk, () => written()));
      }
      if (!answered && !request.destroyed) request.end();
    })();
  });
}

/** Asserts the response is a problem document and returns it parsed. */
export async function problemOf(response: Response) {
  if (response.headers.get("content-type") !== "application/problem+json") {
    throw new Error(`expected a problem document, got ${response.status} ${response.headers.get("content-type")}: ${await response.text()}`);
  }
  return problemDocumentSchema.parse(await response.json());
}

/**
 * Rows of a read-only query on the server's own database, SQLite or PostgreSQL. Write SQL that both
 * understand: quoted camelCase identifiers, `$1`, `$2`… parameters used once each, in order.
 */
export async function queryRows<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
  return queryRowsAt<T>(inject("databaseUrl"), sql, params);
}

/**
 * Writes to a server's database behind its back: only for injecting a fault the API cannot cause
 * (a damaged ledger row). Same SQL dialect rules as queryRows.
 */
export async function executeSqlAt(url: string, sql: string, params: unknown[] = []): Promise<void> {
  const file = sqliteFileOf(url);
  if (file !== null) {
    const db = new Database(file, { fileMustExist: true, timeout: 10_000 });
    try {
      db.prepare(sql.replace(/\$\d+/g, "?")).run(...params);
    } finally {
      db.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql, params);
  } finally {
    await client.end();
  }
}

/** Like queryRows, on another server's database. */
export async function queryRowsAt<T = Record<string, unknown>>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const file = sqliteFileOf(url);
  if (file !== null) {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      return db.prepare(sql.replace(/\$\d+/g, "?")).all(...params) as T[];
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

export async function countRows(table: string): Promise<number> {
  return countRowsAt(inject("databaseUrl"), table);
}

/** Like countRows, on another server's database. */
export async function countRowsAt(url: string, table: string): Promise<number> {
  const [row] = await queryRowsAt<{ n: number | string }>(url, `SELECT COUNT(*) AS n FROM "${table}"`);
  return Number(row?.n ?? 0);
}

let counter = 0;
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.test`;
}

/** Creates a user through the admin API and returns its id and bearer token. */
export async function createUser(role: string, extra: Record<string, unknown> = {}): Promise<{ id: string; token: string }> {
  return createUserAt({ baseUrl: baseUrl(), adminToken: adminToken() }, role, extra);
}

export async function createUserAt(
  server: { baseUrl: string; adminToken: string },
  role: string,
  extra: Record<string, unknown> = {},
): Promise<{ id: string; token: string }> {
  const response = await callAt(server.baseUrl, "POST", "/api/router/admin/users", {
    token: server.adminToken,
    body: { email: uniqueEmail(role), name: `Test ${role}`, role, ...extra },
  });
  if (response.status !== 201) throw new Error(`createUser ${role}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string; token: string };
}

/** What a sign-in through next-auth's credentials endpoint gave: a session cookie, or the refusal's code. */
export type SignInOutcome = { cookie: string | null; code: string | null };

/**
 * Signs in as a browser without JavaScript would post the form, at `base` (the shared server by
 * default). `fields` go with email and password (a proof of work, say); `headers` with both requests
 * (an X-Forwarded-For for a server that trusts a proxy). The answer is the Cookie header to send
 * after, or the `code` of the sign-in page's error (`credentials` for a wrong password).
 */
export async function signInAs(
  email: string,
  password: string,
  options: { base?: string; fields?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<SignInOutcome> {
  const base = options.base ?? baseUrl();
  const csrf = await fetch(`${base}/api/auth/csrf`, { headers: options.headers });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookies = csrf.headers.getSetCookie().map((c) => c.split(";")[0]);
  const response = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { ...options.headers, "content-type": "application/x-www-form-urlencoded", cookie: cookies.join("; ") },
    body: new URLSearchParams({ ...options.fields, csrfToken, email, password, callbackUrl: "/dashboard" }),
  });
  await response.arrayBuffer();
  const session = response.headers.getSetCookie().find((c) => c.startsWith("authjs.session-token="));
  if (session) return { cookie: [...cookies, session.split(";")[0]].join("; "), code: null };
  const location = response.headers.get("location") ?? "";
  return { cookie: null, code: new URL(location, base).searchParams.get("code") ?? new URL(location, base).searchParams.get("error") };
}
