import type { Deps } from "./context";
import type { CoreModule } from "./module";

/** Any fixed number: it names the lock that keeps two starting cores from seeding at once. */
const SEED_LOCK = 7_144_003;

/** Runs every module's seed in one transaction, under a lock (several cores may start at once). */
export async function seedModules(deps: Deps, modules: readonly CoreModule[]) {
  await deps.db.tx(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [SEED_LOCK]);
    for (const module of modules) await module.seed?.(tx, deps);
  });
}
