// GET {router_url}/finapi/profiles/{profileId}/deposits – a profile's deposit instructions, so they
// survive a reload: each with its reference number, amount, status and date, newest first, a keyset
// page at a time (its owner and admins; anyone else gets the 404 of an unknown profile). An issued
// instruction is "credited" once its payment organization reported money under its reference
// (record-deposit-credits.ts), "waiting" until then.
import { AppError } from "@/lib/domain/app-error";
import { addAmounts, formatAmount, parseAmount, ZERO_AMOUNT } from "@/lib/domain/amount";
import { parseDepositDescription } from "@/lib/domain/escrow/deposit-description";
import { ROUTER_ERROR_CODES } from "@/lib/domain/router-operations";
import type { DepositCredit, RouterOperation } from "@/lib/generated/prisma/client";
import { assetSchemas } from "@/lib/schemas/asset";
import { amountSchema, tolerantObject } from "@/lib/schemas/common";
import { routerDepositResponseSchema, type DepositListItem, type DepositsPage, type DepositsQuery } from "@/lib/schemas/payment";
import type { Principal } from "@/lib/server/auth/principal";
import { db } from "@/lib/server/db/client";
import { findAccessibleProfile } from "@/lib/server/profiles/find-accessible-profile";

/** The label under which a deposit instruction's description carries its reference (interface.md "Deposit instruction"). */
const REFERENCE_LABEL = "Reference number";

/** What the stored adapter request says about the money: its currency and the amount announced. */
const storedRequestSchema = tolerantObject({ asset: assetSchemas.tolerant.fiat, amount: amountSchema });

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
const creditKey = (organizationId: string, reference: string) => `${organizationId}\n${reference}`;

function parseJson(text: string | null): unknown {
  try {
    return text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

/** The deposit as listed, before its credits are known. */
function depositView(op: RouterOperation): DepositListItem {
  const request = storedRequestSchema.parse(JSON.parse(op.request));
  const response = op.status === "succeeded" ? routerDepositResponseSchema.safeParse(parseJson(op.response)) : null;
  const instruction = response?.success ? response.data.depositInstruction.depositInstruction : null;
  const reference = instruction ? (parseDepositDescription(instruction.description).get(REFERENCE_LABEL) || null) : null;
  const failed = op.status === "failed";
  return {
    cid: op.id,
    organizationId: op.organizationId ?? "",
    asset: request.asset,
    amount: request.amount,
    status: failed ? "failed" : op.status === "pending" ? "preparing" : "waiting",
    reference,
    createdAt: epochSeconds(op.createdAt),
    instruction,
    credited: null,
    error: failed ? { Code: op.errorCode ?? ROUTER_ERROR_CODES.deposit, Message: op.errorMessage ?? "the deposit instruction failed" } : null,
  };
}

/** Money credited under each listed reference to this finId, in the instruction's currency. */
async function withCredits(deposits: DepositListItem[], finId: string): Promise<DepositListItem[]> {
  const referenced = deposits.filter((d) => d.reference !== null && d.status === "waiting");
  if (referenced.length === 0) return deposits;
  const credits = await db.depositCredit.findMany({
    where: { finId, OR: referenced.map((d) => ({ organizationId: d.organizationId, reference: d.reference ?? "" })) },
  });
  const byReference = new Map<string, DepositCredit[]>();
  for (const credit of credits) {
    const key = creditKey(credit.organizationId, credit.reference);
    byReference.set(key, [...(byReference.get(key) ?? []), credit]);
  }
  return deposits.map((d) => {
    const matching = (byReference.get(creditKey(d.organizationId, d.reference ?? "")) ?? []).filter((c) => c.currency === d.asset.code);
    if (d.status !== "waiting" || matching.length === 0) return d;
    const amount = matching.reduce((sum, c) => addAmounts(sum, parseAmount(c.amount)), ZERO_AMOUNT);
    const at = Math.max(...matching.map((c) => epochSeconds(c.creditedAt)));
    return { ...d, status: "credited", credited: { amount: formatAmount(amount), at } };
  });
}

/** The deposit a cursor names, which must be one of this profile's. */
async function cursorPosition(profileId: string, cursor: string): Promise<{ id: string; createdAt: Date }> {
  const row = await db.routerOperation.findFirst({ where: { id: cursor, profileId, kind: "deposit" }, select: { id: true, createdAt: true } });
  if (!row) {
    throw new AppError("VALIDATION_FAILED", "query cursor: is not a deposit of this profile; pass the nextCursor of the page before.", [
      { in: "query", path: "cursor", message: "is not a deposit of this profile; pass the nextCursor of the page before" },
    ]);
  }
  return row;
}

export async function listDeposits(profileId: string, query: DepositsQuery, caller: Principal): Promise<DepositsPage> {
  const profile = await findAccessibleProfile(profileId, caller, "see");
  const after = query.cursor ? await cursorPosition(profile.id, query.cursor) : null;
  const rows = await db.routerOperation.findMany({
    where: {
      profileId: profile.id,
      kind: "deposit",
      ...(after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] } : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    deposits: await withCredits(page.map(depositView), profile.finId),
    nextCursor: rows.length > query.limit && last ? last.id : null,
  };
}
