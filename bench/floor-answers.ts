/**
 * The app's JSON for the floor's rows (floor-routes.ts), written out as the app's presenters
 * write it (post-presenter.ts, review-presenter.ts); a profile and an area go through the app's own
 * presentProfile and presentArea (pure functions of the row and the shared policies).
 */
import { presentArea } from "../src/server/places/index.ts";
import { presentProfile as presentVisibleProfile } from "../src/server/profiles/profile-presenter.ts";
import type { ProfileWithOwner } from "../src/server/profiles/profiles-repository.ts";
import { encodeReviewCursor } from "../src/server/reviews/review-cursor.ts";
import type { PolicyActor } from "../src/shared/policies.ts";
import { averageRating } from "../src/shared/reviews.ts";
import { rateFromStored, type StoredRate } from "../src/shared/service-details.ts";
import type { Responsiveness } from "../src/shared/trust.ts";
import type { Row } from "./floor-db.ts";

const areaOf = (row: Row) => presentArea(row as Parameters<typeof presentArea>[0]);

/** A post row as the app's presenter answers it (post-presenter.ts). */
export function presentPost(row: Row) {
  const photo = row.authorImgUrl;
  const username = row.username as string;
  return {
    id: Number(row.id),
    title: row.title,
    topic: row.topic,
    body: row.body,
    username,
    created_at: row.createdAt,
    type: row.kind,
    area: areaOf(row),
    ...(row.editedAt ? { edited_at: row.editedAt } : {}),
    ...(row.filledAt ? { filled_at: row.filledAt } : {}),
    expires_at: row.expiresAt,
    ...(row.expired ? { expired: true } : {}),
    ...(photo && photo !== `/api/avatars/${encodeURIComponent(username)}.svg`
      ? { author_img_url: photo }
      : {}),
    ...(row.authorRate ? { author_rate: rateFromStored(row.authorRate as StoredRate) } : {}),
  };
}

/** The session's account and profile, as the viewer query reads them; null: signed out. */
export type Viewer = { identity: Row; profile: Row | null } | null;

/** The profile page's answer (profile-presenter.ts presentProfileDetail), never hidden nor blocked. */
export function presentProfile(
  found: Row,
  row: Row,
  viewer: Viewer,
  responsiveness: Responsiveness | null,
) {
  const owner = { ...found, emailVerified: row.emailVerified } as ProfileWithOwner;
  const count = Number(row.count ?? 0);
  return {
    ...presentVisibleProfile(owner, (viewer?.profile ?? null) as PolicyActor),
    review_count: count,
    contact_backed_count: Number(row.contactBacked ?? 0),
    average_rating: averageRating(Number(row.sum ?? 0), count),
    responsiveness,
    ...(row.blocked ? { blocked: true } : {}),
  };
}

const iso = (value: unknown) =>
  (value instanceof Date ? value : new Date(value as string)).toISOString();

/** A review row's reply as the app answers it (review-presenter.ts), or null. */
function presentReply(reply: Row | null) {
  if (!reply || reply.body === null || reply.createdAt === null) return null;
  return {
    body: reply.body,
    created_at: iso(reply.createdAt),
    ...(reply.editedAt ? { edited_at: iso(reply.editedAt) } : {}),
    ...(reply.hiddenAt !== null ? { hidden: true } : {}),
  };
}

/** A page of the reviews query's rows as the app answers it; null: no such (visible) member. */
export function presentReviews(rows: Row[], limit: number) {
  const subject = rows[0]?.subject as Row | undefined;
  if (!subject || subject.hidden) return null;
  const page = rows.slice(0, limit);
  const last = page.at(-1)?.review as Row | undefined;
  const reviews = page.flatMap(({ review, reply }) => {
    const r = review as Row;
    if (r.id === null || r.authorUsername === null || r.createdAt === null) return [];
    return [
      {
        id: Number(r.id),
        username: r.authorUsername,
        created_about: subject.username,
        title: r.title,
        body: r.body,
        rating: r.rating,
        created_at: iso(r.createdAt),
        ...(r.hiddenAt !== null ? { hidden: true } : {}),
        author_img_url: r.authorImgUrl,
        ...(r.editedAt ? { edited_at: iso(r.editedAt) } : {}),
        reply: presentReply(reply as Row | null),
        contact_backed: r.contactBacked === true,
        ...(r.visibleFrom && new Date(iso(r.visibleFrom)) > new Date()
          ? { visible_from: iso(r.visibleFrom) }
          : {}),
      },
    ];
  });
  const nextCursor =
    rows.length > limit && last?.position && last.id !== null
      ? encodeReviewCursor({
          contactBacked: last.contactBacked === true,
          createdAt: last.position as string,
          id: Number(last.id),
        })
      : null;
  return { reviews, nextCursor };
}
