import type { ReactNode } from "react";
import { PublicHeader } from "@/components/public-header";

/** Pages anyone may open (sign-in, the API reference): a plain header, none of the portal's clients. */
export default function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <PublicHeader />
      <main id="main" className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-8">
        {children}
      </main>
    </>
  );
}
