import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { bodyLimit } from "hono/body-limit";
import sharp from "sharp";
import { Code } from "#contract/codes";
import { UPLOAD_FIELD, UPLOAD_MAX_BYTES } from "#contract/files";
import type { CoreRouter } from "../platform/context";
import { ApiError, ok, requireUser } from "../platform/http";

/** Image compression of spec section 9: original quality 80 within 1080 px, thumbnail 90 within 500 px. */
const IMAGE_OPTIONS = {
  original: { quality: 80, maxSize: 1080 },
  thumbnail: { quality: 90, maxSize: 500 },
} as const;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);
const FILE_NAME = /^[0-9a-f]{32}(_thumb)?\.webp$/;
const TOO_BIG = `The image must be at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`;

function compress(input: Buffer, { quality, maxSize }: { quality: number; maxSize: number }) {
  return sharp(input, { limitInputPixels: 50_000_000 })
    .rotate() // applies the EXIF orientation; metadata (GPS...) is not copied to the output
    .resize({ width: maxSize, height: maxSize, fit: "inside", withoutEnlargement: true })
    .webp({ quality })
    .toBuffer();
}

async function writeAtomically(path: string, data: Buffer) {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, path);
}

export function fileRoutes(app: CoreRouter) {
  app.post(
    "/file/upload",
    bodyLimit({
      maxSize: UPLOAD_MAX_BYTES + 64 * 1024, // room for the multipart framing
      onError: () => {
        throw new ApiError(Code.BAD_REQUEST, TOO_BIG);
      },
    }),
    async (c) => {
      const { db, config } = c.get("deps");
      const { id: userId } = requireUser(c);
      const type = c.req.header("content-type") ?? "";
      if (!type.includes("multipart/form-data")) {
        throw new ApiError(
          Code.BAD_REQUEST,
          `Send the image as multipart/form-data in the field "${UPLOAD_FIELD}"`,
        );
      }
      const body = await c.req.parseBody().catch(() => {
        throw new ApiError(Code.BAD_REQUEST, "The upload could not be read");
      });
      const file = body[UPLOAD_FIELD];
      if (!(file instanceof File)) throw new ApiError(Code.BAD_REQUEST, "Choose an image to upload");
      if (file.size === 0) throw new ApiError(Code.BAD_REQUEST, "The file is empty");
      if (file.size > UPLOAD_MAX_BYTES) throw new ApiError(Code.BAD_REQUEST, TOO_BIG);
      const input = Buffer.from(await file.arrayBuffer());
      const format = await sharp(input)
        .metadata()
        .then((m) => m.format)
        .catch(() => undefined);
      if (!format || !ACCEPTED_FORMATS.has(format)) {
        throw new ApiError(Code.BAD_REQUEST, "Only images can be uploaded (JPEG, PNG, WebP, GIF, AVIF)");
      }
      const [original, thumbnail] = await Promise.all([
        compress(input, IMAGE_OPTIONS.original),
        compress(input, IMAGE_OPTIONS.thumbnail),
      ]).catch(() => {
        throw new ApiError(Code.BAD_REQUEST, "The image could not be read");
      });
      const name = randomBytes(16).toString("hex");
      await mkdir(config.uploadDir, { recursive: true });
      await writeAtomically(join(config.uploadDir, `${name}.webp`), original);
      await writeAtomically(join(config.uploadDir, `${name}_thumb.webp`), thumbnail);
      await db.query("INSERT INTO uploads (name, user_id, bytes) VALUES ($1, $2, $3)", [
        `${name}.webp`,
        userId,
        original.length,
      ]);
      return ok(c, `/core/files/${name}.webp`, "Upload successful");
    },
  );

  /** Uploaded images, public (avatars are shown to other players), cached for good. */
  app.get("/files/:name", async (c) => {
    const name = c.req.param("name");
    const notFound = () =>
      c.json({ code: Code.NOT_FOUND, message: "Not found", result: null, timestamp: Date.now() }, 404);
    if (!FILE_NAME.test(name)) return notFound();
    const data = await readFile(join(c.get("deps").config.uploadDir, name)).catch(() => null);
    if (!data) return notFound();
    return c.body(new Uint8Array(data), 200, {
      "content-type": "image/webp",
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    });
  });
}
