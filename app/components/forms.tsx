import {
  type DefaultValue,
  type FieldMetadata,
  type Submission,
  type SubmissionResult,
  getInputProps,
  getSelectProps,
  useForm,
} from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { type InputHTMLAttributes, type ReactNode, useEffect, useId, useRef, useState } from "react";
// Types only: zod and @conform-to/zod are loaded after first paint (useKitForm), never at start.
import type { z } from "zod";
import { useTranslation } from "~/utils/i18n-react";
import { whenIdle } from "~/utils/lazy";
import { useHydrated } from "~/utils/use-hydrated";
import { ErrorList } from "./form-parts";

/**
 * The form kit: `Field` (one labelled input wired to Conform) and the composite fields every form
 * is made of (phone with area code, SMS code with its countdown button, a new password typed
 * twice, the payment password), the submit button, and the hook of a form with a "Send code"
 * button, and `useKitForm`, the one way to make a form's Conform state. Labels and errors are keys
 * of the "common" namespace.
 *
 * `ErrorList` and `SubmitButton` live in ./form-parts (no Conform) and are re-exported here: a
 * page that uses only them (a form without Conform) imports them from there, so that Conform
 * stays out of its start-up JavaScript.
 */
export { ErrorList, FormSubmit, LiveLine, RadioCard, SubmitButton } from "./form-parts";
/** Field metadata of any Conform form (the components only read generic parts of it). */
// biome-ignore lint/suspicious/noExplicitAny: Conform's generics vary per form; the fields read here do not.
export type AnyField = FieldMetadata<any, any, any>;

type InputType = "text" | "password" | "tel" | "number" | "email" | "search";

/**
 * One labelled input wired to a Conform field: id, name, default value, constraint attributes,
 * aria-invalid and aria-describedby pointing at the error list.
 */
export function Field({
  label,
  meta,
  type = "text",
  inputProps,
  addon,
  hint,
}: {
  label: ReactNode;
  meta: AnyField;
  type?: InputType;
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
  /** Rendered after the input on the same row (e.g. a "Send code" button). */
  addon?: ReactNode;
  hint?: ReactNode;
}) {
  const fallbackId = useId();
  const props = getInputProps(meta, { type, ariaAttributes: false });
  const id = props.id ?? fallbackId;
  const errorId = meta.errors?.length ? meta.errorId : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-gray-800 dark:text-gray-200">
        {label}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          {...props}
          key={props.key}
          {...inputProps}
          id={id}
          className="input min-w-[8rem] flex-1"
          aria-invalid={errorId ? true : undefined}
          aria-describedby={describedBy}
        />
        {addon}
      </div>
      {hint ? (
        <p id={hintId} className="text-xs text-gray-600 dark:text-gray-400">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={meta.errors} />
    </div>
  );
}

/** An amount of money: a decimal keypad, nothing remembered, `placeholder` until typed. */
export function AmountField({
  label,
  meta,
  placeholder,
  hint,
  inputProps,
}: {
  label: ReactNode;
  meta: AnyField;
  placeholder: string;
  hint?: ReactNode;
  /** More attributes of the input (a controlled value, its handlers). */
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
}) {
  return (
    <Field
      label={label}
      meta={meta}
      hint={hint}
      inputProps={{ inputMode: "decimal", autoComplete: "off", placeholder, ...inputProps }}
    />
  );
}

/**
 * A choice of one among cards (RadioCard): the legend, the cards in a column, then the field's
 * errors (a plan, an exchange pair).
 */
export function ChoiceFieldset({
  legend,
  meta,
  children,
}: { legend: ReactNode; meta: AnyField; children: ReactNode }) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-gray-800 dark:text-gray-200">{legend}</legend>
      <div className="grid grid-cols-1 gap-2">{children}</div>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}

/** Area code picker + phone number on one row, one label for both, errors of both below. */
export function PhoneField({
  areaCode,
  phone,
  areaCodes,
}: {
  areaCode: AnyField;
  phone: AnyField;
  areaCodes: string[];
}) {
  const { t } = useTranslation("common");
  const phoneProps = getInputProps(phone, { type: "tel", ariaAttributes: false });
  const selectProps = getSelectProps(areaCode, { ariaAttributes: false });
  const errors = [...(areaCode.errors ?? []), ...(phone.errors ?? [])];
  const errorId = errors.length ? phone.errorId : undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={phone.id} className="block text-sm font-medium text-gray-800 dark:text-gray-200">
        {t("form.phone")}
      </label>
      <div className="flex flex-wrap gap-2">
        <select
          {...selectProps}
          key={selectProps.key}
          defaultValue={(areaCode.initialValue as string | undefined) ?? areaCodes[0]}
          aria-label={t("form.areaCode")}
          aria-invalid={areaCode.errors?.length ? true : undefined}
          className="input w-24 flex-none"
        >
          {areaCodes.map((code) => (
            <option key={code} value={code}>
              +{code}
            </option>
          ))}
        </select>
        <input
          {...phoneProps}
          key={phoneProps.key}
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder={t("form.phonePlaceholder")}
          className="input min-w-[8rem] flex-1"
          aria-invalid={phone.errors?.length ? true : undefined}
          aria-describedby={errorId}
        />
      </div>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/**
 * "Send code" submit button with the 60 s "Retry in X s" countdown: the server renders the
 * remaining seconds; with JS it ticks once a second and the button waits. Without JS nothing
 * ticks, so the button stays usable (a press before the minute is over is refused with the
 * seconds left, the form kept): a disabled "Retry in 59 s" would never come back without a reload.
 */
export function SmsButton({ remaining, stamp }: { remaining: number; stamp?: string | number }) {
  const { t } = useTranslation("common");
  const hydrated = useHydrated();
  const [left, setLeft] = useState(remaining);
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "sendSms";

  // biome-ignore lint/correctness/useExhaustiveDependencies: restart when a new code was sent (stamp).
  useEffect(() => {
    setLeft(remaining);
    if (remaining <= 0) return;
    const end = Date.now() + remaining * 1000;
    const timer = setInterval(() => {
      const s = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      setLeft(s);
      if (s === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [remaining, stamp]);

  return (
    <button
      type="submit"
      name="intent"
      value="sendSms"
      formNoValidate
      disabled={hydrated && (left > 0 || sending)}
      className="btn-secondary min-w-[min(7.5rem,100%)] max-w-full flex-none px-3 text-sm"
    >
      {left > 0 ? t("form.retryIn", { seconds: left }) : sending ? t("form.sending") : t("form.sendCode")}
    </button>
  );
}

export function CheckboxField({ meta, label }: { meta: AnyField; label: ReactNode }) {
  const props = getInputProps(meta, { type: "checkbox", ariaAttributes: false });
  const errorId = meta.errors?.length ? meta.errorId : undefined;
  return (
    <div>
      <label htmlFor={meta.id} className="flex min-h-[44px] items-center gap-3 text-sm">
        <input
          {...props}
          key={props.key}
          className="h-5 w-5 accent-brand"
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
        />
        <span>{label}</span>
      </label>
      <ErrorList id={errorId} errors={meta.errors} />
    </div>
  );
}

/** The SMS code input with the "Send code" button and its countdown on the same row. */
export function SmsCodeField({
  meta,
  remaining,
  stamp,
  hint,
}: {
  meta: AnyField;
  /** Seconds before another code may be asked for (server-rendered, then ticking). */
  remaining: number;
  /** Changes when a new code was sent: restarts the countdown. */
  stamp?: string | number;
  hint?: ReactNode;
}) {
  const { t } = useTranslation("common");
  return (
    <Field
      label={t("form.smsCode")}
      meta={meta}
      inputProps={{ inputMode: "numeric", autoComplete: "one-time-code", maxLength: 6 }}
      addon={<SmsButton remaining={remaining} stamp={stamp} />}
      hint={hint}
    />
  );
}

/**
 * A new secret typed twice: a login password ("password": on the register form, "new": when one
 * is replaced) or the 6-digit payment password ("payment").
 */
export function NewPasswordFields({
  password,
  confirm,
  kind,
}: {
  password: AnyField;
  confirm: AnyField;
  kind: "password" | "new" | "payment";
}) {
  const { t } = useTranslation("common");
  const label = { password: "form.password", new: "form.newPassword", payment: "form.paymentPassword" }[kind];
  const inputProps: InputHTMLAttributes<HTMLInputElement> =
    kind === "payment"
      ? { inputMode: "numeric", autoComplete: "new-password", maxLength: 6 }
      : { autoComplete: "new-password" };
  return (
    <>
      {/* The length is said before a first try is refused for it (a payment password's label says it). */}
      <Field
        label={t(label)}
        meta={password}
        type="password"
        inputProps={inputProps}
        hint={kind === "payment" ? undefined : t("form.passwordHint")}
      />
      <Field label={t("form.confirmPassword")} meta={confirm} type="password" inputProps={inputProps} />
    </>
  );
}

/** What an action answers to a form with a "Send code" button (sms-cooldown.server.ts). */
export type SmsFormAnswer = {
  result?: SubmissionResult<string[]>;
  smsRemaining?: number;
  smsSent?: number;
  message?: string;
};

/**
 * The one way to build a form with the kit: Conform's form, validated by zod schemas in the
 * browser once they have loaded, and by the action with the same schemas always.
 *
 *   const [form, fields] = useKitForm({
 *     id: "register",
 *     schemas: () => import("~/utils/forms"),   // the module of the schemas, loaded later
 *     schema: (m) => m.registerSchema,
 *     smsSchema: (m) => m.smsRequestSchema,      // optional: when the "Send code" button is pressed
 *     lastResult: actionData?.result,
 *     defaultValue: { invitationCode: data.invite },
 *   });
 *   <Form method="post" {...getFormProps(form)}>…</Form>
 *
 * zod, @conform-to/zod and the schemas are not in the page's start-up JavaScript: they load when
 * the browser is idle after hydration, or at the first focus of one of the form's fields, whichever
 * comes first. Until then the form validates on submit only, on the server (the action parses
 * with the same schema and answers the errors; nothing is sent on blur). Once loaded, a field is
 * checked in the browser on blur, then on each input, and the form gets
 * `data-validation="browser"` (tests wait for it). Without JavaScript the form posts as is.
 * Put the form in a module of its own and show it with `lazyForm` (utils/lazy-form.tsx), so that
 * this kit and Conform are not in the page's start-up JavaScript either (decision 036).
 * The action imports its schemas statically (server code stays out of the browser bundle).
 */
export function useKitForm<M, S extends z.ZodTypeAny>({
  id,
  schemas,
  schema,
  smsSchema,
  lastResult,
  defaultValue,
}: {
  id: string;
  /** `() => import("…")`: the module that exports the form's schemas. */
  schemas: () => Promise<M>;
  /** Picks the form's schema from that module. */
  schema: (module: M) => S;
  /** Picks the schema used when the submitter is the "Send code" button (intent "sendSms"). */
  smsSchema?: (module: M) => z.ZodTypeAny;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: DefaultValue<z.input<S>>;
}) {
  type Validate = (formData: FormData) => Submission<z.input<S>, string[], z.output<S>>;
  const [validate, setValidate] = useState<Validate | null>(null);
  // The pickers are read when loading starts; a page passes new arrows on each render.
  const pick = useRef({ schemas, schema, smsSchema });
  pick.current = { schemas, schema, smsSchema };

  useEffect(() => {
    let alive = true;
    let started = false;
    const load = () => {
      if (started) return;
      started = true;
      stop();
      const { schemas, schema, smsSchema } = pick.current;
      Promise.all([import("~/utils/parse-form"), schemas()]).then(
        ([{ parseWithZod, checkingOnly, fieldsOf }, module]) => {
          if (!alive) return;
          const main = schema(module);
          const sms = smsSchema?.(module);
          // "Send code" checks the fields the code request reads, and marks only those checked.
          setValidate(
            () => (formData: FormData) =>
              (sms && formData.get("intent") === "sendSms"
                ? checkingOnly(parseWithZod(formData, { schema: sms }), fieldsOf(sms))
                : parseWithZod(formData, { schema: main })) as ReturnType<Validate>,
          );
        },
        () => {
          if (!alive) return;
          started = false; // offline for a moment: the server still validates; a later focus retries
          document.addEventListener("focusin", onFocus);
        },
      );
    };
    const onFocus = (event: FocusEvent) => {
      const target = event.target as HTMLInputElement | null;
      if (target?.form?.id === id) load();
    };
    const cancelIdle = whenIdle(load);
    document.addEventListener("focusin", onFocus);
    function stop() {
      cancelIdle();
      document.removeEventListener("focusin", onFocus);
    }
    return () => {
      alive = false;
      stop();
    };
  }, [id]);

  // A mark for tests and for debugging: the browser validates this form.
  useEffect(() => {
    const element = document.forms.namedItem(id);
    if (element && validate) element.dataset.validation = "browser";
  });

  return useForm<z.input<S>, z.output<S>>({
    id,
    lastResult,
    defaultValue,
    // Conform merges these options on every render, so the validator takes effect once loaded.
    onValidate: validate ? ({ formData }) => validate(formData) : undefined,
    shouldValidate: validate ? "onBlur" : "onSubmit",
    shouldRevalidate: validate ? "onInput" : "onSubmit",
  });
}

/**
 * What the player typed into field `id` before the form's code arrived (the server's HTML is
 * usable at once, decision 036): handed to `use` once, after mount, so that a form that keeps the
 * field's text in state (a controlled amount, a live quote) starts from it instead of dropping it.
 */
export function useValueTypedEarly(id: string, use: (value: string) => void) {
  const first = useRef(use);
  useEffect(() => {
    const input = document.getElementById(id) as HTMLInputElement | null;
    if (input?.value) first.current(input.value);
  }, [id]);
}

/**
 * The radio of `name` in form `formId` that is checked when the form's code has come, handed to
 * `use` once, after mount: the one the player picked on the server's HTML, since an uncontrolled
 * radio keeps its check through hydration. A form that follows the choice in state (a live
 * quote, a placeholder) then starts from it instead of from the server's first choice.
 */
export function useCheckedEarly(formId: string, name: string, use: (value: string) => void) {
  const first = useRef(use);
  useEffect(() => {
    const radios = document.forms.namedItem(formId)?.elements.namedItem(name);
    const checked =
      radios instanceof RadioNodeList ? radios.value : (radios as HTMLInputElement | null)?.value;
    if (checked) first.current(checked);
  }, [formId, name]);
}
