import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/**
 * The messages the reference core can answer in an envelope, read from its source (core/src) and
 * the contract's schemas (contract/), so that tests/app/upstream-words can tell when one is
 * neither in the player's words nor listed as not player-facing. A message with a variable part
 * comes back with `{}` for each `${...}`.
 *
 * Read: every sentence of contract/ (its schemas' messages, but an Error's); in core/src, the
 * literals inside `new ApiError(...)`, `new Refusal(...)`, `new ReviewError(...)` and the
 * `refuse(...)` factories; the message constants those use (UPPER_CASE = "..." and the
 * *_MESSAGES / *_REFUSALS objects); the zod messages of the schemas (`.min(`, `.max(`, `.regex(`,
 * `.refine(`, `required_error`, `invalid_type_error`, `message:`); spendOnce's `insufficient:`
 * and `failed:` (a job's `failed:` is a log line, in lower case). A message is a literal that
 * starts with a capital letter or a `${field}` and has two words. The admin CLI's UsageError, the
 * start-up errors (ConfigError…) and plain Errors never reach an envelope and are not read.
 */
export interface FoundMessage {
  text: string;
  file: string;
}

const LITERAL = /"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g;
const SINK =
  /new (?:ApiError|Refusal|ReviewError)\(|\brefuse\(|\.(?:min|max|regex|refine)\(|required_error:|invalid_type_error:|message:|\b(?:insufficient|failed):/g;
const ERROR_CALL = /new \w*Error\((?:"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`)\)/g;
const CONST_VALUE = /\bconst ([A-Z][A-Z0-9_]*) = (?:"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`)/g;
const MESSAGE_OBJECT = /\bconst [A-Z_]*(?:MESSAGES|REFUSALS)\b[^=]*= \{/g;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return name.endsWith(".ts") ? [path] : [];
  });
}

/** The source without its comments (kept the same length, so offsets stay). */
function withoutComments(text: string): string {
  return text.replace(
    /\/\*[\s\S]*?\*\/|(^|[^:"'`\\])\/\/[^\n]*/g,
    (m, lead = "") => lead + " ".repeat(m.length - lead.length),
  );
}

/** The text from `start` up to the bracket that closes the one just before it. */
function balanced(text: string, start: number, open = "(", close = ")"): string {
  let depth = 1;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "`") {
      const end = text.indexOf(c, i + 1);
      i = end < 0 ? text.length : end;
    } else if (c === open) depth++;
    else if (c === close && --depth === 0) return text.slice(start, i);
  }
  return text.slice(start);
}

/** A literal's text, each `${...}` as `{}`. */
function literalText(literal: string): string {
  const body = literal.slice(1, -1);
  return literal.startsWith("`") ? body.replace(/\$\{(?:[^{}]|\{[^{}]*\})*\}/g, "{}") : JSON.parse(literal);
}

const isMessage = (text: string) => /^(?:[A-Z]|\{\})/.test(text) && /[A-Za-z]+ [A-Za-z]+/.test(text);

export function upstreamMessages(root: string): FoundMessage[] {
  const found = new Map<string, FoundMessage>();
  const files = [...filesUnder(join(root, "core/src")), ...filesUnder(join(root, "contract"))];
  const add = (literal: string, file: string) => {
    const text = literalText(literal);
    if (isMessage(text) && !found.has(text)) found.set(text, { text, file: relative(root, file) });
  };
  const sources = files.map((file) => ({ file, text: withoutComments(readFileSync(file, "utf8")) }));
  const sinkArguments: string[] = [];
  for (const { file, text } of sources) {
    if (relative(root, file).startsWith("contract")) {
      // The contract is the wire's schemas: each of its sentences is a message, but an Error's.
      for (const literal of text.replace(ERROR_CALL, "").match(LITERAL) ?? []) add(literal, file);
      continue;
    }
    for (const m of text.matchAll(SINK)) {
      const args = m[0].endsWith("(")
        ? balanced(text, m.index + m[0].length)
        : text.slice(m.index, text.indexOf("\n", m.index));
      sinkArguments.push(args);
      for (const literal of args.match(LITERAL) ?? []) add(literal, file);
    }
    for (const m of text.matchAll(MESSAGE_OBJECT)) {
      for (const literal of balanced(text, m.index + m[0].length, "{", "}").match(LITERAL) ?? [])
        add(literal, file);
    }
  }
  // A constant counts when a sink names it (KEY_REUSED, WRONG_SMS_CODE, TOO_BIG…).
  const named = sinkArguments.join("\n");
  for (const { file, text } of sources) {
    for (const m of text.matchAll(CONST_VALUE)) {
      if (new RegExp(`\\b${m[1]}\\b`).test(named)) add(m[0].slice(m[0].indexOf("= ") + 2), file);
    }
  }
  return [...found.values()].sort((a, b) => a.file.localeCompare(b.file) || a.text.localeCompare(b.text));
}
