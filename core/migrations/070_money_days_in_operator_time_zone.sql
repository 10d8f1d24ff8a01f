-- Decision 072: the bloggers' dividend days and the withdrawals' day and hours are the operator's.

-- The bloggers' dividend day is the operator's day (decision 072): the calendar day in
-- LIMITS_TIME_ZONE (limits_settings.time_zone, written by the last start), numbered as its date
-- (days from 1970-01-01), no longer the UTC day. Each copy keeps the moment it was made, so the
-- copies of days not paid yet take the operator's day of that moment. A paid day stays as it was
-- paid; a copy whose operator's day is already paid (a zone west of UTC) keeps its unpaid UTC day,
-- paid when that day ends: no copy is paid twice or left out.
UPDATE blogger_copies c
SET day_no = x.local_day
FROM (SELECT bet_id,
        ((to_timestamp(created_at / 1000.0) AT TIME ZONE (SELECT time_zone FROM limits_settings))::date
          - date '1970-01-01') AS local_day
      FROM blogger_copies) x
WHERE x.bet_id = c.bet_id
  AND c.day_no <> x.local_day
  AND NOT EXISTS (SELECT 1 FROM blogger_dividend_days d WHERE d.day_no = c.day_no)
  AND NOT EXISTS (SELECT 1 FROM blogger_dividend_days d WHERE d.day_no = x.local_day);

-- The withdrawals' day and hours follow the operator's zone too (decision 072): the currency
-- config's own time_zone goes (the config answers LIMITS_TIME_ZONE in its place). A withdrawal
-- counted on a day of a config zone that differed is re-keyed to the operator's day it was made on,
-- so the single-day limit counts each withdrawal on the day it now names.
UPDATE withdrawals w
SET local_day = (w.created_at AT TIME ZONE (SELECT time_zone FROM limits_settings))::date
FROM wallet_currency_config c
WHERE c.currency = w.currency AND c.time_zone <> (SELECT time_zone FROM limits_settings);

ALTER TABLE wallet_currency_config DROP COLUMN time_zone;
