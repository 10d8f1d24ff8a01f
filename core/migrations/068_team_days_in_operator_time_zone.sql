-- The team's days are the operator's days (decision 068): the day of a team figure, a rebate and
-- a recharge task's period is the calendar day in LIMITS_TIME_ZONE (limits_settings.time_zone,
-- written by the last start), no longer the UTC day. A UTC day's sum cannot be split into two
-- local days, so team_ancestor_days is rebuilt from the events the team job handled
-- (team_events_done), read exactly as the job reads them; each rebate takes the local day of its
-- own event. team_member_stats has no day and stays as it is.

-- The events the job counted: each settled CHIP stake of a handled round at the round's
-- settlement, each handled recharge at its success.
CREATE TEMPORARY TABLE team_counted ON COMMIT DROP AS
  SELECT b.user_id, b.total_amount_cents AS bet, 0::bigint AS recharge, r.settled_at AS at
  FROM team_events_done d
  JOIN game_rounds r ON d.source = 'ROUND' AND r.id::text = d.source_id
  JOIN bets b ON b.round_id = r.id AND b.coin = 'CHIP' AND b.status IN ('WIN', 'LOSE')
  UNION ALL
  SELECT o.user_id, 0, o.amount_cents, o.updated_at
  FROM team_events_done d JOIN recharge_orders o ON d.source = 'RECHARGE' AND d.source_id = 'order:' || o.id
  WHERE o.status = 'SUCCESS'
  UNION ALL
  SELECT u.user_id, 0, u.credit_cents, u.updated_at
  FROM team_events_done d JOIN usdt_deposits u ON d.source = 'RECHARGE' AND d.source_id = 'usdt:' || u.id
  WHERE u.status = 'SUCCESS' AND u.credit_cents > 0;

DELETE FROM team_ancestor_days;

-- Each event added to its member's three ancestors (the parent never changes), on the local day.
INSERT INTO team_ancestor_days (user_id, level, day, bet_cents, recharge_cents)
SELECT x.anc, x.lvl, (e.at AT TIME ZONE (SELECT time_zone FROM limits_settings))::date AS day,
  sum(e.bet), sum(e.recharge)
FROM team_counted e
JOIN users u ON u.id = e.user_id
LEFT JOIN users p1 ON p1.id = u.parent_id
LEFT JOIN users p2 ON p2.id = p1.parent_id
CROSS JOIN LATERAL (VALUES (1, p1.id), (2, p1.parent_id), (3, p2.parent_id)) AS x (lvl, anc)
WHERE x.anc IS NOT NULL AND x.anc <> e.user_id
GROUP BY x.anc, x.lvl, day;

-- A bet rebate's day: its bet's round's settlement; a recharge rebate's: its recharge's success.
UPDATE team_rebates t SET day = (r.settled_at AT TIME ZONE (SELECT time_zone FROM limits_settings))::date
FROM bets b JOIN game_rounds r ON r.id = b.round_id
WHERE t.kind = 'BET' AND b.id::text = t.source_id;

CREATE TEMPORARY TABLE team_recharges ON COMMIT DROP AS
  SELECT 'order:' || id AS source_id, user_id, amount_cents AS cents, updated_at AS at
  FROM recharge_orders WHERE status = 'SUCCESS'
  UNION ALL
  SELECT 'usdt:' || id, user_id, credit_cents, updated_at
  FROM usdt_deposits WHERE status = 'SUCCESS' AND credit_cents > 0;

UPDATE team_rebates t SET day = (s.at AT TIME ZONE (SELECT time_zone FROM limits_settings))::date
FROM team_recharges s
WHERE t.kind = 'RECHARGE' AND s.source_id = t.source_id;

-- A register rebate came with the invited player's first counted recharge (of its base).
UPDATE team_rebates t SET day = (
  SELECT (s.at AT TIME ZONE (SELECT time_zone FROM limits_settings))::date
  FROM team_recharges s JOIN team_events_done d ON d.source = 'RECHARGE' AND d.source_id = s.source_id
  WHERE s.user_id = t.source_user_id AND s.cents = t.base_cents
  ORDER BY s.at, s.source_id LIMIT 1)
WHERE t.kind = 'REGISTER' AND EXISTS (
  SELECT 1 FROM team_recharges s JOIN team_events_done d ON d.source = 'RECHARGE' AND d.source_id = s.source_id
  WHERE s.user_id = t.source_user_id AND s.cents = t.base_cents);

-- A task's gift was claimed for the period it was claimed in: keyed now by the local day or the
-- ISO week from the local Monday. A claim whose local period another claim of the same task and
-- player already holds (both were allowed under UTC days) keeps its key.
UPDATE team_task_claims c SET period_key = k.key
FROM (
  SELECT c2.task_id, c2.user_id, c2.period_key AS old_key,
    to_char(c2.claimed_at AT TIME ZONE (SELECT time_zone FROM limits_settings),
      CASE t.period WHEN 'DAY' THEN 'YYYY-MM-DD' ELSE 'IYYY-"W"IW' END) AS key
  FROM team_task_claims c2 JOIN team_tasks t ON t.id = c2.task_id
) k
WHERE c.task_id = k.task_id AND c.user_id = k.user_id AND c.period_key = k.old_key AND k.key <> k.old_key
  AND NOT EXISTS (
    SELECT 1 FROM team_task_claims o WHERE o.task_id = c.task_id AND o.user_id = c.user_id AND o.period_key = k.key);
