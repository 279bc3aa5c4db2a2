import { usePrefetchInfiniteQuery, usePrefetchQuery } from "@tanstack/react-query";
import { type ComponentType, lazy, type ReactElement, Suspense, use } from "react";
import { matchPath, Route, Routes, useParams } from "react-router";
import { VerifyEmailNotice } from "./accounts/index.ts";
import { profileQueryOptions } from "./api/get-profile.ts";
import { RequireSignIn, TopBar, useAccountGeneration, useSession } from "./auth/index.ts";
import { postsQueryOptions } from "./feed/api/get-posts.ts";
import { HomePage } from "./home/home-page.tsx";
import { PaymentResultPage } from "./payment/payment-result-page.tsx";
import { PwaNoticesSlot } from "./pwa/index.ts";
import { SearchForm } from "./search/index.ts";
import { Layout } from "./ui/layout.tsx";
import { NotFoundPage } from "./ui/not-found-page.tsx";

/**
 * A screen in its own chunk, loaded when first shown (Layout's Suspense shows 'Loading...'), or
 * earlier through `preload()`. Unlike React.lazy, a screen whose chunk is already here draws at
 * once: React holds content that replaces a shown fallback for up to 300 ms, which made every
 * screen's largest paint wait (bench/lighthouse.ts).
 */
function page<K extends string>(load: () => Promise<Record<NoInfer<K>, ComponentType>>, name: K) {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () => {
    loading ??= load().then((module) => {
      loaded = module[name];
      return loaded;
    });
    return loading;
  };
  function Screen() {
    const Loaded = loaded ?? use(preload());
    return <Loaded />;
  }
  return Object.assign(Screen, { preload });
}

type Page = ReturnType<typeof page>;

const LoginPage = page(() => import("./auth/login-page.tsx"), "LoginPage");
const RegisterPage = page(() => import("./auth/register-page.tsx"), "RegisterPage");
const CreateProfilePage = page(
  () => import("./profiles/create-profile-page.tsx"),
  "CreateProfilePage",
);
const FeedPage = page(() => import("./feed/feed-page.tsx"), "FeedPage");
const PostPage = page(() => import("./posts/post-page.tsx"), "PostPage");
const ProfilePage = page(() => import("./profiles/profile-page.tsx"), "ProfilePage");
const ChatPage = page(() => import("./chat/chat-page.tsx"), "ChatPage");
const MessagesPage = page(() => import("./messages/messages-page.tsx"), "MessagesPage");
const ForgotPasswordPage = page(
  () => import("./accounts/forgot-password-page.tsx"),
  "ForgotPasswordPage",
);
const ResetPasswordPage = page(
  () => import("./accounts/reset-password-page.tsx"),
  "ResetPasswordPage",
);
const VerifyEmailPage = page(() => import("./accounts/verify-email-page.tsx"), "VerifyEmailPage");
const SettingsPage = page(() => import("./accounts/settings-page.tsx"), "SettingsPage");
const ModerationPage = page(() => import("./moderation/moderation-page.tsx"), "ModerationPage");
const SkillsPage = page(() => import("./skills/skills-page.tsx"), "SkillsPage");
const SearchPage = page(() => import("./search/search-page.tsx"), "SearchPage");
const BrowsePage = page(() => import("./feed/browse-page.tsx"), "BrowsePage");
const PostLinkPage = page(() => import("./notifications/post-link-page.tsx"), "PostLinkPage");
const UnsubscribePage = page(
  () => import("./notifications/unsubscribe-page.tsx"),
  "UnsubscribePage",
);
const AboutPage = page(() => import("./site-pages/site-page.tsx"), "AboutPage");
const GuidelinesPage = page(() => import("./site-pages/site-page.tsx"), "GuidelinesPage");
const NotificationsPage = page(
  () => import("./notifications/notifications-page.tsx"),
  "NotificationsPage",
);

/**
 * The code-split screens of SPEC §2 by address: AppRoutes shows them (through `element` when the
 * route does more than show the screen), preloadScreen loads the first one early.
 */
const SCREENS: { path: string; screen: Page; element?: ReactElement }[] = [
  { path: "/login", screen: LoginPage },
  { path: "/register", screen: RegisterPage },
  { path: "/createYourUser", screen: CreateProfilePage },
  { path: "/feed", screen: FeedPage, element: <FeedRoute /> },
  { path: "/articles/:article_id", screen: PostPage },
  { path: "/user/:username", screen: ProfilePage, element: <UserRoute /> },
  { path: "/userProfile", screen: ProfilePage },
  { path: "/chatapp", screen: ChatPage },
  // Issue 34: a member's inbox, behind "Messages" (the room stays behind "Chat").
  {
    path: "/messages",
    screen: MessagesPage,
    element: (
      <RequireSignIn>
        <MessagesPage />
      </RequireSignIn>
    ),
  },
  // Issue 15: accounts.
  { path: "/forgot-password", screen: ForgotPasswordPage },
  { path: "/reset-password", screen: ResetPasswordPage },
  { path: "/verify-email", screen: VerifyEmailPage },
  { path: "/settings", screen: SettingsPage },
  // Issue 16: moderators only (anyone else sees the not-found page).
  { path: "/moderation", screen: ModerationPage },
  { path: "/moderation/skills", screen: SkillsPage },
  // Issue 18: search, public.
  { path: "/search", screen: SearchPage },
  // Issue 33: the posts near a town, for anyone (SPEC's /feed stays for members).
  { path: "/browse", screen: BrowsePage },
  // Issue 30: a member's notifications.
  { path: "/notifications", screen: NotificationsPage },
  { path: "/unsubscribe", screen: UnsubscribePage },
  // Issue 32: a "Still offering …?" mail's one-click links, without signing in.
  { path: "/post-link", screen: PostLinkPage },
  { path: "/about", screen: AboutPage },
  { path: "/guidelines", screen: GuidelinesPage },
];

/** Every tab follows the session (issue 20): loaded after the first screen, on every page. */
const SessionFollow = lazy(() =>
  import("./auth/session-follow.tsx").then(({ SessionFollow }) => ({ default: SessionFollow })),
);

const MemberLive = lazy(() =>
  import("./member-live.tsx").then(({ MemberLive }) => ({ default: MemberLive })),
);
const MemberLinks = lazy(() =>
  import("./member-live.tsx").then(({ MemberLinks }) => ({ default: MemberLinks })),
);
const MemberMenuLinks = lazy(() =>
  import("./member-live.tsx").then(({ MemberMenuLinks }) => ({ default: MemberMenuLinks })),
);

/**
 * What only members see or run (member-live.tsx): loaded once someone is signed in, never before.
 * `placeholder` holds the place of what a member with a profile will see while its chunk loads, so
 * the page below does not move when it comes (Lighthouse's layout shift on /feed).
 */
function ForMembers({
  children,
  placeholder = null,
}: {
  children: ReactElement;
  placeholder?: ReactElement | null;
}) {
  const session = useSession();
  if (!session.data?.user) return null;
  return <Suspense fallback={session.data.profile ? placeholder : null}>{children}</Suspense>;
}

/** The top bar's Messages link as it will be drawn, unseen, while member-live.tsx loads. */
const MESSAGES_LINK_PLACE = (
  <span
    className="button button-ghost top-bar-messages"
    aria-hidden="true"
    style={{ visibility: "hidden" }}
  >
    <span className="messages-label">Messages</span>
  </span>
);

/** Loads the chunk of the screen at `pathname` (the server preloads it with the page); none → done. */
export async function preloadScreen(pathname: string): Promise<void> {
  await SCREENS.find(({ path }) => matchPath(path, pathname))?.screen.preload();
}

/**
 * /feed: its chunk and its first page of posts (a public read) load while the guard waits for the
 * session, not one after the other.
 */
function FeedRoute() {
  void FeedPage.preload();
  usePrefetchInfiniteQuery(postsQueryOptions);
  return (
    <RequireSignIn>
      <FeedPage />
    </RequireSignIn>
  );
}

/** /user/:username: the profile loads alongside the page's chunk. */
function UserRoute() {
  const { username = "" } = useParams();
  usePrefetchQuery(profileQueryOptions(username));
  return <ProfilePage />;
}

/**
 * Routes of SPEC §2; each screen beyond the landing page is its own chunk. Declarative routes, not
 * createBrowserRouter: nothing uses loaders or actions, and the data router would add ~16 KB gzipped
 * to the first page's JavaScript (bench/frontend.ts). Every tab follows the session (issue 20).
 */
export function AppRoutes() {
  // A new account under this tab (switched in another tab) starts every screen afresh (issue 20).
  const generation = useAccountGeneration();
  return (
    <>
      <Routes key={generation}>
        <Route
          element={
            <Layout
              topBar={
                <>
                  <TopBar
                    search={<SearchForm name="Site" />}
                    memberLinks={
                      <ForMembers placeholder={MESSAGES_LINK_PLACE}>
                        <MemberLinks />
                      </ForMembers>
                    }
                    menuLinks={
                      <ForMembers>
                        <MemberMenuLinks />
                      </ForMembers>
                    }
                  />
                  <ForMembers>
                    <MemberLive />
                  </ForMembers>
                  <VerifyEmailNotice />
                  <PwaNoticesSlot />
                </>
              }
            />
          }
        >
          <Route path="/" element={<HomePage />} />
          <Route path="/success" element={<PaymentResultPage outcome="success" />} />
          <Route path="/error" element={<PaymentResultPage outcome="error" />} />
          {SCREENS.map(({ path, screen: Screen, element }) => (
            <Route key={path} path={path} element={element ?? <Screen />} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
      {/* After the routes: its "go home" comes after theirs. */}
      <Suspense fallback={null}>
        <SessionFollow />
      </Suspense>
    </>
  );
}
