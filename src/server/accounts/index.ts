/** What the app uses of accounts: its routes and the sign-up hook that queues the verification mail. */
export { accountsRoutes } from "./accounts-routes.ts";
export { verifyAfterSignUp } from "./verify-after-sign-up.ts";
