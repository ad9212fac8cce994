// The GraphQL operations of the trading pages that Apollo Client is given (README "GraphQL"): the
// caller's receipts, and the live trading subscriptions. Written in graphql/portal-operations.graphql
// and compiled before the build (no parser in the browser); typed here by hand after the schema in
// lib/server/graphql/type-defs.ts; the answers are read, never sent back. The queries read over HTTP
// are in trading-queries.ts, apart, so that a page which only listens does not load their text.
import type { TypedDocumentNode } from "@apollo/client";

import { PortalPlanAdded, PortalPlanStatus, PortalReceiptAdded, PortalReceipts, PortalTradeReceipt } from "@/lib/client/graphql/portal-operations";
import type { ReceiptRow } from "@/lib/client/receipt-pairs";
import type { GraphqlPlanStatus } from "@/lib/schemas/plan";

export type PageInfo = { hasNextPage: boolean; endCursor: string | null };

export const RECEIPTS_PAGE: TypedDocumentNode<{ receipts: { nodes: ReceiptRow[]; pageInfo: PageInfo } }, { first: number; after?: string | null; settlementRef?: string | null }> = PortalReceipts;

export type PlanEvent = { id: string; status: GraphqlPlanStatus; failureReason: string | null };

export const PLAN_ADDED: TypedDocumentNode<{ planAdded: PlanEvent }, Record<string, never>> = PortalPlanAdded;

export const PLAN_STATUS_CHANGED: TypedDocumentNode<{ plansChangedBy: PlanEvent }, Record<string, never>> = PortalPlanStatus;

export const RECEIPT_ADDED: TypedDocumentNode<{ receiptAdded: ReceiptRow }, Record<string, never>> = PortalTradeReceipt;

/** Any receipt added that the caller may see, by its id and trade only: enough to know holdings moved. */
export const RECEIPT_ADDED_ID: TypedDocumentNode<{ receiptAdded: { id: string; settlementRef: string } }, Record<string, never>> = PortalReceiptAdded;
