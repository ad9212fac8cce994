"use client";

// The navigation's link to the signing inbox, with how many requests wait for an answer: a request
// is rejected when it is not answered in time (ROUTER_SIGNING_TIMEOUT_SECONDS), so it is shown on
// every page, not only in the inbox. Refreshed every few seconds and when the window gets the focus.
import Link from "next/link";

import { useSigningInboxCount } from "@/lib/client/signing-queries";

export function SigningInboxLink({ className, current }: { className: string; current?: "page" }) {
  const count = useSigningInboxCount();
  const waiting = count.data ?? 0;
  return (
    // Its name is its text, the badge's number included: "Signing inbox 2 waiting".
    <Link href="/signing" className={className} aria-current={current}>
      Signing inbox
      {waiting > 0 ? (
        <>
          {" "}
          <span className="inline-block min-w-5 rounded-full bg-caution px-1.5 text-center text-xs font-semibold leading-5 text-surface">{waiting}</span>
          <span className="sr-only"> waiting</span>
        </>
      ) : null}
    </Link>
  );
}
