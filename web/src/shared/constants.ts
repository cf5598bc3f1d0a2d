// Business constants of the specification (point 9), named once.

/** localStorage entry that keeps the session token between visits. */
export const TOKEN_STORAGE_KEY = 'authorization_token';

/** The session token is renewed this often while signed in (3 minutes). */
export const TOKEN_REFRESH_INTERVAL_MS = 3 * 60 * 1000;

/** A failed call's notice stays 8 seconds; other notices 5 seconds. */
export const ERROR_NOTICE_SECONDS = 8;
export const DEFAULT_NOTICE_SECONDS = 5;

/** Rows asked for when a list gives no page size of its own. */
export const DEFAULT_LIST_LIMIT = 2000;

/** Shortest login name, password and provider. */
export const MIN_CREDENTIAL_LENGTH = 4;

/** Primary colour of the theme (a green). */
export const PRIMARY_COLOR = '#2e7d32';
export const PRIMARY_COLOR_ON_DARK = '#6abf69';
