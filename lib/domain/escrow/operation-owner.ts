// Whose an adapter operation is (decisions.md §6): the organization of the program user that
// started it, so every router user of that organization sees it and no other organization does.
// A program user that acts for no organization owns its operations alone. Keys that name a repeat
// (an operationId, a signer's nonce, an Idempotency-Key) are the owner's: another owner's equal key
// is another key.

export type OperationCaller = { userId: string; organizationId: string | null };

/** "org:<organizationId>", or "user:<userId>" for a caller that acts for no organization. */
export function ownerOf(caller: OperationCaller): string {
  return caller.organizationId === null ? `user:${caller.userId}` : `org:${caller.organizationId}`;
}

/** Where a key comes from: the operation's own terms, or the caller's Idempotency-Key header. */
export type KeySource = "operation" | "header";

export type OperationKey = { text: string; source: KeySource };

/**
 * The keys an operation is accepted under, scoped to its owner: its own (e.g. "hold:<operationId>")
 * and the Idempotency-Key header's ("header:<key>"), each when there is one.
 */
export function operationKeys(owner: string, own: string | null, idempotencyKey: string | null): OperationKey[] {
  const keys: OperationKey[] = [];
  if (own !== null) keys.push({ text: `${owner}|${own}`, source: "operation" });
  if (idempotencyKey !== null) keys.push({ text: `${owner}|header:${idempotencyKey}`, source: "header" });
  return keys;
}
