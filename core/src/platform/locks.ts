import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";

/**
 * PGlite is an in-process database: two processes opening the same data directory would corrupt
 * it. The core holds `<DATA_DIR>.pid` while it runs; the admin CLI and a second core refuse to
 * open the directory while that process lives.
 */
function lockPath(dataDir: string) {
  return `${dataDir.replace(/\/+$/, "")}.pid`;
}

export function holderOf(dataDir: string): number | null {
  try {
    const pid = Number(readFileSync(lockPath(dataDir), "utf8").trim());
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/** Directories this process holds (the pid file cannot tell two cores of one process apart). */
const held = new Set<string>();

export function acquireDataLock(dataDir: string): () => void {
  const key = resolve(dataDir);
  if (held.has(key))
    throw new Error(`The PGlite data directory ${dataDir} is in use by process ${process.pid}`);
  const holder = holderOf(dataDir);
  if (holder) {
    throw new Error(
      `The PGlite data directory ${dataDir} is in use by process ${holder}; stop it first (or use DATABASE_URL)`,
    );
  }
  mkdirSync(dirname(lockPath(dataDir)), { recursive: true });
  writeFileSync(lockPath(dataDir), String(process.pid));
  held.add(key);
  return () => {
    held.delete(key);
    rmSync(lockPath(dataDir), { force: true });
  };
}
