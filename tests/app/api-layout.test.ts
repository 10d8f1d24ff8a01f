import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The upstream is called only from app/utils/api (design section 5): the one client
 * (client.server.ts) and one small file per domain on top of it. These tests read the sources.
 */
const APP = join(process.cwd(), "app");
const API = join(APP, "utils/api");
/** The page's start-up script, which runs in the browser only. */
const BROWSER_START = "app/components/start-scripts.server.ts";

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx|js|jsx|mjs)$/.test(name) ? [path] : [];
  });
}

describe("upstream calls live in app/utils/api", () => {
  it("no module outside app/utils/api imports the client, in any spelling", () => {
    const outside = sources(APP).filter((path) => !path.startsWith(`${API}/`));
    // Static, dynamic and re-export imports alike name the module: any mention counts.
    const offenders = outside
      .filter((path) =>
        /client\.server|utils\/upstream\.server|\/upstream\.server/.test(readFileSync(path, "utf8")),
      )
      .map((path) => relative(process.cwd(), path));
    expect(offenders).toEqual([]);
  });

  it("the client is the one module that makes HTTP requests to the upstream", () => {
    const transport = sources(APP)
      .filter((path) => /from "node:https?"|\bfetch\(/.test(readFileSync(path, "utf8")))
      .map((path) => relative(process.cwd(), path));
    expect(transport.filter((path) => path !== BROWSER_START)).toEqual(["app/utils/api/client.server.ts"]);
    // The one exception runs in the browser (which cannot reach the upstream) and fetches one
    // thing: the page's translations, at the address the page names (decision 060).
    const start = readFileSync(BROWSER_START, "utf8");
    expect(start.match(/\bfetch\(/g)).toHaveLength(1);
    expect(start).toMatch(/getAttribute\("data-i18n"\)/);
  });

  it("each upstream path is called from one function with one schema", () => {
    const calls = new Map<string, string[]>();
    for (const path of sources(API)) {
      const text = readFileSync(path, "utf8");
      const game = /const GAME = "([^"]+)"/.exec(text)?.[1];
      for (const match of text.matchAll(/upstream(?:Envelope)?\(\s*request,\s*(?:"([^"]+)"|`([^`]+)`)/g)) {
        const callPath = match[1] ?? match[2].replace("${GAME}", game ?? "${GAME}");
        calls.set(callPath, [...(calls.get(callPath) ?? []), relative(API, path)]);
      }
    }
    expect(calls.size).toBeGreaterThan(20);
    const twice = [...calls].filter(([, where]) => where.length > 1);
    expect(twice).toEqual([]);
  });
});
