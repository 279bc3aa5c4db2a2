import { usePrefetchInfiniteQuery, usePrefetchQuery } from "@tanstack/react-query";
import { type ComponentType, type ReactElement, use } from "react";
import { matchPath, Route, Routes, useParams } from "react-router";
import { RequireSignIn } from "./auth/require-sign-in.tsx";
import { articlesQueryOptions } from "./feed/api/get-articles.ts";
import { HomePage } from "./home/home-page.tsx";
import { PaymentResultPage } from "./payment/payment-result-page.tsx";
import { profileQueryOptions } from "./profiles/api/get-profile.ts";
import { Layout } from "./ui/layout.tsx";
import { NotFoundPage } from "./ui/not-found-page.tsx";

/**
 * A screen in its own chunk, loaded when first shown (Layout's Suspense shows 'Loading...'), or
 * earlier through `preload()`. Unlike React.lazy, a screen whose chunk is already here draws at
 * once: React holds content that replaces a shown fallback for up to 300 ms, which made every
 * screen's largest paint wait (bench/lighthouse.ts).
 */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () => {
    loading ??= load().then((module) => {
      loaded = pick(module);
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

const LoginPage = page(
  () => import("./auth/login-page.tsx"),
  (m) => m.LoginPage,
);
const RegisterPage = page(
  () => import("./auth/register-page.tsx"),
  (m) => m.RegisterPage,
);
const CreateProfilePage = page(
  () => import("./auth/create-profile-page.tsx"),
  (m) => m.CreateProfilePage,
);
const FeedPage = page(
  () => import("./feed/feed-page.tsx"),
  (m) => m.FeedPage,
);
const ArticlePage = page(
  () => import("./posts/article-page.tsx"),
  (m) => m.ArticlePage,
);
const ProfilePage = page(
  () => import("./profiles/profile-page.tsx"),
  (m) => m.ProfilePage,
);
const ChatPage = page(
  () => import("./chat/chat-page.tsx"),
  (m) => m.ChatPage,
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
  { path: "/articles/:article_id", screen: ArticlePage },
  { path: "/user/:username", screen: ProfilePage, element: <UserRoute /> },
  { path: "/userProfile", screen: ProfilePage },
  { path: "/chatapp", screen: ChatPage },
];

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
  usePrefetchInfiniteQuery(articlesQueryOptions);
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
 * to the first page's JavaScript (bench/frontend.ts).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path="/" element={<HomePage />} />
        <Route path="/success" element={<PaymentResultPage outcome="success" />} />
        <Route path="/error" element={<PaymentResultPage outcome="error" />} />
        {SCREENS.map(({ path, screen: Screen, element }) => (
          <Route key={path} path={path} element={element ?? <Screen />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
