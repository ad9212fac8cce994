import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
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

/**
 * The document itself. The portal's pages ((portal)/layout.tsx) add the clients they share (react-query,
 * Apollo, the browser key, notifications) and the navigation; the pages anyone may open ((public)/:
 * sign-in, the API reference) ship none of that.
 */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-canvas text-ink antialiased">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-brand focus:px-3 focus:py-2 focus:text-on-brand">
          Skip to content
        </a>
        {children}
      </body>
    </html>
  );
}
