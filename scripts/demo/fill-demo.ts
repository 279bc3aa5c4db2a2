import { and, count, eq, inArray, like, type SQL, sql } from "drizzle-orm";
import { markEmailVerified } from "../../src/server/auth/account-row-changes.ts";
import { hashPassword } from "../../src/server/auth/password-hashing.ts";
import { insertPasswordUser, revokeAllAccess } from "../../src/server/auth/users-repository.ts";
import { avatarPath } from "../../src/server/avatars/index.ts";
import { insertMessage } from "../../src/server/chat/messages-repository.ts";
import type { Database, Db } from "../../src/server/db/database.ts";
import * as schema from "../../src/server/db/schema.ts";
import { markRead } from "../../src/server/direct-messages/conversation-state-repository.ts";
import { sendDirectMessage } from "../../src/server/direct-messages/send-direct-message.ts";
import { DEFAULT_WRITE_LIMITS } from "../../src/server/limits/write-limit-rules.ts";
import type { ProcessedPhoto } from "../../src/server/photos/photo-processing.ts";
import { replacePhoto } from "../../src/server/photos/photos-repository.ts";
import { chosenArea } from "../../src/server/places/index.ts";
import { announcePostChange } from "../../src/server/posts/index.ts";
import { setPostFilled, updatePost } from "../../src/server/posts/post-owner-repository.ts";
import { insertPost } from "../../src/server/posts/posts-repository.ts";
import { createProfile, updateProfile } from "../../src/server/profiles/profiles-repository.ts";
import { changedService, NO_SERVICE } from "../../src/server/profiles/service-changes.ts";
import { putReply } from "../../src/server/reviews/review-owner-repository.ts";
import { insertReview } from "../../src/server/reviews/reviews-repository.ts";
import { photoPath } from "../../src/shared/photos.ts";
import { POST_EXPIRY_DEFAULT_DAYS } from "../../src/shared/posts.ts";
import {
  CHAT,
  DEMO_EMAIL_DOMAIN,
  DEMO_PASSWORD,
  DEMO_SKILL,
  type DemoMember,
  DIRECT_MESSAGES,
  demoEmail,
  MEMBERS,
  MODERATOR_MEMBER,
  PLACES,
  POSTS,
  REVIEWS,
  SIGN_IN_MEMBERS,
} from "./community.ts";
import { demoPhoto } from "./demo-photos.ts";
import { DEMO_SERVICES } from "./demo-services.ts";

const { users, profiles, posts, reviews, reviewReplies, messages, conversations, directMessages } =
  schema;

export type SignIn = { username: string; email: string; password: string };

export type DemoCounts = {
  members: number;
  posts: number;
  reviews: number;
  replies: number;
  photos: number;
  chatMessages: number;
  directMessages: number;
};

export type DemoOutcome =
  | {
      kind: "filled";
      signIns: SignIn[];
      /** A member who moderates once the server's ADMIN_EMAILS names their (verified) address. */
      moderator: SignIn;
      counts: DemoCounts;
      /** Demo accounts of an earlier run removed first (--force); 0 on an empty database. */
      replaced: number;
    }
  | { kind: "refused"; message: string };

/** `days` before now, as SQL (the database's clock, which every other time in it uses). */
const daysAgo = (days: number) => sql`now() - make_interval(secs => ${days * 86_400})`;

/** Every account of an earlier demo: its email is at the demo's own domain. */
const isDemoEmail = like(users.email, `%@${DEMO_EMAIL_DOMAIN}`);
const notDemo = (): SQL =>
  sql`(${users.email} is null or ${users.email} not like ${`%@${DEMO_EMAIL_DOMAIN}`})`;

/**
 * Why the demo must not run on this database, or null. An empty database is filled; one with
 * members is left alone unless `force`, and then only the demo's own accounts are replaced: a
 * demo username that a real member has taken stops it too.
 */
async function refusal(db: Db, force: boolean): Promise<string | null> {
  const [all] = await db.select({ n: count() }).from(users);
  const [demo] = await db.select({ n: count() }).from(users).where(isDemoEmail);
  const members = all?.n ?? 0;
  const demoMembers = demo?.n ?? 0;
  if (members === 0) return null;
  if (!force) {
    const others = members - demoMembers;
    const who =
      others === 0
        ? `the ${demoMembers} members of an earlier demo`
        : `${others} member${others === 1 ? "" : "s"} of its own${demoMembers > 0 ? ` and ${demoMembers} from an earlier demo` : ""}`;
    return `This database already has ${who}: the demo fills only an empty one, and nothing was changed. Run \`npm run demo -- --force\` to replace the demo's own members (the others and what they wrote stay), or point DATA_DIR or DATABASE_URL at another database.`;
  }
  const usernames = MEMBERS.map((member) => member.username);
  const taken = await db
    .select({ username: profiles.username })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(inArray(profiles.username, usernames), notDemo()));
  if (taken.length === 0) return null;
  const names = taken.map((row) => row.username).join(", ");
  return `Members who are not the demo's have the demo's username${taken.length === 1 ? "" : "s"} ${names}: nothing was changed.`;
}

/** Removes the accounts of an earlier demo and everything they wrote (the tables cascade). */
async function removeEarlierDemo(tx: Db): Promise<number> {
  const earlier = await tx.select({ id: users.id }).from(users).where(isDemoEmail);
  // Their sessions end everywhere, as when a member deletes their account.
  for (const { id } of earlier) await revokeAllAccess(tx, id);
  if (earlier.length > 0) {
    await tx.delete(users).where(
      inArray(
        users.id,
        earlier.map((row) => row.id),
      ),
    );
    await announcePostChange(tx, "feed");
  }
  return earlier.length;
}

type Created = { userId: string; profileId: string; username: string; imgUrl: string };

/** One member: a verified account with the demo password, a profile with its area, a photo. */
async function createMember(
  tx: Db,
  member: DemoMember,
  passwordHash: string,
  photo: ProcessedPhoto | undefined,
): Promise<Created> {
  const email = demoEmail(member.username);
  const account = await insertPasswordUser(tx, { email, passwordHash });
  if (!account.ok) throw new Error(`the demo's email ${email} is taken`);
  const userId = account.value.id;
  await markEmailVerified(tx, userId, email);
  const created = await createProfile(tx, {
    userId,
    username: member.username,
    email,
    imgUrl: avatarPath(member.username),
    skills: member.skills,
    interests: member.interests,
  });
  if (!created.ok) throw new Error(`the demo's username ${member.username}: ${created.reason}`);
  const profile = await updateProfile(tx, created.value.id, {
    bio: member.bio,
    skills: member.skills,
    interests: member.interests,
    showEmail: member.showEmail,
    noindex: false,
    ...chosenArea(member.areaId),
    ...changedService(DEMO_SERVICES[member.username], NO_SERVICE),
  });
  const imgUrl = photo
    ? await replacePhoto(tx, profile.id, photo, (id) => photoPath(id, "large"))
    : (profile.imgUrl ?? avatarPath(member.username));
  const joined = daysAgo(member.joinedDaysAgo);
  await tx.update(users).set({ createdAt: joined }).where(eq(users.id, userId));
  await tx.update(profiles).set({ createdAt: joined }).where(eq(profiles.id, profile.id));
  return { userId, profileId: profile.id, username: member.username, imgUrl };
}

function memberNamed(members: Map<string, Created>, username: string): Created {
  const member = members.get(username);
  if (!member) throw new Error(`the demo has no member ${username}`);
  return member;
}

async function writePosts(tx: Db, members: Map<string, Created>): Promise<void> {
  for (const post of POSTS) {
    const author = memberNamed(members, post.author);
    const authorRef = { id: author.profileId, username: author.username };
    const memberArea = MEMBERS.find((m) => m.username === post.author)?.areaId;
    const areaId = post.areaId ?? memberArea ?? null;
    const row = await insertPost(tx, authorRef, {
      title: post.title,
      topic: post.topic,
      body: post.body,
      kind: post.kind,
      // Set below, from when the demo says it was posted.
      expiresAt: new Date(),
      ...chosenArea(areaId),
    });
    if (post.edit) await updatePost(tx, authorRef, row.id, { body: post.edit.body });
    if (post.filledDaysAgo !== undefined) await setPostFilled(tx, authorRef, row.id, true);
    await tx
      .update(posts)
      .set({
        createdAt: daysAgo(post.daysAgo),
        expiresAt: daysAgo(post.daysAgo - (post.expiryDays ?? POST_EXPIRY_DEFAULT_DAYS)),
        ...(post.edit ? { editedAt: daysAgo(post.edit.daysAgo) } : {}),
        ...(post.filledDaysAgo !== undefined ? { filledAt: daysAgo(post.filledDaysAgo) } : {}),
      })
      .where(eq(posts.id, row.id));
  }
}

async function writeReviews(tx: Db, members: Map<string, Created>): Promise<void> {
  for (const review of REVIEWS) {
    const author = memberNamed(members, review.author);
    const written = await insertReview(tx, {
      author: {
        id: author.profileId,
        userId: author.userId,
        username: author.username,
        imgUrl: author.imgUrl,
      },
      subjectUsername: review.subject,
      title: review.title,
      body: review.body,
      rating: review.rating,
      heldUntil: null,
    });
    if (!written.ok) throw new Error(`demo review by ${review.author}: ${written.reason}`);
    const id = written.value.id;
    await tx
      .update(reviews)
      .set({ createdAt: daysAgo(review.daysAgo) })
      .where(eq(reviews.id, id));
    if (review.reply) {
      const subject = memberNamed(members, review.subject);
      const about = { id, authorUserId: author.userId, subjectUserId: subject.userId };
      await putReply(tx, about, review.reply.body);
      await tx
        .update(reviewReplies)
        .set({ createdAt: daysAgo(review.reply.daysAgo) })
        .where(eq(reviewReplies.reviewId, id));
    }
  }
}

async function writeChat(tx: Db, members: Map<string, Created>, run: string): Promise<void> {
  for (const [index, line] of CHAT.entries()) {
    const author = memberNamed(members, line.author);
    const { message } = await insertMessage(tx, {
      userId: author.userId,
      userName: author.username,
      userPhotoUrl: author.imgUrl,
      text: line.text,
      clientId: `demo-${run}-${index}`,
    });
    await tx
      .update(messages)
      .set({ createdAt: daysAgo(line.daysAgo) })
      .where(eq(messages.id, message.id));
  }
}

async function writeDirectMessages(
  tx: Db,
  members: Map<string, Created>,
  run: string,
): Promise<void> {
  for (const [index, line] of DIRECT_MESSAGES.entries()) {
    const senderId = memberNamed(members, line.from).userId;
    const recipientId = memberNamed(members, line.to).userId;
    const outcome = await sendDirectMessage(tx, DEFAULT_WRITE_LIMITS, {
      senderId,
      recipientId,
      text: line.text,
      clientId: `demo-${run}-${index}`,
    });
    if (outcome.kind !== "sent") throw new Error(`demo direct message: ${outcome.kind}`);
    // Whoever writes has read what came before: only the last message waits to be read.
    await markRead(tx, senderId, recipientId, outcome.message.id);
    await tx
      .update(directMessages)
      .set({ createdAt: daysAgo(line.daysAgo) })
      .where(eq(directMessages.id, outcome.message.id));
  }
  // A conversation started when its first message was written (responsiveness counts from it).
  await tx.execute(sql`
    update ${conversations} c set created_at = first.at
    from (select conversation_id, min(created_at) as at from ${directMessages} group by 1) first
    where first.conversation_id = c.id and first.at < c.created_at`);
}

/**
 * Fills `database` with the demo community (scripts/demo/community.ts) through the app's own
 * repositories, in one transaction: all of it or nothing. Refuses a database that has members,
 * unless `force`: then the accounts of an earlier demo (emails at DEMO_EMAIL_DOMAIN) are removed
 * with everything they wrote and made again, and every other member stays as they were.
 */
/**
 * DEMO_SKILL on the skill list, last, unless a moderator (or an earlier run) put it there: before
 * the members who list it and the post whose topic names it (the database matches topics).
 */
async function addDemoSkill(tx: Db): Promise<void> {
  const { skills } = schema;
  await tx
    .insert(skills)
    .values({
      name: DEMO_SKILL.name,
      synonyms: DEMO_SKILL.synonyms,
      position: sql`(select coalesce(max(${skills.position}), 0) + 1 from ${skills})`,
    })
    .onConflictDoNothing();
}

export async function fillDemo(
  database: Database,
  { force = false }: { force?: boolean } = {},
): Promise<DemoOutcome> {
  const { db } = database;
  const refused = await refusal(db, force);
  if (refused) return { kind: "refused", message: refused };

  // The slow parts before the transaction: one password hash (argon2id, as sign-up makes it) and
  // the photos, drawn and processed as uploads are.
  const slowParts = Promise.all([
    hashPassword(DEMO_PASSWORD),
    ...MEMBERS.map((member) =>
      member.photo ? demoPhoto(member.username, member.photo) : Promise.resolve(undefined),
    ),
  ]);
  // Meanwhile (those run on other threads) the gazetteer loads, on its first lookup.
  chosenArea(PLACES.cambridge);
  const [passwordHash, ...photos] = await slowParts;
  if (!passwordHash) throw new Error("no password hash");
  const run = Date.now().toString(36);

  const replaced = await db
    .transaction(async (tx) => {
      // Two runs at once: the second waits here, then finds the first one's members.
      await tx.execute(sql`select pg_advisory_xact_lock(7412305300)`);
      const late = await refusal(tx, force);
      if (late) throw new DemoRefused(late);
      const removed = force ? await removeEarlierDemo(tx) : 0;
      await addDemoSkill(tx);
      const members = new Map<string, Created>();
      for (const [index, member] of MEMBERS.entries()) {
        members.set(member.username, await createMember(tx, member, passwordHash, photos[index]));
      }
      await writePosts(tx, members);
      // Conversations before reviews: a review after one is contact-backed (issue 32).
      await writeDirectMessages(tx, members, run);
      await writeReviews(tx, members);
      await writeChat(tx, members, run);
      return removed;
    })
    .catch((error: unknown) => {
      if (error instanceof DemoRefused) return error;
      throw error;
    });
  if (replaced instanceof DemoRefused) return { kind: "refused", message: replaced.message };

  return {
    kind: "filled",
    replaced,
    signIns: SIGN_IN_MEMBERS.map((username) => ({
      username,
      email: demoEmail(username),
      password: DEMO_PASSWORD,
    })),
    moderator: {
      username: MODERATOR_MEMBER,
      email: demoEmail(MODERATOR_MEMBER),
      password: DEMO_PASSWORD,
    },
    counts: {
      members: MEMBERS.length,
      posts: POSTS.length,
      reviews: REVIEWS.length,
      replies: REVIEWS.filter((review) => review.reply).length,
      photos: MEMBERS.filter((member) => member.photo).length,
      chatMessages: CHAT.length,
      directMessages: DIRECT_MESSAGES.length,
    },
  };
}

class DemoRefused extends Error {}
