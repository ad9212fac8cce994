// The PostgreSQL notifications of one process: one connection of its own, outside the pool, in
// `LISTEN` on the node's channels, reconnecting with a backoff when it is lost. Several processes of
// a node (README, "Running at scale") tell each other through it what they committed:
//
//  - tan_outbox: an outbox row committed (payload empty): the publisher, wherever it runs, gives it a
//    sequence now rather than at its next poll;
//  - tan_events: the publisher gave rows their sequences (payload: the highest one): every process
//    delivers them to its own subscribers (deliver-events.ts);
//  - tan_access: a user's access changed (payload: the user id): every process forgets its cached
//    principals and checks that user's sockets (lib/server/auth/access-changes.ts).
//
// The connection's session also decides which process publishes: the one holding the advisory lock
// PUBLISHER_LOCK_KEY (pg_try_advisory_lock). When its session ends (the process died, the connection
// broke), PostgreSQL releases the lock and another process takes it at its next try. The publisher's
// transactions run on this very session (session()), so a process that lost the lock can no longer
// write sequences.
import { sql as rawSql } from "kysely";
import pg from "pg";
import { env } from "@/lib/env";
import { CONNECT_TIMEOUT_MS, STATEMENT_TIMEOUT_MS } from "@/lib/server/db/postgres-adapter";
import { sqlOnSession, type Sql } from "@/lib/server/db/sql";
import { logger } from "@/lib/server/log";

export const CHANNELS = ["tan_outbox", "tan_events", "tan_access"] as const;
export type Channel = (typeof CHANNELS)[number];

/** Any fixed 64-bit number, the same in every process of the node: the event publisher's lock. */
const PUBLISHER_LOCK_KEY = "7157300015";
/** Reconnection waits this long at first, doubling up to RECONNECT_MAX_MS. */
const RECONNECT_FIRST_MS = 1_000;
const RECONNECT_MAX_MS = 10_000;
/** A NOTIFY payload is at most 8000 bytes; ours are ids and numbers. */
const PAYLOAD_MAX_BYTES = 8_000;

type Handler = (payload: string) => void;

export class DatabaseListener {
  private client: pg.Client | null = null;
  private sessionSql: Sql | null = null;
  private leading = false;
  private stopped = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private reconnectDelayMs = RECONNECT_FIRST_MS;
  private readonly handlers = new Map<Channel, Set<Handler>>();
  private readonly connectedHandlers = new Set<() => void>();

  constructor(private readonly url: string) {}

  /** Whether the connection is up and listening: notifications of other processes arrive. */
  get connected(): boolean {
    return this.sessionSql !== null;
  }

  /** Whether this process holds the publisher's lock (as far as it knows: a broken connection loses it). */
  get isPublisher(): boolean {
    return this.leading && this.connected;
  }

  /** Kysely on this process's listening session, while it is up. */
  session(): Sql | null {
    return this.sessionSql;
  }

  /** Calls `handler` with the payload of every notification on `channel`; returns the unsubscribe. */
  on(channel: Channel, handler: Handler): () => void {
    const set = this.handlers.get(channel) ?? new Set<Handler>();
    set.add(handler);
    this.handlers.set(channel, set);
    return () => void set.delete(handler);
  }

  /** Calls `handler` each time the connection is (again) up and listening: notifications may have been missed before. */
  onConnected(handler: () => void): () => void {
    this.connectedHandlers.add(handler);
    return () => void this.connectedHandlers.delete(handler);
  }

  start(): void {
    void this.connect();
  }

  /** Tries to become the publisher; answers whether this process is it. */
  async tryToPublish(): Promise<boolean> {
    const sql = this.sessionSql;
    if (!sql) return false;
    if (this.leading) return true;
    const { rows } = await rawSql<{ locked: boolean }>`select pg_try_advisory_lock(${PUBLISHER_LOCK_KEY}::bigint) as locked`.execute(sql);
    this.leading = this.sessionSql === sql && rows[0]?.locked === true;
    if (this.leading) logger.info("event publisher: this process publishes the node's events now");
    return this.leading;
  }

  /** Sends a notification on `channel` (nothing when the connection is down: the receivers' polls cover it). */
  async notify(channel: Channel, payload: string): Promise<void> {
    const sql = this.sessionSql;
    if (!sql || Buffer.byteLength(payload) > PAYLOAD_MAX_BYTES) return;
    await rawSql`select pg_notify(${channel}, ${payload})`.execute(sql);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = null;
    this.sessionSql = null;
    this.leading = false;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({
      connectionString: this.url,
      application_name: `tan-listener:${process.pid}`,
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      statement_timeout: STATEMENT_TIMEOUT_MS,
    });
    this.client = client;
    client.on("notification", (message) => this.dispatch(message.channel, message.payload ?? ""));
    client.on("error", (error) => this.lost(client, error));
    client.on("end", () => this.lost(client, null));
    try {
      await client.connect();
      await client.query(CHANNELS.map((channel) => `LISTEN ${channel}`).join("; "));
    } catch (error) {
      this.lost(client, error as Error);
      return;
    }
    if (this.client !== client) return;
    this.sessionSql = sqlOnSession(client);
    this.reconnectDelayMs = RECONNECT_FIRST_MS;
    logger.info({ channels: CHANNELS }, "notification listener connected");
    for (const handler of this.connectedHandlers) handler();
  }

  private dispatch(channel: string, payload: string): void {
    for (const handler of this.handlers.get(channel as Channel) ?? []) {
      try {
        handler(payload);
      } catch (error) {
        logger.error({ err: error, channel }, "notification listener: a handler failed");
      }
    }
  }

  /** The connection is gone (or never came): every notification from now on is missed until the next one is up. */
  private lost(client: pg.Client, error: Error | null): void {
    if (this.client !== client) return;
    this.client = null;
    this.sessionSql = null;
    if (this.leading) logger.warn("event publisher: this process lost the publisher's lock with its connection");
    this.leading = false;
    client.removeAllListeners("notification");
    client.end().catch(() => undefined);
    if (this.stopped) return;
    logger.warn({ err: error ?? undefined, retryInMs: this.reconnectDelayMs }, "notification listener: connection lost; reconnecting");
    this.reconnectTimer = setTimeout(() => void this.connect(), this.reconnectDelayMs);
    this.reconnectTimer.unref();
    this.reconnectDelayMs = Math.min(RECONNECT_MAX_MS, this.reconnectDelayMs * 2);
  }
}

const holder = globalThis as typeof globalThis & { __tanDatabaseListener?: DatabaseListener | null };

/** The listener of this process: started on PostgreSQL by server.ts; null on SQLite (one process, nothing to hear). */
export function databaseListener(): DatabaseListener | null {
  if (holder.__tanDatabaseListener === undefined) {
    holder.__tanDatabaseListener = env.DATABASE_PROVIDER === "postgresql" ? new DatabaseListener(env.DATABASE_URL) : null;
  }
  return holder.__tanDatabaseListener;
}
