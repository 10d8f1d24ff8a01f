-- One on-chain transaction can carry several USDT transfers to our addresses (a batch payout of an
-- exchange, a multisend contract): each is a deposit of its own, told apart by the transfer's log
-- index within the transaction (its event's position). Deposits reported before this keep index 0,
-- as a report without an index still says.
ALTER TABLE usdt_deposits ADD COLUMN log_index integer NOT NULL DEFAULT 0 CHECK (log_index >= 0);
ALTER TABLE usdt_deposits DROP CONSTRAINT usdt_deposits_tx_hash_key;
ALTER TABLE usdt_deposits ADD CONSTRAINT usdt_deposits_transfer_key UNIQUE (tx_hash, log_index);
