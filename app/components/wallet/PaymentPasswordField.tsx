import { type AnyField, Field } from "~/components/forms";
import { useTranslation } from "~/utils/i18n-react";

/** The 6-digit payment password that a withdrawal and a bank card change ask for. */
export function PaymentPasswordField({ meta }: { meta: AnyField }) {
  const { t } = useTranslation("withdraw");
  return (
    <Field
      label={t("password")}
      meta={meta}
      type="password"
      inputProps={{
        inputMode: "numeric",
        maxLength: 6,
        autoComplete: "off",
        placeholder: t("passwordPlaceholder"),
      }}
    />
  );
}
