import { useRouteLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import type { RootLoaderData } from "~/root";
import { FALLBACK_TIME_ZONE, type Formats, makeFormats } from "./format";
import { useTranslation } from "./i18n-react";

/**
 * The player's money and date formats in a component: the language of the page, the time zone
 * and the currency sign the root loader sent (the same on the server and after hydration).
 */
export function useFormat(): Formats {
  const root = useRouteLoaderData<RootLoaderData>("root");
  const { i18n } = useTranslation();
  const timeZone = root?.timeZone ?? FALLBACK_TIME_ZONE;
  const sign = root?.env.currencySign ?? "₹";
  return useMemo(() => makeFormats(i18n.language, timeZone, sign), [i18n.language, timeZone, sign]);
}
