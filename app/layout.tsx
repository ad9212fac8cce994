import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import { SiteHeader } from "@/components/site-header";
import { currentPrincipal } from "@/lib/server/auth/current-user";
import { nodeSettings } from "@/lib/server/node-settings";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Tokenized Assets Network", template: "%s · Tokenized Assets Network" },
  description: "Issue and trade tokenized assets with delivery-versus-payment settlement through escrow organizations.",
  // The app's own static files (public/): no request for an icon goes unanswered.
  icons: { icon: [{ url: "/favicon.ico", sizes: "32x32" }, { url: "/icon.svg", type: "image/svg+xml" }], apple: "/apple-touch-icon.png" },
  manifest: "/manifest.webmanifest",
};

export const viewport: Viewport = {
  colorScheme: "light dark",
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#f6f7fb" },
    { media: "(prefers-color-scheme: dark)", color: "#0b1220" },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const principal = await currentPrincipal();
  return (
    <html lang="en">
      <body className="min-h-screen bg-canvas text-ink antialiased">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-brand focus:px-3 focus:py-2 focus:text-on-brand">
          Skip to content
        </a>
        {/* The header is inside the providers too: its signing badge and notification centre read the same caches as the pages. */}
        <Providers settings={nodeSettings()} person={principal ? { userId: principal.userId, trader: principal.role === "investor" || principal.role === "issuer" } : null}>
          <SiteHeader />
          <main id="main" className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-8">
            {children}
          </main>
        </Providers>
      </body>
    </html>
  );
}
