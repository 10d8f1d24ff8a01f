import { z } from "zod";

/** POST /core/file/upload (multipart, field "file"): images only, at most this many bytes. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_FIELD = "file";
/**
 * The result is the path of the compressed image, e.g. "/core/files/<32 hex>.webp", relative to
 * the upstream's origin; its thumbnail is the same path with "_thumb" before ".webp".
 */
export const uploadResultSchema = z.string().regex(/^\/core\/files\/[\w-]+\.webp$/);

export function thumbnailOf(url: string): string {
  return url.replace(/\.webp$/, "_thumb.webp");
}
