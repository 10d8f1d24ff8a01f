import sharp from "sharp";
import { thumbnailOf, uploadResultSchema } from "#contract/files";
import { type TestCore, describeOnEachDatabase, freshIp } from "../../support/core";

async function upload(
  core: TestCore,
  token: string | undefined,
  file: Blob | string | null,
  name = "photo.png",
) {
  const form = new FormData();
  if (typeof file === "string") form.append("file", file);
  else if (file !== null) form.append("file", file, name);
  const headers: Record<string, string> = {};
  if (token) headers["access-token"] = token;
  const res = await fetch(`${core.origin}/core/file/upload`, { method: "POST", headers, body: form });
  return res.json() as Promise<{ code: number; message: string; result: string }>;
}

describeOnEachDatabase("file upload", (core, database) => {
  let token: string;
  beforeAll(async () => {
    const res = await fetch(`${core.url}/app/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": freshIp() },
      body: "areaCode=91&phone=9000000001&password=demo1234",
    });
    token = (await res.json()).result.token;
  });

  it("compresses an image to 1080 px (quality 80) with a 500 px thumbnail, and serves both", async () => {
    const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: "#e91e63" } })
      .png()
      .toBuffer();
    const res = await upload(core, token, new Blob([new Uint8Array(png)], { type: "image/png" }));
    expect(res.code).toBe(200);
    const url = uploadResultSchema.parse(res.result);
    const original = await fetch(core.origin + url);
    expect(original.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await original.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 1080, 540]);
    const thumb = await fetch(core.origin + thumbnailOf(url));
    const thumbMeta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect([thumbMeta.width, thumbMeta.height]).toEqual([500, 250]);
  });

  it("keeps small images small and refuses what is not an image, too big, missing, or anonymous", async () => {
    const small = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#fff" } })
      .jpeg()
      .toBuffer();
    const ok = await upload(core, token, new Blob([new Uint8Array(small)], { type: "image/jpeg" }), "a.jpg");
    const meta = await sharp(
      Buffer.from(await (await fetch(core.origin + ok.result)).arrayBuffer()),
    ).metadata();
    expect([meta.width, meta.height]).toEqual([40, 30]);
    expect(await upload(core, token, new Blob(["hello"], { type: "image/png" }))).toMatchObject({
      code: 400,
      message: "Only images can be uploaded (JPEG, PNG, WebP, GIF, AVIF)",
    });
    expect(await upload(core, token, new Blob([new Uint8Array(6 * 1024 * 1024)]))).toMatchObject({
      code: 400,
      message: "The image must be at most 5 MB",
    });
    expect(await upload(core, token, null)).toMatchObject({
      code: 400,
      message: "Choose an image to upload",
    });
    expect(await upload(core, token, "text field")).toMatchObject({
      code: 400,
      message: "Choose an image to upload",
    });
    expect((await upload(core, undefined, new Blob([new Uint8Array(small)]))).code).toBe(401);
    const missing = await fetch(`${core.origin}/core/files/${"0".repeat(32)}.webp`);
    expect(missing.status).toBe(404);
    const sneaky = await fetch(`${core.origin}/core/files/..%2F..%2Fetc%2Fpasswd`);
    expect(sneaky.status).toBe(404);
  });
});
