// Nonces of signed requests entering the service (decisions.md §5): a nonce whose time is more than
// 300 seconds from the server clock is refused, and a nonce is accepted once per signer, whatever
// the request it came with (a deposit's nonce cannot sign a withdrawal later).
import { AppError } from "@/lib/domain/app-error";
import { isNonceFresh, parseNonce } from "@/lib/domain/nonce";
import { NONCE_FRESHNESS_WINDOW_SECONDS } from "@/lib/domain/patterns";
import type { Tx } from "@/lib/server/db/client";
import { dbNow, prepared, type SqlTx } from "@/lib/server/db/sql";

export type NoncePurpose = "deposit" | "withdraw" | "proof" | "execute";

/** 422 STALE_NONCE unless the nonce's time is within the window of now. `where` names the field or header. */
export function assertFreshNonce(nonce: string, where: { in: "body" | "headers"; path: string }, nowMs: number = Date.now()): void {
  const nowSeconds = Math.floor(nowMs / 1000);
  if (isNonceFresh(nonce, nowSeconds)) return;
  const parsed = parseNonce(nonce);
  const age = parsed ? `its time is ${parsed.epochSeconds}, the server's ${nowSeconds}` : "its time cannot be read";
  throw new AppError("STALE_NONCE", `The nonce is not within ${NONCE_FRESHNESS_WINDOW_SECONDS} seconds of the server clock (${age}).`, [
    { ...where, message: `must carry a time within ${NONCE_FRESHNESS_WINDOW_SECONDS} s of now` },
  ]);
}

type NonceUse = { signer: string; nonce: string; purpose: NoncePurpose; usedBy: string };
type Where = { in: "body" | "headers"; path: string };

function nonceReused(earlierPurpose: string, where: Where): AppError {
  return new AppError("NONCE_REUSED", `This signer already used the nonce (for a ${earlierPurpose} request); sign again with a new nonce.`, [
    { ...where, message: "was already used by this signer" },
  ]);
}

/** Records the signer's nonce as used by `usedBy`, in the caller's transaction; 409 NONCE_REUSED if it was used before. */
export async function consumeNonce(tx: Tx, use: NonceUse, where: Where): Promise<void> {
  const signer = use.signer.toLowerCase();
  const nonce = use.nonce.toLowerCase();
  const earlier = await tx.usedNonce.findUnique({ where: { signer_nonce: { signer, nonce } } });
  if (earlier) throw nonceReused(earlier.purpose, where);
  await tx.usedNonce.create({ data: { signer, nonce, purpose: use.purpose, usedBy: use.usedBy } });
}

const insertNonce = prepared((db, a: { signer: string; nonce: string; purpose: string; usedBy: string; usedAt: string }) =>
  db
    .insertInto("UsedNonce")
    .values(a)
    .onConflict((oc) => oc.columns(["signer", "nonce"]).doNothing()),
);

/** consumeNonce on the typed-SQL path: one insert, read back only when the nonce was taken. */
export async function consumeNonceSql(tx: SqlTx, use: NonceUse, where: Where): Promise<void> {
  const signer = use.signer.toLowerCase();
  const nonce = use.nonce.toLowerCase();
  const inserted = await insertNonce.changes(tx, { signer, nonce, purpose: use.purpose, usedBy: use.usedBy, usedAt: dbNow() });
  if (inserted === 1) return;
  const earlier = await tx.selectFrom("UsedNonce").select("purpose").where("signer", "=", signer).where("nonce", "=", nonce).executeTakeFirst();
  throw nonceReused(earlier?.purpose ?? "another", where);
}
