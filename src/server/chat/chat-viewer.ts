import type { FastifyRequest } from "fastify";
import { getViewer } from "../auth/index.ts";
import { blockedUserIds } from "../blocks/index.ts";

/**
 * Who reads on a chat socket, as far as what they are sent goes: their account, the session the
 * socket was opened with (its public id: the socket closes when it ends), whether they moderate,
 * and the accounts they blocked. Null for a signed-out reader.
 */
export type ChatViewer = {
  userId: string;
  sessionId: string;
  moderator: boolean;
  blocked: ReadonlySet<string>;
};

/** The socket's reader from its upgrade request's session: their blocks read once, here. */
export async function loadChatViewer(request: FastifyRequest): Promise<ChatViewer | null> {
  const viewer = await getViewer(request);
  if (!viewer) return null;
  const userId = viewer.identity.id;
  const blocked = await blockedUserIds(request.server.database.db, userId);
  return {
    userId,
    sessionId: viewer.session.publicId,
    moderator: viewer.moderator,
    blocked: new Set(blocked),
  };
}

/**
 * Whether `viewer` is sent a message by `senderId`: never one by a member they blocked, and a hidden
 * one only when they wrote it or moderate (policies.ts canSeeHidden, by account). The snapshot and
 * resume queries apply the same rule (messages-repository.ts visibleTo).
 */
export function maySeeMessage(
  viewer: ChatViewer | null | undefined,
  senderId: string,
  hidden: boolean,
): boolean {
  if (!viewer) return !hidden;
  if (viewer.blocked.has(senderId)) return false;
  return !hidden || viewer.moderator || viewer.userId === senderId;
}
