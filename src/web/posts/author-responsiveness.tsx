import { useProfile } from "../api/get-profile.ts";
import { ResponsivenessLine } from "../ui/responsiveness-line.tsx";

/**
 * A post author's responsiveness (issue 32), from their profile page's answer (cached with it):
 * nothing while it loads or when there is nothing to say.
 */
export function AuthorResponsiveness({ username }: { username: string }) {
  const profile = useProfile(username);
  return <ResponsivenessLine responsiveness={profile.data?.responsiveness} />;
}
