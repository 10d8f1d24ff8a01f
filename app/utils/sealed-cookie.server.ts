import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import type { Cookie, CookieOptions } from "@remix-run/node";
import { parse, serialize } from "cookie";

/**
 * A Remix Cookie whose value is sealed with authenticated encryption (design section 3: the token
 * never reaches the browser, not even readable in a cookie). Handed to createCookieSessionStorage,
 * it keeps the whole session in the cookie, so replicas need no shared store.
 *
 * Value: `v1.` + base64url(iv ‖ ciphertext ‖ tag). AES-256-GCM, a random 12-byte IV per write, the
 * key derived from a secret with HKDF-SHA256, the cookie's name and the version bound in as
 * additional data. The first secret seals; every secret of the list opens (rotation). A value that
 * does not open (tampered, another key, an older format) reads as no cookie at all.
 */
const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HKDF_SALT = "colour-lottery/sealed-cookie";

function deriveKey(secret: string, name: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, HKDF_SALT, `${name} ${VERSION} aes-256-gcm`, 32));
}

function seal(value: unknown, key: Buffer, aad: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(aad));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url")}`;
}

/** The sealed value, or undefined when no key opens it. */
function unseal(sealed: string, keys: Buffer[], aad: string): unknown {
  const prefix = `${VERSION}.`;
  if (!sealed.startsWith(prefix)) return undefined;
  const bytes = Buffer.from(sealed.slice(prefix.length), "base64url");
  if (bytes.length < IV_BYTES + TAG_BYTES) return undefined;
  const iv = bytes.subarray(0, IV_BYTES);
  const tag = bytes.subarray(bytes.length - TAG_BYTES);
  const body = bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES);
  for (const key of keys) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(aad));
      decipher.setAuthTag(tag);
      const text = Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
      return JSON.parse(text);
    } catch {
      // Not this key (or not ours at all): try the next one.
    }
  }
  return undefined;
}

type SealedCookieOptions = Omit<CookieOptions, "secrets" | "encode" | "decode"> & { secrets: string[] };

export function createSealedCookie(name: string, { secrets, ...options }: SealedCookieOptions): Cookie {
  if (secrets.length === 0) throw new Error(`The ${name} cookie needs at least one secret`);
  const keys = secrets.map((secret) => deriveKey(secret, name));
  const aad = `${name}|${VERSION}`;
  const attributes = { path: "/", sameSite: "lax" as const, ...options };
  return {
    name,
    // Authenticated encryption signs too: Remix's warning about unsigned session cookies is moot.
    isSigned: true,
    get expires() {
      return attributes.maxAge !== undefined
        ? new Date(Date.now() + attributes.maxAge * 1000)
        : attributes.expires;
    },
    async parse(header, parseOptions) {
      if (!header) return null;
      const raw = parse(header, parseOptions)[name];
      if (!raw) return null;
      return unseal(raw, keys, aad) ?? null;
    },
    async serialize(value, serializeOptions) {
      return serialize(name, value === "" ? "" : seal(value, keys[0], aad), {
        ...attributes,
        ...serializeOptions,
      });
    },
  };
}
