import { Navigate, useNavigate } from "react-router";
import { createProfileBodySchema } from "../../shared/profiles.ts";
import { SessionCheckFailed, SignInLinks, useReturnPath, useSession } from "../auth/index.ts";
import { CardPage } from "../ui/card-page.tsx";
import { FormFrame } from "../ui/form-frame.tsx";
import { TextField } from "../ui/text-field.tsx";
import { useMutationForm } from "../ui/use-mutation-form.ts";
import { useCreateProfile } from "./api/create-profile.ts";
import { SkillListFields } from "./skill-list-fields.tsx";

/** /createYourUser: username, skills and interests for a signed-in identity without a profile. */
export function CreateProfilePage() {
  const session = useSession();
  // Where the member was going when asked to sign in (issue 20), else the feed.
  const next = useReturnPath() ?? "/feed";
  if (session.isPending) return <p className="muted">Loading...</p>;
  if (session.isError) {
    return (
      <CardPage title="Create your profile">
        <SessionCheckFailed session={session} />
      </CardPage>
    );
  }
  if (!session.data.user) {
    return (
      <CardPage title="Create your profile">
        <p>Sign in or register first, then choose your username here.</p>
        <p className="button-row">
          <SignInLinks emphasis="login" signInLabel="Sign in" />
        </p>
      </CardPage>
    );
  }
  if (session.data.profile) return <Navigate to={next} replace />;
  return <CreateProfileForm next={next} />;
}

function CreateProfileForm({ next }: { next: string }) {
  const navigate = useNavigate();
  const { form, frame } = useMutationForm(useCreateProfile(), {
    schema: createProfileBodySchema,
    defaultValues: { username: "", skills: [], interests: [] },
    // A refusal shows once, on the username or above Submit (useMutationForm).
    onSuccess: () => navigate(next),
  });

  return (
    <CardPage
      title="Create your profile"
      lead="Choose the name others will see, and what you offer or look for."
      wide
    >
      <FormFrame {...frame} submitLabel="Submit">
        <TextField
          form={form}
          name="username"
          label="Username"
          hint="3 to 30 letters a-z, digits, _ or -; stored in lower case."
          required
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
        <SkillListFields form={form} />
      </FormFrame>
    </CardPage>
  );
}
