// An answer given before the request's body was read to its end (a refusal at the size limit while
// the body streams, or a refusal before reading it at all) must still reach the client. When the
// client asked to close the connection (`Connection: close`, as Node's client without an agent
// sends), Node closes the socket as soon as the answer is written; the bytes the client is still
// sending then meet a reset, and the client sees EPIPE or ECONNRESET instead of the answer, often
// before it has read it. So the rest of the body is read and dropped first, within a bound; past the
// bound the answer goes with `connection: close`, as well as it can.

import type { IncomingMessage } from "node:http";

/** At most this much more of a body is read only to be dropped. */
export const UNREAD_BODY_LIMIT_BYTES = 32 * 1024 * 1024;
/** And for at most this long. */
export const UNREAD_BODY_WAIT_MS = 5_000;

/**
 * Reads and drops what is left of the request's body. True when it ended within the bounds (the
 * answer can go as usual, and the connection can serve another request); false when it did not,
 * was declared longer than the bound, or the client went away (the answer must close the
 * connection).
 */
export function discardRestOfBody(
  req: IncomingMessage,
  limits: { bytes: number; waitMs: number } = { bytes: UNREAD_BODY_LIMIT_BYTES, waitMs: UNREAD_BODY_WAIT_MS },
): Promise<boolean> {
  if (req.complete) return Promise.resolve(true);
  if (req.destroyed) return Promise.resolve(false);
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limits.bytes) return Promise.resolve(false);
  return new Promise<boolean>((resolve) => {
    let dropped = 0;
    const finish = (ended: boolean) => {
      clearTimeout(timer);
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("close", onClose);
      if (!ended) req.pause();
      resolve(ended);
    };
    const onData = (chunk: Buffer) => {
      dropped += chunk.byteLength;
      if (dropped > limits.bytes) finish(false);
    };
    const onEnd = () => finish(req.complete);
    const onError = () => finish(false);
    const onClose = () => finish(req.complete);
    const timer = setTimeout(() => finish(false), limits.waitMs);
    req.on("data", onData);
    req.once("end", onEnd);
    req.once("error", onError);
    req.once("close", onClose);
  });
}
