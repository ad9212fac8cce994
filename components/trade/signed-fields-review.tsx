import type { SignedGroup } from "@/lib/client/signed-fields";

/** Every field the key will sign, with its exact value and its meaning, group by group. */
export function SignedFieldsReview({ groups, hash }: { groups: readonly SignedGroup[]; hash: string }) {
  return (
    <div className="space-y-4">
      {groups.map((group, index) => (
        <section key={group.hash} aria-labelledby={`signed-group-${index}`}>
          <h3 id={`signed-group-${index}`} className="font-medium">
            {group.title}
          </h3>
          <dl className="mt-2 divide-y divide-slate-200 text-sm dark:divide-slate-800">
            {group.fields.map((field) => (
              <div key={field.name} className="grid gap-1 py-2 sm:grid-cols-[10rem_1fr]">
                <dt className="font-mono text-xs">{field.name}</dt>
                <dd>
                  <span>{field.meaning}</span>
                  <span className="block break-all font-mono text-xs text-muted">{field.value}</span>
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      <p className="text-sm">
        Your key signs the hash of exactly these fields: <span className="break-all font-mono text-xs">{hash}</span>. The signature travels; your
        private key stays in this browser.
      </p>
    </div>
  );
}
