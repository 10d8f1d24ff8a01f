import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, json } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useRevalidator,
  useRouteLoaderData,
} from "@remix-run/react";
import { type ReactNode, useEffect, useRef } from "react";
import { GeneralErrorBoundary } from "./components/GeneralErrorBoundary";
import { NavigationProgress } from "./components/NavigationProgress";
import { ScriptsAfterFirstPaint } from "./components/ScriptsAfterFirstPaint";
import { Toasts } from "./components/Toasts";
import stylesheet from "./tailwind.css";
import { isJackpotEnabled } from "./utils/api/config.server";
import { trackPageView } from "./utils/api/track.server";
import { watchConnection } from "./utils/connection";
import { publicEnv } from "./utils/env.server";
import { TIME_ZONE_SCRIPT } from "./utils/format";
import { timeZoneOf } from "./utils/format.server";
import { dirOf, fallbackLanguage } from "./utils/i18n";
import { TranslationsProvider, useFallbackTranslations, useTranslation } from "./utils/i18n-react";
import { i18nData, translationsRef } from "./utils/i18n.server";
import { useNonce } from "./utils/nonce-provider";
import { reloadPageData } from "./utils/page-data";
import { commitSession, getSession, langOf, newDeviceId, themeOf } from "./utils/session.server";
import { combineHeaders, getToast } from "./utils/toast.server";
import { type I18nData, type I18nRef, hasResources } from "./utils/translate";
import { rememberTranslations } from "./utils/translations-ref";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [{ title: "Colour Lottery" }];

export const handle = { i18n: ["common"] };

/**
 * The root's data is fetched again when the path changes, not only when Remix would (search,
 * actions): it brings the next page's translation namespaces (decision 052).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await getSession(request);
  let sessionCookie: string | null = null;
  if (!session.get("deviceId")) {
    session.set("deviceId", newDeviceId());
    sessionCookie = await commitSession(session);
  }
  const locale = langOf(session);
  const [{ toast, headers: toastHeaders }, jackpot, translations] = await Promise.all([
    getToast(request),
    isJackpotEnabled(request),
    // The page's namespaces (its routes' handle.i18n, found by the server), or every one.
    i18nData(locale, context.i18nNamespaces as readonly string[] | undefined),
  ]);
  // A page load carries only their address: the browser fetches them once and keeps them, and the
  // server renders from them (translations-ref.ts); the router's data requests carry them (decision 060).
  const i18n: I18nData | I18nRef =
    context.pageLoad === true
      ? rememberTranslations(translationsRef(translations), translations)
      : translations;
  trackPageView(request, new URL(request.url).pathname);
  return json(
    {
      locale,
      /** The page's translations (its namespaces), or where to fetch them: no i18n library in the browser. */
      i18n,
      theme: themeOf(session),
      /** Times are shown in this zone (the player's, once the page's script has stored it). */
      timeZone: timeZoneOf(request),
      loggedIn: Boolean(session.get("token")),
      toast,
      jackpot,
      env: publicEnv(),
    },
    { headers: combineHeaders(sessionCookie ? { "set-cookie": sessionCookie } : null, toastHeaders) },
  );
}
export type RootLoaderData = typeof loader;

/** Shared by the page and the root error boundary; loader data may be missing in the latter. */
export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<RootLoaderData>("root");
  const fallback = useFallbackTranslations();
  const locale = data?.locale ?? fallback?.lng ?? fallbackLanguage;
  const nonce = useNonce();
  return (
    <html lang={locale} dir={dirOf(locale)} className={data?.theme === "dark" ? "dark" : ""}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#db2777" />
        <Meta />
        <Links />
        <script
          nonce={nonce}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script (format.ts).
          dangerouslySetInnerHTML={{ __html: TIME_ZONE_SCRIPT }}
        />
      </head>
      <body className="min-h-screen">
        <TranslationsProvider data={data?.i18n} nonce={nonce}>
          {children}
        </TranslationsProvider>
        <ScrollRestoration nonce={nonce} />
        <ScriptsAfterFirstPaint
          nonce={nonce}
          translations={data?.i18n && !hasResources(data.i18n) ? data.i18n.src : null}
        />
      </body>
    </html>
  );
}

export default function App() {
  const data = useRouteLoaderData<RootLoaderData>("root");
  useConnection();
  // The root's effect runs after every child's (the toasts' listener, the countdowns...): from
  // here on the page reacts to the player. Tests wait for this mark, not for the router alone.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "1";
  }, []);
  return (
    <>
      <NavigationProgress />
      <Outlet />
      <Toasts toast={data?.toast ?? null} />
    </>
  );
}

/**
 * Says when the phone is offline and holds sends back (utils/connection.ts). It is in the start-up
 * bundle (some 0.6 KB gzip), not fetched after hydration: a phone that lost its connection before
 * that fetch could never load it, and sends made then went past the hold into the router's error.
 * App's hydration mark comes after this effect, so a page marked hydrated holds sends.
 */
function useConnection() {
  const { t } = useTranslation("common");
  const revalidator = useRevalidator();
  const live = useRef({ t, reload: revalidator.revalidate });
  live.current = { t, reload: revalidator.revalidate };
  useEffect(
    () =>
      watchConnection(
        (key) => live.current.t(key),
        () => reloadPageData(live.current.reload),
      ),
    [],
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
