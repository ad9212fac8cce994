// The caller's own profiles (oldest first), their holdings, and certificates of a profile.
import type { Principal } from "@/lib/server/auth/principal";
import { toCertificateView, type CertificateView } from "@/lib/server/certificates/certificate-view";
import { db } from "@/lib/server/db/client";
import { organizationMayRead } from "@/lib/server/profiles/find-accessible-profile";
import { getProfileHoldings } from "@/lib/server/profiles/get-profile-holdings";
import { OWN_PROFILES_LIST_MAX } from "@/lib/server/profiles/list-own-profiles";
import { toProfileViews, type ProfileView } from "@/lib/server/profiles/profile-view";
import { connectionOf, idKeyset, pageInMemory, type Connection, type Page } from "../pagination";
import type { HoldingParent } from "../parents";

export async function listOwnProfiles(principal: Principal, page: Page): Promise<Connection<ProfileView>> {
  const rows = await db.profile.findMany({ where: { ownerUserId: principal.userId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], ...idKeyset(page) });
  const views = await toProfileViews(rows);
  return connectionOf(views, page, (view) => view.id, (view) => view);
}

async function holdingsOfProfile(profileId: string, principal: Principal): Promise<HoldingParent[]> {
  const { holdings } = await getProfileHoldings(profileId, principal);
  return holdings.map((h) => ({ profileId, ...h }));
}

const holdingKey = (h: HoldingParent) => `${h.profileId}|${h.asset.type}|${h.asset.code ?? h.asset.resourceId ?? h.asset.symbol ?? ""}`;

/** Holdings of one profile the caller may see (owner, admin), or of all the caller's own profiles. */
export async function listHoldings(principal: Principal, profileId: string | null | undefined, page: Page): Promise<Connection<HoldingParent>> {
  const profileIds = profileId
    ? [profileId]
    : (await db.profile.findMany({ where: { ownerUserId: principal.userId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { id: true }, take: OWN_PROFILES_LIST_MAX })).map((p) => p.id);
  const all: HoldingParent[] = [];
  for (const id of profileIds) all.push(...(await holdingsOfProfile(id, principal)));
  return pageInMemory(all, page, holdingKey);
}

/** Whether the caller may read the profile's certificates: its owner, an admin, or an organization it is shared with (or that serves it). */
export async function mayReadCertificates(principal: Principal, profile: { id: string; ownerUserId: string }): Promise<boolean> {
  if (profile.ownerUserId === principal.userId || principal.role === "admin") return true;
  return organizationMayRead(profile.id, principal);
}

export async function certificatesPage(profileId: string, page: Page): Promise<Connection<CertificateView>> {
  const rows = await db.certificate.findMany({ where: { profileId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], ...idKeyset(page) });
  const nowSeconds = Math.floor(Date.now() / 1000);
  return connectionOf(rows, page, (row) => row.id, (row) => toCertificateView(row, [], nowSeconds));
}
