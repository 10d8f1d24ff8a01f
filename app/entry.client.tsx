import { RemixBrowser } from "@remix-run/react";
import i18next, { type BackendModule } from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { i18nConfig } from "./utils/i18n";

declare global {
  interface Window {
    __remixManifest?: { version?: string };
  }
}

/**
 * Translations are static files served by server.mjs (/locales/<lng>/<ns>.json); the build
 * version busts their cache. A ten-line fetch backend instead of i18next-http-backend keeps
 * its fetch polyfill out of the bundle.
 */
const version = window.__remixManifest?.version ?? "dev";
const fetchBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    fetch(`/locales/${language}/${namespace}.json?v=${version}`)
      .then((res) => (res.ok ? res.json() : Promise.reject(new Error(`HTTP ${res.status}`))))
      .then(
        (data) => callback(null, data),
        (error) => callback(error, false),
      );
  },
};

async function hydrate() {
  await i18next
    .use(initReactI18next)
    .use(fetchBackend)
    .init({
      ...i18nConfig,
      lng: document.documentElement.lang || i18nConfig.fallbackLng,
      ns: getInitialNamespaces(),
    });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

hydrate();
