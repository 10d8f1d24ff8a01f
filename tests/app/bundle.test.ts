import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The classic compiler silently replaces a `.server` module imported by browser code with an
 * empty CommonJS module instead of failing: code that reads one of its exports then gets
 * `undefined` at run time. These tests read the built client assets (public/build) and fail when
 * that happens, or when server-only code shows up there. They build nothing: they run after
 * `remix build` and are skipped when public/build does not exist.
 */
const BUILD_DIR = join(process.cwd(), "public/build");
const hasBuild = existsSync(BUILD_DIR);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith(".js") ? [path] : [];
  });
}

// Strings that only exist in server modules (session, upstream client, env, logger).
const SERVER_MARKERS = [
  "SESSION_SECRET",
  "UPSTREAM_URL",
  "UPSTREAM_TIMEOUT_MS",
  "createCookieSessionStorage",
  "unscrambleResponse",
  "upstream result did not match the contract",
  "__toast",
  "getSysCfgValue",
  "access-token",
];

const escapeRe = (s: string) => s.replace(/[$]/g, "\\$");

/** Local names, in one file, of empty CommonJS modules (`x=w((a,b)=>{b.exports={}})`). */
function emptyModuleVars(text: string): string[] {
  return [...text.matchAll(/([\w$]+)=[\w$]+\(\([\w$]+,([\w$]+)\)=>\{\2\.exports=\{\}\}\)/g)].map((m) => m[1]);
}

/** Finds reads of properties of an emptied module: `ns=toESM(emptyModule(),1)` then `ns.X`. */
function emptyModuleReads(all: Array<{ name: string; text: string }>): string[] {
  // Which chunk exports which empty module, under which exported name.
  const exported = new Map<string, Set<string>>();
  for (const { name, text } of all) {
    const locals = new Set(emptyModuleVars(text));
    if (!locals.size) continue;
    const names = new Set<string>();
    for (const m of text.matchAll(/export\{([^}]*)\}/g)) {
      for (const spec of m[1].split(",")) {
        const [local, as] = spec.trim().split(/\s+as\s+/);
        if (locals.has(local)) names.add(as ?? local);
      }
    }
    exported.set(name, names);
  }
  const leaks: string[] = [];
  for (const { name, text } of all) {
    const bindings = new Set(emptyModuleVars(text));
    for (const m of text.matchAll(/import\{([^}]*)\}from"([^"]+)"/g)) {
      const names = exported.get(basename(m[2]));
      if (!names) continue;
      for (const spec of m[1].split(",")) {
        const [imported, as] = spec.trim().split(/\s+as\s+/);
        if (names.has(imported)) bindings.add(as ?? imported);
      }
    }
    for (const binding of bindings) {
      const b = escapeRe(binding);
      const namespaces = [...text.matchAll(new RegExp(`([\\w$]+)=[\\w$]+\\(${b}\\(\\),1\\)`, "g"))].map(
        (x) => x[1],
      );
      for (const ns of namespaces) {
        const read = text.match(new RegExp(`[^\\w$.]${escapeRe(ns)}\\.([\\w$]+)`));
        if (read) leaks.push(`${name} reads "${read[1]}" of an emptied .server module`);
      }
      const direct = text.match(new RegExp(`[^\\w$.]${b}\\(\\)\\.([\\w$]+)`));
      if (direct) leaks.push(`${name} reads "${direct[1]}" of an emptied .server module`);
    }
  }
  return leaks;
}

describe("emptied .server module detection", () => {
  it("flags a read of an emptied module's export and ignores a bare import", () => {
    const chunk = {
      name: "chunk-A.js",
      text: 'import{b as o}from"./rt.js";var p=o((r,e)=>{e.exports={}});export{p as a};',
    };
    const leaky = {
      name: "route-1.js",
      text: 'import{a}from"/build/_shared/chunk-A.js";var r=f(a(),1);function t(){return g("a",{href:r.LOGIN_PATH})}',
    };
    const fine = {
      name: "route-2.js",
      text: 'import{a}from"/build/_shared/chunk-A.js";var r=f(a(),1);function t(){}',
    };
    expect(emptyModuleReads([chunk, leaky, fine])).toEqual([
      'route-1.js reads "LOGIN_PATH" of an emptied .server module',
    ]);
  });
});

describe.skipIf(!hasBuild)("client bundle (public/build)", () => {
  const all = hasBuild
    ? files(BUILD_DIR).map((path) => ({ name: basename(path), path, text: readFileSync(path, "utf8") }))
    : [];

  it("contains no server-only code", () => {
    const leaks: string[] = [];
    for (const { path, text } of all) {
      for (const marker of SERVER_MARKERS) if (text.includes(marker)) leaks.push(`${path}: ${marker}`);
    }
    expect(leaks).toEqual([]);
  });

  it("does not carry the start-up script, which only the server writes into the page (decision 018)", () => {
    // A string of startScripts (components/start-scripts.server.ts): the page's inline script has it.
    const carriers = all
      .filter(({ text }) => text.includes("first-contentful-paint"))
      .map(({ name }) => name);
    expect(carriers).toEqual([]);
  });

  it("never reads an export of a .server module in browser code", () => {
    expect(emptyModuleReads(all)).toEqual([]);
  });
});

/**
 * What a page loads at start: the modules the manifest preloads for the entry, the root and the
 * route, and everything they import statically (`import(…)` loads later and is not followed).
 */
function startFiles(routeId: string): string[] {
  const manifestFile = readdirSync(BUILD_DIR).find((f) => /^manifest-.*\.js$/.test(f));
  if (!manifestFile) throw new Error("no manifest in public/build");
  const text = readFileSync(join(BUILD_DIR, manifestFile), "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as {
    entry: { module: string; imports?: string[] };
    routes: Record<string, { module: string; imports?: string[] }>;
  };
  const route = manifest.routes[routeId];
  if (!route) throw new Error(`no route ${routeId} in the manifest`);
  const toFile = (url: string) => join(BUILD_DIR, url.replace(/^\/build\//, ""));
  const queue = [manifest.entry, manifest.routes.root, route].flatMap((m) => [
    m.module,
    ...(m.imports ?? []),
  ]);
  const seen = new Set<string>();
  for (let file = queue.shift(); file; file = queue.shift()) {
    const path = file.startsWith("/build/") ? toFile(file) : file;
    if (seen.has(path)) continue;
    seen.add(path);
    const code = readFileSync(path, "utf8");
    // Static imports only: `import{a as b}from"…"`, `import"…"`, `export{…}from"…"`; not `import("…")`.
    const statics = [
      ...code.matchAll(/(?:^|[;\n])\s*import\s*"([^"]+\.js)"/g),
      ...code.matchAll(/(?:^|[;\n])\s*(?:import|export)\s*[^;"(]*?from\s*"([^"]+\.js)"/g),
    ];
    for (const [, target] of statics) {
      queue.push(target.startsWith("/build/") ? target : join(dirname(path), target));
    }
  }
  return [...seen];
}

/** Strings that survive minification: zod's error class name, an invariant message of Conform. */
const ZOD_MARKER = "ZodError";
const CONFORM_MARKER = "The submit event is dispatched by form#";

const startHas = (routeId: string, marker: string) =>
  startFiles(routeId)
    .filter((file) => readFileSync(file, "utf8").includes(marker))
    .map((file) => basename(file));

/** Every route of the manifest (the pages with forms among them; new pages are covered too). */
function allRoutes(): string[] {
  const manifestFile = readdirSync(BUILD_DIR).find((f) => /^manifest-.*\.js$/.test(f));
  if (!manifestFile) return [];
  const text = readFileSync(join(BUILD_DIR, manifestFile), "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as {
    routes: Record<string, unknown>;
  };
  return Object.keys(manifest.routes).filter((id) => id !== "root");
}

describe.skipIf(!hasBuild)("what a page loads at start (decision 036)", () => {
  const ROUTES = hasBuild ? allRoutes() : [];

  it("the pages with forms are among the routes checked", () => {
    expect(ROUTES).toEqual(
      expect.arrayContaining([
        "routes/pages.login.login",
        "routes/pages.myProfile.myProfile",
        "routes/pages.loginPassword.loginPassword",
        "routes/pages.paymentPassword.paymentPassword",
        "routes/pages.game.game",
      ]),
    );
  });

  it("the markers are found in the build, so their absence below means something", () => {
    const all = files(BUILD_DIR).map((file) => readFileSync(file, "utf8"));
    expect(all.some((text) => text.includes(ZOD_MARKER))).toBe(true);
    expect(all.some((text) => text.includes(CONFORM_MARKER))).toBe(true);
  });

  it("the start-up closure follows static imports and not import()", () => {
    const login = startFiles("routes/pages.login.login").map((file) => basename(file));
    expect(login.some((name) => name.startsWith("entry.client-"))).toBe(true);
    expect(login.some((name) => name.startsWith("root-"))).toBe(true);
    expect(login.some((name) => name.startsWith("pages.login.login-"))).toBe(true);
    // The login form's module is only import()ed.
    expect(login.some((name) => name.startsWith("login-form-"))).toBe(false);
  });

  it.each(ROUTES)("%s loads no zod at start (the kit loads it when idle)", (routeId) => {
    expect(startHas(routeId, ZOD_MARKER)).toEqual([]);
  });

  it.each(ROUTES)("%s loads no Conform at start (forms load after first paint, lazyForm)", (routeId) => {
    expect(startHas(routeId, CONFORM_MARKER)).toEqual([]);
  });
});
