"use client";

import { useId, useState, type ChangeEvent } from "react";

import { useBrowserKey } from "@/components/keys/browser-key-context";
import { StatusMessage } from "@/components/ui/status-message";
import { labelClass } from "@/components/ui/styles";
import { finIdFingerprint } from "@/lib/domain/fin-id-fingerprint";

/** Reads a key backup file into this browser; it stays sealed until unlocked with its passphrase. */
export function ImportKeyForm() {
  const { importBackup } = useBrowserKey();
  const id = useId();
  const [status, setStatus] = useState<{ tone: "success" | "error"; text: string } | null>(null);

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    try {
      const sealed = await importBackup(file);
      setStatus({ tone: "success", text: `Key ${finIdFingerprint(sealed.finId)} imported. Unlock it with the passphrase it was created with.` });
    } catch (error) {
      setStatus({ tone: "error", text: error instanceof Error ? error.message : "The backup could not be read." });
    } finally {
      input.value = "";
    }
  }

  return (
    <div>
      <label htmlFor={`${id}-file`} className={labelClass}>
        Import a key backup (.json)
      </label>
      <input id={`${id}-file`} type="file" accept="application/json,.json" onChange={onChange} className="mt-1 block text-sm" />
      {status ? <StatusMessage tone={status.tone}>{status.text}</StatusMessage> : null}
    </div>
  );
}
