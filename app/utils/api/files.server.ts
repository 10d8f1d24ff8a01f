import { uploadResultSchema } from "#contract/files";
import { uploadFile } from "./client.server";

/** Uploads (spec section 7, core/src/files): the avatar picture. */
export function uploadImage(request: Request, file: File) {
  return uploadFile(request, file, { schema: uploadResultSchema, filename: file.name || "avatar" });
}
