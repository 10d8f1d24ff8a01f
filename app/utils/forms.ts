import { z } from "zod";
import { PASSWORD_MAX, PASSWORD_MIN, SMS_CODE_LENGTH, areaCodeWith, phoneWith } from "#contract/auth";
import { optionalField } from "#contract/fields";

/**
 * Form schemas shared by the browser (Conform's client validation) and the actions. They follow
 * the wire contract's rules (contract/auth.ts, contract/user.ts) but their messages are i18n keys
 * of the "common" namespace (validation.*), so every error is translated.
 */
export const areaCode = areaCodeWith({ required: "validation.areaCode", invalid: "validation.areaCode" });

export const phone = phoneWith({ required: "validation.phoneRequired", invalid: "validation.phone" });

export const password = z
  .string({ required_error: "validation.passwordRequired" })
  .min(PASSWORD_MIN, "validation.passwordLength")
  .max(PASSWORD_MAX, "validation.passwordLength");

export const smsCode = z
  .string({ required_error: "validation.smsCodeRequired" })
  .trim()
  .regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), "validation.smsCode");

/** Optional (blank is none) and case-insensitive: "demo8888" is the code DEMO8888. */
export const invitationCode = optionalField(
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{4,16}$/, "validation.invitationCode"),
);

export const paymentPassword = z
  .string({ required_error: "validation.paymentPasswordRequired" })
  .regex(/^\d{6}$/, "validation.paymentPassword");

/**
 * Adds "The two passwords do not match" on confirmPassword. The check sits on its own side of an
 * intersection so that it reports even while other fields are still invalid. That side reads the
 * raw fields but outputs confirmPassword alone: zod merges the two sides' outputs, and a field
 * that the other side transforms (a trimmed phone, an upper-cased or blank invitation code) would
 * otherwise differ between them and fail with "Intersection results could not be merged".
 */
function withConfirm<T extends z.ZodRawShape>(
  shape: T,
  field = "password",
  requiredMessage = "validation.confirmRequired",
) {
  const confirm = z
    .object({ confirmPassword: z.string({ required_error: requiredMessage }) })
    .passthrough()
    .superRefine((value, ctx) => {
      const v = value as Record<string, unknown>;
      if (typeof v[field] === "string" && v[field] !== v.confirmPassword) {
        ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "validation.passwordsMismatch" });
      }
    })
    .transform((value) => ({ confirmPassword: value.confirmPassword }));
  return z.object(shape).and(confirm);
}

/** The documented login fields are areaCode, phone and password; intent is optional. */
export const loginSchema = z.object({
  intent: z.literal("login").optional(),
  areaCode,
  phone,
  password: z
    .string({ required_error: "validation.passwordRequired" })
    .max(128, "validation.passwordTooLong"),
  redirectTo: z.string().optional(),
});

export const smsRequestSchema = z.object({
  intent: z.literal("sendSms"),
  areaCode,
  phone,
});

export const registerSchema = withConfirm({
  intent: z.literal("register"),
  areaCode,
  phone,
  smsCode,
  password,
  invitationCode,
  ageConfirmed: z.literal("on", {
    errorMap: () => ({ message: "validation.ageConfirm" }),
  }),
});

export const forgotSchema = withConfirm({
  intent: z.literal("forgot"),
  areaCode,
  phone,
  smsCode,
  password,
});

export const loginPasswordSchema = withConfirm({ intent: z.literal("save"), smsCode, password });

export const paymentPasswordSchema = withConfirm(
  { intent: z.literal("save"), smsCode, assetPassword: paymentPassword },
  "assetPassword",
  "validation.confirmPaymentRequired",
);

export const userCodeRequestSchema = z.object({ intent: z.literal("sendSms") });

export const NICKNAME_MAX = 20;
export const profileSchema = z.object({
  intent: z.literal("profile"),
  nickName: z
    .string({ required_error: "validation.nicknameRequired" })
    .trim()
    .min(1, "validation.nicknameRequired")
    .max(NICKNAME_MAX, "validation.nicknameLength")
    .refine((v) => !/[<>]/.test(v) && ![...v].some((c) => c.charCodeAt(0) < 32), "validation.nicknameChars"),
  sex: z.enum(["0", "1", "2"]).default("0"),
});

/** Avatar upload limits live in ./avatar (free of zod, the profile page reads them at start). */
export { AVATAR_MAX_BYTES, AVATAR_TYPES } from "./avatar";
