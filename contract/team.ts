import { z } from "zod";
import { pageInputSchema, pageSchema } from "./envelope";
import { blankAsAbsent, optionalField, plainInteger } from "./fields";

/**
 * Team and rewards (issue 11, docs/team.md): the referral tree's figures, the rebates it earns
 * and the recharge tasks. Amounts in units with two decimals at most, rates in percent (1 = 1 %),
 * times in epoch milliseconds, as everywhere on the wire. Every figure is CHIP.
 */

/** Levels of the team below a player: 1 = the players they invited, 2 and 3 below those. */
export const TEAM_LEVELS = 3;

const periodFiguresSchema = z.object({
  /** Players who joined the team (levels 1 to 3) in the period. */
  newMembers: z.number().int(),
  recharge: z.number(),
  betAmount: z.number(),
  /** Rebates earned in the period (all kinds, pending or claimed). */
  rebate: z.number(),
});

const levelFiguresSchema = z.object({
  level: z.number().int().min(1).max(TEAM_LEVELS),
  members: z.number().int(),
  recharge: z.number(),
  rechargeUsers: z.number().int(),
  betAmount: z.number(),
  /** The bet and recharge rebate rates of this level, percent. */
  betRate: z.number(),
  rechargeRate: z.number(),
});

/** One member of a level, as the team page lists them (phone masked). */
const teamMemberSchema = z.object({
  id: z.number().int(),
  phone: z.string(),
  areaCode: z.string(),
  level: z.number().int(),
  joinTime: z.number(),
  recharge: z.number(),
  betAmount: z.number(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/**
 * GET /app/user/getUserTeamInfo: every field of spec section 3 "Team info" (direct = level 1,
 * team = levels 1 to 3; betRebate and rechargeRebate are level 1's rates in percent,
 * registerRebate the fixed amount per invited player), then ours.
 */
export const teamInfoSchema = z.object({
  areaCode: z.string(),
  directNumber: z.number().int(),
  directRecharge: z.number(),
  directRechargeUserNumber: z.number().int(),
  directTotalBetAmount: z.number(),
  /** The latest ten direct members. */
  directUserList: z.array(teamMemberSchema),
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  phone: z.string(),
  teamNumber: z.number().int(),
  teamRecharge: z.number(),
  teamRechargeUserNumber: z.number().int(),
  teamTotalBetAmount: z.number(),
  betRebate: z.number(),
  rechargeRebate: z.number(),
  registerRebate: z.number(),
  // ---- ours
  invitation: z.string(),
  inviteLinkUrl: z.string(),
  /** The smallest first recharge that earns the register rebate. */
  registerMinRecharge: z.number(),
  levels: z.array(levelFiguresSchema),
  today: periodFiguresSchema,
  yesterday: periodFiguresSchema,
  /** All time: rebates earned, of which still to claim. */
  totalRebate: z.number(),
  pendingRebate: z.number(),
});
export type TeamInfo = z.infer<typeof teamInfoSchema>;

/** GET /app/user/getUserTeamInfoSingleLevel {level, pageNo, pageSize}: one level's members, newest first. */
export const teamLevelInputSchema = pageInputSchema.extend({
  level: z.preprocess(
    blankAsAbsent,
    plainInteger("level must be 1, 2 or 3").pipe(z.number().min(1).max(TEAM_LEVELS)).default("1"),
  ),
});
export const teamLevelPageSchema = pageSchema(teamMemberSchema);

const REBATE_KINDS = ["BET", "RECHARGE", "REGISTER"] as const;

const REBATE_STATUSES = ["PENDING", "CLAIMED"] as const;

const rebateSchema = z.object({
  id: z.number().int(),
  kind: z.enum(REBATE_KINDS),
  level: z.number().int(),
  /** The member whose bet, recharge or sign-up earned it (phone masked). */
  fromPhone: z.string(),
  /** The stake or recharge it was computed on. */
  baseAmount: z.number(),
  /** Percent (0 for the fixed register rebate). */
  rate: z.number(),
  amount: z.number(),
  status: z.enum(REBATE_STATUSES),
  createTime: z.number(),
  claimTime: z.number().nullable(),
});
export type Rebate = z.infer<typeof rebateSchema>;

/** GET /app/user/rebate/page {pageNo, pageSize, status?}: newest first, with the totals to claim. */
export const rebatePageInputSchema = pageInputSchema.extend({
  status: optionalField(z.enum(REBATE_STATUSES, { errorMap: () => ({ message: "Unknown status" }) })),
});
export const rebatePageSchema = pageSchema(rebateSchema).extend({
  pendingAmount: z.number(),
  pendingCount: z.number().int(),
  claimedAmount: z.number(),
});
export type RebatePage = z.infer<typeof rebatePageSchema>;

/** POST /app/user/rebate/receive {id?}: claims one pending rebate, or all of them without id. */
export const rebateReceiveInputSchema = z.object({
  id: optionalField(plainInteger("id must be a rebate id").pipe(z.number().min(1))),
});
export const rebateReceiveResultSchema = z.object({
  count: z.number().int(),
  amount: z.number(),
  chip: z.number(),
});
export type RebateReceiveResult = z.infer<typeof rebateReceiveResultSchema>;

/** One recharge task with the player's progress in the current period. */
const rechargeTaskSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** DAY: the UTC day; WEEK: the ISO week (Monday to Sunday, UTC). */
  period: z.enum(["DAY", "WEEK"]),
  minRecharge: z.number(),
  gift: z.number(),
  /** Successful recharges in the current period. */
  progress: z.number(),
  reached: z.boolean(),
  claimed: z.boolean(),
  /** When the current period ends. */
  periodEnd: z.number(),
});
export type RechargeTask = z.infer<typeof rechargeTaskSchema>;

/** GET /app/user/rechargeTask/list. */
export const rechargeTaskListSchema = z.array(rechargeTaskSchema);

/** POST /app/user/rechargeTask/receiveTaskGift {id}. */
export const receiveTaskGiftInputSchema = z.object({
  id: plainInteger("id must be a task id").pipe(z.number().min(1)),
});
export const receiveTaskGiftResultSchema = z.object({ gift: z.number(), chip: z.number() });
