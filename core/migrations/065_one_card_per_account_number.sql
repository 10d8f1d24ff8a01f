-- A player keeps each account number once (decision 032 keeps the number whole in user_banks, so
-- it can be unique). Cards saved twice before this (a double submit) are merged into the first:
-- a withdrawal keeps its own copy of the card it pays to, so only its user_bank_id moves.
UPDATE withdrawals w SET user_bank_id = d.keep
FROM (
  SELECT id, min(id) OVER (PARTITION BY user_id, account_number) AS keep FROM user_banks
) d
WHERE w.user_bank_id = d.id AND d.id <> d.keep;

DELETE FROM user_banks c USING user_banks k
WHERE k.user_id = c.user_id AND k.account_number = c.account_number AND k.id < c.id;

CREATE UNIQUE INDEX user_banks_user_number ON user_banks (user_id, account_number);
