// Query keys and hooks of what the admin's pages read: users and organizations. The query cache owns
// this data; pages read it through these hooks and never copy it into their own state.
import { useQuery } from "@tanstack/react-query";

import { apiCall } from "@/lib/client/api-client";
import { adminOrganizationsResponseSchema } from "@/lib/schemas/organization";
import { userDetailSchema, usersPageSchema } from "@/lib/schemas/user";

export const adminQueryKeys = {
  users: (cursor: string | null) => ["admin", "users", cursor] as const,
  user: (userId: string) => ["admin", "user", userId] as const,
  organizations: ["admin", "organizations"] as const,
};

export function useAdminUsers(cursor: string | null) {
  return useQuery({
    queryKey: adminQueryKeys.users(cursor),
    queryFn: () => apiCall(`/api/router/admin/users?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, usersPageSchema),
  });
}

export function useAdminUser(userId: string) {
  return useQuery({
    queryKey: adminQueryKeys.user(userId),
    queryFn: () => apiCall(`/api/router/admin/users/${encodeURIComponent(userId)}`, userDetailSchema),
  });
}

export function useAdminOrganizations() {
  return useQuery({
    queryKey: adminQueryKeys.organizations,
    queryFn: async () => (await apiCall("/api/router/admin/organizations", adminOrganizationsResponseSchema)).organizations,
  });
}
