// The caller's receipts, newest first, a page at a time; optionally one trade's (settlementRef).
import { db } from "@/lib/server/db/client";
import type { GraphQLContext } from "../context";
import { connectionOf, idKeyset, type Connection, type Page } from "../pagination";
import { receiptParentOfRow, type ReceiptParent } from "../parents";
import { receiptScope } from "./scopes";

export const SETTLEMENT_REF_MAX_LENGTH = 150;

export async function listReceipts(context: GraphQLContext, settlementRef: string | null | undefined, page: Page): Promise<Connection<ReceiptParent>> {
  const scope = await receiptScope(context);
  const rows = await db.receipt.findMany({
    where: { AND: [scope, ...(settlementRef ? [{ settlementRef }] : [])] },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    ...idKeyset(page),
  });
  return connectionOf(rows, page, (row) => row.id, receiptParentOfRow);
}
