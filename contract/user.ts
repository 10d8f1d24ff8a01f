import { z } from "zod";
import { smsCodeSchema } from "./auth";
import { blankAsAbsent } from "./fields";
import { coinSchema } from "./money";

/** GET /app/user/getUserInfo. `coin` picks which coin the bet totals count (default CHIP). */
export const getUserInfoInputSchema = z.object({
  coin: z.preprocess(blankAsAbsent, coinSchema.default("CHIP")),
});

const incomeSchema = z.object({
  /** Net result of the day in units (winnings minus stakes). */
  incomeAmount: z.number(),
  /** yyyy-MM-dd, UTC. */
  incomeDate: z.string(),
  /** incomeAmount divided by the day's stakes, e.g. 0.25 for +25 %. */
  incomeRate: z.number(),
});

/** Every field of spec section 3 "User info". Amounts are in units (two decimals at most). */
export const userInfoSchema = z.object({
  address: z.string().nullable(),
  areaCode: z.string(),
  chip: z.number(),
  exchangeBalance: z.number(),
  gold: z.number(),
  headUrl: z.string().nullable(),
  id: z.number().int(),
  incomeList: z.array(incomeSchema),
  invitation: z.string(),
  inviteLinkUrl: z.string(),
  level: z.number().int(),
  nickName: z.string().nullable(),
  parentId: z.number().int().nullable(),
  phone: z.string(),
  point: z.number(),
  recharge: z.number(),
  remark: z.string().nullable(),
  /** 0 unknown, 1 male, 2 female. */
  sex: z.number().int(),
  sysUserId: z.number().int().nullable(),
  todayBetAmount: z.number(),
  todayBetIncome: z.number(),
  todayWin: z.number(),
  totalBetAmount: z.number(),
  /** NORMAL or DISABLED. */
  userStatus: z.string(),
  /** PLAYER (others are ours to add). */
  userType: z.string(),
  withdraw: z.number(),
  yesterdayCommission: z.number(),
  customerServiceUrl: z.string().nullable(),
  walletErc: z.string().nullable(),
  walletTrc: z.string().nullable(),
  /** Ours: whether a payment (asset) password is set. */
  hasAssetPassword: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/**
 * GET /app/user/getBalance (ours): the three balances of getUserInfo alone, from one indexed
 * read, for pages that show only the balance (the game page, the room list).
 */
export const balanceSchema = userInfoSchema.pick({ chip: true, gold: true, point: true });
export type Balance = z.infer<typeof balanceSchema>;

export const NICKNAME_MAX = 20;
/** POST /app/user/modifyUserBaseInfo: any of the three; fields left out stay as they are. */
export const modifyUserBaseInfoInputSchema = z
  .object({
    nickName: z.preprocess(
      (v) => (typeof v === "string" ? v.trim() : v),
      z
        .string()
        .min(1, "Enter a nickname")
        .max(NICKNAME_MAX, `The nickname can have at most ${NICKNAME_MAX} characters`)
        .refine((v) => !/[\p{Cc}<>]/u.test(v), "The nickname contains characters that are not allowed")
        .optional(),
    ),
    sex: z.preprocess(
      blankAsAbsent,
      z.enum(["0", "1", "2"], { errorMap: () => ({ message: "Sex must be 0, 1 or 2" }) }).optional(),
    ),
    headUrl: z.preprocess(
      blankAsAbsent,
      z
        .string()
        .max(500, "The avatar address is too long")
        .refine(
          (v) => /^\/core\/files\/[\w.-]+$/.test(v) || /^https?:\/\/[^\s"'<>]+$/.test(v),
          "The avatar must be an uploaded image",
        )
        .optional(),
    ),
  })
  .refine((v) => v.nickName !== undefined || v.sex !== undefined || v.headUrl !== undefined, {
    message: "Nothing to change",
  });

/** POST /app/user/resetAssetPwd: sets or resets the 6-digit payment password with an SMS code. */
export const resetAssetPwdInputSchema = z.object({
  smsCode: smsCodeSchema,
  assetPassword: z
    .string({ required_error: "Enter the payment password" })
    .regex(/^\d{6}$/, "The payment password is 6 digits"),
});
