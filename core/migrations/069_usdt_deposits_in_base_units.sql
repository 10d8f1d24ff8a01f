-- A USDT deposit keeps its exact amount in its network's base units (contract/recharge.ts
-- USDT_DECIMALS): 10^-6 USDT on TRC20, 10^-18 USDT on BEP20, whose token has 18 decimals. The
-- millionths alone (usdt_micros) could not hold a BEP20 transfer such as 1.000000000000000001
-- USDT, which was refused, so never credited. usdt_micros stays, rounded down, for what is shown;
-- a BEP20 transfer below one millionth has 0 of them. The credit is computed from usdt_units.
ALTER TABLE usdt_deposits ADD COLUMN usdt_units text;
UPDATE usdt_deposits SET usdt_units = CASE network
  WHEN 'BEP20' THEN (usdt_micros::numeric * 1000000000000)::text
  ELSE usdt_micros::text END;
ALTER TABLE usdt_deposits ALTER COLUMN usdt_units SET NOT NULL;
ALTER TABLE usdt_deposits ADD CONSTRAINT usdt_deposits_usdt_units_check CHECK (usdt_units ~ '^[1-9][0-9]{0,39}$');
ALTER TABLE usdt_deposits DROP CONSTRAINT usdt_deposits_usdt_micros_check;
ALTER TABLE usdt_deposits ADD CONSTRAINT usdt_deposits_usdt_micros_check CHECK (usdt_micros >= 0);
