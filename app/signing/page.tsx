import type { Metadata } from "next";

import { SigningInbox } from "@/components/owner/signing-inbox";
import { requireSignedIn } from "@/lib/server/auth/current-user";

export const metadata: Metadata = { title: "Signing inbox" };
export const dynamic = "force-dynamic";

export default async function SigningPage() {
  await requireSignedIn("/signing");
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-semibold">Signing inbox</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          Trades on your selling and buying intents wait here for your signature. You sign in this browser; your key never leaves it.
        </p>
      </div>
      <SigningInbox />
    </div>
  );
}
