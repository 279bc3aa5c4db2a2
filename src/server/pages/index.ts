/** What app.ts uses of the site's own pages (About, Community guidelines; issue 34). */
export { pagesRoutes } from "./pages-routes.ts";
