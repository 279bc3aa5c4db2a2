import { Link } from "react-router";
import type { ProfileDetail } from "../../shared/profiles.ts";
import { AVAILABILITY_TEXTS, rateText } from "../../shared/service-details.ts";
import { SignInLink } from "../auth/index.ts";
import { conversationAddress } from "../messages/index.ts";
import type { ContactViewer } from "./contact-information.tsx";

/** The ways to reach the member, each with what this viewer may use (decision 030). */
function ReachList({ profile, viewer }: { profile: ProfileDetail; viewer: ContactViewer }) {
  const { reach, phone, phone_hidden } = profile.service;
  const own = profile.show_email !== undefined;
  return (
    <ul className="service-reach">
      {reach.includes("message") && (
        <li>
          Message here
          {viewer === "member" && !own && (
            <>
              {": "}
              <Link to={conversationAddress(profile.username)}>Chat to {profile.username}</Link>
            </>
          )}
        </li>
      )}
      {reach.includes("email") && (
        <li>
          Email
          {profile.email ? (
            <>
              {": "}
              <a href={`mailto:${profile.email}`}>{profile.email}</a>
            </>
          ) : (
            viewer === "signed-out" && <span className="muted"> (members only)</span>
          )}
        </li>
      )}
      {reach.includes("phone") && (phone || phone_hidden) && (
        <li>
          Phone
          {phone ? (
            <>
              {": "}
              <a href={`tel:${phone.replace(/[^0-9+]/g, "")}`}>{phone}</a>
            </>
          ) : (
            <span className="muted">
              {" "}
              (members only: <SignInLink /> to see it)
            </span>
          )}
        </li>
      )}
    </ul>
  );
}

/**
 * The profile's service details (issue 32): rate, availability, how far the member travels and how
 * to reach them. Nothing for a profile without any, but a hint to its owner.
 */
export function ServiceDetails({
  profile,
  viewer,
}: {
  profile: ProfileDetail;
  viewer: ContactViewer;
}) {
  const { rate, availability, travel_km, reach } = profile.service;
  const empty = !rate && availability.length === 0 && travel_km === null && reach.length === 0;
  const own = profile.show_email !== undefined;
  if (empty && !own) return null;
  return (
    <section className="card service-details" aria-labelledby="profile-service">
      <h2 id="profile-service">Service details</h2>
      {empty ? (
        <p className="muted">Add your rate, availability and how to reach you with Edit Profile.</p>
      ) : (
        <dl className="service-list">
          {rate && (
            <div>
              <dt>Rate</dt>
              <dd>{rateText(rate)}</dd>
            </div>
          )}
          {availability.length > 0 && (
            <div>
              <dt>Available</dt>
              <dd>{availability.map((option) => AVAILABILITY_TEXTS[option]).join(", ")}</dd>
            </div>
          )}
          {travel_km !== null && (
            <div>
              <dt>Travels</dt>
              <dd>{travel_km === 0 ? "Does not travel" : `Up to ${travel_km} km`}</dd>
            </div>
          )}
          {reach.length > 0 && (
            <div>
              <dt>Reach me</dt>
              <dd>
                <ReachList profile={profile} viewer={viewer} />
              </dd>
            </div>
          )}
        </dl>
      )}
    </section>
  );
}
