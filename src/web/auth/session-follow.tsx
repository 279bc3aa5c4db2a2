import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { LOCAL_USER_KEY } from "../../shared/constants.ts";
import type { MeResponse } from "../../shared/identity.ts";
import { sessionQueryKey } from "../api/query-keys.ts";
import { notify } from "../ui/notify.tsx";
import { useSession } from "./use-session.ts";

const CHANNEL = "ylt:session";

/** Pages that only a signed-in account can use: a tab signed out elsewhere leaves them for home. */
const MEMBER_PAGES = ["/feed", "/settings", "/moderation", "/createYourUser"];

type Account = string | null;

/**
 * Every tab follows the session (issue 20), in a chunk loaded after the first screen. A tab says
 * which account it shows whenever that changes (BroadcastChannel; the `storage` event on SPEC's
 * 'user' key as well), and a tab that shows another asks the server again. When the account under
 * a tab changes: to another, it says so (the screens start again: use-account-generation.ts); to
 * signed out, a members-only page goes home. The former account's cached reads are gone either way
 * (use-session.ts). Sign-in and sign-out in this tab go their own ways, and are told the same way.
 */
export function SessionFollow() {
  const queryClient = useQueryClient();
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const account: Account | undefined = session.data ? (session.data.user?.id ?? null) : undefined;

  const channel = useRef<BroadcastChannel | null>(null);
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    const shown = () => queryClient.getQueryData<MeResponse>(sessionQueryKey)?.user?.id ?? null;
    const onStorage = (event: StorageEvent) => {
      if (event.key === LOCAL_USER_KEY || event.key === null) refresh();
    };
    window.addEventListener("storage", onStorage);
    if (typeof BroadcastChannel === "function") {
      channel.current = new BroadcastChannel(CHANNEL);
      channel.current.onmessage = ({ data }: MessageEvent<{ account?: Account }>) => {
        if (data?.account !== shown()) refresh();
      };
    }
    return () => {
      window.removeEventListener("storage", onStorage);
      channel.current?.close();
      channel.current = null;
    };
  }, [queryClient]);

  const previous = useRef<Account | undefined>(undefined);
  const here = useRef(pathname);
  here.current = pathname;
  const username = session.data?.profile?.username ?? null;
  useEffect(() => {
    if (account === undefined || account === previous.current) return;
    const before = previous.current;
    previous.current = account;
    channel.current?.postMessage({ account });
    // The first answer, or a sign-in: nothing shown belonged to another.
    if (!before) return;
    if (account === null) {
      if (MEMBER_PAGES.some((page) => here.current.startsWith(page))) {
        void navigate("/", { replace: true });
      }
    } else {
      notify(
        username
          ? `You are now signed in as ${username} (changed in another tab).`
          : "You are now signed in with another account (changed in another tab).",
        "info",
      );
    }
  }, [account, username, navigate]);

  return null;
}
