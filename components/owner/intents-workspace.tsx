"use client";

import { IntentForm } from "@/components/owner/intent-form";
import { IntentTable } from "@/components/owner/intent-table";
import { ProfilePicker } from "@/components/owner/profile-picker";
import { cardClass } from "@/components/ui/styles";

type Props = { mayIssue: boolean; signingBaseUrl: string; initialAssetId: string | null };

/** Publish intents for the chosen profile, and see, disable and enable those it published. */
export function IntentsWorkspace(props: Props) {
  return (
    <ProfilePicker purpose="to publish intents">
      {(profile) => (
        <>
          <section aria-labelledby="publish-intent-heading" className={cardClass}>
            <h2 id="publish-intent-heading" className="text-lg font-medium">Publish an intent</h2>
            <IntentForm key={profile.id} profile={profile} {...props} />
          </section>
          <section aria-labelledby="own-intents-heading" className={cardClass}>
            <h2 id="own-intents-heading" className="text-lg font-medium">Your intents</h2>
            <div className="mt-3">
              <IntentTable profileId={profile.id} />
            </div>
          </section>
        </>
      )}
    </ProfilePicker>
  );
}
