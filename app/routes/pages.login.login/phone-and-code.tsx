import { type AnyField, PhoneField, SmsCodeField } from "~/components/forms";
import { useLoginData } from "./login-page-form";

/** Phone with area code, then the SMS code sent to it: the top of the register and forgot forms. */
export function PhoneAndCode({
  fields,
}: { fields: { areaCode: AnyField; phone: AnyField; smsCode: AnyField } }) {
  const { data, actionData } = useLoginData();
  return (
    <>
      <PhoneField areaCode={fields.areaCode} phone={fields.phone} areaCodes={data.areaCodes} />
      <SmsCodeField
        meta={fields.smsCode}
        remaining={actionData?.smsRemaining ?? data.smsRemaining}
        stamp={actionData?.smsSent}
        hint={actionData?.message}
      />
    </>
  );
}
