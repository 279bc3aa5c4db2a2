import type { FastifyRequest } from "fastify";
import { getViewer } from "../auth/index.ts";
import { maySee, type Reader, readerOf } from "../visibility/index.ts";

/**
 * Who reads on a live socket, as far as what they are sent goes: their account, the session the
 * socket was opened with (its public id: the socket closes when it ends), whether they moderate,
 * and the accounts they blocked. Null for a signed-out reader.
 */
export type LiveViewer = Reader & { sessionId: string };

/** The socket's reader from its upgrade request's session: their blocks read once, here. */
export async function loadLiveViewer(request: FastifyRequest): Promise<LiveViewer | null> {
  const viewer = await getViewer(request);
  const reader = await readerOf(request.server.blocks, viewer);
  return viewer && reader && { ...reader, sessionId: viewer.session.publicId };
}

/**
 * The viewer filter: whether `viewer` is sent a frame about something `senderId` wrote. Every peer
 * that publishes what a member wrote decides through this one function, the one rule (visibility/
 * maySee): never one by a member they blocked, and a hidden one only when they wrote it or
 * moderate. The snapshot and resume queries apply the same rule in SQL (messages-repository.ts,
 * visibleToSql).
 */
export function mayReceive(
  viewer: LiveViewer | null | undefined,
  senderId: string,
  hidden: boolean,
): boolean {
  return maySee(viewer, { authorUserId: senderId, hidden });
}
