// Makes sure a PostgreSQL server answers on 127.0.0.1:5432 for the core's PostgreSQL tests:
// uses the running one, else starts the installed cluster, else installs Debian's package.
// Prints the admin URL the tests create their throw-away databases from.
import { execSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import pg from "pg";

export const DEFAULT_ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres";

async function reachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function sh(command) {
  const sudo = process.getuid?.() === 0 ? "" : "sudo ";
  execSync(sudo + command, { stdio: "inherit" });
}

function startCluster() {
  const versions = existsSync("/etc/postgresql") ? readdirSync("/etc/postgresql") : [];
  if (versions.length === 0) return false;
  const version = versions.sort().at(-1);
  const hba = `/etc/postgresql/${version}/main/pg_hba.conf`;
  // Throw-away test databases on loopback only: trust auth there, as on the CI machines.
  sh(
    `sh -c "grep -q '^host all all 127.0.0.1/32 trust' ${hba} || sed -i '1i host all all 127.0.0.1/32 trust' ${hba}"`,
  );
  sh(
    `pg_ctlcluster --skip-systemctl-redirect ${version} main start || pg_ctlcluster --skip-systemctl-redirect ${version} main reload`,
  );
  return true;
}

export async function ensurePostgres(url = process.env.TEST_DATABASE_ADMIN_URL || DEFAULT_ADMIN_URL) {
  if (await reachable(url)) return url;
  console.log("[setup] PostgreSQL is not answering on 127.0.0.1:5432; starting it");
  try {
    if (!startCluster()) {
      sh("apt-get update -qq");
      sh("env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql");
      startCluster();
    }
  } catch (error) {
    console.error(`[setup] could not start PostgreSQL: ${error.message}`);
  }
  for (let i = 0; i < 30; i++) {
    if (await reachable(url)) return url;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(
    `PostgreSQL is not reachable at ${url}; set TEST_DATABASE_ADMIN_URL to a server the tests may use`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await ensurePostgres());
