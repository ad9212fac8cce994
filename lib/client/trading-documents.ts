// The GraphQL operations of the trading pages (README "GraphQL"): the caller's plans, receipts,
// holdings and profiles, and the three live trading subscriptions. Typed by hand after the schema in
// lib/server/graphql/type-defs.ts; the answers are read, never sent back.
import { gql, type TypedDocumentNode } from "@apollo/client";

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

export const MY_PLANS: TypedDocumentNode<{ plans: { nodes: PlanSummary[]; pageInfo: Page } }, { first: number; after?: string | null }> = gql`
  query PortalPlans($first: Int!, $after: String) {
    plans(first: $first, after: $after) {
      nodes {
        id
        status
        creationTimestamp
        quantity
        failureReason
        intent {
          id
          type
          assetId
          asset {
            name
          }
          settlementTerm {
            unitValue
          }
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`;

/**
 * An asset as the portal names it: a currency's code, a token's name, a coin's symbol. Spliced in as
 * text, not as a fragment on the AssetKind union, which the cache could only match with possibleTypes.
 */
const ASSET_KIND_SELECTION = `
    __typename
    ... on FiatAsset {
      code
    }
    ... on P2PAsset {
      resourceId
      asset {
        name
      }
    }
    ... on Cryptocurrency {
      symbol
    }
`;

const RECEIPT_FIELDS = gql`
  fragment PortalReceiptFields on Receipt {
    id
    quantity
    timestamp
    settlementRef
    transactionId
    asset {
      ${ASSET_KIND_SELECTION}
    }
    source {
      id
      publicKey
    }
    destination {
      id
      publicKey
    }
  }
`;

export const RECEIPTS_PAGE: TypedDocumentNode<{ receipts: { nodes: ReceiptRow[]; pageInfo: Page } }, { first: number; after?: string | null; settlementRef?: string | null }> = gql`
  query PortalReceipts($first: Int!, $after: String, $settlementRef: String) {
    receipts(first: $first, after: $after, settlementRef: $settlementRef) {
      nodes {
        ...PortalReceiptFields
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
  ${RECEIPT_FIELDS}
`;

export type HoldingNode = { profileId: string; balance: string; held: string; available: string; asset: ReceiptAssetKind };

export type ProfileNode = {
  id: string;
  publicKey: string;
  certificates: { nodes: { id: string; type: string; expiry: number; expired: boolean }[] };
};

export const INVESTOR_OVERVIEW: TypedDocumentNode<{ holdings: { nodes: HoldingNode[] }; profiles: { nodes: ProfileNode[] } }, Record<string, never>> = gql`
  query PortalOverview {
    holdings(first: 100) {
      nodes {
        profileId
        balance
        held
        available
        asset {
          ${ASSET_KIND_SELECTION}
        }
      }
    }
    profiles(first: 50) {
      nodes {
        id
        publicKey
        certificates(first: 20) {
          nodes {
            id
            type
            expiry
            expired
          }
        }
      }
    }
  }
`;

export type PlanEvent = { id: string; status: GraphqlPlanStatus; failureReason: string | null };

export const PLAN_ADDED: TypedDocumentNode<{ planAdded: PlanEvent }, Record<string, never>> = gql`
  subscription PortalPlanAdded {
    planAdded {
      id
      status
      failureReason
    }
  }
`;

export const PLAN_STATUS_CHANGED: TypedDocumentNode<{ plansChangedBy: PlanEvent }, Record<string, never>> = gql`
  subscription PortalPlanStatus {
    plansChangedBy(fieldNames: [Status]) {
      id
      status
      failureReason
    }
  }
`;

export const RECEIPT_ADDED: TypedDocumentNode<{ receiptAdded: ReceiptRow }, Record<string, never>> = gql`
  subscription PortalTradeReceipt {
    receiptAdded {
      ...PortalReceiptFields
    }
  }
  ${RECEIPT_FIELDS}
`;
