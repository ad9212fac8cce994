// GET {router_url}/admin/users – the users an admin manages, oldest first, a keyset page at a time.
// Never a password hash or a token hash: only who they are, their role and organization.
import { isRole } from "@/lib/domain/roles";
import type { UsersPage, UsersQuery } from "@/lib/schemas/user";
import { db } from "@/lib/server/db/client";

export async function listUsers(query: UsersQuery): Promise<UsersPage> {
  const rows = await db.user.findMany({
    select: { id: true, email: true, name: true, role: true, organizationId: true, createdAt: true, disabledAt: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: query.limit + 1,
    ...(query.cursor ? { cursor: { id: query.cursor }, skip: 1 } : {}),
  });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    users: page.flatMap((u) =>
      // Every stored role is one of ROLES (the create schema says so); anything else is not shown as one.
      isRole(u.role)
        ? [{ id: u.id, email: u.email, name: u.name, role: u.role, organizationId: u.organizationId, createdAt: Math.floor(u.createdAt.getTime() / 1000), disabled: u.disabledAt !== null }]
        : [],
    ),
    nextCursor: rows.length > query.limit && last ? last.id : null,
  };
}
