import { afterEach } from "vitest";

/**
 * For a file whose tests set environment variables: after each test, puts `names` back as they were
 * when the file loaded (unset again where they were unset). Answers those first values.
 */
export function restoreEnvAfterEach(...names: string[]): Readonly<Record<string, string | undefined>> {
  const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
  afterEach(() => {
    for (const name of names) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  });
  return saved;
}
