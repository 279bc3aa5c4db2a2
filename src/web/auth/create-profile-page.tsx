import { ComingSoon } from "../ui/coming-soon.tsx";

export function CreateProfilePage() {
  return <ComingSoon title="Create your profile" />;
}
