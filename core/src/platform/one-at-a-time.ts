/**
 * Runs `fn` once no other call holding any of `keys` is running in this process: the tries of one
 * password (a player's payment password, the sign-ins of one address or phone) are compared one
 * after another, each reading the failures the one before it wrote. Keys are taken in sorted
 * order, so two calls sharing keys cannot wait on each other.
 *
 * A database lock would do it across processes, but it would hold a connection (PGlite's only
 * one) for the whole password comparison. The lock lives in the process: the embedded PGlite has
 * one core process; several core processes on one PostgreSQL would each keep to the limits apart.
 */
const tails = new Map<string, Promise<void>>();

export async function oneAtATime<T>(keys: string[], fn: () => Promise<T>): Promise<T> {
  const releases: Array<() => void> = [];
  try {
    for (const key of [...new Set(keys)].sort()) releases.push(await take(key));
    return await fn();
  } finally {
    for (const release of releases.reverse()) release();
  }
}

async function take(key: string): Promise<() => void> {
  const before = tails.get(key) ?? Promise.resolve();
  let release = () => {};
  const mine = new Promise<void>((resolve) => {
    release = resolve;
  });
  const tail = before.then(() => mine);
  tails.set(key, tail);
  await before;
  return () => {
    release();
    if (tails.get(key) === tail) tails.delete(key);
  };
}
