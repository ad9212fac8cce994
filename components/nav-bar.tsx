"use client";

// The page shell's navigation: the links of the signed-in person's role (the server chose them), the
// current page marked (aria-current), the notification centre, and on a phone the links folded behind
// a "Menu" button so the header never scrolls sideways.
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState } from "react";

import { NotificationCentre } from "@/components/notifications/notification-centre";
import { SigningInboxLink } from "@/components/owner/signing-inbox-link";
import { secondaryButtonClass } from "@/components/ui/styles";

export type NavLink = { href: string; label: string };

const LINK = "rounded-md px-2.5 py-1.5 text-sm font-medium text-muted hover:bg-surface-sunken hover:text-ink aria-[current=page]:bg-brand-soft aria-[current=page]:text-brand-strong";

type Props = { links: readonly NavLink[]; person: { name: string; role: string }; signOut: () => Promise<void> };

export function NavBar({ links, person, signOut }: Props) {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const current = (href: string) => (pathname === href || pathname.startsWith(`${href}/`) ? "page" : undefined);
  return (
    <div className="mx-auto w-full max-w-6xl px-4">
      <div className="flex items-center justify-between gap-3 py-3">
        <Link href="/dashboard" className="flex min-w-0 items-center gap-2 text-base font-semibold tracking-tight text-ink">
          <svg aria-hidden="true" viewBox="0 0 32 32" className="h-7 w-7 shrink-0">
            <rect width="32" height="32" rx="8" className="fill-brand" />
            <path d="M9 21.5 14 11l4 7 2.5-4 3.5 7.5" className="fill-none stroke-on-brand" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <span className="truncate">Tokenized Assets Network</span>
        </Link>
        <div className="flex items-center gap-2">
          <NotificationCentre />
          <span className="hidden text-sm text-muted md:inline">
            {person.name} <span className="sr-only">role</span>({person.role})
          </span>
          <form action={signOut} className="hidden md:block">
            <button type="submit" className={secondaryButtonClass}>
              Sign out
            </button>
          </form>
          <button type="button" className={`${secondaryButtonClass} md:hidden`} aria-expanded={open} aria-controls="site-nav" onClick={() => setOpen(!open)}>
            Menu
          </button>
        </div>
      </div>
      <nav id="site-nav" aria-label="Account" className={`${open ? "flex" : "hidden"} flex-col gap-1 border-t border-line py-2 md:flex md:flex-row md:flex-wrap md:items-center`}>
        {links.map((link) =>
          // The signing inbox shows how many requests wait: they expire unanswered otherwise.
          link.href === "/signing" ? (
            <SigningInboxLink key={link.href} className={LINK} current={current(link.href)} />
          ) : (
            <Link key={link.href} href={link.href} className={LINK} aria-current={current(link.href)} onClick={() => setOpen(false)}>
              {link.label}
            </Link>
          ),
        )}
        <div className="mt-2 flex items-center justify-between gap-2 border-t border-line pt-2 md:hidden">
          <span className="text-sm text-muted">
            {person.name} <span className="sr-only">role</span>({person.role})
          </span>
          <form action={signOut}>
            <button type="submit" className={secondaryButtonClass}>
              Sign out
            </button>
          </form>
        </div>
      </nav>
    </div>
  );
}
