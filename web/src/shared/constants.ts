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

/** The page sizes a paged list offers; it opens at the largest (DEFAULT_LIST_LIMIT), in a virtual table. */
export const LIST_PAGE_SIZES = [100, 500, 1000, DEFAULT_LIST_LIMIT];

/** Shortest login name and provider. */
export const MIN_CREDENTIAL_LENGTH = 4;

/** Shortest new or changed password (the auth service also refuses the most common ones). */
export const MIN_PASSWORD_LENGTH = 12;

/** Primary colour of the theme (a green). */
export const PRIMARY_COLOR = '#2e7d32';
export const PRIMARY_COLOR_ON_DARK = '#6abf69';
/** Darker on hover (antd would make it lighter), so that white text on it stays readable. */
export const PRIMARY_COLOR_HOVER = '#1b5e20';

/**
 * The light theme's colours that antd's defaults make too pale for text (WCAG AA: a contrast of 4.5:1 at
 * least, checked by the browser tests with axe-core): red of errors and delete buttons, grey of secondary
 * texts and placeholders, and the text of the green, orange and gold tags (one shade darker).
 */
export const READABLE_LIGHT_COLORS = {
  colorError: '#d32f2f',
  colorErrorHover: '#b71c1c',
  colorTextDescription: 'rgba(0, 0, 0, 0.58)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
  // Both spellings: antd writes each shade as a CSS variable under its dashed name too.
  green7: '#237804',
  'green-7': '#237804',
  orange7: '#ad4e00',
  'orange-7': '#ad4e00',
  gold7: '#8a5a00',
  'gold-7': '#8a5a00',
} as const;
