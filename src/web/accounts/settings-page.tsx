import { useState } from "react";
import { Navigate } from "react-router";
import { SessionUnknown, signInPathFor, useSession } from "../auth/index.ts";
import { BlockedMembersList } from "../blocks/index.ts";
import { NotificationSettingsForm, SavedSearchesList } from "../notifications/index.ts";
import { PushDevices } from "../push/index.ts";
import { InstallAppSection } from "../pwa/index.ts";
import { ChangeEmailForm } from "./change-email-form.tsx";
import { ChangePasswordForm } from "./change-password-form.tsx";
import { DeleteAccountForm } from "./delete-account-form.tsx";
import { SearchEnginesForm } from "./search-engines-form.tsx";
import { SessionsList } from "./sessions-list.tsx";
import { SettingsSection } from "./settings-section.tsx";
import { ShowEmailForm } from "./show-email-form.tsx";
import "./accounts.css";

/**
 * /settings: the signed-in account's password, email, privacy, blocked members, sessions, data and
 * deletion.
 */
export function SettingsPage() {
  const session = useSession();
  const signedOutHere = useSignedOutHere(Boolean(session.data?.user));
  if (!session.isSuccess) return <SessionUnknown session={session} title="Settings" />;
  const { user, profile } = session.data;
  // Signed out from here (Sign out, or the account deleted): home, where those go; else sign in,
  // then back here (issue 20).
  if (!user) return <Navigate to={signedOutHere ? "/" : signInPathFor("/settings")} replace />;

  return (
    <div className="settings-page">
      <title>Settings · Your Local Talents</title>
      <h1>Settings</h1>
      <SettingsSection title="Change password">
        <ChangePasswordForm />
      </SettingsSection>
      <SettingsSection title="Change email">
        <ChangeEmailForm currentEmail={user.email} />
      </SettingsSection>
      {profile && (
        <SettingsSection title="Privacy">
          <ShowEmailForm profile={profile} />
          <SearchEnginesForm profile={profile} />
        </SettingsSection>
      )}
      {profile && (
        <SettingsSection title="Notifications">
          <NotificationSettingsForm />
          <PushDevices />
        </SettingsSection>
      )}
      {profile && (
        <SettingsSection title="Saved searches">
          <SavedSearchesList />
        </SettingsSection>
      )}
      {profile && (
        <SettingsSection title="Blocked members">
          <BlockedMembersList />
        </SettingsSection>
      )}
      <InstallAppSection
        frame={(content) => <SettingsSection title="Install app">{content}</SettingsSection>}
      />
      <SettingsSection title="Sessions">
        <SessionsList />
      </SettingsSection>
      <SettingsSection title="Export my data">
        <p>
          A JSON file with your account, profile, posts, the reviews you wrote and received, your
          chat and direct messages, your notifications, their settings and your saved searches, and
          your sessions.
        </p>
        <a className="button button-ghost" href="/api/me/export" download>
          Download my data
        </a>
      </SettingsSection>
      <SettingsSection title="Delete my account" danger>
        <DeleteAccountForm />
      </SettingsSection>
    </div>
  );
}

/**
 * Whether the page saw the session signed in before it turned signed out: the page's own actions
 * then go home, and this page must not send them to /login first (the session changes before the
 * route does: React Router's navigation is a transition).
 */
function useSignedOutHere(signedIn: boolean): boolean {
  const [wasSignedIn, setWasSignedIn] = useState(signedIn);
  if (signedIn && !wasSignedIn) setWasSignedIn(true);
  return wasSignedIn && !signedIn;
}
