/** What a new password must be (the server's password policy), said under every new-password field. */
export const NEW_PASSWORD_HINT = "At least 6 characters; very common passwords are refused.";
