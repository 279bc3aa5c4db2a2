import { ComingSoon } from "../ui/coming-soon.tsx";

export function RegisterPage() {
  return <ComingSoon title="Register" />;
}
