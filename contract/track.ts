import { z } from "zod";
import { plainInteger } from "./fields";

/**
 * POST /app/track/pageView (ours): the fire-and-forget page-view record the BFF sends for every
 * page, always scrambled (spec section 7: "always for the tracking call").
 */
export const pageViewInputSchema = z.object({
  deviceId: z.string().trim().min(1, "deviceId is required").max(64, "deviceId is too long"),
  path: z
    .string({ required_error: "path is required" })
    .max(512, "path is too long")
    .regex(/^\//, "path must start with /"),
  time: plainInteger("time must be a timestamp").pipe(z.number().positive("time must be a timestamp")),
});
export type PageViewInput = z.infer<typeof pageViewInputSchema>;
