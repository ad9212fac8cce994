// The payment organizations a form offers: deposits, intents and sharing a profile all name one.
import type { Organization } from "@/lib/schemas/organization";

/**
 * The escrow organizations, this node's built-in escrow first so that it is a form's default: the
 * organizations list sorts by kind then id, which puts a registered escrow such as "bankco" first.
 */
export function paymentOrganizationChoices(organizations: readonly Organization[], builtInEscrowOrgId: string): Organization[] {
  const escrows = organizations.filter((o) => o.kind === "escrow");
  return [...escrows.filter((o) => o.id === builtInEscrowOrgId), ...escrows.filter((o) => o.id !== builtInEscrowOrgId)];
}
