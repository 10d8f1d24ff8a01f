import { z } from "zod";
import { pageInputSchema, pageSchema } from "./envelope";

const idSchema = z
  .string({ required_error: "id is required" })
  .trim()
  .regex(/^\d{1,15}$/, "id must be a message number")
  .transform(Number);

/** GET /app/sysMessage/findUserMsgList (pageNo from 1, pageSize up to 100, default 20). */
export const findUserMsgListInputSchema = pageInputSchema;
/** GET /app/sysMessage/get and POST /app/sysMessage/readMsg. */
export const messageIdInputSchema = z.object({ id: idSchema });

export const sysMessageSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  /** ISO 8601, UTC. */
  createTime: z.string(),
  read: z.boolean(),
});
export type SysMessage = z.infer<typeof sysMessageSchema>;
export const sysMessagePageSchema = pageSchema(sysMessageSchema);
