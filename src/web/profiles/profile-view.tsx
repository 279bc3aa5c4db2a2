import { useIsMutating } from "@tanstack/react-query";
import { Fragment, lazy, type RefObject, Suspense, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { areaLabel } from "../../shared/place-texts.ts";
import { canBlock, canEditProfile } from "../../shared/policies.ts";
import type { ProfileDetail } from "../../shared/profiles.ts";
import { ApiError } from "../api/client.ts";
import { useProfile } from "../api/get-profile.ts";
import { readStoredUsername, useSession } from "../auth/index.ts";
import { BlockButton, BlockedNotice } from "../blocks/index.ts";
import { conversationAddress } from "../messages/index.ts";
import { MemberSuspensionStatus } from "../moderation/index.ts";
import { ReportButton } from "../reports/index.ts";
import { ReviewsBlock } from "../reviews/index.ts";
import { Avatar } from "../ui/avatar.tsx";
import { HiddenNotice } from "../ui/hidden-notice.tsx";
import { ResponsivenessLine } from "../ui/responsiveness-line.tsx";
import { ShareButton } from "../ui/share-button.tsx";
import { updateProfileMutationKey } from "./api/update-profile.ts";
import type { ContactViewer } from "./contact-information.tsx";
import { capitalise } from "./display-name.ts";
import { MemberPosts } from "./member-posts.tsx";
import { ProfileDetails } from "./profile-details.tsx";
import { RatingSummary } from "./rating-summary.tsx";
import "./profile.css";

const PROFILE_EDIT_FORM_ID = "profile-edit-form";

// Only the owner ever edits, so the form (and its validation schemas) loads when they ask to
// (or point at the button), not with every profile view (bench/lighthouse.ts).
const loadProfileEditForm = () => import("./profile-edit-form.tsx");
const ProfileEditForm = lazy(() =>
  loadProfileEditForm().then((m) => ({ default: m.ProfileEditForm })),
);

/**
 * A long name in a heading wraps after its _ and - (a line break never splits "…19c's" into "c'" and
 * "s"); what is read and announced stays the same text.
 */
function BreakableName({ name }: { name: string }) {
  return name.split(/(?<=[_-])/).map((part, index, parts) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one name, in order, never reordered.
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 && <wbr />}
    </Fragment>
  ));
}

/** One profile: loading, not-found and error states, then the profile itself. */
export function ProfileView({ username }: { username: string }) {
  const profile = useProfile(username);

  if (profile.isPending) {
    return (
      <p className="muted" aria-busy="true">
        Loading...
      </p>
    );
  }
  if (profile.isError) {
    if (profile.error instanceof ApiError && profile.error.status === 404) {
      return (
        <section className="centered-card">
          <h1>Profile not found</h1>
          <p>There is no user named "{username}". Check the spelling of the link.</p>
          <Link to="/" className="button">
            Go to the home page
          </Link>
        </section>
      );
    }
    return (
      <section className="centered-card">
        <h1>Profile</h1>
        <p className="error-text">We couldn't load this profile: {profile.error.message}</p>
        <button type="button" className="button" onClick={() => profile.refetch()}>
          Try again
        </button>
      </section>
    );
  }
  return <ProfileContent user={profile.data} />;
}

/**
 * Header (Edit for the owner; Message, Report and Block, or the blocked notice, for other members), the
 * sections or (owner only) the edit form, the member's open and past posts, and the reviews block.
 */
function ProfileContent({ user }: { user: ProfileDetail }) {
  const session = useSession();
  const [editing, setEditing] = useState(false);
  const saving = useIsMutating({ mutationKey: updateProfileMutationKey }) > 0;
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  const viewer = session.data?.profile;
  const isOwner = canEditProfile(viewer, user);
  const isEditing = editing && isOwner;
  const mayBlock = canBlock(viewer, user);
  // While the session loads, a browser that never signed in here (no SPEC 'user' key) is drawn as
  // the visitor it almost surely is, so the header does not grow under the reader (issue 20, CLS).
  const contactViewer = contactViewerOf(session, viewer != null);

  // The owner is the one who may edit: have the form ready before they ask for it.
  useEffect(() => {
    if (isOwner) void loadProfileEditForm();
  }, [isOwner]);

  // Leaving edit mode puts focus back on the button that opened it.
  useEffect(() => {
    if (wasEditing.current && !isEditing) editButton.current?.focus();
    wasEditing.current = isEditing;
  }, [isEditing]);

  return (
    <div className="profile-page">
      <header className="card profile-header">
        <Avatar
          name={user.username}
          imageUrl={user.img_url}
          size={96}
          label={`${user.username}'s avatar`}
        />
        <ProfileTitle user={user} isOwner={isOwner} />
        {isOwner && (
          <OwnerButton
            isEditing={isEditing}
            saving={saving}
            buttonRef={editButton}
            onEdit={() => setEditing(true)}
          />
        )}
        {(mayBlock || contactViewer === "signed-out") && (
          <ProfileActions user={user} mayBlock={mayBlock} />
        )}
        {isOwner && !user.hidden && <ShareProfile user={user} />}
        {user.hidden && <HiddenNotice className="profile-hidden-notice" />}
        {!isOwner && <MemberSuspensionStatus username={user.username} />}
      </header>
      {mayBlock && user.blocked && <BlockedNotice username={user.username} />}
      {isEditing ? (
        <Suspense fallback={<p className="muted">Loading...</p>}>
          <ProfileEditForm
            id={PROFILE_EDIT_FORM_ID}
            profile={user}
            onSaved={() => setEditing(false)}
            onCancel={() => setEditing(false)}
          />
        </Suspense>
      ) : (
        <ProfileDetails
          profile={user}
          viewer={contactViewer}
          ownEmailVerified={session.data?.user?.emailVerified !== false}
        />
      )}
      <MemberPosts username={user.username} />
      <ReviewsBlock
        subject={user}
        viewer={viewer}
        signedIn={Boolean(session.data?.user)}
        sessionKnown={contactViewer !== "unknown"}
      />
    </div>
  );
}

/** The way a profile's contact details and reviews address the reader while the session loads. */
function contactViewerOf(
  session: ReturnType<typeof useSession>,
  hasProfile: boolean,
): ContactViewer {
  // While the session loads, a browser that never signed in here (no SPEC 'user' key) is drawn as
  // the visitor it almost surely is, so the header does not grow under the reader (issue 20, CLS).
  if (!session.isSuccess) return readStoredUsername() === null ? "signed-out" : "unknown";
  if (!session.data.user) return "signed-out";
  return hasProfile ? "member" : "no-profile";
}

/** The name, the rating and the area (or, for the owner, a nudge to choose one). */
function ProfileTitle({ user, isOwner }: { user: ProfileDetail; isOwner: boolean }) {
  return (
    <div className="profile-title">
      <h1>
        <BreakableName name={capitalise(user.username)} />
        's Profile
      </h1>
      <RatingSummary
        average={user.average_rating}
        count={user.review_count}
        contactBacked={user.contact_backed_count}
      />
      <ResponsivenessLine responsiveness={user.responsiveness} />
      {user.area ? (
        <p className="profile-area">Area: {areaLabel(user.area)}</p>
      ) : (
        isOwner && (
          <p className="profile-area muted">
            No area yet: choose your town with Edit Profile to find talents near you.
          </p>
        )
      )}
    </div>
  );
}

/** The owner's Edit Profile, which becomes Save Changes (submitting the form) while editing. */
function OwnerButton({
  isEditing,
  saving,
  buttonRef,
  onEdit,
}: {
  isEditing: boolean;
  saving: boolean;
  buttonRef: RefObject<HTMLButtonElement | null>;
  onEdit: () => void;
}) {
  return isEditing ? (
    <button
      key="save"
      type="submit"
      form={PROFILE_EDIT_FORM_ID}
      className="button"
      disabled={saving}
    >
      Save Changes
    </button>
  ) : (
    <button
      key="edit"
      ref={buttonRef}
      type="button"
      className="button"
      onPointerEnter={loadProfileEditForm}
      onFocus={loadProfileEditForm}
      onClick={onEdit}
    >
      Edit Profile
    </button>
  );
}

/** Message, and for members Report and Block. */
function ProfileActions({ user, mayBlock }: { user: ProfileDetail; mayBlock: boolean }) {
  return (
    <div className="profile-actions">
      <Link to={conversationAddress(user.username)} className="button">
        Message
      </Link>
      {mayBlock && (
        <ReportButton target={{ type: "profile", id: user.username }} author={user.username} />
      )}
      {mayBlock && !user.blocked && <BlockButton username={user.username} />}
      {!user.hidden && <ShareProfile user={user} />}
    </div>
  );
}

/** Share the profile's address (issue 33): not while it is hidden (its link would show nothing). */
function ShareProfile({ user }: { user: ProfileDetail }) {
  return (
    <ShareButton
      title={`${user.username} · Your Local Talents`}
      path={`/user/${encodeURIComponent(user.username)}`}
      label={`Share ${user.username}'s profile`}
    />
  );
}
