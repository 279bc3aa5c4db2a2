import { useGoogleOffered } from "./api/providers.ts";
import { GoogleButton } from "./google-button.tsx";

/** "or", then the Google button: on the sign-in pages, only when the server offers Google. */
export function GoogleOption(props: Parameters<typeof GoogleButton>[0]) {
  if (!useGoogleOffered()) return null;
  return (
    <>
      <p className="auth-divider">
        <span>or</span>
      </p>
      <GoogleButton {...props} />
    </>
  );
}
