import { createHash, createHmac, randomBytes } from "node:crypto";
import { pickDigit } from "./fairness";

/** Server side of the draw (sync, node:crypto); same rules as fairness.ts. */
export function newSeed(): string {
  return randomBytes(32).toString("hex");
}

export function seedHashSync(seedHex: string): string {
  return createHash("sha256").update(Buffer.from(seedHex, "hex")).digest("hex");
}

export function deriveDigitSync(seedHex: string, roundId: number | bigint | string): number {
  const key = Buffer.from(seedHex, "hex");
  return pickDigit((message) => createHmac("sha256", key).update(message).digest(), roundId);
}
