// The tokenization platform's approval (issue 5 "Approvals"): the asset's rules for the buyer. An
// asset that requires KYC/AML or accreditation needs a certificate of that type on the buyer's
// profile that has not expired; without it the plan is Rejected, with the reason.
import { isCertificateExpired } from "@/lib/domain/certificates";
import { nextStage } from "@/lib/domain/trade/plan-status";
import { assetTerms } from "@/lib/server/assets/asset-terms";
import { sqlDb } from "@/lib/server/db/sql";
import { executionOf, type PlanRow, type StageOutcome } from "./stage-outcome";
import { nowSeconds } from "@/lib/server/clock";

type CertificateType = "KYC/AML" | "Accreditation";

/** The certificate types the buyer holds unexpired, among those asked for (one query). */
async function validTypes(buyerFinId: string, wanted: readonly CertificateType[], nowSeconds: number): Promise<Set<string>> {
  if (wanted.length === 0) return new Set();
  const rows = await sqlDb
    .selectFrom("Certificate")
    .innerJoin("Profile", "Profile.id", "Certificate.profileId")
    .select(["Certificate.type", "Certificate.expirationDate"])
    .where("Profile.finId", "=", buyerFinId)
    .where("Certificate.type", "in", wanted)
    .execute();
  return new Set(rows.filter((c) => !isCertificateExpired(c.expirationDate, nowSeconds)).map((c) => c.type));
}

export async function checkAssetRules(plan: PlanRow): Promise<StageOutcome> {
  const { trade } = executionOf(plan);
  const asset = await assetTerms(trade.assetId);
  if (!asset) return { kind: "end", status: "Rejected", reason: `the asset ${trade.assetId} no longer exists` };
  const wanted: CertificateType[] = [];
  if (asset.requiresKycAml) wanted.push("KYC/AML");
  if (asset.requiresAccreditation) wanted.push("Accreditation");
  const held = await validTypes(trade.buyerFinId, wanted, nowSeconds());
  const missing: string[] = [];
  if (wanted.includes("KYC/AML") && !held.has("KYC/AML")) missing.push("a valid KYC/AML certificate");
  if (wanted.includes("Accreditation") && !held.has("Accreditation")) missing.push("a valid accreditation certificate");
  if (missing.length > 0) {
    return { kind: "end", status: "Rejected", reason: `the asset's rules refuse the buyer: it has no ${missing.join(" and no ")}` };
  }
  return { kind: "advance", to: nextStage("rules", trade.counterpartyFinId !== null) };
}
