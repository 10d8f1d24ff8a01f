import type { PayChannel } from "#contract/recharge";
import type { Sql } from "../platform/db";
import { Refusal } from "../platform/http";

/** Pay channels (spec: showName, payChannelName): where cash recharges go, each served by a provider. */
interface ChannelRow {
  id: number;
  payChannelName: string;
  showName: string;
  provider: string;
  enabled: boolean;
  sort: number;
}

const COLUMNS = `id, pay_channel_name AS "payChannelName", show_name AS "showName", provider, enabled, sort`;

export async function listChannels(db: Sql): Promise<ChannelRow[]> {
  return db.query<ChannelRow>(`SELECT ${COLUMNS} FROM pay_channels ORDER BY sort, id`);
}

/** What players see: enabled channels whose provider this core offers. */
export async function playerChannels(db: Sql, offered: (provider: string) => boolean): Promise<PayChannel[]> {
  return (await listChannels(db))
    .filter((c) => c.enabled && offered(c.provider))
    .map(({ id, showName, payChannelName }) => ({ id, showName, payChannelName }));
}

export async function findChannel(db: Sql, payChannelName: string): Promise<ChannelRow | null> {
  const rows = await db.query<ChannelRow>(`SELECT ${COLUMNS} FROM pay_channels WHERE pay_channel_name = $1`, [
    payChannelName,
  ]);
  return rows[0] ?? null;
}

const NAME = /^[A-Za-z0-9_.-]{1,40}$/;

function checkShowName(showName: string): string {
  const t = showName.trim();
  if (t.length < 1 || t.length > 60) throw new Refusal("showName: 1 to 60 characters");
  return t;
}

function checkSort(sort: string | number): number {
  const n = Number(sort);
  if (!/^-?\d{1,6}$/.test(String(sort).trim())) throw new Refusal("sort: a whole number");
  return n;
}

function checkProvider(provider: string, known: readonly string[]): string {
  if (!known.includes(provider)) throw new Refusal(`provider: one of ${known.join(", ")}`);
  return provider;
}

interface ChannelInput {
  payChannelName?: string;
  showName?: string;
  provider?: string;
  sort?: string;
  enabled?: string;
}

const bool = (value: string) => {
  if (!/^(true|false|1|0)$/i.test(value.trim())) throw new Refusal("enabled: true or false");
  return /^(true|1)$/i.test(value.trim());
};

/** Adds a channel; refuses a taken name or a bad field. */
export async function addChannel(
  tx: Sql,
  input: ChannelInput,
  providers: readonly string[],
): Promise<ChannelRow> {
  const name = input.payChannelName?.trim() ?? "";
  if (!NAME.test(name)) throw new Refusal("payChannelName: 1 to 40 letters, digits, _ . -");
  if (await findChannel(tx, name)) throw new Refusal(`A channel ${name} already exists`);
  const rows = await tx.query<{ id: number }>(
    `INSERT INTO pay_channels (pay_channel_name, show_name, provider, enabled, sort)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [
      name,
      checkShowName(input.showName ?? ""),
      checkProvider(input.provider?.trim() || "sandbox", providers),
      input.enabled === undefined ? true : bool(input.enabled),
      input.sort === undefined ? 0 : checkSort(input.sort),
    ],
  );
  return (await findChannel(tx, name)) ?? Promise.reject(new Error(`channel ${rows[0].id} vanished`));
}

/** Changes some fields of a channel (showName, provider, sort, enabled); answers it and what it was. */
export async function editChannel(
  tx: Sql,
  payChannelName: string,
  input: ChannelInput,
  providers: readonly string[],
): Promise<{ channel: ChannelRow; before: ChannelRow }> {
  const before = await findChannel(tx, payChannelName);
  if (!before) throw new Refusal(`No channel ${payChannelName}`);
  const sets: string[] = [];
  const values: unknown[] = [payChannelName];
  if (input.showName !== undefined) sets.push(`show_name = $${values.push(checkShowName(input.showName))}`);
  if (input.provider !== undefined)
    sets.push(`provider = $${values.push(checkProvider(input.provider, providers))}`);
  if (input.sort !== undefined) sets.push(`sort = $${values.push(checkSort(input.sort))}`);
  if (input.enabled !== undefined) sets.push(`enabled = $${values.push(bool(input.enabled))}`);
  if (sets.length === 0) throw new Refusal("Name a field to change: showName, provider, sort, enabled");
  await tx.query(
    `UPDATE pay_channels SET ${sets.join(", ")}, updated_at = now() WHERE pay_channel_name = $1`,
    values,
  );
  return { channel: (await findChannel(tx, payChannelName)) as ChannelRow, before };
}

/** The sandbox channels a fresh core offers (only added when there is no channel at all). */
const SEED_CHANNELS = [
  { payChannelName: "SANDBOX_UPI", showName: "UPI (sandbox)", sort: 1 },
  { payChannelName: "SANDBOX_BANK", showName: "Net banking (sandbox)", sort: 2 },
];

export async function seedChannels(tx: Sql): Promise<void> {
  const [{ n }] = await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM pay_channels");
  if (n > 0) return;
  for (const c of SEED_CHANNELS) {
    await tx.query(
      "INSERT INTO pay_channels (pay_channel_name, show_name, provider, sort) VALUES ($1, $2, 'sandbox', $3)",
      [c.payChannelName, c.showName, c.sort],
    );
  }
}
