import type { PageViewInput } from "#contract/track";
import type { Deps } from "../platform/context";
import type { Sql } from "../platform/db";
import type { BackgroundJob } from "../platform/jobs";

/** How often buffered page views are written, and how many make a write at once. */
const PAGE_VIEW_FLUSH_MS = 1_000;
const PAGE_VIEW_BATCH = 500;

interface PageView extends PageViewInput {
  userId: number | null;
  /** When the core received it (ms since the epoch). */
  receivedAt: number;
}

/** Writes page views in one multi-row INSERT (an empty list writes nothing). */
export async function insertPageViews(sql: Sql, views: PageView[]): Promise<void> {
  if (!views.length) return;
  const params: unknown[] = [];
  const rows = views.map((v) => {
    const at = params.length;
    params.push(v.deviceId, v.userId, v.path, v.time, new Date(v.receivedAt).toISOString());
    return `($${at + 1}, $${at + 2}, $${at + 3}, to_timestamp($${at + 4} / 1000.0), $${at + 5})`;
  });
  await sql.query(
    `INSERT INTO page_views (device_id, user_id, path, viewed_at, received_at) VALUES ${rows.join(", ")}`,
    params,
  );
}

/**
 * Page views kept in memory and written together: once a second, or as soon as PAGE_VIEW_BATCH
 * wait, and on stop (every view answered is written before the database closes). A failed write
 * is logged with its count and not retried: tracking never holds a page up.
 */
class PageViewWriter {
  private buffer: PageView[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly deps: Pick<Deps, "db" | "log">) {}

  add(view: PageView): void {
    this.buffer.push(view);
    if (this.buffer.length >= PAGE_VIEW_BATCH) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), PAGE_VIEW_FLUSH_MS);
  }

  /** Writes what is buffered; resolves when every earlier write has ended. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.buffer;
    this.buffer = [];
    this.writing = this.writing.then(() =>
      insertPageViews(this.deps.db, batch).catch((err) =>
        this.deps.log.error({ err, pageViews: batch.length }, "could not write page views"),
      ),
    );
    return this.writing;
  }
}

/** The running writer of each core (none while its jobs are off: tests, tools write at once). */
const writers = new WeakMap<Pick<Deps, "db">, PageViewWriter>();

export function pageViewWriterOf(deps: Pick<Deps, "db">): PageViewWriter | undefined {
  return writers.get(deps);
}

export const pageViewWriterJob: BackgroundJob = {
  name: "page-view-writer",
  start(deps) {
    const writer = new PageViewWriter(deps);
    writers.set(deps, writer);
    return async () => {
      await writer.flush();
      writers.delete(deps);
    };
  },
};
