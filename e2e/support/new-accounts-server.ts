/**
 * The address of the second app server playwright.config.ts starts for issue 32: NEW_ACCOUNT_HOURS
 * as shipped, so a fresh account is new there and its reviews are held (the main server turns that
 * rule off: every journey's accounts are minutes old).
 */
export const newAccountsURL = () => `http://127.0.0.1:${process.env.E2E_NEW_ACCOUNTS_PORT}`;
