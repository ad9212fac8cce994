import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import { SiteHeader } from "@/components/site-header";
import { currentPrincipal } from "@/lib/server/auth/current-user";
import { nodeSettings } from "@/lib/server/node-settings";

/** The portal's pages: the clients they share and the role-aware navigation. */
export default async function PortalLayout({ children }: { children: ReactNode }) {
  const principal = await currentPrincipal();
  return (
    // The header is inside the providers too: its signing badge and notification centre read the same caches as the pages.
    <Providers settings={nodeSettings()} person={principal ? { userId: principal.userId, trader: principal.role === "investor" || principal.role === "issuer" } : null}>
      <SiteHeader />
      <main id="main" className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-8">
        {children}
      </main>
    </Providers>
  );
}
