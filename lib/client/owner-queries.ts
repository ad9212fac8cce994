// Query keys and hooks of what the owner's pages read (the admin's: admin-queries.ts). The query cache
// owns this data; pages read it through these hooks and never copy it into their own state.
import { useQuery } from "@tanstack/react-query";

import { apiCall } from "@/lib/client/api-client";
import { assetsPageSchema } from "@/lib/schemas/asset";
import { intentsPageSchema } from "@/lib/schemas/intent";

/** The largest page the list endpoints give; the owner's pages show one page of each. */
export const OWNER_PAGE_SIZE = 200;

export const ownerQueryKeys = {
  assets: ["assets"] as const,
  ownAssets: (issuerId: string) => ["assets", { issuerId }] as const,
  ownIntents: (profileId: string) => ["intents", { ownerProfileId: profileId }] as const,
};

/** The assets of the network (the first page of 200), for choosing one to trade. */
export function useAllAssets() {
  return useQuery({
    queryKey: ownerQueryKeys.assets,
    queryFn: async () => (await apiCall(`/api/router/finapi/assets?limit=${OWNER_PAGE_SIZE}`, assetsPageSchema)).assets,
  });
}

export function useOwnAssets(issuerId: string) {
  return useQuery({
    queryKey: ownerQueryKeys.ownAssets(issuerId),
    queryFn: async () => (await apiCall(`/api/router/finapi/assets?issuerId=${encodeURIComponent(issuerId)}&limit=${OWNER_PAGE_SIZE}`, assetsPageSchema)).assets,
  });
}

/** The query of a profile's own intents, for one profile (useOwnIntents) or several (useQueries). */
export const ownIntentsQuery = (profileId: string) => ({
  queryKey: ownerQueryKeys.ownIntents(profileId),
  queryFn: async () => (await apiCall(`/api/router/finapi/intents?ownerProfileId=${encodeURIComponent(profileId)}&limit=${OWNER_PAGE_SIZE}`, intentsPageSchema)).intents,
  // Remaining quantities change as buyers execute.
  refetchInterval: 5_000,
});

export function useOwnIntents(profileId: string) {
  return useQuery(ownIntentsQuery(profileId));
}
