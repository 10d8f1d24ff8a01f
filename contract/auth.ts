import { z } from "zod";
import { optionalField } from "./fields";

/**
 * Sign-in, registration, password reset and SMS codes (spec section 7). Request schemas take the
 * form-encoded strings the client sends; result schemas describe the envelope's `result`.
 */
/**
 * A phone number is one account, one SMS limit and one sign-in limit however it is spelt: the
 * area code and the number are kept in their one international form. A country's calling code
 * never starts with 0, and a number's leading zeros are the national trunk prefix (UK 07…, India
 * 09…), so "+0091" is 91 and "09000000001" is 9000000001. Spelt as typed, each spelling was
 * another account on the same phone and another per-phone SMS limit.
 */
const withoutLeadingZeros = (v: string) => v.replace(/^0+/, "");

/**
 * A country's calling code, with or without its "+" and leading zeros: the rule the wire and the
 * app's forms share, each with its own messages (the wire's English, the forms' i18n keys).
 */
export function areaCodeWith(messages: { required: string; invalid: string }) {
  return z
    .string({ required_error: messages.required })
    .trim()
    .transform((v) => withoutLeadingZeros(v.replace(/^\+/, "")))
    .pipe(z.string().regex(/^\d{1,4}$/, messages.invalid));
}

/** A phone number of 5 to 15 digits, without its trunk prefix's zeros (the wire's and the forms'). */
export function phoneWith(messages: { required: string; invalid: string }) {
  return z
    .string({ required_error: messages.required })
    .trim()
    .min(1, messages.required)
    .regex(/^\d{1,20}$/, messages.invalid)
    .transform(withoutLeadingZeros)
    .pipe(z.string().regex(/^\d{5,15}$/, messages.invalid));
}

export const areaCodeSchema = areaCodeWith({
  required: "Choose a country code",
  invalid: "Choose a valid country code",
});

export const phoneSchema = phoneWith({
  required: "Enter your phone number",
  invalid: "Enter a valid phone number (5 to 15 digits)",
});

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 32;
const passwordSchema = z
  .string({ required_error: "Enter your password" })
  .min(1, "Enter your password")
  .min(PASSWORD_MIN, `The password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`)
  .max(PASSWORD_MAX, `The password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`);

export const SMS_CODE_LENGTH = 6;
export const smsCodeSchema = z
  .string({ required_error: "Enter the SMS verification code" })
  .trim()
  .min(1, "Enter the SMS verification code")
  .regex(/^\d{6}$/, "The SMS verification code is 6 digits");

const invitationCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{4,16}$/, "The invitation code is not valid");

export const loginInputSchema = z.object({
  areaCode: areaCodeSchema,
  phone: phoneSchema,
  // Login does not re-check the length rules: a wrong password is just wrong.
  password: z.string({ required_error: "Enter your password" }).min(1, "Enter your password").max(128),
});

/** Result of login and register: the token to send on every later call. */
export const loginResultSchema = z.object({
  token: z.string(),
  userId: z.number().int(),
  /** Milliseconds since the epoch. */
  expiresAt: z.number().int(),
  /** When this player signed in before this sign-in (ms), shown after signing in; null the first time. */
  previousSignIn: z.number().int().nullable().optional(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

export const registerInputSchema = z.object({
  areaCode: areaCodeSchema,
  phone: phoneSchema,
  password: passwordSchema,
  smsCode: smsCodeSchema,
  /** The inviter's invitation code; the inviter becomes the new player's parent. Optional. */
  invitationCode: optionalField(invitationCodeSchema),
});
export const registerResultSchema = loginResultSchema;

export const resetLoginPwdInputSchema = z.object({
  areaCode: areaCodeSchema,
  phone: phoneSchema,
  smsCode: smsCodeSchema,
  password: passwordSchema,
});

/** logout and resetLoginPwd answer with result null. */
export const emptyResultSchema = z.null().optional();

/** Purposes of SMS codes. A code is only accepted for the purpose it was sent for. */
const SMS_NO_AUTH_TYPES = ["REGISTER", "RESET_LOGIN_PWD"] as const;
const SMS_USER_TYPES = ["RESET_ASSET_PWD", "RESET_LOGIN_PWD", "WITHDRAW"] as const;
export type SmsPurpose = (typeof SMS_NO_AUTH_TYPES)[number] | (typeof SMS_USER_TYPES)[number];

const smsType = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    errorMap: () => ({ message: `The SMS type must be one of ${values.join(", ")}` }),
  });

export const sendSmsCodeNoAuthInputSchema = z.object({
  areaCode: areaCodeSchema,
  phone: phoneSchema,
  type: smsType(SMS_NO_AUTH_TYPES),
});

/** sendUserCode: the code goes to the signed-in player's own phone. */
export const sendUserCodeInputSchema = z.object({ type: smsType(SMS_USER_TYPES) });

/** Result of both SMS calls: when a new code may be asked for, and how long this one lives. */
export const smsSentResultSchema = z.object({
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
});
