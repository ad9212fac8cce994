// A notice that a user's access changed (a token revoked, the user disabled), so that the GraphQL
// sockets open in this process check their credentials again at once rather than at their next
// periodic check (socket-server.ts), and its cached principals of that user are forgotten
// (principal-cache.ts). Route handlers and the socket server are bundled apart, so the listeners live
// on globalThis, like the event hub. Other processes of the node hear of it through PostgreSQL: the
// transaction that makes the change notifies tan_access (delivered only if it commits), and each
// process's listener announces it there (database-listener.ts).
import { env } from "@/lib/env";
import type { Tx } from "@/lib/server/db/client";
import type { DatabaseListener } from "@/lib/server/events/database-listener";
import { logger } from "@/lib/server/log";

type Listener = (userId: string) => void;

const LISTENERS = Symbol.for("tokenized-assets-network.access-change-listeners");

function listeners(): Set<Listener> {
  const slot = globalThis as unknown as Record<symbol, Set<Listener> | undefined>;
  return (slot[LISTENERS] ??= new Set());
}

/** Calls `listener` with the user id of every access change; returns the unsubscribe. */
export function onAccessChange(listener: Listener): () => void {
  listeners().add(listener);
  return () => void listeners().delete(listener);
}

/** Announced after the change has committed. */
export function announceAccessChange(userId: string): void {
  for (const listener of listeners()) {
    try {
      listener(userId);
    } catch (error) {
      logger.warn({ err: error, userId }, "an access-change listener failed");
    }
  }
}

/** In the transaction that changes the user's access: every process is told once it commits (PostgreSQL; SQLite has one process). */
export async function notifyAccessChange(tx: Tx, userId: string): Promise<void> {
  if (env.DATABASE_PROVIDER === "postgresql") await tx.$executeRawUnsafe("SELECT pg_notify('tan_access', $1)", userId);
}

/** Announces in this process the access changes other processes notify; returns the unsubscribe. */
export function hearAccessChanges(listener: DatabaseListener): () => void {
  return listener.on("tan_access", (userId) => announceAccessChange(userId));
}
