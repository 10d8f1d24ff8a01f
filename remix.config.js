/**
 * Remix classic compiler. Routes are flat files under app/routes whose dots mirror the spec's
 * paths (pages.account.account.tsx -> /pages/account/account). Single fetch stays off.
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.*", "**/*.css"],
  serverModuleFormat: "esm",
  serverPlatform: "node",
  tailwind: true,
  postcss: true,
  watchPaths: ["./contract/**/*.ts", "./locales/**/*.json"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true, // decision 053
    v3_singleFetch: false,
  },
};
