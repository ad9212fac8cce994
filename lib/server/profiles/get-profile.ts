// GET {router_url}/finapi/profiles/{profileId} – one profile, for those who may read it (its owner,
// admins, organizations it is shared with).
import type { Principal } from "@/lib/server/auth/principal";
import { findAccessibleProfile } from "./find-accessible-profile";
import { toProfileViews, type ProfileView } from "./profile-view";

export async function getProfile(profileId: string, caller: Principal): Promise<ProfileView> {
  const profile = await findAccessibleProfile(profileId, caller, "read");
  const [view] = await toProfileViews([profile]);
  if (!view) throw new Error("toProfileViews returned no view for one profile");
  return view;
}
