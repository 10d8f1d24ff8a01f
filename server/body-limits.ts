// Request body limits, in one table (issue 6, point 5). No imports: the server enforces them
// before a body is read (middleware/body-limit.ts), and the app (also its browser code) shares
// the avatar size.

/** The largest avatar a player may upload (the profile page checks it before sending, too). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Any body to any address not listed below. Ordinary forms are a few hundred bytes; this leaves
 * room for a field typed far too long (10,000 characters twice) to get its own "too long" message.
 */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/** Addresses that take more, by path (lower case, no trailing slash). */
export const BODY_LIMITS: Readonly<Record<string, number>> = {
  // The avatar upload. The page's parser stops any file at AVATAR_MAX_BYTES and says "The image is
  // too large" in the player's language; up to twice that a photo a little too big gets that
  // message, beyond it the server's 413.
  "/pages/myprofile/myprofile": 2 * AVATAR_MAX_BYTES,
};

/**
 * The most bytes a request to `path` may send. Remix matches paths case-insensitively and with or
 * without a trailing slash, so the look-up does too.
 */
export function bodyLimitOf(path: string): number {
  const key = path.toLowerCase().replace(/\/+$/, "");
  return Object.hasOwn(BODY_LIMITS, key) ? BODY_LIMITS[key] : DEFAULT_BODY_LIMIT;
}
