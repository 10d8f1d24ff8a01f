import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Chevron } from "~/components/Chevron";
import { EmptyState } from "~/components/EmptyState";
import { ErrorBelowNavBar } from "~/components/GeneralErrorBoundary";
import { NavBar } from "~/components/NavBar";
import { Pager } from "~/components/Pager";
import { SegmentedTabs } from "~/components/SegmentedTabs";
import { SendingSelect } from "~/components/SendingSelect";
import { asPageError } from "~/utils/api/errors.server";
import { getAssetRecords } from "~/utils/api/wallet/assets.server";
import { useTranslation } from "~/utils/i18n-react";
import { pageTitle } from "~/utils/meta";
import { pageCount, parsePage, redirectPastLastPage } from "~/utils/paging.server";
import { PAGES } from "~/utils/paths";
import { requireToken } from "~/utils/session.server";
import { useFormat } from "~/utils/use-format";
import { ASSET_KINDS } from "#contract/asset-rules";
import type { AssetRecord } from "#contract/assets";
import { type Coin, asCoin } from "#contract/money-rule";

export const handle = { i18n: ["common", "assets"] };
export const meta = pageTitle("records.title", "assets");

const PAGE_SIZE = 20;

/** Every change of the player's balances (the ledger), newest first, by coin and kind, paged. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireToken(request);
  const params = new URL(request.url).searchParams;
  const coin = asCoin(params.get("coin"));
  const rawKind = params.get("kind") ?? "";
  const kind = (ASSET_KINDS as readonly string[]).includes(rawKind) ? rawKind : undefined;
  const pageNo = parsePage(params.get("page"));
  const page = await getAssetRecords(request, { pageNo, pageSize: PAGE_SIZE, coin, kind }).catch(asPageError);
  const pages = pageCount(page.totalElements, PAGE_SIZE);
  redirectPastLastPage(request, pageNo, pages);
  return json({ page, pages, coin: coin ?? null, kind: kind ?? null });
}

function query(o: { coin?: Coin | null; kind?: string | null; page?: number }) {
  const q = new URLSearchParams();
  if (o.coin) q.set("coin", o.coin);
  if (o.kind) q.set("kind", o.kind);
  if (o.page && o.page > 1) q.set("page", String(o.page));
  const s = q.toString();
  return s ? `${PAGES.assetRecords}?${s}` : PAGES.assetRecords;
}

export default function AssetRecordsPage() {
  const { t } = useTranslation("assets");
  const { page, pages, coin, kind } = useLoaderData<typeof loader>();
  const coins: Array<{ value: Coin | null; label: string }> = [
    { value: null, label: t("records.all") },
    { value: "CHIP", label: t("common:coin.CHIP") },
    { value: "GOLD", label: t("common:coin.GOLD") },
    { value: "POINT", label: t("common:coin.POINT") },
  ];
  return (
    <>
      <NavBar title={t("records.title")} backTo={PAGES.account} />
      <main className="mx-auto max-w-md space-y-3 p-4">
        <SegmentedTabs
          label={t("records.coin")}
          tabs={coins.map((c) => ({
            key: c.value ?? "ALL",
            to: query({ coin: c.value, kind }),
            label: c.label,
          }))}
          current={coin ?? "ALL"}
        />
        <Form method="get" className="flex items-end gap-2">
          {coin ? <input type="hidden" hidden name="coin" value={coin} /> : null}
          <label htmlFor="records-kind" className="flex-1 space-y-1 text-sm">
            <span className="block font-medium">{t("records.kind")}</span>
            <SendingSelect
              id="records-kind"
              name="kind"
              defaultValue={kind ?? ""}
              className="input"
              key={kind ?? ""}
            >
              <option value="">{t("records.allKinds")}</option>
              {ASSET_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`kinds.${k}`)}
                </option>
              ))}
            </SendingSelect>
          </label>
          <noscript>
            <button type="submit" className="btn-secondary">
              {t("records.apply")}
            </button>
          </noscript>
        </Form>
        {page.content.length ? (
          <ul className="card divide-y divide-gray-100 p-0 dark:divide-gray-800" data-testid="asset-records">
            {page.content.map((record) => (
              <RecordRow key={record.id} record={record} />
            ))}
          </ul>
        ) : (
          <div className="card">
            <EmptyState message={t("records.empty")} />
          </div>
        )}
        <Pager page={page.pageNo} pages={pages} hrefOf={(n) => query({ coin, kind, page: n })} />
      </main>
    </>
  );
}

function RecordRow({ record }: { record: AssetRecord }) {
  const { t } = useTranslation("assets");
  const fmt = useFormat();
  const credit = record.amount > 0;
  const label = (ASSET_KINDS as readonly string[]).includes(record.kind)
    ? t(`kinds.${record.kind}`)
    : t("kinds.other");
  const coinLabel = t(`common:coin.${record.coin}`);
  const amount = `${credit ? "+" : ""}${fmt.coinMoney(record.amount, record.coin)}`;
  // With large text or a large amount the amount goes under the label, its balance line under
  // it if need be, and a number too long for the row breaks rather than push the chevron out.
  // The label asks for 6rem only: at 100 % its date wraps before the amount leaves the line.
  const body = (
    <span className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-x-3 gap-y-1">
      <span className="min-w-0 flex-[1_1_6rem]">
        <span className="block font-medium">{label}</span>
        <span className="block text-xs text-gray-600 tabular-nums dark:text-gray-400">
          {fmt.dateTime(record.createTime)}
        </span>
      </span>
      <span className="ml-auto max-w-full text-right">
        <span
          className={`block font-semibold tabular-nums ${
            credit ? "text-green-700 dark:text-green-400" : "text-red-700 dark:text-red-400"
          }`}
          data-testid="record-amount"
        >
          {amount}
          {record.coin === "CHIP" ? null : <span className="ml-1 text-xs font-normal">{coinLabel}</span>}
        </span>
        <span className="block text-xs text-gray-600 tabular-nums dark:text-gray-400">
          {t("records.balanceAfter", { amount: fmt.coinMoney(record.balanceAfter, record.coin) })}
        </span>
      </span>
    </span>
  );
  if (record.refType === "BET" && record.refId && /^\d+$/.test(record.refId)) {
    return (
      <li data-testid="asset-record" data-kind={record.kind}>
        <Link
          to={`${PAGES.betDetails}?id=${record.refId}`}
          className="flex min-h-[56px] items-center gap-3 px-4 py-2 hover:bg-gray-50 dark:hover:bg-gray-800"
        >
          {body}
          <span className="sr-only">{t("records.viewBet")}</span>
          <Chevron className="h-4 w-4 flex-none text-gray-400" />
        </Link>
      </li>
    );
  }
  return (
    <li
      className="flex min-h-[56px] items-center gap-3 px-4 py-2"
      data-testid="asset-record"
      data-kind={record.kind}
    >
      {body}
    </li>
  );
}

export function ErrorBoundary() {
  return <ErrorBelowNavBar backTo={PAGES.account} />;
}
