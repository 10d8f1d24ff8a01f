import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";

/**
 * The form kit (components/forms.tsx) holds the composite fields; pages compose them instead of
 * wiring their own inputs again (issue 7: the two password pages and register/forgot stop
 * repeating each other). Markers of each composite field must stand in the kit alone.
 */
const KIT = "app/components/forms.tsx";
const MARKERS = [
  '"one-time-code"', // the SMS code input
  "<SmsButton", // its countdown button
  '"form.confirmPassword"', // the confirmation of a new password
  '"form.newPassword"',
  '"form.paymentPassword"',
  '"form.areaCode"', // the area code picker
];

const files = readdirSync("app", { recursive: true, encoding: "utf8" })
  .filter((f) => /\.(ts|tsx)$/.test(f))
  .map((f) => join("app", f));

it("each composite field of a form is written once, in the form kit", () => {
  const elsewhere = files
    .filter((file) => file !== KIT)
    .flatMap((file) => {
      const text = readFileSync(file, "utf8");
      return MARKERS.filter((marker) => text.includes(marker)).map((marker) => `${file}: ${marker}`);
    });
  expect(elsewhere).toEqual([]);
  const kit = readFileSync(KIT, "utf8");
  for (const marker of MARKERS) expect(kit).toContain(marker);
});
