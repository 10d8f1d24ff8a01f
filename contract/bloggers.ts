import { z } from "zod";
import { pageInputSchema, pageSchema } from "./envelope";
import { blankAsAbsent, plainInteger } from "./fields";
import { betRecordSchema } from "./game";

/**
 * Bloggers (docs/bloggers.md; spec: user/blogger/apply, summary/getBloggerDetail,
 * summary/bloggerRank, summary/dividendsList). Other names are ours. Phones are masked.
 */

const idField = (name: string) =>
  z.preprocess(blankAsAbsent, plainInteger(`${name} must be a player id`).pipe(z.number().min(1)));

export const bloggerIdInputSchema = z.object({ bloggerId: idField("bloggerId") });
export const copyBetInputSchema = z.object({ bloggerId: idField("bloggerId"), betId: idField("betId") });
export const fansListInputSchema = pageInputSchema.extend({ bloggerId: idField("bloggerId") });

/** POST /app/user/blogger/apply, GET /app/user/blogger/status (ours). */
export const bloggerStatusSchema = z.object({
  status: z.enum(["UNDER_REVIEW", "APPROVED", "REJECTED"]).nullable(),
  reason: z.string().nullable(),
  minTurnover: z.number().optional(),
});

/** A blogger as the ranking and the blogger's page show them (phone masked). */
const bloggerCardSchema = z.object({
  bloggerId: z.number().int(),
  phone: z.string(),
  nickName: z.string().nullable(),
  headUrl: z.string().nullable(),
  fans: z.number().int(),
});

export const bloggerRankSchema = z.array(bloggerCardSchema.extend({ rank: z.number().int() }));
export type BloggerRank = z.infer<typeof bloggerRankSchema>[number];

export const dividendsListSchema = z.array(
  z.object({ day: z.string(), phone: z.string(), nickName: z.string().nullable(), amount: z.number() }),
);

export const bloggerDetailSchema = bloggerCardSchema.extend({
  /** Percent of the last 100 bets' settled ones that won. */
  winRate: z.number(),
  profit: z.number(),
  following: z.boolean(),
  self: z.boolean(),
  openBets: z.array(betRecordSchema),
  recentBets: z.array(betRecordSchema),
});

export const followResultSchema = z.object({ following: z.boolean() });
export const copyResultSchema = z.object({
  bet: betRecordSchema,
  balance: z.number(),
  repeated: z.boolean(),
});

export const followRecordsSchema = pageSchema(
  z.object({ bet: betRecordSchema, bloggerId: z.number().int(), bloggerName: z.string() }),
);

export const fansListSchema = pageSchema(
  z.object({
    phone: z.string(),
    nickName: z.string().nullable(),
    headUrl: z.string().nullable(),
    since: z.number().int(),
  }),
);
