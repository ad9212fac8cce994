import Link from "next/link";
import { SigningInboxLink } from "@/components/owner/signing-inbox-link";
import { signOut } from "@/lib/server/auth/next-auth";
import type { Role } from "@/lib/domain/roles";
import { currentPrincipal } from "@/lib/server/auth/current-user";

type NavLink = { href: string; label: string; roles?: readonly Role[] };

const TRADERS: readonly Role[] = ["investor", "issuer"];
const LINK_CLASS = "underline-offset-4 hover:underline";

/** Links without `roles` are for everyone signed in; the others only for those roles. */
const NAV_LINKS: readonly NavLink[] = [
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
    <header className="border-b border-slate-200 dark:border-slate-800">
      <div className="mx-auto flex w-full max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-3">
        <Link href="/" className="text-lg font-semibold tracking-tight">
          Tokenized Assets Network
        </Link>
        {principal ? (
          <nav aria-label="Account" className="flex flex-wrap items-center gap-4 text-sm">
            {NAV_LINKS.filter((link) => !link.roles || link.roles.includes(principal.role)).map((link) =>
              // The signing inbox shows how many requests wait: they expire unanswered otherwise.
              link.href === "/signing" ? (
                <SigningInboxLink key={link.href} className={LINK_CLASS} />
              ) : (
                <Link key={link.href} href={link.href} className={LINK_CLASS}>
                  {link.label}
                </Link>
              ),
            )}
            <span className="text-slate-600 dark:text-slate-400">
              {principal.name} <span className="sr-only">role</span>({principal.role})
            </span>
            <form action={signOutAction}>
              <button type="submit" className="rounded border border-slate-300 px-3 py-1 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800">
                Sign out
              </button>
            </form>
          </nav>
        ) : (
          <Link href="/signin" className="text-sm underline-offset-4 hover:underline">
            Sign in
          </Link>
        )}
      </div>
    </header>
  );
}
