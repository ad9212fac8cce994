import type { Metadata } from "next";

import { SigningInbox } from "@/components/owner/signing-inbox";
import { requireSignedIn } from "@/lib/server/auth/current-user";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Signing inbox" };
export const dynamic = "force-dynamic";

export default async function SigningPage() {
  await requireSignedIn("/signing");
  return (
    <div className="space-y-8">
      <PageHeader title="Signing inbox" description={<>Trades on your selling and buying intents wait here for your signature. You sign in this browser; your key never leaves it.</>} />
      <SigningInbox />
    </div>
  );
}
