// The operations of the adapter interface (interface.md "Adapter interface") as the escrow
// organization records them, and the error Code each reports a failure with.
export const ESCROW_OPERATION_KINDS = ["depositInstruction", "approval", "hold", "release", "rollback", "payout"] as const;
export type EscrowOperationKind = (typeof ESCROW_OPERATION_KINDS)[number];

/**
 * 11, 12, 13 and 22 are the specification's, 1001 its approval failure (a rejected approval normally
 * completes with `approval`, so this code only marks a failed approval operation); 21 (deposit
 * instruction) is ours (README "Errors").
 */
export const ESCROW_ERROR_CODES: Readonly<Record<EscrowOperationKind, number>> = {
  depositInstruction: 21,
  approval: 1001,
  hold: 11,
  release: 12,
  rollback: 13,
  payout: 22,
};

export function isEscrowOperationKind(value: string): value is EscrowOperationKind {
  return (ESCROW_OPERATION_KINDS as readonly string[]).includes(value);
}

export type CompletionMode = "sync" | "async";
export type CompletionModes = Readonly<Record<EscrowOperationKind, CompletionMode>>;

/**
 * Parses the ESCROW_COMPLETION setting: "sync", "async", or a default followed by per-operation
 * overrides, e.g. "async,hold=sync,release=sync". Throws with a message naming the bad part.
 */
export function parseCompletionModes(setting: string): CompletionModes {
  const parts = setting.split(",").map((p) => p.trim()).filter((p) => p !== "");
  let fallback: CompletionMode = "sync";
  const overrides: Partial<Record<EscrowOperationKind, CompletionMode>> = {};
  for (const part of parts) {
    const pieces = part.split("=").map((s) => s.trim());
    if (pieces.length > 2) throw new Error(`"${part}": write one operation=mode per comma`);
    const [name, mode] = pieces.length === 2 ? pieces : [undefined, part];
    if (mode !== "sync" && mode !== "async") throw new Error(`"${part}": the mode must be sync or async`);
    if (name === undefined) {
      fallback = mode;
    } else if (isEscrowOperationKind(name)) {
      overrides[name] = mode;
    } else {
      throw new Error(`"${part}": unknown operation ${name}; one of ${ESCROW_OPERATION_KINDS.join(", ")}`);
    }
  }
  return Object.fromEntries(ESCROW_OPERATION_KINDS.map((k) => [k, overrides[k] ?? fallback])) as Record<EscrowOperationKind, CompletionMode>;
}
