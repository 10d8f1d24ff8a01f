import type { Handler } from "hono";
import { Code } from "#contract/codes";
import type { CoreEnv, Deps } from "../platform/context";
import type { Db } from "../platform/db";
import { ApiError, ok, readInput } from "../platform/http";
import type { AddOrEdit } from "./audit";
import { operatorOf } from "./auth";

/**
 * The handler of an operator's add or edit: `id` absent adds, else names the `what` to edit
 * ("id must be a <what> id" when it is not a whole number); the other parameters are the fields
 * to change. `save` audits it (the admin CLI's way in calls it too); answers the saved thing.
 */
export function addOrEditHandler<T>(
  what: string,
  save: (db: Db, operator: string, edit: AddOrEdit) => Promise<T>,
): Handler<CoreEnv> {
  return async (c) => {
    const operator = operatorOf(c);
    const { id, ...changes } = await readInput(c);
    if (id !== undefined && !/^\d{1,9}$/.test(id))
      throw new ApiError(Code.BAD_REQUEST, `id must be a ${what} id`);
    const edit = { id: id === undefined ? null : Number(id), changes };
    return ok(c, await save(c.get("deps").db, operator, edit));
  };
}

/**
 * The handler that runs a background job's pass now for the signed-in operator and answers what
 * it did; `run` is the audited pass, the one the admin CLI runs too.
 */
export function passHandler<T>(run: (deps: Deps, operator: string) => Promise<T>): Handler<CoreEnv> {
  return async (c) => {
    const operator = operatorOf(c);
    return ok(c, await run(c.get("deps"), operator));
  };
}
