/**
 * Avatar upload: checked in the browser before sending and again on the server (size:
 * server/body-limits.ts). Free of zod: the profile page reads it at start.
 */
export { AVATAR_MAX_BYTES } from "../../server/body-limits";
export const AVATAR_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"];
