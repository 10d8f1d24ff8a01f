import { describe, expect, it } from "vitest";
import { isAppPath, safeRedirect, safeRedirectTo } from "~/utils/safe-redirect";

/** Spellings of "somewhere else" a browser would follow off-site, or a header would choke on. */
const ATTACKS = [
  "//evil.example.com",
  "///evil.example.com",
  "/\\evil.example.com",
  "\\\\evil.example.com",
  "/\\/evil.example.com",
  "/%09/evil.example.com",
  "/\t/evil.example.com",
  "/\n/evil.example.com",
  "/\r\n/evil.example.com",
  "/%0a/x",
  "/%0d/x",
  "/%0D%0ASet-Cookie:%20a=b",
  "/%00/evil.example.com",
  "/\u0000/evil.example.com",
  " //evil.example.com",
  "/ /evil.example.com",
  "\t/evil.example.com",
  "/%2f/evil.example.com",
  "/%2F%2Fevil.example.com",
  "%2f%2fevil.example.com",
  "/%5cevil.example.com",
  "/%5Cevil.example.com",
  "/%2509/evil.example.com",
  "/%252f%252fevil.example.com",
  "/%25252f%25252fevil.example.com",
  "/%2525252f%2525252fevil.example.com",
  "/%E0%A4%A",
  "https://evil.example.com",
  "http:/evil.example.com",
  "https:evil.example.com",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "/javascript:alert(1)\n",
  "data:text/html,<script>alert(1)</script>",
  "evil.example.com",
  "pages/account/account",
  "",
  "/\u2028/evil.example.com",
  "/\u00a0/evil.example.com",
  "/\u0085/evil.example.com",
];

describe("safeRedirect", () => {
  it.each(ATTACKS)("refuses %j", (attack) => {
    expect(isAppPath(attack)).toBe(false);
    expect(safeRedirect(attack, "/fallback")).toBe("/fallback");
  });

  it.each([
    "/",
    "/pages/team/team",
    "/pages/game/game?level=2&coin=GOLD",
    "/pages/notice/noticeDetail/noticeDetail?id=12#top",
    "/pages/account/account?q=a+b",
    "/pages/blogger/blogger?name=%E4%B8%AD",
  ])("follows the app path %j", (path) => {
    expect(safeRedirect(path, "/fallback")).toBe(path);
  });

  it("percent-encodes what is beyond ASCII, so the Location header can carry it", () => {
    expect(safeRedirect("/\u3002evil.example.com", "/fallback")).toBe("/%E3%80%82evil.example.com");
    expect(safeRedirect("/pages/blogger/blogger?name=\u4e2d\u00e9", "/fallback")).toBe(
      "/pages/blogger/blogger?name=%E4%B8%AD%C3%A9",
    );
    expect(safeRedirect("/x\ud800", "/fallback")).toBe("/fallback");
    // What the browser does with it stays on this origin.
    expect(new URL(safeRedirect("/\u3002evil.example.com"), "http://app.example").origin).toBe(
      "http://app.example",
    );
  });

  it("falls back on anything that is not a string", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined)).toBe("/");
    expect(safeRedirect(new File(["/x"], "x.txt"))).toBe("/");
  });

  it("builds the login page's redirectTo from the request's own path, never a foreign one", () => {
    expect(safeRedirectTo(new Request("http://app/pages/team/team?x=1&_data=routes%2Fx&index="))).toBe(
      "/pages/team/team?x=1",
    );
    expect(safeRedirectTo(new Request("http://app//evil.example.com/pages"))).toBe("/");
    expect(safeRedirectTo(new Request("http://app/%09/evil.example.com"))).toBe("/");
  });
});
