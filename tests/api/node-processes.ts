// Several processes of one node on one PostgreSQL, for the scale-out tests (issue 15): the first one
// migrated and seeded the database (startTestServer), the others are its peers on ports of their own
// (TestServer.startPeer). Each process is addressed by its own base URL, so a test decides which one
// answers; what the node shares between them lives in the database.
import { expect } from "vitest";
import type { Received } from "./graphql-subscriber";
import { queryRowsAt } from "./helpers";
import { startTestServer, type TestPeer, type TestServer } from "./test-server";
import type { Server } from "./trade-client";

/** The PostgreSQL the multi-process tests need; without it they are skipped (npm test runs them in its PostgreSQL pass). */
export const POSTGRES_URL = process.env.TEST_POSTGRES_URL;
export const SKIP_WITHOUT_POSTGRES = "needs several processes on one PostgreSQL: set TEST_POSTGRES_URL (npm test's PostgreSQL pass does)";

export type NodeProcesses = {
  first: TestServer;
  peers: TestPeer[];
  /** Every process as a trade-client Server, the first one first. */
  all: Server[];
  dispose: () => Promise<void>;
};

/** `count` processes of one node on a fresh PostgreSQL database, each ready (GET /api/ready 200). */
export async function startNodeProcesses(count: number, settings: Record<string, string> = {}): Promise<NodeProcesses> {
  const first = await startTestServer(settings, { postgresUrl: POSTGRES_URL ?? null });
  const peers: TestPeer[] = [];
  try {
    for (let i = 1; i < count; i += 1) peers.push(await first.startPeer());
    const all: Server[] = [first, ...peers].map((p) => ({ baseUrl: p.baseUrl, adminToken: first.adminToken, databaseUrl: first.databaseUrl }));
    await Promise.all(all.map((p) => waitUntilReady(p.baseUrl)));
    return { first, peers, all, dispose: () => first.dispose() };
  } catch (error) {
    await first.dispose();
    throw error;
  }
}

/** Waits until the process answers GET /api/ready with 200 (migrations applied, notification listener up). */
export async function waitUntilReady(baseUrl: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = "";
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl}/api/ready`).catch((error: unknown) => ({ status: 0, text: () => Promise.resolve(String(error)) }));
    if (response.status === 200) return;
    last = `${response.status} ${await response.text()}`;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${baseUrl} did not become ready in ${timeoutMs} ms; it last answered ${last}`);
}

/** How a received event and an outbox row are named alike: its kind and what it is about. */
function eventKey(kind: string, value: Record<string, unknown>): string {
  if (kind === "planAdded") return `planAdded ${String(value.id)}`;
  if (kind === "planChanged" || kind === "plansChangedBy") return `planChanged ${String(value.id)} ${String(value.status)}`;
  return `receiptAdded ${String(value.id)}`;
}

export const receivedKeys = (received: readonly Received[]) => received.map((r) => eventKey(r.field, r.value));

/**
 * The events the owner of `finId` may receive, in the order the node published them (the outbox
 * rows' sequence), as receivedKeys names them.
 */
export async function publishedKeysFor(databaseUrl: string, finId: string): Promise<string[]> {
  const rows = await queryRowsAt<{ kind: string; payload: string; audience: string; sequence: string | null }>(
    databaseUrl,
    `SELECT "kind", "payload", "audience", "sequence" FROM "EventOutbox" ORDER BY "sequence"`,
  );
  expect(rows.filter((r) => r.sequence === null), "outbox rows never published").toEqual([]);
  return rows.filter((r) => (JSON.parse(r.audience) as string[]).includes(finId)).map((r) => eventKey(r.kind, JSON.parse(r.payload) as Record<string, unknown>));
}
