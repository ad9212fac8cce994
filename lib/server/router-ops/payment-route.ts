// Where a deposit or withdrawal goes (interface.md "What the service does" steps 2, 3, 7): the
// account must be the profile's own finId account at a payment organization, in fiat money, and that
// organization may receive the profile only when it was shared with it or already serves its owner
// (the built-in escrow organization serves this node's users).
import { AppError, type FieldError } from "@/lib/domain/app-error";
import { env } from "@/lib/env";
import type { Profile } from "@/lib/generated/prisma/client";
import type { AccountWithAsset } from "@/lib/schemas/account";
import { db } from "@/lib/server/db/client";
import { findPaymentOrganization, type PaymentOrganization } from "./adapter-client";

export type PaymentRoute = { org: PaymentOrganization; currency: string; party: { finId: string; account: { type: "finId"; finId: string; orgId: string } } };

function refuse(path: string, message: string): never {
  const error: FieldError = { in: "body", path, message };
  throw new AppError("UNPROCESSABLE", `${path} ${message}; nothing was recorded.`, [error]);
}

async function organizationServes(profile: Profile, orgId: string): Promise<boolean> {
  if (orgId === env.ESCROW_ORG_ID) return true;
  const shared = await db.profileShare.findUnique({ where: { profileId_organizationId: { profileId: profile.id, organizationId: orgId } } });
  if (shared) return true;
  const owner = await db.user.findUnique({ where: { id: profile.ownerUserId }, select: { organizationId: true } });
  return owner?.organizationId === orgId;
}

export async function paymentRouteFor(profile: Profile, accountWithAsset: AccountWithAsset, field = "account"): Promise<PaymentRoute> {
  const { account, asset } = accountWithAsset;
  if (asset.type !== "fiat") refuse(`${field}.asset.type`, 'must be "fiat": deposits and withdrawals move money');
  if (account.type !== "finId") refuse(`${field}.account.type`, 'must be "finId": the profile\'s account at the payment organization');
  if (account.finId.toLowerCase() !== profile.finId) refuse(`${field}.account.finId`, `must be the profile's finId ${profile.finId}`);
  if (!account.orgId) refuse(`${field}.account.orgId`, "must name the payment organization that holds the account");
  const org = await findPaymentOrganization(account.orgId);
  if (!org) refuse(`${field}.account.orgId`, `names ${account.orgId}, which is not a payment organization with an adapter`);
  if (!(await organizationServes(profile, org.id))) {
    refuse(`${field}.account.orgId`, `names ${org.id}, which the profile is not shared with (POST /profiles/${profile.id}/share first)`);
  }
  return { org, currency: asset.code, party: { finId: profile.finId, account: { type: "finId", finId: profile.finId, orgId: org.id } } };
}
