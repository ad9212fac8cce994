// The top of every page: its one h1, what the page is for, a trail back (breadcrumbs) and the page's
// own actions.
import Link from "next/link";
import type { ReactNode } from "react";

export type Crumb = { href: string; label: string };

export function PageHeader({ title, description, crumbs, actions, children }: { title: ReactNode; description?: ReactNode; crumbs?: readonly Crumb[]; actions?: ReactNode; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        {crumbs && crumbs.length > 0 ? (
          <nav aria-label="Breadcrumb" className="mb-1 text-sm">
            <ol className="flex flex-wrap items-center gap-1 text-muted">
              {crumbs.map((crumb) => (
                <li key={crumb.href} className="flex items-center gap-1">
                  <Link href={crumb.href} className="font-medium text-brand underline-offset-4 hover:underline">
                    {crumb.label}
                  </Link>
                  <span aria-hidden="true">/</span>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        <h1 className="break-words text-title font-semibold tracking-tight text-ink">{title}</h1>
        {description ? <p className="mt-1 text-muted">{description}</p> : null}
        {children}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
