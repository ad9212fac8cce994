"use client";

// Unlocking a sealed browser key with its passphrase, wherever a page needs the key: the profile's
// key list, the trade ticket, the signing inbox, the cash page. It renders no <form> and its input
// has no name, so it can sit inside any form without the form ever submitting the passphrase (a
// nested unlock form once sent it to the server in the trade ticket's URL). Enter in the passphrase
// field unlocks, as in a form of its own, and never submits the form around it.
import { useId, useRef, useState, type KeyboardEvent } from "react";

import { useBrowserKey } from "@/components/keys/browser-key-context";
import { StatusMessage } from "@/components/ui/status-message";
import { fieldClass, labelClass, secondaryButtonClass } from "@/components/ui/styles";
import { PASSPHRASE_MAX_LENGTH, WrongPassphraseError } from "@/lib/client/keys/sealed-key";
import { finIdFingerprint } from "@/lib/domain/fin-id-fingerprint";

/** The passphrase field and "Unlock key" button of one sealed key; the clear key stays in memory until locked or the tab closes. */
export function KeyUnlock({ finId }: { finId: string }) {
  const id = useId();
  const { unlock } = useBrowserKey();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fingerprint = finIdFingerprint(finId);
  const inputId = `${id}-passphrase`;
  const errorId = `${id}-error`;

  async function onUnlock() {
    const field = input.current;
    if (busy || !field) return;
    if (field.value === "") return setError("Enter the passphrase of this key.");
    setBusy(true);
    setError(null);
    try {
      await unlock(finId, field.value);
      field.value = "";
    } catch (e) {
      setError(e instanceof WrongPassphraseError ? "That passphrase does not unlock this key." : e instanceof Error ? e.message : "The key could not be unlocked.");
      field.select();
    } finally {
      setBusy(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Enter") return;
    // Enter would submit the form this sits in, if any: it unlocks instead.
    event.preventDefault();
    void onUnlock();
  }

  return (
    <div role="group" aria-label={`Unlock key ${fingerprint}`} className="mt-2 flex flex-wrap items-end gap-2">
      <div className="min-w-56 flex-1">
        <label htmlFor={inputId} className={labelClass}>
          Passphrase for key {fingerprint}
        </label>
        <input
          ref={input}
          id={inputId}
          type="password"
          autoComplete="current-password"
          maxLength={PASSPHRASE_MAX_LENGTH}
          className={fieldClass}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onKeyDown={onKeyDown}
        />
      </div>
      <button type="button" disabled={busy} className={secondaryButtonClass} onClick={() => void onUnlock()}>
        {busy ? "Unlocking…" : `Unlock key ${fingerprint}`}
      </button>
      {error ? (
        <div id={errorId} className="w-full">
          <StatusMessage tone="error">{error}</StatusMessage>
        </div>
      ) : null}
    </div>
  );
}
