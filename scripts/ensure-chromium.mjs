// Makes sure Debian's Chromium is at /usr/bin/chromium, installing it with apt-get when missing.
// Playwright's own browser download cannot work here; the e2e tests drive this Chromium instead.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

export const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  const root = process.getuid?.() === 0;
  const sudo = root ? "" : "sudo ";
  console.log(`[setup] ${CHROMIUM} is missing; installing Debian's chromium package`);
  const apt = `${sudo}env DEBIAN_FRONTEND=noninteractive apt-get`;
  // Another install under way (a second test run, the machine's own updates) holds apt's locks:
  // wait for it (it may be installing Chromium itself) rather than fail.
  const giveUpAt = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      execSync(`${apt} update -qq && ${apt} install -y -qq chromium`, { stdio: "inherit" });
      break;
    } catch {
      if (existsSync(CHROMIUM)) return CHROMIUM;
      if (Date.now() > giveUpAt)
        throw new Error(
          "Could not install Chromium. Install Debian's `chromium` package, or set CHROMIUM_PATH.",
        );
      console.log("[setup] apt is busy or failed; trying again in 5 s");
      execSync("sleep 5");
    }
  }
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium installed but not found at ${CHROMIUM}`);
  return CHROMIUM;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureChromium());
