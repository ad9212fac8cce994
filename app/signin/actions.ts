"use server";

import { AuthError } from "next-auth";
import { redirect } from "next/navigation";
import { signIn } from "@/lib/server/auth/next-auth";

/** Only same-site paths are followed after sign-in, never another origin. */
function safeReturnPath(value: FormDataEntryValue | null): string {
  return typeof value === "string" && value.startsWith("/") && !value.startsWith("//") ? value : "/dashboard";
}

export async function signInAction(formData: FormData): Promise<void> {
  const redirectTo = safeReturnPath(formData.get("callbackUrl"));
  try {
    await signIn("credentials", {
      email: formData.get("email"),
      password: formData.get("password"),
      redirectTo,
    });
  } catch (error) {
    if (error instanceof AuthError) {
      const reason = error.type === "CredentialsSignin" && "code" in error && error.code === "too_many_attempts" ? "too_many_attempts" : "invalid";
      redirect(`/signin?error=${reason}&callbackUrl=${encodeURIComponent(redirectTo)}`);
    }
    throw error; // the redirect after a successful sign-in travels as an error too
  }
}
