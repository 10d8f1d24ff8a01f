import { type SubmissionResult, getFormProps, getSelectProps } from "@conform-to/react";
import { Form, useActionData, useSearchParams } from "@remix-run/react";
import { type ReactNode, useRef } from "react";
import {
  AmountField,
  ErrorList,
  Field,
  FormSubmit,
  RadioCard,
  SubmitButton,
  useKitForm,
} from "~/components/forms";
import { useTranslation } from "~/utils/i18n-react";
import { moneyMessages } from "~/utils/money-messages";
import { PAGES } from "~/utils/paths";
import {
  BLOCK_LENGTHS,
  type BlockKind,
  LIMIT_PERIODS,
  type LimitKind,
  type LimitPeriod,
  type PlayerLimit,
  REMINDER_MINUTES,
} from "#contract/limits";
import type { ProtectionMessages } from "./protection-schema";

/**
 * The Responsible play page's forms (and the game page's "continue"), loaded after first paint
 * (lazyForm; decision 036). The server renders them, so they post without JavaScript.
 */
type ActionData = { result?: SubmissionResult<string[]>; form?: string } | undefined;

function useMessages(): ProtectionMessages {
  const { t } = useTranslation("limits");
  return {
    ...moneyMessages(t),
    minutes: t("validation.minutes"),
    length: t("validation.length"),
    password: t("validation.password"),
  };
}

/** The kit's form, its last answer only when it was this form's. */
function useProtectionForm(id: string, defaultValue: Record<string, string>) {
  const messages = useMessages();
  const actionData = useActionData() as ActionData;
  return useKitForm({
    id,
    schemas: () => import("./protection-schema"),
    schema: (m) => m.protectionSchema(messages),
    lastResult: actionData?.form === id ? actionData.result : undefined,
    defaultValue,
  });
}

/** The amount in force for a period, as the field shows it ("" when there is none). */
function amountOf(limits: PlayerLimit[], period: LimitPeriod): string {
  const amount = limits.find((l) => l.period === period)?.amount;
  return amount === null || amount === undefined ? "" : String(amount);
}

/**
 * A limit's form. It opens on what is in force: the period just saved (`?saved=KIND.PERIOD`, the
 * action's redirect) or the day, and that period's amount; after a refusal, on what the player
 * sent (the kit's last result). A save that changed the limit draws the form anew from what is now
 * in force, with JavaScript as without; choosing another period shows that period's amount.
 */
export function LimitForm({ kind, limits }: { kind: LimitKind; limits: PlayerLimit[] }) {
  const [params] = useSearchParams();
  const [savedKind, savedPeriod] = (params.get("saved") ?? "").split(".");
  const period: LimitPeriod =
    savedKind === kind && (LIMIT_PERIODS as readonly string[]).includes(savedPeriod)
      ? (savedPeriod as LimitPeriod)
      : "DAY";
  const inForce = limits.map((l) => `${l.period}:${l.amount}:${l.pending?.amount}`).join(",");
  return <LimitFormOf key={`${period}|${inForce}`} kind={kind} limits={limits} period={period} />;
}

function LimitFormOf({
  kind,
  limits,
  period,
}: { kind: LimitKind; limits: PlayerLimit[]; period: LimitPeriod }) {
  const { t } = useTranslation("limits");
  const id = `limit-${kind}`;
  const [form, fields] = useProtectionForm(id, { period, amount: amountOf(limits, period) });
  const { key: periodKey, ...periodProps } = getSelectProps(fields.period);
  const shownPeriod = useRef((fields.period.initialValue as LimitPeriod | undefined) ?? period);
  return (
    <Form method="post" action={PAGES.responsiblePlay} {...getFormProps(form)} className="space-y-3">
      <input type="hidden" hidden name="intent" value="limit" />
      <input type="hidden" hidden name="kind" value={kind} />
      <input type="hidden" hidden name="form" value={id} />
      <div className="space-y-1">
        <label
          htmlFor={fields.period.id}
          className="block text-sm font-medium text-gray-800 dark:text-gray-200"
        >
          {t("form.period")}
        </label>
        <select
          key={periodKey}
          {...periodProps}
          className="input w-full"
          onChange={(event) => {
            // The field showed the last period's amount, untouched: it shows the new period's.
            const amount = event.currentTarget.form?.elements.namedItem(fields.amount.name);
            const next = event.currentTarget.value as LimitPeriod;
            if (amount instanceof HTMLInputElement && amount.value === amountOf(limits, shownPeriod.current))
              form.update({ name: fields.amount.name, value: amountOf(limits, next) });
            shownPeriod.current = next;
          }}
        >
          {LIMIT_PERIODS.map((p) => (
            <option key={p} value={p}>
              {t(`period.${p}`)}
            </option>
          ))}
        </select>
      </div>
      <AmountField
        label={t("form.amount")}
        meta={fields.amount}
        hint={t("form.amountHint")}
        placeholder={t("form.amountPlaceholder")}
      />
      <FormSubmit form={form}>{t(kind === "LOSS" ? "form.saveLoss" : "form.saveDeposit")}</FormSubmit>
    </Form>
  );
}

export function PendingForm({
  kind,
  period,
  confirmable,
}: {
  kind: LimitKind;
  period: LimitPeriod;
  confirmable: boolean;
}) {
  const { t } = useTranslation("limits");
  const id = `pending-${kind}-${period}`;
  const [form] = useProtectionForm(id, {});
  return (
    <Form method="post" action={PAGES.responsiblePlay} {...getFormProps(form)} className="mt-2 flex gap-2">
      <input type="hidden" hidden name="kind" value={kind} />
      <input type="hidden" hidden name="period" value={period} />
      <input type="hidden" hidden name="form" value={id} />
      {confirmable ? (
        <SubmitButton intent="confirm" className="btn-primary flex-1">
          {t("pending.confirm")}
        </SubmitButton>
      ) : null}
      <SubmitButton intent="cancel" className="btn-secondary flex-1">
        {t("pending.cancel")}
      </SubmitButton>
      <ErrorList id={form.errorId} errors={form.errors} alert />
    </Form>
  );
}

export function ReminderForm({ minutes }: { minutes: number }) {
  const { t } = useTranslation("limits");
  const id = "reminder";
  const [form, fields] = useProtectionForm(id, { minutes: String(minutes) });
  return (
    <Form method="post" action={PAGES.responsiblePlay} {...getFormProps(form)} className="space-y-3">
      <input type="hidden" hidden name="intent" value="reminder" />
      <input type="hidden" hidden name="form" value={id} />
      <ChipChoice
        legend={t("reminder.every")}
        name={fields.minutes.name}
        values={REMINDER_MINUTES}
        checked={minutes}
        labelOf={(m) => t("reminder.minutes", { n: m })}
      >
        <ErrorList id={fields.minutes.errorId} errors={fields.minutes.errors} />
      </ChipChoice>
      <FormSubmit form={form}>{t("reminder.save")}</FormSubmit>
    </Form>
  );
}

/**
 * A choice among chips, three to a row, under its legend (the reminder's minutes, a block's
 * length). Each chip is as wide as its words and shares what is left, so that "6 months" or
 * "24 Stunden" stays on one line beside a shorter "1 year".
 */
function ChipChoice<V extends string | number>({
  legend,
  name,
  values,
  checked,
  labelOf,
  children,
}: {
  legend: string;
  name: string;
  values: readonly V[];
  checked: V;
  labelOf: (value: V) => string;
  /** Under the chips, in the fieldset (the field's errors). */
  children?: ReactNode;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-gray-800 dark:text-gray-200">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {values.map((value) => (
          <RadioCard
            key={value}
            look="chip"
            tone="brand"
            small
            name={name}
            value={value}
            defaultChecked={value === checked}
            className="flex-auto text-sm"
          >
            {labelOf(value)}
          </RadioCard>
        ))}
      </div>
      {children}
    </fieldset>
  );
}

export function BlockForm({ kind }: { kind: BlockKind }) {
  const { t } = useTranslation("limits");
  const id = `block-${kind}`;
  const lengths = BLOCK_LENGTHS[kind];
  const [form, fields] = useProtectionForm(id, { length: lengths[0] });
  return (
    <Form method="post" action={PAGES.responsiblePlay} {...getFormProps(form)} className="space-y-3">
      <input type="hidden" hidden name="intent" value="block" />
      <input type="hidden" hidden name="kind" value={kind} />
      <input type="hidden" hidden name="form" value={id} />
      <ChipChoice
        legend={t("block.length")}
        name={fields.length.name}
        values={lengths}
        checked={lengths[0]}
        labelOf={(length) => t(`block.lengths.${length}`)}
      />
      <Field
        label={t("block.password")}
        meta={fields.password}
        type="password"
        inputProps={{ autoComplete: "current-password" }}
      />
      <FormSubmit form={form} className="btn-primary w-full bg-red-700 hover:bg-red-800">
        {t(kind === "TIMEOUT" ? "block.startTimeout" : "block.startExclusion")}
      </FormSubmit>
    </Form>
  );
}
