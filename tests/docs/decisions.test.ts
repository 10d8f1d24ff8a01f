import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { indexText, records } from "../../scripts/decisions-index.mjs";

type DecisionRecord = { file: string; number: string; title: string; date: string; status: string };

test("every decision record has a numbered title, a date and a status", () => {
  const all = records() as DecisionRecord[];
  expect(all.length).toBeGreaterThan(10);
  for (const r of all) {
    expect(r.title, r.file).not.toBe("");
    expect(r.date, r.file).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(r.status, r.file).toMatch(/^(proposed|accepted|superseded by \d{3}|deprecated)$/);
  }
  expect(new Set(all.map((r) => r.number)).size).toBe(all.length);
});

test("the index lists every record (run node scripts/decisions-index.mjs after adding one)", () => {
  expect(readFileSync("docs/decisions/README.md", "utf8")).toBe(indexText());
});

test("the documents the code cites by section are quoted in docs/", () => {
  const spec = readFileSync("docs/specification.md", "utf8");
  const design = readFileSync("docs/design.md", "utf8");
  for (const n of [2, 3, 4, 5, 7, 8, 9]) expect(spec).toMatch(new RegExp(`^## ${n}\\. `, "m"));
  for (const n of [3, 4, 5, 6]) expect(design).toMatch(new RegExp(`^## ${n}\\. `, "m"));
});
