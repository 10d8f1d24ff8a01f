// Environment every unit and integration test starts from. Secrets here are for tests only.
process.env.SESSION_SECRET ??= "test-secret-not-for-production";
process.env.LOG_LEVEL ??= "silent";
process.env.UPSTREAM_TIMEOUT_MS ??= "2000";
