// The GraphQL queries of the trading pages read over HTTP through react-query (lib/client/graphql-query.ts;
// README "GraphQL"): the caller's plans, and the overview of holdings and of profiles with their
// certificates. Written in graphql/portal-operations.graphql and compiled before the build; typed here
// by hand after the schema in lib/server/graphql/type-defs.ts. Apart from trading-documents.ts, so that
// a page which only listens to the subscriptions does not load these queries' text.
import type { GraphqlQuery } from "@/lib/client/graphql-query";
import { PortalOverviewRequest, PortalPlansRequest } from "@/lib/client/graphql/portal-query-requests";
import type { ReceiptAssetKind } from "@/lib/client/receipt-pairs";
import type { PageInfo } from "@/lib/client/trading-documents";
import type { GraphqlPlanStatus } from "@/lib/schemas/plan";

export type PlanSummary = {
  id: string;
  status: GraphqlPlanStatus;
  creationTimestamp: number;
  quantity: string;
  failureReason: string | null;
  intent: { id: string; type: string; assetId: string; asset: { name: string } | null; settlementTerm: { unitValue: string } };
};

export const MY_PLANS: GraphqlQuery<{ plans: { nodes: PlanSummary[]; pageInfo: PageInfo } }, { first: number; after?: string | null }> = PortalPlansRequest;

export type HoldingNode = { profileId: string; balance: string; held: string; available: string; asset: ReceiptAssetKind };

export type ProfileNode = {
  id: string;
  publicKey: string;
  certificates: { nodes: { id: string; type: string; expiry: number; expired: boolean }[] };
};

export const INVESTOR_OVERVIEW: GraphqlQuery<{ holdings: { nodes: HoldingNode[] }; profiles: { nodes: ProfileNode[] } }, Record<string, never>> = PortalOverviewRequest;
