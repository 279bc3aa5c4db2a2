import { useQueryClient } from "@tanstack/react-query";
import { isApiError } from "../api/client.ts";
import { sessionQueryKey } from "../api/query-keys.ts";
import { MutationButton } from "../ui/mutation-button.tsx";
import { VERIFICATION_SENT_TEXT } from "./account-texts.ts";
import { useResendVerification } from "./api/resend-verification.ts";

/** Sends the signed-in account a new verification link, and says so (or why not) in a notice. */
export function ResendVerificationButton({ label = "Resend" }: { label?: string }) {
  const queryClient = useQueryClient();
  const resend = useResendVerification();
  return (
    <MutationButton
      mutation={resend}
      successText={VERIFICATION_SENT_TEXT}
      onFailure={(error) => {
        // Verified meanwhile (in another tab, say): the session will say so.
        if (isApiError(error, "already-verified")) {
          void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        }
      }}
    >
      {label}
    </MutationButton>
  );
}
