// Admins register the other organizations of the network (decisions.md §6: admins manage
// organizations): a payment organization's adapter URL and the bearer token the router presents to
// it, sealed under AUTH_SECRET and never shown again, and the currencies it keeps with their minor
// units (a ledger import for it may credit only those). The built-in organizations follow the settings
// and cannot be changed here.
import { AppError } from "@/lib/domain/app-error";
import { currenciesText, currencyTableOf, declarationsOf } from "@/lib/domain/organization-currencies";
import { env } from "@/lib/env";
import type { CreateOrganizationRequest, UpdateOrganizationRequest } from "@/lib/schemas/organization";
import { recordAudit } from "@/lib/server/audit/record-audit";
import type { Principal } from "@/lib/server/auth/principal";
import { sealSecret } from "@/lib/server/crypto/secret-box";
import { db } from "@/lib/server/db/client";
import { forgetOrganizations } from "./organization-cache";
import { ADAPTER_TOKEN_PURPOSE } from "@/lib/server/router-ops/adapter-client";

function assertNotBuiltIn(orgId: string): void {
  if (orgId === env.ORG_ID || orgId === env.ESCROW_ORG_ID) {
    throw new AppError("CONFLICT", `${orgId} is one of this node's built-in organizations; it follows the settings (ORG_ID, ESCROW_*).`);
  }
}

const sealed = (token: string | null | undefined) =>
  token === undefined ? undefined : token === null ? null : sealSecret(token, env.AUTH_SECRET, ADAPTER_TOKEN_PURPOSE);

/** Paths are appended to the adapter URL, so it is kept without a trailing slash. */
const trimmed = (url: string | undefined) => url?.replace(/\/+$/, "");

const summary = (o: { id: string; name: string; kind: string; adapterUrl: string | null; adapterTokenSealed: string | null; currencies: string | null }) => ({
  id: o.id,
  name: o.name,
  kind: o.kind,
  adapterUrl: o.adapterUrl,
  hasAdapterToken: o.adapterTokenSealed !== null,
  // The organizations made and changed here are never the built-in ones (assertNotBuiltIn): the same shape as the admin's list.
  builtIn: false,
  currencies: declarationsOf(currencyTableOf(o.currencies)),
});

/** The stored text of a change of currencies: undefined leaves them, an empty list clears them. */
const storedCurrencies = (currencies: CreateOrganizationRequest["currencies"]) => (currencies === undefined ? undefined : currenciesText(currencies));

export async function createOrganization(body: CreateOrganizationRequest, caller: Principal, requestId: string) {
  assertNotBuiltIn(body.id);
  if (await db.organization.findUnique({ where: { id: body.id } })) throw new AppError("CONFLICT", `Organization ${body.id} already exists.`);
  const result = await db.$transaction(async (tx) => {
    const org = await tx.organization.create({
      data: {
        id: body.id,
        name: body.name,
        kind: body.kind,
        adapterUrl: trimmed(body.adapterUrl) ?? null,
        adapterTokenSealed: sealed(body.adapterToken) ?? null,
        currencies: storedCurrencies(body.currencies) ?? null,
      },
    });
    await recordAudit(tx, {
      actorUserId: caller.userId,
      action: "organization.created",
      subjectType: "organization",
      subjectId: org.id,
      requestId,
      details: { kind: org.kind, adapterUrl: org.adapterUrl, currencies: org.currencies },
    });
    return summary(org);
  });
  forgetOrganizations();
  return result;
}

export async function updateOrganization(orgId: string, body: UpdateOrganizationRequest, caller: Principal, requestId: string) {
  assertNotBuiltIn(orgId);
  const org = await db.organization.findUnique({ where: { id: orgId } });
  if (!org) throw new AppError("NOT_FOUND", `No organization ${orgId}.`);
  if (org.kind !== "escrow" && (body.adapterUrl !== undefined || body.adapterToken !== undefined)) {
    throw new AppError("UNPROCESSABLE", `${orgId} is not a payment organization; it has no adapter.`, [{ in: "body", path: "adapterUrl", message: "only payment organizations have an adapter" }]);
  }
  if (org.kind !== "escrow" && body.currencies !== undefined) {
    throw new AppError("UNPROCESSABLE", `${orgId} is not a payment organization; it keeps no money.`, [{ in: "body", path: "currencies", message: "only payment organizations keep currencies" }]);
  }
  const result = await db.$transaction(async (tx) => {
    const updated = await tx.organization.update({
      where: { id: orgId },
      data: { name: body.name, adapterUrl: trimmed(body.adapterUrl), adapterTokenSealed: sealed(body.adapterToken), currencies: storedCurrencies(body.currencies) },
    });
    await recordAudit(tx, {
      actorUserId: caller.userId,
      action: "organization.updated",
      subjectType: "organization",
      subjectId: orgId,
      requestId,
      details: {
        name: body.name,
        adapterUrl: body.adapterUrl,
        adapterToken: body.adapterToken === undefined ? "unchanged" : "replaced",
        currencies: body.currencies === undefined ? "unchanged" : updated.currencies,
      },
    });
    return summary(updated);
  });
  forgetOrganizations();
  return result;
}
