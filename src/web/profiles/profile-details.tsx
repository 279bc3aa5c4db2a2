import { Link } from "react-router";
import type { ProfileDetail } from "../../shared/profiles.ts";
import { ContactInformation, type ContactViewer } from "./contact-information.tsx";
import { ServiceDetails } from "./service-details.tsx";

/** Skills lead to the people who have them (search); interests are only labels. */
function OptionList({ items, empty, links }: { items: string[]; empty: string; links?: boolean }) {
  if (items.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="profile-chips">
      {items.map((item) =>
        links ? (
          <li key={item}>
            <Link to={`/search?skill=${encodeURIComponent(item)}`} className="chip chip-link">
              {item}
            </Link>
          </li>
        ) : (
          <li key={item} className="chip">
            {item}
          </li>
        ),
      )}
    </ul>
  );
}

/** The read-only sections of a profile, with the spec's texts for empty values (SPEC §2). */
export function ProfileDetails({
  profile,
  viewer = "unknown",
  ownEmailVerified = true,
}: {
  profile: ProfileDetail;
  viewer?: ContactViewer;
  ownEmailVerified?: boolean;
}) {
  return (
    <div className="profile-sections">
      <section className="card" aria-labelledby="profile-bio">
        <h2 id="profile-bio">Bio</h2>
        {profile.bio ? (
          <p className="profile-bio">{profile.bio}</p>
        ) : (
          <p className="muted">Bio Empty</p>
        )}
      </section>
      <section className="card" aria-labelledby="profile-contact">
        <h2 id="profile-contact">Contact Information</h2>
        <ContactInformation profile={profile} viewer={viewer} ownEmailVerified={ownEmailVerified} />
      </section>
      <ServiceDetails profile={profile} viewer={viewer} />
      <section className="card" aria-labelledby="profile-skills">
        <h2 id="profile-skills">Skills</h2>
        <OptionList items={profile.skills} empty="No Skills Selected" links />
      </section>
      <section className="card" aria-labelledby="profile-interests">
        <h2 id="profile-interests">Interests</h2>
        <OptionList items={profile.interests} empty="No Interests Selected" />
      </section>
    </div>
  );
}
