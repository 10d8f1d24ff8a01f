import { z } from "zod";
import {
  type SmsPurpose,
  emptyResultSchema,
  loginResultSchema,
  registerResultSchema,
  smsSentResultSchema,
} from "../../../contract/auth";
import { parseCountryCodes, sysCfgValueResultSchema } from "../../../contract/config";
import { uploadResultSchema } from "../../../contract/files";
import { sysMessagePageSchema, sysMessageSchema } from "../../../contract/messages";
import type { Coin } from "../../../contract/money";
import { userInfoSchema } from "../../../contract/user";
import { uploadFile, upstream } from "./client.server";

/** Account-domain calls of spec section 7, each a thin wrapper over the one upstream client. */

export function getUserInfo(request: Request, coin: Coin = "CHIP") {
  return upstream(request, "/app/user/getUserInfo", { params: { coin }, schema: userInfoSchema });
}

export function getSysCfgValue(request: Request | null, key: string) {
  return upstream(request, "/app/config/getSysCfgValue", {
    params: { sysCfgKeyEnum: key },
    schema: sysCfgValueResultSchema.nullable().transform((v) => v ?? ""),
  });
}

const FALLBACK_AREA_CODES = ["91"];
export async function getAreaCodes(request: Request): Promise<string[]> {
  try {
    const codes = parseCountryCodes(await getSysCfgValue(request, "COUNTRY_CODE"));
    return codes.length ? codes : FALLBACK_AREA_CODES;
  } catch {
    return FALLBACK_AREA_CODES;
  }
}

let jackpotCache: { value: boolean; until: number } | undefined;
/** JACKPOT_APPLY shows the jackpot tab when it converts to a non-zero number. Cached for 30 s. */
export async function isJackpotEnabled(request: Request): Promise<boolean> {
  const now = Date.now();
  if (jackpotCache && jackpotCache.until > now) return jackpotCache.value;
  let value = false;
  try {
    const raw = Number(await getSysCfgValue(request, "JACKPOT_APPLY"));
    value = Number.isFinite(raw) && raw !== 0;
  } catch {
    value = false;
  }
  jackpotCache = { value, until: now + 30_000 };
  return value;
}
export function resetJackpotCache() {
  jackpotCache = undefined;
}

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

export function modifyUserBaseInfo(
  request: Request,
  input: { nickName?: string; sex?: string; headUrl?: string },
) {
  return upstream(request, "/app/user/modifyUserBaseInfo", {
    method: "POST",
    params: input,
    schema: z.unknown(),
  });
}

export function resetAssetPwd(request: Request, input: { smsCode: string; assetPassword: string }) {
  return upstream(request, "/app/user/resetAssetPwd", { method: "POST", params: input, schema: z.unknown() });
}

export function uploadImage(request: Request, file: File) {
  return uploadFile(request, file, { schema: uploadResultSchema, filename: file.name || "avatar" });
}

export function findUserMsgList(request: Request, pageNo: number, pageSize = 20) {
  return upstream(request, "/app/sysMessage/findUserMsgList", {
    params: { pageNo, pageSize },
    schema: sysMessagePageSchema,
  });
}

export function getMessage(request: Request, id: number) {
  return upstream(request, "/app/sysMessage/get", { params: { id }, schema: sysMessageSchema });
}

export function readMessage(request: Request, id: number) {
  return upstream(request, "/app/sysMessage/readMsg", {
    method: "POST",
    params: { id },
    schema: z.unknown(),
  });
}
