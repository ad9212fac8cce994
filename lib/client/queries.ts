// Query keys and fetchers of the REST resources the portal reads. The query cache owns this data;
// components read it through these hooks and never copy it into their own state.
import { useQuery } from "@tanstack/react-query";

import { apiCall } from "@/lib/client/api-client";
import { useNodeSettings } from "@/lib/client/node-settings";
import { paymentOrganizationChoices } from "@/lib/client/payment-organizations";
import { assetViewSchema } from "@/lib/schemas/asset";
import { certificatesResponseSchema, documentLimitsSchema } from "@/lib/schemas/certificate";
import { holdingsResponseSchema } from "@/lib/schemas/holding";
import { intentSchema } from "@/lib/schemas/intent";
import { organizationsResponseSchema } from "@/lib/schemas/organization";
import { profilesResponseSchema } from "@/lib/schemas/profile";

/** How often holdings are read again while shown, for credits no event announces (lib/client/live-holdings.ts). */
export const HOLDINGS_POLL_MS = 5_000;

export const queryKeys = {
  profiles: ["profiles"] as const,
  organizations: ["organizations"] as const,
  holdings: (profileId: string) => ["profiles", profileId, "holdings"] as const,
  certificates: (profileId: string) => ["profiles", profileId, "certificates"] as const,
  documentLimits: ["documents", "limits"] as const,
  operation: (cid: string) => ["operations", cid] as const,
  asset: (assetId: string) => ["assets", assetId] as const,
  intent: (intentId: string) => ["intents", "one", intentId] as const,
};

export function useProfiles() {
  return useQuery({
    queryKey: queryKeys.profiles,
    queryFn: async () => (await apiCall("/api/router/finapi/profiles", profilesResponseSchema)).profiles,
  });
}

/** The payment organizations (kind escrow), this node's built-in escrow first so that forms default to it. */
export function usePaymentOrganizations() {
  const { builtInEscrowOrgId } = useNodeSettings();
  return useQuery({
    queryKey: queryKeys.organizations,
    queryFn: async () => (await apiCall("/api/router/finapi/organizations", organizationsResponseSchema)).organizations,
    select: (organizations) => paymentOrganizationChoices(organizations, builtInEscrowOrgId),
    // The router keeps an adapter's answer for 30 s: a payment organization that stopped answering leaves the selects as soon.
    staleTime: 30_000,
  });
}

export function useHoldings(profileId: string | null) {
  return useQuery({
    queryKey: queryKeys.holdings(profileId ?? ""),
    queryFn: async () => (await apiCall(`/api/router/finapi/profiles/${encodeURIComponent(profileId ?? "")}/holdings`, holdingsResponseSchema)).holdings,
    enabled: profileId !== null,
    refetchInterval: HOLDINGS_POLL_MS,
  });
}

export function useCertificates(profileId: string | null) {
  return useQuery({
    queryKey: queryKeys.certificates(profileId ?? ""),
    queryFn: async () => (await apiCall(`/api/router/finapi/profiles/${encodeURIComponent(profileId ?? "")}/certificates`, certificatesResponseSchema)).certificates,
    enabled: profileId !== null,
  });
}

/** What a certificate upload accepts, as the server reports it; the settings change only with a restart. */
export function useDocumentLimits() {
  return useQuery({
    queryKey: queryKeys.documentLimits,
    queryFn: () => apiCall("/api/router/documents/limits", documentLimitsSchema),
    staleTime: 10 * 60_000,
  });
}

export function useAsset(assetId: string) {
  return useQuery({
    queryKey: queryKeys.asset(assetId),
    queryFn: () => apiCall(`/api/router/finapi/profiles/asset/${encodeURIComponent(assetId)}`, assetViewSchema),
    staleTime: 5 * 60_000,
  });
}

/** One intent with its status of now; read again often, since others take from it. */
export function useIntent(assetId: string, intentId: string) {
  return useQuery({
    queryKey: queryKeys.intent(intentId),
    queryFn: () => apiCall(`/api/router/finapi/profiles/asset/${encodeURIComponent(assetId)}/intent/${encodeURIComponent(intentId)}`, intentSchema),
    staleTime: 0,
  });
}
