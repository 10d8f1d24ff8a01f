import { parseCountryCodes, sysCfgValueResultSchema } from "#contract/config";
import { upstream } from "./client.server";

/** Operator settings (spec section 7, core/src/config), on the one client. */

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
