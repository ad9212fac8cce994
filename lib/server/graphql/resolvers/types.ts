// Fields of the object types that need more than reading a property: lazily loaded intents and
// plans, a receipt's parties (profiles, and their certificates only for those who may read them),
// and the nested connections.
import { AppError } from "@/lib/domain/app-error";
import type { AssetView } from "@/lib/schemas/asset";
import type { Intent } from "@/lib/schemas/intent";
import type { CertificateView } from "@/lib/server/certificates/certificate-view";
import type { ProfileView } from "@/lib/server/profiles/profile-view";
import { requirePrincipal, type GraphQLContext } from "../context";
import { certificatesPage, listHoldings, mayReadCertificates } from "../data/profiles";
import { loaders } from "../loaders";
import { pageOf, type ConnectionArgs } from "../pagination";
import { receiptParentOfRow, type IntentParent, type PlanParent, type ReceiptParent, type ReceiptPartyParent } from "../parents";
import { intentsOf, type IntentFilterInput } from "./intent-filter";

async function intentOf(parent: IntentParent): Promise<{ view: Intent; assetId: string }> {
  if (parent.view && parent.assetId) return { view: parent.view, assetId: parent.assetId };
  const found = await loaders.intent.load(parent.id);
  if (!found) throw new AppError("NOT_FOUND", `No intent ${parent.id}.`);
  return found;
}

const intentField =
  <K extends keyof Intent>(key: K) =>
  async (parent: IntentParent): Promise<Intent[K]> =>
    (await intentOf(parent)).view[key];

async function planRowOf(parent: PlanParent) {
  const row = parent.row ?? (await loaders.plan.load(parent.id));
  if (!row) throw new AppError("NOT_FOUND", `No execution plan ${parent.id}.`);
  return row;
}

export const typeResolvers = {
  Asset: {
    intents: (asset: AssetView, args: ConnectionArgs & { filter?: IntentFilterInput[] | null }, context: GraphQLContext) => {
      requirePrincipal(context);
      return intentsOf({ filter: args.filter, assetId: asset.id, page: pageOf(args) });
    },
  },

  Intent: {
    id: (parent: IntentParent) => parent.id,
    assetId: async (parent: IntentParent) => (await intentOf(parent)).assetId,
    asset: async (parent: IntentParent) => (await loaders.asset.load((await intentOf(parent)).assetId)) ?? null,
    type: intentField("type"),
    status: intentField("status"),
    start: intentField("start"),
    end: intentField("end"),
    assetTerm: intentField("assetTerm"),
    assetInstruction: intentField("assetInstruction"),
    settlementTerm: intentField("settlementTerm"),
    remainingQuantity: intentField("remainingQuantity"),
    intent: intentField("intent"),
  },

  Plan: {
    intent: (plan: PlanParent): IntentParent => ({ id: plan.intentId }),
    quantity: async (plan: PlanParent) => (await planRowOf(plan)).quantity,
    currentInstructionSequence: async (plan: PlanParent) => (await planRowOf(plan)).currentInstructionSequence,
    failureReason: async (plan: PlanParent) => {
      const row = await planRowOf(plan);
      return row.stage === "done" ? row.failureReason : null;
    },
    receipts: async (plan: PlanParent) => ((await loaders.receiptsOfPlan.load(plan.id)) ?? []).map(receiptParentOfRow),
  },

  Receipt: {
    source: (receipt: ReceiptParent): ReceiptPartyParent | null => (receipt.source ? { finId: receipt.source.finId } : null),
    destination: (receipt: ReceiptParent): ReceiptPartyParent | null => (receipt.destination ? { finId: receipt.destination.finId } : null),
    sourceAccount: (receipt: ReceiptParent) => receipt.source?.account ?? null,
    destinationAccount: (receipt: ReceiptParent) => receipt.destination?.account ?? null,
    tradeDetails: (receipt: ReceiptParent) => receipt.tradeDetails ?? {},
  },

  TradeDetails: {
    intent: async (details: { intentId?: string }): Promise<IntentParent | null> => {
      if (!details.intentId) return null;
      const found = await loaders.intent.load(details.intentId);
      return found ? { id: details.intentId, ...found } : null;
    },
    executionPlanId: (details: { executionPlanId?: string }) => details.executionPlanId ?? null,
  },

  ReceiptParty: {
    id: async (party: ReceiptPartyParent) => (await loaders.profileByFinId.load(party.finId))?.id ?? null,
    publicKey: (party: ReceiptPartyParent) => party.finId,
    certificates: async (party: ReceiptPartyParent, args: ConnectionArgs, context: GraphQLContext) => {
      const principal = requirePrincipal(context);
      const page = pageOf(args);
      const profile = await loaders.profileByFinId.load(party.finId);
      if (!profile || !(await mayReadCertificates(principal, profile))) return null;
      return certificatesPage(profile.id, page);
    },
  },

  Certificate: {
    expiry: (certificate: CertificateView) => certificate.expirationDate,
  },

  Profile: {
    publicKey: (profile: ProfileView) => profile.finId,
    holdings: (profile: ProfileView, args: ConnectionArgs, context: GraphQLContext) => listHoldings(requirePrincipal(context), profile.id, pageOf(args)),
    certificates: (profile: ProfileView, args: ConnectionArgs, context: GraphQLContext) => {
      requirePrincipal(context);
      return certificatesPage(profile.id, pageOf(args));
    },
  },
};
