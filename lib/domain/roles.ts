// Roles of decisions.md §6 and §8.
export const ROLES = ["investor", "issuer", "admin", "escrowOperator", "organization"] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}
