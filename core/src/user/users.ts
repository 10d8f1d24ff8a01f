import { randomInt } from "node:crypto";
import type { Sql } from "../platform/db";

/** Invitation codes: 8 characters without the look-alikes 0/O and 1/I. */
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

function newInvitationCode(): string {
  let code = "";
  for (let i = 0; i < 8; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

interface UserRow {
  id: number;
  area_code: string;
  phone: string;
  password_hash: string;
  asset_password_hash: string | null;
  nick_name: string | null;
  head_url: string | null;
  sex: number;
  invitation: string;
  parent_id: number | null;
  level: number;
  user_status: string;
  user_type: string;
  remark: string | null;
  address: string | null;
  wallet_erc: string | null;
  wallet_trc: string | null;
}

export async function findUserByPhone(sql: Sql, areaCode: string, phone: string) {
  const rows = await sql.query<UserRow>("SELECT * FROM users WHERE area_code = $1 AND phone = $2", [
    areaCode,
    phone,
  ]);
  return rows[0] ?? null;
}

export async function findUserById(sql: Sql, id: number) {
  const rows = await sql.query<UserRow>("SELECT * FROM users WHERE id = $1", [id]);
  return rows[0] ?? null;
}

/**
 * Creates a player with three empty accounts. The invitation code is drawn until it is free
 * (unless one is given, e.g. the demo player's).
 */
export async function createUser(
  sql: Sql,
  u: { areaCode: string; phone: string; passwordHash: string; parentId: number | null; invitation?: string },
): Promise<UserRow> {
  for (let attempt = 0; ; attempt++) {
    const invitation = u.invitation ?? newInvitationCode();
    const taken = await sql.query("SELECT 1 FROM users WHERE invitation = $1", [invitation]);
    if (taken.length > 0) {
      if (u.invitation || attempt > 20) throw new Error("Could not find a free invitation code");
      continue;
    }
    const [user] = await sql.query<UserRow>(
      `INSERT INTO users (area_code, phone, password_hash, invitation, parent_id)
       VALUES ($1, $2, $3, $4, $5) RETURNING *`,
      [u.areaCode, u.phone, u.passwordHash, invitation, u.parentId],
    );
    await sql.query(
      "INSERT INTO accounts (user_id, coin, balance) VALUES ($1, 'CHIP', 0), ($1, 'GOLD', 0), ($1, 'POINT', 0)",
      [user.id],
    );
    return user;
  }
}

/**
 * What other players may see of these players (rankings, jackpot winners, bloggers): the
 * nickname, the avatar and the phone masked as "98****3210", never the full phone. For other
 * domains, which do not read the users table.
 */
export async function publicProfiles(
  sql: Sql,
  ids: number[],
): Promise<Map<number, { nickName: string | null; headUrl: string | null; phone: string }>> {
  const out = new Map<number, { nickName: string | null; headUrl: string | null; phone: string }>();
  if (ids.length === 0) return out;
  const rows = await sql.query<{
    id: number;
    nick_name: string | null;
    head_url: string | null;
    phone: string;
  }>("SELECT id, nick_name, head_url, phone FROM users WHERE id = ANY($1::bigint[])", [ids]);
  for (const r of rows) {
    const phone =
      r.phone.length <= 4
        ? "*".repeat(r.phone.length)
        : `${r.phone.slice(0, Math.min(2, r.phone.length - 4))}****${r.phone.slice(-4)}`;
    out.set(Number(r.id), { nickName: r.nick_name, headUrl: r.head_url, phone });
  }
  return out;
}
