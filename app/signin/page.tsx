import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { currentPrincipal } from "@/lib/server/auth/current-user";
import { signInAction } from "./actions";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

const MESSAGES: Record<string, string> = {
  invalid: "The email or password is not right. Check them and try again.",
  too_many_attempts: "Too many attempts for this email. Wait 15 minutes and try again.",
};

type Props = { searchParams: Promise<{ error?: string; callbackUrl?: string }> };

export default async function SignInPage({ searchParams }: Props) {
  const { error, callbackUrl } = await searchParams;
  if (await currentPrincipal()) redirect("/dashboard");
  const message = error ? (MESSAGES[error] ?? MESSAGES.invalid) : null;
  const field =
    "mt-1 block w-full rounded border border-slate-400 bg-white px-3 py-2 text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100";
  return (
    <div className="mx-auto max-w-sm">
      <h1 className="text-2xl font-semibold">Sign in</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Investors, issuers, operators and admins sign in here.</p>
      {message ? (
        <p role="alert" className="mt-4 rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          {message}
        </p>
      ) : null}
      <form action={signInAction} className="mt-6 space-y-4">
        <input type="hidden" name="callbackUrl" value={callbackUrl ?? "/dashboard"} />
        <div>
          <label htmlFor="email" className="block text-sm font-medium">
            Email
          </label>
          <input id="email" name="email" type="email" autoComplete="username" required maxLength={254} className={field} />
        </div>
        <div>
          <label htmlFor="password" className="block text-sm font-medium">
            Password
          </label>
          <input id="password" name="password" type="password" autoComplete="current-password" required maxLength={256} className={field} />
        </div>
        <button type="submit" className="w-full rounded bg-blue-700 px-4 py-2 font-medium text-white hover:bg-blue-800">
          Sign in
        </button>
      </form>
    </div>
  );
}
