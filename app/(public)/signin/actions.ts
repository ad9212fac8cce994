"use server";

import { AuthError } from "next-auth";
import { redirect } from "next/navigation";
import { signIn } from "@/lib/server/auth/next-auth";

/** Only same-site paths are followed after sign-in, never another origin. */
function safeReturnPath(value: FormDataEntryValue | null): string {
  return typeof value === "string" && value.startsWith("/") && !value.startsWith("//") ? value : "/dashboard";
}

/** The refusals the page words apart (messages.ts); any other is "invalid". */
const REFUSALS = new Set(["proof_required", "account_disabled"]);

/** Signs in and follows the return path (thrown as Next's redirect), or answers the refusal's code. */
async function attemptSignIn(formData: FormData, redirectTo: string): Promise<string> {
  try {
    await signIn("credentials", {
      email: formData.get("email"),
      password: formData.get("password"),
      challenge: formData.get("challenge") ?? "",
      proof: formData.get("proof") ?? "",
      redirectTo,
    });
  } catch (error) {
    if (error instanceof AuthError) {
      const code = "code" in error && typeof error.code === "string" ? error.code : "";
      return error.type === "CredentialsSignin" && REFUSALS.has(code) ? code : "invalid";
    }
    throw error; // the redirect after a successful sign-in travels as an error too
  }
  return "invalid";
}

/** The form's action without JavaScript: a refusal comes back as the page with its message. */
export async function signInAction(formData: FormData): Promise<void> {
  const redirectTo = safeReturnPath(formData.get("callbackUrl"));
  const refusal = await attemptSignIn(formData, redirectTo);
  redirect(`/signin?error=${refusal}&callbackUrl=${encodeURIComponent(redirectTo)}`);
}

/** The page's own call (sign-in-form.tsx): a refusal is answered, so the form keeps what was typed. */
export async function signInFromPage(formData: FormData): Promise<{ refusal: string }> {
  return { refusal: await attemptSignIn(formData, safeReturnPath(formData.get("callbackUrl"))) };
}
