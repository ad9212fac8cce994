import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { currentPrincipal } from "@/lib/server/auth/current-user";
import { SignInForm } from "./sign-in-form";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

// `error` is set by the sign-in action (a form sent without JavaScript); next-auth's own endpoint
// (a form posted from elsewhere) sends `error=CredentialsSignin&code=<reason>`.
type Props = { searchParams: Promise<{ error?: string; code?: string; callbackUrl?: string }> };

export default async function SignInPage({ searchParams }: Props) {
  const { error, code, callbackUrl } = await searchParams;
  if (await currentPrincipal()) redirect("/dashboard");
  const refusal = code ?? error ?? null;
  return (
    <div className="mx-auto max-w-sm">
      <h1 className="text-2xl font-semibold">Sign in</h1>
      <p className="mt-2 text-sm text-muted">Investors, issuers, operators and admins sign in here.</p>
      <SignInForm key={refusal ?? ""} callbackUrl={callbackUrl ?? "/dashboard"} refusal={refusal} />
    </div>
  );
}
