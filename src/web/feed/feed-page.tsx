import { ComingSoon } from "../ui/coming-soon.tsx";

export function FeedPage() {
  return <ComingSoon title="Most recent posts" />;
}
