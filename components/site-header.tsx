import { NavBar, type NavLink } from "@/components/nav-bar";
import { PublicHeaderBar } from "@/components/public-header";
import { signOut } from "@/lib/server/auth/next-auth";
import type { Role } from "@/lib/domain/roles";
import { currentPrincipal } from "@/lib/server/auth/current-user";

const TRADERS: readonly Role[] = ["investor", "issuer"];

/** Links without `roles` are for everyone signed in; the others only for those roles. */
const NAV_LINKS: readonly (NavLink & { roles?: readonly Role[] })[] = [
  { href: "/dashboard", label: "Dashboard" },
  { href: "/profile", label: "Profile" },
  { href: "/cash", label: "Cash" },
  { href: "/marketplace", label: "Marketplace" },
  { href: "/trades", label: "Trades", roles: TRADERS },
  { href: "/receipts", label: "Receipts", roles: TRADERS },
  { href: "/assets", label: "Assets", roles: ["issuer"] },
  { href: "/intents", label: "Intents", roles: TRADERS },
  { href: "/signing", label: "Signing inbox", roles: TRADERS },
  { href: "/operator", label: "Escrow operations", roles: ["escrowOperator"] },
  { href: "/admin/ledger", label: "Ledger import", roles: ["admin"] },
  { href: "/admin/users", label: "Users", roles: ["admin"] },
  { href: "/admin/organizations", label: "Organizations", roles: ["admin"] },
];

export async function SiteHeader() {
  const principal = await currentPrincipal();
  async function signOutAction() {
    "use server";
    await signOut({ redirectTo: "/signin" });
  }
  return (
    <header className="border-b border-line bg-surface">
      {principal ? (
        <NavBar
          links={NAV_LINKS.filter((link) => !link.roles || link.roles.includes(principal.role)).map(({ href, label }) => ({ href, label }))}
          person={{ name: principal.name, role: principal.role }}
          signOut={signOutAction}
        />
      ) : (
        <PublicHeaderBar />
      )}
    </header>
  );
}
