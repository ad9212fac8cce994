import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import { SiteHeader } from "@/components/site-header";
import { nodeSettings } from "@/lib/server/node-settings";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Tokenized Assets Network", template: "%s · Tokenized Assets Network" },
  description: "Issue and trade tokenized assets with delivery-versus-payment settlement through escrow organizations.",
};

export const viewport: Viewport = {
  colorScheme: "light dark",
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#0b1220" },
  ],
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-white text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:rounded focus:bg-blue-700 focus:px-3 focus:py-2 focus:text-white"
        >
          Skip to content
        </a>
        {/* The header is inside the providers too: its signing badge reads the same query cache as the inbox. */}
        <Providers settings={nodeSettings()}>
          <SiteHeader />
          <main id="main" className="mx-auto w-full max-w-5xl px-4 py-8">
            {children}
          </main>
        </Providers>
      </body>
    </html>
  );
}
