"use client";

import { useBrowserKey } from "@/components/keys/browser-key-context";
import { CreateKeyForm } from "@/components/keys/create-key-form";
import { ImportKeyForm } from "@/components/keys/import-key-form";
import { KeyList } from "@/components/keys/key-list";
import { ProblemMessage } from "@/components/ui/problem-message";
import { cardClass, mutedTextClass } from "@/components/ui/styles";

/** Everything about the browser key: its list, unlock, backup export and import, and creation. */
export function KeyPanel() {
  const { keys, keysError } = useBrowserKey();
  return (
    <section aria-labelledby="keys-heading" className={cardClass}>
      <h2 id="keys-heading" className="text-lg font-medium">
        Your browser key
      </h2>
      <p className={`mt-1 ${mutedTextClass}`}>Your signing key never leaves this browser. Only its public part, the finId, is sent.</p>
      {keysError ? (
        <ProblemMessage
          summary="This browser's key storage could not be read, so no key can be used here. A private window or blocked site data can cause this: allow this site to store data, then reload the page."
          error={keysError}
        />
      ) : null}
      {keys === undefined && !keysError ? <p className={`mt-3 ${mutedTextClass}`} role="status">Loading your keys…</p> : null}
      {keys?.length === 0 ? <p className={`mt-3 ${mutedTextClass}`}>There is no key in this browser yet. Create one, or import a backup.</p> : null}
      {keys && keys.length > 0 ? <KeyList keys={keys} /> : null}
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        <CreateKeyForm />
        <ImportKeyForm />
      </div>
    </section>
  );
}
