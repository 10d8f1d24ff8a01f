// Environment every unit and integration test starts from. Secrets here are for tests only.
process.env.SESSION_SECRET ??= "test-secret-not-for-production";
process.env.LOG_LEVEL ??= "silent";
process.env.UPSTREAM_TIMEOUT_MS ??= "2000";

// Upstream answers kept for every player (app/utils/shared-cache.server.ts) must not leak from
// one test into the next, whose fake upstream or core clock answers differently.
beforeEach(async () => {
  (await import("../app/utils/shared-cache.server")).clearSharedCaches();
});
