import { ComingSoon } from "../ui/coming-soon.tsx";

export function ProfilePage() {
  return <ComingSoon title="Profile" />;
}
