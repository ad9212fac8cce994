// For server components: the signed-in person, or a redirect to the sign-in page.
import { redirect } from "next/navigation";
import { sessionUserId } from "./next-auth";
import { principalFromUserId, type Principal } from "./principal";

export async function currentPrincipal(): Promise<Principal | null> {
  const userId = await sessionUserId();
  return userId ? principalFromUserId(userId) : null;
}

export async function requireSignedIn(returnTo: string): Promise<Principal> {
  const principal = await currentPrincipal();
  if (!principal) redirect(`/signin?callbackUrl=${encodeURIComponent(returnTo)}`);
  return principal;
}
