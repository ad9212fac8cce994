"use client";

// The sign-in form. Without JavaScript it posts straight to the sign-in action. With it, it first
// asks whether this attempt needs a proof of work (after many failed sign-ins for the account or
// from this network: lib/server/auth/sign-in-guard.ts), makes it here in the browser while the
// status line says so, and sends it with the password: the right password is then never refused
// because of someone else's failures. A refusal is shown without leaving the page.
import { useState, type FormEvent } from "react";
import { apiCall } from "@/lib/client/api-client";
import { solveProofOfWork } from "@/lib/domain/proof-of-work";
import { signInChallengeSchema } from "@/lib/schemas/sign-in";
import { signInAction, signInFromPage } from "./actions";
import { signInRefusalMessage } from "./messages";

type Phase = "idle" | "checking" | "signing-in";

const STATUS: Record<Phase, string> = {
  idle: "",
  checking: "Checking this browser before the password is sent. After many failed sign-ins this takes a few seconds.",
  "signing-in": "Signing in…",
};

/** Tries again at most this often when others' failures outdated the proof meanwhile. */
const PROOF_ATTEMPTS = 3;

/** The challenge and its solution for this email; null when the attempt needs none, or the question failed (the server then decides). */
async function proofFor(email: string): Promise<{ challenge: string; proof: string } | null> {
  try {
    const { bits, challenge } = await apiCall("/api/auth/sign-in-challenge", signInChallengeSchema, { method: "POST", body: { email } });
    return challenge ? { challenge, proof: await solveProofOfWork(challenge, bits) } : null;
  } catch {
    return null;
  }
}

export function SignInForm({ callbackUrl, refusal: initialRefusal }: { callbackUrl: string; refusal: string | null }) {
  const [phase, setPhase] = useState<Phase>("idle");
  const [refusal, setRefusal] = useState<string | null>(initialRefusal);
  const busy = phase !== "idle";

  async function submit(form: HTMLFormElement) {
    const data = new FormData(form);
    setRefusal(null);
    let outcome: { refusal: string } | undefined;
    for (let attempt = 1; attempt <= PROOF_ATTEMPTS; attempt += 1) {
      setPhase("checking");
      const proof = await proofFor(String(data.get("email") ?? ""));
      data.set("challenge", proof?.challenge ?? "");
      data.set("proof", proof?.proof ?? "");
      setPhase("signing-in");
      // Signed in: the action redirects, and this page goes away.
      outcome = await signInFromPage(data);
      if (outcome?.refusal !== "proof_required") break;
    }
    setPhase("idle");
    if (outcome) setRefusal(outcome.refusal);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit(event.currentTarget).catch(() => {
      setPhase("idle");
      setRefusal("unavailable");
    });
  }

  const field =
    "mt-1 block w-full rounded border border-slate-400 bg-white px-3 py-2 text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100";
  return (
    <form action={signInAction} onSubmit={onSubmit} className="mt-6 space-y-4" aria-busy={busy}>
      {refusal ? (
        <p role="alert" className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          {refusal === "unavailable" ? "The sign-in could not reach the server. Check your connection and try again." : signInRefusalMessage(refusal)}
        </p>
      ) : null}
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
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
      <button
        type="submit"
        disabled={busy}
        className="w-full rounded bg-blue-700 px-4 py-2 font-medium text-white hover:bg-blue-800 disabled:cursor-wait disabled:opacity-70"
      >
        Sign in
      </button>
      <p role="status" aria-live="polite" className="min-h-5 text-sm text-muted">
        {STATUS[phase]}
      </p>
    </form>
  );
}
