import type { Sql } from "../platform/db";

/** Reads one operator setting (null when the key does not exist). */
export async function getSysConfig(sql: Sql, key: string): Promise<string | null> {
  const rows = await sql.query<{ value: string }>("SELECT value FROM sys_config WHERE key = $1", [key]);
  return rows[0]?.value ?? null;
}

export async function setSysConfig(sql: Sql, key: string, value: string) {
  await sql.query(
    `INSERT INTO sys_config (key, value, updated_at) VALUES ($1, $2, now())
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [key, value],
  );
}
