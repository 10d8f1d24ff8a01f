import { getInputProps, getSelectProps } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "~/utils/i18n-react";
import { type AnyField, ErrorList } from "./Field";

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
      <div className="flex gap-2">
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
          className="input flex-1"
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
 * remaining seconds; with JS it ticks once a second.
 */
export function SmsButton({ remaining, stamp }: { remaining: number; stamp?: string | number }) {
  const { t } = useTranslation("common");
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
      disabled={left > 0 || sending}
      className="btn-secondary min-w-[7.5rem] flex-none px-3 text-sm"
    >
      {left > 0 ? t("form.retryIn", { seconds: left }) : sending ? t("form.sending") : t("form.sendCode")}
    </button>
  );
}

/** A submit button that shows pending state and cannot double-submit. */
export function SubmitButton({
  children,
  intent,
  className = "btn-primary w-full",
}: {
  children: ReactNode;
  intent?: string;
  className?: string;
}) {
  const { t } = useTranslation("common");
  const navigation = useNavigation();
  const pending =
    navigation.state !== "idle" &&
    navigation.formMethod?.toUpperCase() === "POST" &&
    (!intent || navigation.formData?.get("intent") === intent);
  return (
    <button
      type="submit"
      name={intent ? "intent" : undefined}
      value={intent}
      disabled={pending}
      className={className}
    >
      {pending ? t("form.pending") : children}
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
