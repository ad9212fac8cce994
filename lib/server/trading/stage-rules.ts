// The tokenization platform's approval (issue 5 "Approvals"): the asset's rules for the buyer. An
// asset that requires KYC/AML or accreditation needs a certificate of that type on the buyer's
// profile that has not expired; without it the plan is Rejected, with the reason.
import { isCertificateExpired } from "@/lib/domain/certificates";
import { nextStage } from "@/lib/domain/trade/plan-status";
import type { Plan } from "@/lib/generated/prisma/client";
import { db } from "@/lib/server/db/client";
import { executionOf, type StageOutcome } from "./stage-outcome";

async function hasValid(profileId: string, type: "KYC/AML" | "Accreditation", nowSeconds: number): Promise<boolean> {
  const certificates = await db.certificate.findMany({ where: { profileId, type }, select: { expirationDate: true } });
  return certificates.some((c) => !isCertificateExpired(c.expirationDate, nowSeconds));
}

export async function checkAssetRules(plan: Plan): Promise<StageOutcome> {
  const { trade } = executionOf(plan);
  const asset = await db.asset.findUnique({ where: { id: trade.assetId } });
  if (!asset) return { kind: "end", status: "Rejected", reason: `the asset ${trade.assetId} no longer exists` };
  const buyer = await db.profile.findUnique({ where: { finId: trade.buyerFinId } });
  const nowSeconds = Math.floor(Date.now() / 1000);
  const missing: string[] = [];
  if (asset.requiresKycAml && !(buyer && (await hasValid(buyer.id, "KYC/AML", nowSeconds)))) missing.push("a valid KYC/AML certificate");
  if (asset.requiresAccreditation && !(buyer && (await hasValid(buyer.id, "Accreditation", nowSeconds)))) missing.push("a valid accreditation certificate");
  if (missing.length > 0) {
    return { kind: "end", status: "Rejected", reason: `the asset's rules refuse the buyer: it has no ${missing.join(" and no ")}` };
  }
  return { kind: "advance", to: nextStage("rules", trade.counterpartyFinId !== null) };
}
