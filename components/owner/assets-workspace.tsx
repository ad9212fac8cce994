"use client";

import { AssetForm } from "@/components/owner/asset-form";
import { AssetList } from "@/components/owner/asset-list";
import { ProfilePicker } from "@/components/owner/profile-picker";
import { cardClass } from "@/components/ui/styles";

/** An issuer's assets: create one for the chosen profile, and list those it issued. */
export function AssetsWorkspace() {
  return (
    <ProfilePicker purpose="to issue assets">
      {(profile) => (
        <>
          <section aria-labelledby="create-asset-heading" className={cardClass}>
            <h2 id="create-asset-heading" className="text-lg font-medium">Create an asset</h2>
            <AssetForm key={profile.id} issuerId={profile.id} />
          </section>
          <section aria-labelledby="own-assets-heading" className={cardClass}>
            <h2 id="own-assets-heading" className="text-lg font-medium">Your assets</h2>
            <div className="mt-3">
              <AssetList issuerId={profile.id} />
            </div>
          </section>
        </>
      )}
    </ProfilePicker>
  );
}
