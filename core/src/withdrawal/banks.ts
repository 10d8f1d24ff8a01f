import { Code } from "#contract/codes";
import type { Page } from "#contract/envelope";
import {
  type Bank,
  MAX_BANK_CARDS,
  type SaveUserBankInput,
  type UserBank,
  maskAccountNumber,
} from "#contract/withdrawal";
import { type Sql, isUniqueViolation } from "../platform/db";
import { ApiError } from "../platform/http";
import { pageOf } from "../platform/paging";

/** Banks and the players' bank cards (spec: bank/page, userBank/page, userBank/saveOrUpdate). */

const refuse = (reason: string, message: string, code: number = Code.BAD_REQUEST) =>
  new ApiError(code, message, { reason });

export async function bankPage(db: Sql, q: { pageNo: number; pageSize: number }): Promise<Page<Bank>> {
  const rows = await db.query<{ id: number; bank_name: string; ifsc_required: boolean; total: number }>(
    `SELECT id, bank_name, ifsc_required, count(*) OVER ()::int AS total FROM banks WHERE enabled
     ORDER BY sort, id LIMIT $1 OFFSET $2`,
    [q.pageSize, (q.pageNo - 1) * q.pageSize],
  );
  return pageOf(
    rows.map((r) => ({ id: r.id, bankName: r.bank_name, ifscRequired: r.ifsc_required })),
    rows[0]?.total ?? (await countOf(db, "SELECT count(*)::int AS n FROM banks WHERE enabled")),
    q,
  );
}

async function countOf(db: Sql, text: string, params: unknown[] = []): Promise<number> {
  const [row] = await db.query<{ n: number }>(text, params);
  return row?.n ?? 0;
}

interface CardRow {
  id: number;
  bank_id: number;
  bank_name: string;
  holder_name: string;
  account_number: string;
  ifsc: string | null;
  created_at: Date | string;
}

interface Card {
  id: number;
  bankId: number;
  bankName: string;
  holderName: string;
  accountNumber: string;
  ifsc: string | null;
}

/** The wire view of a card: the number masked but its last four digits. */
function cardView(r: CardRow): UserBank {
  const last4 = r.account_number.slice(-4);
  return {
    id: Number(r.id),
    bankId: r.bank_id,
    bankName: r.bank_name,
    holderName: r.holder_name,
    bankCardNo: maskAccountNumber(last4),
    last4,
    ifsc: r.ifsc,
    createTime: new Date(r.created_at).getTime(),
  };
}

const CARD_COLUMNS = "c.id, c.bank_id, b.bank_name, c.holder_name, c.account_number, c.ifsc, c.created_at";

export async function userBankPage(
  db: Sql,
  userId: number,
  q: { pageNo: number; pageSize: number },
): Promise<Page<UserBank>> {
  const rows = await db.query<CardRow>(
    `SELECT ${CARD_COLUMNS} FROM user_banks c JOIN banks b ON b.id = c.bank_id
     WHERE c.user_id = $1 ORDER BY c.id LIMIT $2 OFFSET $3`,
    [userId, q.pageSize, (q.pageNo - 1) * q.pageSize],
  );
  return pageOf(
    rows.map(cardView),
    await countOf(db, "SELECT count(*)::int AS n FROM user_banks WHERE user_id = $1", [userId]),
    q,
  );
}

/** One of the player's own cards, full number included (for a withdrawal), or null. */
export async function findOwnCard(db: Sql, userId: number, cardId: number): Promise<Card | null> {
  const [r] = await db.query<CardRow>(
    `SELECT ${CARD_COLUMNS} FROM user_banks c JOIN banks b ON b.id = c.bank_id
     WHERE c.user_id = $1 AND c.id = $2`,
    [userId, cardId],
  );
  return r
    ? {
        id: Number(r.id),
        bankId: r.bank_id,
        bankName: r.bank_name,
        holderName: r.holder_name,
        accountNumber: r.account_number,
        ifsc: r.ifsc,
      }
    : null;
}

const duplicate = () => refuse("DUPLICATE_CARD", "This bank card is already saved");

/** A unique violation of migration 065's (user_id, account_number): the card is already saved. */
export function duplicateCardOf(error: unknown): ApiError | null {
  const e = error as { constraint?: string; message?: string };
  return isUniqueViolation(error) &&
    `${e.constraint ?? ""} ${e.message ?? ""}`.includes("user_banks_user_number")
    ? duplicate()
    : null;
}

/**
 * Adds a card, or edits one of the player's own (payment password already checked). At most
 * MAX_BANK_CARDS per player, and each account number once (DUPLICATE_CARD), both checked under a
 * per-player lock so that parallel adds cannot pass them; the unique index of migration 065 is
 * the backstop (duplicateCardOf). Another player's card id is answered as "not found", like an
 * unknown one.
 */
export async function saveUserBank(
  tx: Sql,
  userId: number,
  input: Omit<SaveUserBankInput, "assetPassword">,
): Promise<UserBank> {
  await tx.query("SELECT pg_advisory_xact_lock(8008, $1::int)", [userId % 2_000_000_000]);
  const [bank] = await tx.query<{ id: number; ifsc_required: boolean }>(
    "SELECT id, ifsc_required FROM banks WHERE id = $1 AND enabled",
    [input.bankId],
  );
  if (!bank) throw refuse("NO_BANK", "Choose a bank from the list");
  if (bank.ifsc_required && !input.ifsc) {
    throw refuse("IFSC_REQUIRED", "Enter the IFSC of the card's branch, such as SBIN0001234");
  }
  const ifsc = input.ifsc ?? null;
  if (input.bankCardNo) {
    // Under the lock: of two parallel adds of one number, the second finds the first.
    const [same] = await tx.query<{ id: number }>(
      "SELECT id FROM user_banks WHERE user_id = $1 AND account_number = $2 AND id IS DISTINCT FROM $3",
      [userId, input.bankCardNo, input.id ?? null],
    );
    if (same) throw duplicate();
  }
  let id: number;
  if (input.id === undefined) {
    if (!input.bankCardNo) throw refuse("NUMBER_REQUIRED", "Enter the account number");
    const count = await countOf(tx, "SELECT count(*)::int AS n FROM user_banks WHERE user_id = $1", [userId]);
    if (count >= MAX_BANK_CARDS) {
      throw refuse("TOO_MANY_CARDS", `You can keep at most ${MAX_BANK_CARDS} bank cards`);
    }
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO user_banks (user_id, bank_id, holder_name, account_number, ifsc)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [userId, input.bankId, input.holderName, input.bankCardNo, ifsc],
    );
    id = Number(row.id);
  } else {
    const rows = await tx.query<{ id: number }>(
      `UPDATE user_banks SET bank_id = $3, holder_name = $4,
         account_number = COALESCE($5, account_number), ifsc = $6, updated_at = now()
       WHERE id = $1 AND user_id = $2 RETURNING id`,
      [input.id, userId, input.bankId, input.holderName, input.bankCardNo ?? null, ifsc],
    );
    if (!rows[0]) throw refuse("NO_CARD", "This bank card was not found", Code.NOT_FOUND);
    id = Number(rows[0].id);
  }
  const [saved] = await tx.query<CardRow>(
    `SELECT ${CARD_COLUMNS} FROM user_banks c JOIN banks b ON b.id = c.bank_id WHERE c.id = $1`,
    [id],
  );
  return cardView(saved);
}
