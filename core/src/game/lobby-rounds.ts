/**
 * What the lobby's game list (core/src/lobby/games.ts) shows of a lottery game, read in the
 * lobby's one query but written here, where the game's tables are: LEFT JOIN LATERAL clauses that
 * give, for the coin `coin` (an SQL expression; NULL for a game that is not the lottery), its
 * default room (room.level: the lowest open level; every room has the same round length), the
 * round running at `now` (cur.id, cur.bet_end_time, cur.end_time; none when the scheduler has not
 * made it yet) and its latest `count` results (drawn.results: JSON [{id, result}], newest first).
 * `now` and `count` are SQL expressions too (the query's parameters).
 */
export function defaultRoomRoundJoins(coin: string, now: string, count: string): string {
  return `LEFT JOIN LATERAL (
       SELECT min(l.level) AS level FROM game_levels l WHERE l.coin = ${coin} AND l.enable_flag
     ) room ON true
     LEFT JOIN LATERAL (
       SELECT r.id, r.bet_end_time, r.end_time FROM game_rounds r
       WHERE r.coin = ${coin} AND r.level = room.level AND r.end_time > ${now} AND r.start_time <= ${now}
       ORDER BY r.end_time LIMIT 1
     ) cur ON true
     LEFT JOIN LATERAL (
       SELECT json_agg(json_build_object('id', d.id, 'result', d.result) ORDER BY d.end_time DESC) AS results
       FROM (
         SELECT r.id, r.result, r.end_time FROM game_rounds r
         WHERE r.coin = ${coin} AND r.level = room.level AND r.result IS NOT NULL
         ORDER BY r.end_time DESC LIMIT ${count}
       ) d
     ) drawn ON true`;
}
