// An in-process notice that a user's access changed (a token revoked, the user disabled), so that the
// GraphQL sockets open in this process check their credentials again at once rather than at their
// next periodic check (socket-server.ts). Route handlers and the socket server are bundled apart, so
// the listeners live on globalThis, like the event hub.
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
