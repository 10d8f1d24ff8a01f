// The app: express with its middlewares in order, then Remix. See design section 5 (operations).
import { type ServerBuild, createRequestHandler } from "@remix-run/node";
import express, { type Express } from "express";
import { type Config, loadConfig } from "./config";
import { limitAnnouncedBody } from "./middleware/body-limit";
import { minimumBodyRate } from "./middleware/body-rate";
import { compressAllButData } from "./middleware/compression";
import { sameOriginMutations } from "./middleware/csrf";
import { lastResort } from "./middleware/error";
import { health } from "./middleware/health";
import { type ManifestRoute, jsonModeRewrite } from "./middleware/json-mode";
import { pageNamespaces } from "./middleware/page-namespaces";
import { type HandleRequest, remixPages } from "./middleware/remix";
import { requestLog } from "./middleware/request-log";
import { securityHeaders } from "./middleware/security-headers";
import { staticFiles } from "./middleware/static";
import { upstreamFiles } from "./middleware/upstream-files";
import { type SlowClientLimits, slowClientLimits } from "./slow-clients";
import { trustProxySetting, untrustedForwarding } from "./trust-proxy";
import { type Upstream, upstreamOf } from "./upstream";

interface AppOptionsBase {
  /** Defaults to the environment's (or the defaults, when the environment does not validate). */
  config?: Config;
  upstream?: Upstream;
  /** The /readyz check; defaults to the upstream's. */
  ready?: () => Promise<boolean | string>;
  /** express "trust proxy"; defaults to TRUST_PROXY. */
  trustProxy?: string;
  /** True once the server drains its connections: /readyz answers 503. */
  shuttingDown?: () => boolean;
  /** Defaults to those of BODY_MIN_BYTES_PER_SECOND; the server's header timeout takes the same. */
  slowClients?: SlowClientLimits;
}

/** The real Remix build, or (tests) only its route manifest with a handler of one's own. */
type AppOptions = AppOptionsBase &
  (
    | { build: ServerBuild; remixMode?: string; handleRequest?: HandleRequest }
    | { build: { routes: Record<string, ManifestRoute> }; handleRequest: HandleRequest }
  );

function environmentConfig(): Config {
  try {
    return loadConfig();
  } catch {
    return loadConfig({});
  }
}

export function createApp(options: AppOptions): Express {
  const config = options.config ?? environmentConfig();
  const upstream = options.upstream ?? upstreamOf(config);
  const trustProxy = options.trustProxy ?? config.TRUST_PROXY;
  const handleRequest =
    options.handleRequest ??
    // Remix's development mode puts error stacks (absolute paths) into data responses and pages:
    // only `remix dev` (which sets REMIX_DEV_ORIGIN) gets it, never `npm start`.
    createRequestHandler(
      options.build as ServerBuild,
      ("remixMode" in options && options.remixMode) ||
        (process.env.REMIX_DEV_ORIGIN ? "development" : "production"),
    );

  const app = express();
  app.disable("x-powered-by");
  // Only `_data` is ever read from req.query: Node's querystring is enough (qs is slower).
  app.set("query parser", "simple");
  const trust = trustProxySetting(trustProxy);
  if (trust !== undefined) app.set("trust proxy", trust);

  app.use(untrustedForwarding(trustProxy));
  app.use(requestLog());
  app.use(securityHeaders({ production: config.NODE_ENV === "production" }));
  app.use(limitAnnouncedBody());
  app.use(minimumBodyRate(options.slowClients ?? slowClientLimits(config.BODY_MIN_BYTES_PER_SECOND)));
  app.use(
    health({
      ready: options.ready ?? upstream.ready,
      shuttingDown: options.shuttingDown ?? (() => false),
    }),
  );
  app.use(compressAllButData());
  app.use(staticFiles());
  app.get(
    "/core/files/:name",
    upstreamFiles({ upstreamBase: upstream.base, timeoutMs: config.UPSTREAM_TIMEOUT_MS }),
  );
  app.use(sameOriginMutations());
  app.use(jsonModeRewrite(options.build.routes));
  app.all("*", remixPages(handleRequest, pageNamespaces(options.build.routes)));
  app.use(lastResort());
  return app;
}
