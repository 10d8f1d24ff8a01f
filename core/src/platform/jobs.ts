import type { Deps } from "./context";

/**
 * A job that runs beside the server (e.g. the game's round scheduler). `start` runs after the
 * database is migrated and seeded; what it returns is awaited on shutdown, before the database
 * closes.
 */
export interface BackgroundJob {
  name: string;
  start(deps: Deps): Promise<() => Promise<void> | void> | (() => Promise<void> | void);
}

/**
 * A job that runs `pass` at start and then every `everyMs`, one pass at a time (a pass still under
 * way when the next is due is not doubled). A failed pass is logged as `failed`; stopping waits for
 * the pass under way, which `stopped()` tells to end early.
 */
export function periodicJob(
  name: string,
  options: { everyMs: (deps: Deps) => number; failed: string },
  pass: (deps: Deps, stopped: () => boolean) => Promise<void>,
): BackgroundJob {
  return {
    name,
    start(deps) {
      let stopped = false;
      let running: Promise<void> | null = null;
      const run = () => {
        if (running || stopped) return;
        running = pass(deps, () => stopped)
          .catch((err) => deps.log.error({ err }, options.failed))
          .finally(() => {
            running = null;
          });
      };
      run();
      const timer = setInterval(run, options.everyMs(deps));
      timer.unref?.();
      return async () => {
        stopped = true;
        clearInterval(timer);
        await running;
      };
    },
  };
}

export interface RunningJob {
  name: string;
  stop: () => Promise<void> | void;
}

/** Starts the jobs in order; `running` receives each one as it starts, so a failure can stop those. */
export async function startJobs(jobs: BackgroundJob[], deps: Deps, running: RunningJob[]) {
  for (const job of jobs) {
    running.push({ name: job.name, stop: await job.start(deps) });
    deps.log.info({ job: job.name }, "background job started");
  }
}

/** Stops the jobs in the reverse order; one that fails to stop is logged, the others still stop. */
export async function stopJobs(running: RunningJob[], deps: Pick<Deps, "log">) {
  for (const { name, stop } of [...running].reverse()) {
    await Promise.resolve(stop()).catch((err) =>
      deps.log.error({ err, job: name }, "background job did not stop cleanly"),
    );
  }
}
