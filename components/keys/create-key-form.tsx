"use client";

import { useId, useState, type FormEvent } from "react";

import { useBrowserKey } from "@/components/keys/browser-key-context";
import { StatusMessage } from "@/components/ui/status-message";
import { fieldClass, labelClass, primaryButtonClass } from "@/components/ui/styles";
import { PASSPHRASE_MAX_LENGTH, PASSPHRASE_MIN_LENGTH, passphraseSchema } from "@/lib/client/keys/sealed-key";
import { finIdFingerprint } from "@/lib/domain/fin-id-fingerprint";

/** Generates a key in this browser and seals it under a passphrase typed twice. */
export function CreateKeyForm() {
  const { createKey } = useBrowserKey();
  const id = useId();
  const [status, setStatus] = useState<{ tone: "info" | "success" | "error"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const passphrase = String(data.get("passphrase") ?? "");
    const checked = passphraseSchema.safeParse(passphrase);
    if (!checked.success) return setStatus({ tone: "error", text: `The passphrase ${checked.error.issues[0]?.message ?? "is not valid"}.` });
    if (passphrase !== data.get("confirm")) return setStatus({ tone: "error", text: "The two passphrases are not the same." });
    setBusy(true);
    setStatus({ tone: "info", text: "Generating and encrypting your key…" });
    try {
      const sealed = await createKey(passphrase);
      form.reset();
      setStatus({ tone: "success", text: `Key ${finIdFingerprint(sealed.finId)} created and unlocked. Export a backup: without it, a lost browser means a lost key.` });
    } catch (error) {
      setStatus({ tone: "error", text: error instanceof Error ? error.message : "The key could not be created." });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="space-y-3" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-medium">
        Create a key
      </h3>
      <p className="text-sm text-muted">
        The key is made and kept encrypted in this browser. The passphrase is never sent anywhere and cannot be recovered.
      </p>
      <div>
        <label htmlFor={`${id}-passphrase`} className={labelClass}>
          New passphrase (at least {PASSPHRASE_MIN_LENGTH} characters)
        </label>
        <input id={`${id}-passphrase`} name="passphrase" type="password" autoComplete="new-password" required minLength={PASSPHRASE_MIN_LENGTH} maxLength={PASSPHRASE_MAX_LENGTH} className={fieldClass} />
      </div>
      <div>
        <label htmlFor={`${id}-confirm`} className={labelClass}>
          Repeat the passphrase
        </label>
        <input id={`${id}-confirm`} name="confirm" type="password" autoComplete="new-password" required maxLength={PASSPHRASE_MAX_LENGTH} className={fieldClass} />
      </div>
      <button type="submit" disabled={busy} className={primaryButtonClass}>
        {busy ? "Creating…" : "Create key"}
      </button>
      {status ? <StatusMessage tone={status.tone}>{status.text}</StatusMessage> : null}
    </form>
  );
}
