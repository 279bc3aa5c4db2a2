import { ComingSoon } from "../ui/coming-soon.tsx";

export function LoginPage() {
  return <ComingSoon title="Login" />;
}
