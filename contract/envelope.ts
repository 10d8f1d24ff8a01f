import { z } from "zod";
import { blankAsAbsent, plainInteger } from "./fields";

/** Every upstream answer: `{code, message, result, timestamp?}` (spec section 7). */
export const envelopeSchema = z.object({
  code: z.number().int(),
  message: z.string().default(""),
  result: z.unknown().optional().default(null),
  timestamp: z.number().optional(),
});
export type Envelope<T = unknown> = {
  code: number;
  message: string;
  result: T;
  timestamp?: number;
};

/** A paged list as the spec's lists return it (content, totalElements, pageNo). */
export function pageSchema<T extends z.ZodTypeAny>(row: T) {
  return z.object({
    content: z.array(row),
    totalElements: z.number().int().nonnegative(),
    pageNo: z.number().int().positive(),
    pageSize: z.number().int().positive(),
  });
}
export type Page<T> = { content: T[]; totalElements: number; pageNo: number; pageSize: number };

/** Paging input shared by every paged call: pageNo from 1, pageSize capped. */
export const pageInputSchema = z.object({
  pageNo: z.preprocess(
    blankAsAbsent,
    plainInteger("pageNo must be a whole number from 1").pipe(z.number().min(1).max(100_000)).default("1"),
  ),
  pageSize: z.preprocess(
    blankAsAbsent,
    plainInteger("pageSize must be a whole number from 1 to 100")
      .pipe(z.number().min(1).max(100))
      .default("20"),
  ),
});
