import { runCoreProcess } from "./start";

/** The core's process (build/core/index.js). Nothing imports this file: tests use start.ts. */
await runCoreProcess();
