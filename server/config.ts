// The server's configuration, validated at start against the shared schema (env-schema.ts).
// No fallback secrets: in production SESSION_SECRET is required (demo-secret.ts).
import type { z } from "zod";
import { describeIssues, serverEnvSchema } from "./env-schema";

export type Config = z.infer<typeof serverEnvSchema>;

/** Validates `env`; throws with every problem named. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = serverEnvSchema.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid configuration: ${describeIssues(parsed.error)}`);
  return parsed.data;
}
