import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { basename, join } from "node:path";
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

  it("never reads an export of a .server module in browser code", () => {
    expect(emptyModuleReads(all)).toEqual([]);
  });
});
