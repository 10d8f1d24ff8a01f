import { describe, expect, it } from "vitest";
import { prefersJson, wantsJson } from "~/utils/json-mode.server";

describe("JSON mode detection", () => {
  it.each([
    ["application/json", true],
    ["application/json, text/plain, */*", true],
    ["text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", false],
    ["*/*", false],
    ["application/json;q=0.5, text/html", false],
    ["text/html;q=0.5, application/json", true],
    ["application/*", true],
    ["", false],
  ])("Accept %j -> %s", (accept, expected) => {
    expect(prefersJson(accept)).toBe(expected);
  });

  it("honours the x-json-mode marker set by the server", () => {
    expect(wantsJson(new Request("http://app.test/", { headers: { "x-json-mode": "1" } }))).toBe(true);
    expect(wantsJson(new Request("http://app.test/"))).toBe(false);
  });
});
