// A socket that vanished under a write (the peer reset it, or it was destroyed while a frame was
// queued) is how connections end on the internet: a normal close, not a resolver's failure.

const CLOSED_CONNECTION_CODES = new Set(["EPIPE", "ECONNRESET", "ECONNABORTED", "ERR_STREAM_DESTROYED", "ERR_STREAM_WRITE_AFTER_END", "ERR_SOCKET_CLOSED"]);

/** True for the error a write to a connection that is already gone fails with. */
export function isClosedConnectionError(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && CLOSED_CONNECTION_CODES.has(code)) return true;
  return error instanceof Error && /^WebSocket is not open/.test(error.message);
}
