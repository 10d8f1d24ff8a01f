import type { Worker } from "node:cluster";
import { runningWorkers } from "../../server/primary";

/**
 * Node keeps a worker in cluster.workers until it has exited and closed its IPC channel; when its
 * 'exit' is heard first, it is still listed. The primary counts what still runs by the process,
 * not by the list, or SIGTERM waits 20 s for a process that is already gone (seen once in CI).
 */
const worker = (dead: boolean) => ({ isDead: () => dead }) as unknown as Worker;

test("a worker that has exited but is still listed is not counted as running", () => {
  const alive = worker(false);
  expect(runningWorkers({ 1: worker(true), 2: alive, 3: undefined })).toEqual([alive]);
  expect(runningWorkers({ 1: worker(true) })).toEqual([]);
  expect(runningWorkers(undefined)).toEqual([]);
});
