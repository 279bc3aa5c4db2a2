import { ComingSoon } from "../ui/coming-soon.tsx";

export function ChatPage() {
  return <ComingSoon title="Chat" />;
}
