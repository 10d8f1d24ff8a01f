import { z } from "zod";
import {
  type SmsPurpose,
  emptyResultSchema,
  loginResultSchema,
  registerResultSchema,
  smsSentResultSchema,
} from "#contract/auth";
import { upstream } from "./client.server";

/** Sign-in, sign-up, passwords and SMS codes (spec section 7, core/src/auth), on the one client. */

/**
 * A sign-in (or a registration, which signs in) sends `deviceId`, the id the new session keeps:
 * the core trusts this device for the phone from then on, past the per-address limit (decision 063).
 */
export function login(
  request: Request,
  input: { areaCode: string; phone: string; password: string },
  deviceId: string,
) {
  return upstream(request, "/app/auth/login", {
    method: "POST",
    params: input,
    schema: loginResultSchema,
    deviceId,
  });
}

export function register(
  request: Request,
  input: { areaCode: string; phone: string; password: string; smsCode: string; invitationCode?: string },
  deviceId: string,
) {
  return upstream(request, "/app/auth/register", {
    method: "POST",
    params: input,
    schema: registerResultSchema,
    deviceId,
  });
}

export function resetLoginPwd(
  request: Request,
  input: { areaCode: string; phone: string; smsCode: string; password: string },
) {
  return upstream(request, "/app/auth/resetLoginPwd", {
    method: "POST",
    params: input,
    schema: emptyResultSchema,
  });
}

export function logout(request: Request) {
  return upstream(request, "/app/auth/logout", { method: "POST", schema: z.unknown() });
}

export function sendSmsCodeNoAuth(
  request: Request,
  input: { areaCode: string; phone: string; type: "REGISTER" | "RESET_LOGIN_PWD" },
) {
  return upstream(request, "/app/sms/sendSmsCodeNoAuth", {
    method: "POST",
    params: input,
    schema: smsSentResultSchema,
  });
}

export function sendUserCode(request: Request, type: Exclude<SmsPurpose, "REGISTER">) {
  return upstream(request, "/app/sms/sendUserCode", {
    method: "POST",
    params: { type },
    schema: smsSentResultSchema,
  });
}
