/** The inline text the login page shows for a failed sign-in (SPEC §8), by the API's error code. */
export function loginErrorText(code: string): string {
  switch (code) {
    case "invalid-email":
      return "Invalid email";
    case "user-not-found":
      return "No account with that email was found";
    case "wrong-password":
      return "Incorrect password";
    default:
      // invalid-credential (enumeration protection), too-many-requests, network and the rest.
      return "Email or password was incorrect";
  }
}
