import { ComingSoon } from "../ui/coming-soon.tsx";

export function ArticlePage() {
  return <ComingSoon title="Post" />;
}
