"use client";

import { useState } from "react";

import { useBrowserKey } from "@/components/keys/browser-key-context";
import { KeyUnlock } from "@/components/keys/key-unlock";
import { secondaryButtonClass } from "@/components/ui/styles";
import { downloadKeyBackup } from "@/lib/client/keys/key-backup";
import type { SealedKey } from "@/lib/client/keys/sealed-key-record";
import { finIdFingerprint } from "@/lib/domain/fin-id-fingerprint";

/** Removing asks twice: without a backup, a removed key and what it owns are gone for good. */
function RemoveKeyButton({ finId, fingerprint }: { finId: string; fingerprint: string }) {
  const { removeKey } = useBrowserKey();
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <button type="button" className={secondaryButtonClass} onClick={() => setConfirming(true)}>
        Remove <span className="sr-only">key {fingerprint}</span>
      </button>
    );
  }
  return (
    <span role="group" aria-label={`Confirm removing key ${fingerprint}`} className="flex items-center gap-2">
      <span className="text-sm">Removed keys cannot be recovered without a backup.</span>
      <button type="button" className={secondaryButtonClass} onClick={() => void removeKey(finId)}>
        Remove key {fingerprint} from this browser
      </button>
      <button type="button" className={secondaryButtonClass} onClick={() => setConfirming(false)}>
        Keep it
      </button>
    </span>
  );
}

function KeyRow({ sealed }: { sealed: SealedKey }) {
  const { unlockedFinId, lock } = useBrowserKey();
  const fingerprint = finIdFingerprint(sealed.finId);
  const unlocked = unlockedFinId === sealed.finId;
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-mono text-base font-semibold">{fingerprint}</span>
        <span className={`rounded px-2 py-0.5 text-xs font-medium ${unlocked ? "bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100" : "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200"}`}>
          {unlocked ? "Unlocked" : "Locked"}
        </span>
        <span className="ml-auto flex flex-wrap gap-2">
          <button type="button" className={secondaryButtonClass} onClick={() => downloadKeyBackup(sealed, fingerprint)}>
            Export backup <span className="sr-only">of key {fingerprint}</span>
          </button>
          {unlocked ? (
            <button type="button" className={secondaryButtonClass} onClick={lock}>
              Lock <span className="sr-only">key {fingerprint}</span>
            </button>
          ) : null}
          <RemoveKeyButton finId={sealed.finId} fingerprint={fingerprint} />
        </span>
      </div>
      <p className="mt-1 break-all font-mono text-xs text-muted">
        <span className="sr-only">finId </span>
        {sealed.finId}
      </p>
      {unlocked ? null : <KeyUnlock finId={sealed.finId} />}
    </li>
  );
}

/** The sealed keys of this browser with their fingerprints, each unlockable and exportable. */
export function KeyList({ keys }: { keys: SealedKey[] }) {
  return (
    <ul aria-label="Keys in this browser" className="divide-y divide-slate-200 dark:divide-slate-800">
      {keys.map((k) => (
        <KeyRow key={k.finId} sealed={k} />
      ))}
    </ul>
  );
}
