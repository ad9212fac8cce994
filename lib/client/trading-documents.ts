// The GraphQL operations of the trading pages (README "GraphQL"): the caller's plans, receipts,
// holdings and profiles, and the live trading subscriptions. Written in graphql/portal-operations.graphql
// and compiled before the build (no parser in the browser); typed here by hand after the schema in
// lib/server/graphql/type-defs.ts; the answers are read, never sent back.
import type { TypedDocumentNode } from "@apollo/client";

import { PortalOverview, PortalPlanAdded, PortalPlans, PortalPlanStatus, PortalReceiptAdded, PortalReceipts, PortalTradeReceipt } from "@/lib/client/graphql/portal-operations";
import type { ReceiptAssetKind, ReceiptRow } from "@/lib/client/receipt-pairs";
import type { GraphqlPlanStatus } from "@/lib/schemas/plan";

type Page = { hasNextPage: boolean; endCursor: string | null };

export type PlanSummary = {
  id: string;
  status: GraphqlPlanStatus;
  creationTimestamp: number;
  quantity: string;
  failureReason: string | null;
  intent: { id: string; type: string; assetId: string; asset: { name: string } | null; settlementTerm: { unitValue: string } };
};

export const MY_PLANS: TypedDocumentNode<{ plans: { nodes: PlanSummary[]; pageInfo: Page } }, { first: number; after?: string | null }> = PortalPlans;

export const RECEIPTS_PAGE: TypedDocumentNode<{ receipts: { nodes: ReceiptRow[]; pageInfo: Page } }, { first: number; after?: string | null; settlementRef?: string | null }> = PortalReceipts;

export type HoldingNode = { profileId: string; balance: string; held: string; available: string; asset: ReceiptAssetKind };

export type ProfileNode = {
  id: string;
  publicKey: string;
  certificates: { nodes: { id: string; type: string; expiry: number; expired: boolean }[] };
};

export const INVESTOR_OVERVIEW: TypedDocumentNode<{ holdings: { nodes: HoldingNode[] }; profiles: { nodes: ProfileNode[] } }, Record<string, never>> = PortalOverview;

export type PlanEvent = { id: string; status: GraphqlPlanStatus; failureReason: string | null };

export const PLAN_ADDED: TypedDocumentNode<{ planAdded: PlanEvent }, Record<string, never>> = PortalPlanAdded;

export const PLAN_STATUS_CHANGED: TypedDocumentNode<{ plansChangedBy: PlanEvent }, Record<string, never>> = PortalPlanStatus;

export const RECEIPT_ADDED: TypedDocumentNode<{ receiptAdded: ReceiptRow }, Record<string, never>> = PortalTradeReceipt;

/** Any receipt added that the caller may see, by its id and trade only: enough to know holdings moved. */
export const RECEIPT_ADDED_ID: TypedDocumentNode<{ receiptAdded: { id: string; settlementRef: string } }, Record<string, never>> = PortalReceiptAdded;
