import { createBrowserRouter, Outlet } from "react-router";
import { RequireSignIn } from "./auth/require-sign-in.tsx";
import { HomePage } from "./home/home-page.tsx";
import { PaymentResultPage } from "./payment/payment-result-page.tsx";
import { Layout } from "./ui/layout.tsx";
import { NotFoundPage } from "./ui/not-found-page.tsx";

/** Routes of SPEC §2; each screen beyond the landing page is its own chunk. */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { path: "/", element: <HomePage /> },
      { path: "/success", element: <PaymentResultPage outcome="success" /> },
      { path: "/error", element: <PaymentResultPage outcome="error" /> },
      {
        path: "/login",
        lazy: () => import("./auth/login-page.tsx").then((m) => ({ Component: m.LoginPage })),
      },
      {
        path: "/register",
        lazy: () => import("./auth/register-page.tsx").then((m) => ({ Component: m.RegisterPage })),
      },
      {
        path: "/createYourUser",
        lazy: () =>
          import("./auth/create-profile-page.tsx").then((m) => ({
            Component: m.CreateProfilePage,
          })),
      },
      {
        element: (
          <RequireSignIn>
            <Outlet />
          </RequireSignIn>
        ),
        children: [
          {
            path: "/feed",
            lazy: () => import("./feed/feed-page.tsx").then((m) => ({ Component: m.FeedPage })),
          },
        ],
      },
      {
        path: "/articles/:article_id",
        lazy: () => import("./posts/article-page.tsx").then((m) => ({ Component: m.ArticlePage })),
      },
      {
        path: "/user/:username",
        lazy: () =>
          import("./profiles/profile-page.tsx").then((m) => ({ Component: m.ProfilePage })),
      },
      {
        path: "/userProfile",
        lazy: () =>
          import("./profiles/profile-page.tsx").then((m) => ({ Component: m.ProfilePage })),
      },
      {
        path: "/chatapp",
        lazy: () => import("./chat/chat-page.tsx").then((m) => ({ Component: m.ChatPage })),
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
]);
