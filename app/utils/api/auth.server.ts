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

export function login(request: Request, input: { areaCode: string; phone: string; password: string }) {
  return upstream(request, "/app/auth/login", { method: "POST", params: input, schema: loginResultSchema });
}

export function register(
  request: Request,
  input: { areaCode: string; phone: string; password: string; smsCode: string; invitationCode?: string },
) {
  return upstream(request, "/app/auth/register", {
    method: "POST",
    params: input,
    schema: registerResultSchema,
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
