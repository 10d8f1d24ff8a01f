// Request body limits, in one table (issue 6, point 5). Plain JS without imports: server.mjs
// enforces them before a body is read, and the app (also its browser code) shares the avatar size.

/** The largest avatar a player may upload (the profile page checks it before sending, too). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** Any body to any address not listed below: ordinary forms are a few hundred bytes. */
export const DEFAULT_BODY_LIMIT = 16 * 1024;

/** Addresses that take more, by path (lower case, no trailing slash). */
export const BODY_LIMITS = {
  // The avatar upload: the image plus the multipart framing and the form's other fields.
  "/pages/myprofile/myprofile": AVATAR_MAX_BYTES + 64 * 1024,
};

/**
 * The most bytes a request to `path` may send. Remix matches paths case-insensitively and with or
 * without a trailing slash, so the look-up does too.
 * @param {string} path
 * @returns {number}
 */
export function bodyLimitOf(path) {
  const key = path.toLowerCase().replace(/\/+$/, "");
  return Object.hasOwn(BODY_LIMITS, key) ? BODY_LIMITS[key] : DEFAULT_BODY_LIMIT;
}
