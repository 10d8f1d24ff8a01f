import { z } from "zod";

/**
 * How long a sign-in lives, read from the same two variables by the app (its session cookie)
 * and the core (its tokens), so that both end a sign-in at the same moment (decision 016).
 */
export const sessionLifetimeEnv = {
  /** A sign-in ends after this many minutes without a request. */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(30),
  /** ...and this many days after the sign-in, however active. */
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(365).default(7),
};
