"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";

import { useBrowserKey } from "@/components/keys/browser-key-context";
import { ProblemMessage } from "@/components/ui/problem-message";
import { StatusMessage } from "@/components/ui/status-message";
import { primaryButtonClass } from "@/components/ui/styles";
import { apiCall } from "@/lib/client/api-client";
import { refusalReason } from "@/lib/client/problem-words";
import { queryKeys } from "@/lib/client/queries";
import { finIdFingerprint } from "@/lib/domain/fin-id-fingerprint";
import { profileProofHash } from "@/lib/domain/signature-template";
import { createOwnerProfileResponseSchema, type CreateOwnerProfileRequest } from "@/lib/schemas/profile";

/** Creates (or finds) the profile of the unlocked key: the request carries the public key and a proof signature. */
export function CreateProfileButton() {
  const { unlockedFinId, sign } = useBrowserKey();
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: async (finId: string) => {
      const body: CreateOwnerProfileRequest = { publicKey: finId, signature: sign(profileProofHash(finId)) };
      return apiCall("/api/router/finapi/profiles/owner", createOwnerProfileResponseSchema, { method: "POST", body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.profiles }),
  });

  if (unlockedFinId === null) {
    return <p className="text-sm text-muted">Unlock or create a key above to create a profile with it.</p>;
  }
  const fingerprint = finIdFingerprint(unlockedFinId);
  return (
    <div>
      <button type="button" className={primaryButtonClass} disabled={create.isPending} onClick={() => create.mutate(unlockedFinId)}>
        {create.isPending ? "Creating profile…" : `Create a profile with key ${fingerprint}`}
      </button>
      {create.isError ? <ProblemMessage summary={`The profile was not created: ${refusalReason(create.error)}`} error={create.error} /> : null}
      {create.isSuccess ? <StatusMessage tone="success">Profile {create.data.response.id} is ready.</StatusMessage> : null}
    </div>
  );
}
