// The author's tools on their post's page, one chunk loaded only for them (post-view.tsx).
export { EditPostForm } from "./edit-post-form.tsx";
export { PostOwnerActions } from "./post-owner-actions.tsx";
