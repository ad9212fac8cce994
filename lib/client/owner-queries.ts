// Query keys and hooks of what the owner's and the admin's pages read. The query cache owns this
// data; pages read it through these hooks and never copy it into their own state.
import { useQuery } from "@tanstack/react-query";

import { apiCall } from "@/lib/client/api-client";
import { assetsPageSchema } from "@/lib/schemas/asset";
import { intentsPageSchema } from "@/lib/schemas/intent";
import { adminOrganizationsResponseSchema } from "@/lib/schemas/organization";
import { signingInboxCountSchema, signingInboxSchema } from "@/lib/schemas/signing";
import { userDetailSchema, usersPageSchema } from "@/lib/schemas/user";

/** How often the signing inbox asks for new requests (the router waits ROUTER_SIGNING_TIMEOUT_SECONDS). */
export const INBOX_POLL_MS = 3_000;
/** How often the navigation's badge asks how many requests wait (and whenever the window gets the focus). */
export const INBOX_COUNT_POLL_MS = 10_000;
/** The largest page the list endpoints give; the owner's pages show one page of each. */
export const OWNER_PAGE_SIZE = 200;

export const ownerQueryKeys = {
  assets: ["assets"] as const,
  ownAssets: (issuerId: string) => ["assets", { issuerId }] as const,
  ownIntents: (profileId: string) => ["intents", { ownerProfileId: profileId }] as const,
  /** Everything about signing requests: an answer invalidates it, so the inbox and the badge both refresh. */
  signing: ["signing"] as const,
  inbox: ["signing", "inbox"] as const,
  inboxCount: ["signing", "count"] as const,
  adminUsers: (cursor: string | null) => ["admin", "users", cursor] as const,
  adminUser: (userId: string) => ["admin", "user", userId] as const,
  adminOrganizations: ["admin", "organizations"] as const,
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

/** The caller's signing requests, with how far the server's clock is ahead of this browser's (seconds). */
export function useSigningInbox() {
  return useQuery({
    queryKey: ownerQueryKeys.inbox,
    queryFn: async () => {
      const inbox = await apiCall("/api/signing/inbox?state=all", signingInboxSchema);
      return { requests: inbox.requests, clockOffsetSeconds: inbox.serverTime - Math.floor(Date.now() / 1000) };
    },
    refetchInterval: INBOX_POLL_MS,
  });
}

/** How many signing requests wait for the caller's answer: the navigation's badge. */
export function useSigningInboxCount() {
  return useQuery({
    queryKey: ownerQueryKeys.inboxCount,
    queryFn: async () => (await apiCall("/api/signing/inbox/count", signingInboxCountSchema)).pending,
    refetchInterval: INBOX_COUNT_POLL_MS,
  });
}

export function useAdminUsers(cursor: string | null) {
  return useQuery({
    queryKey: ownerQueryKeys.adminUsers(cursor),
    queryFn: () => apiCall(`/api/router/admin/users?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, usersPageSchema),
  });
}

export function useAdminUser(userId: string) {
  return useQuery({
    queryKey: ownerQueryKeys.adminUser(userId),
    queryFn: () => apiCall(`/api/router/admin/users/${encodeURIComponent(userId)}`, userDetailSchema),
  });
}

export function useAdminOrganizations() {
  return useQuery({
    queryKey: ownerQueryKeys.adminOrganizations,
    queryFn: async () => (await apiCall("/api/router/admin/organizations", adminOrganizationsResponseSchema)).organizations,
  });
}
