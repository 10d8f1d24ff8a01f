import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { isLang } from "~/utils/i18n";
import { i18nData, parseTranslationsFile } from "~/utils/i18n.server";

/** A year: the version in the file's name changes whenever the content does. */
const KEPT = "public, max-age=31536000, immutable";

/**
 * GET /i18n/<lng>/<ns>.<ns>.<v>.json: a page's translations, as the root loader would send them
 * (decision 060). The browser fetches them once and keeps them; the page's HTML carries only
 * their address. An older version (a page loaded before a deploy) gets today's text, not kept.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const asked = parseTranslationsFile(params.file ?? "");
  if (!isLang(params.lng) || !asked) return json({ message: "Not found" }, { status: 404 });
  const data = await i18nData(params.lng, asked.namespaces);
  return new Response(JSON.stringify(data), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": data.v === asked.v ? KEPT : "no-cache",
    },
  });
}
