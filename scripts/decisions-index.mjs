// Writes docs/decisions/README.md: the index of decision records (number, title, date, status).
// `node scripts/decisions-index.mjs` after adding a record; tests/docs/decisions.test.ts checks it
// is up to date and that every record has a Date and a Status line.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const dir = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../docs/decisions");

/** Each record's file, number, title, date and status. */
export function records() {
  return readdirSync(dir)
    .filter((f) => /^\d{3}-.*\.md$/.test(f))
    .sort()
    .map((file) => {
      const text = readFileSync(path.join(dir, file), "utf8");
      const title = /^# \d{3}\. (.+)$/m.exec(text)?.[1] ?? "";
      const date = /^Date: (\d{4}-\d{2}-\d{2})$/m.exec(text)?.[1] ?? "";
      const status = /^Status: (.+)$/m.exec(text)?.[1] ?? "";
      return { file, number: file.slice(0, 3), title, date, status };
    });
}

export function indexText() {
  const rows = records().map((r) => `| ${r.number} | [${r.title}](${r.file}) | ${r.date} | ${r.status} |`);
  return [
    "# Decision records",
    "",
    "Short records of the choices a newcomer would question: what was decided, why, and what follows.",
    "A record is never rewritten to say something else; a later one supersedes it (its status says so).",
    "Add one as `NNN-short-name.md` with `Date:` and `Status:` lines, then run",
    "`node scripts/decisions-index.mjs` to refresh this index.",
    "",
    "| No. | Decision | Date | Status |",
    "| --- | --- | --- | --- |",
    ...rows,
    "",
  ].join("\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname) {
  writeFileSync(path.join(dir, "README.md"), indexText());
}
