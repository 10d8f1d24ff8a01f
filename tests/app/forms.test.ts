import { parseWithZod } from "@conform-to/zod";
import {
  forgotSchema,
  loginPasswordSchema,
  loginSchema,
  paymentPasswordSchema,
  registerSchema,
} from "~/utils/forms";
import { formIdempotencyKey } from "~/utils/forms.server";

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
}

test("login takes exactly the documented fields areaCode, phone and password", () => {
  const submission = parseWithZod(form({ areaCode: "91", phone: "9000000001", password: "demo1234" }), {
    schema: loginSchema,
  });
  expect(submission.status).toBe("success");
});

test("register reports mismatched passwords even while other fields are invalid", () => {
  const submission = parseWithZod(
    form({
      intent: "register",
      areaCode: "91",
      phone: "",
      password: "secret12",
      confirmPassword: "secret13",
    }),
    { schema: registerSchema },
  );
  expect(submission.status).toBe("error");
  const errors = submission.reply().error ?? {};
  expect(errors.confirmPassword).toEqual(["validation.passwordsMismatch"]);
  expect(errors.phone).toBeDefined();
});

/** A register form that passes every rule. */
const VALID_REGISTER = {
  intent: "register",
  areaCode: "91",
  phone: "9000000077",
  smsCode: "123456",
  password: "secret12",
  confirmPassword: "secret12",
  ageConfirmed: "on",
};

test("register succeeds when everything is valid and the passwords match", () => {
  const submission = parseWithZod(form(VALID_REGISTER), { schema: registerSchema });
  expect(submission.status).toBe("success");
});

describe("schemas with a password confirmation take the fields their rules transform", () => {
  it("register: an empty, blank or lower-case invitation code", () => {
    const cases: Array<[string, string | undefined]> = [
      ["", undefined],
      ["   ", undefined],
      ["demo8888", "DEMO8888"],
      [" Demo8888 ", "DEMO8888"],
      ["DEMO8888", "DEMO8888"],
    ];
    for (const [invitationCode, expected] of cases) {
      const submission = parseWithZod(form({ ...VALID_REGISTER, invitationCode }), {
        schema: registerSchema,
      });
      expect(submission.status, JSON.stringify(invitationCode)).toBe("success");
      if (submission.status === "success") expect(submission.value.invitationCode).toBe(expected);
    }
  });

  it("register and forgot: a phone with spaces and an area code with +", () => {
    const fields = { areaCode: "+91", phone: " 9000000077 " };
    const registered = parseWithZod(form({ ...VALID_REGISTER, ...fields }), { schema: registerSchema });
    expect(registered.status).toBe("success");
    if (registered.status === "success") {
      expect(registered.value).toMatchObject({ areaCode: "91", phone: "9000000077" });
    }
    const { ageConfirmed: _age, ...rest } = VALID_REGISTER;
    const forgot = parseWithZod(form({ ...rest, ...fields, intent: "forgot" }), { schema: forgotSchema });
    expect(forgot.status).toBe("success");
  });

  it("login password and payment password: an SMS code with spaces around it", () => {
    const login = parseWithZod(
      form({ intent: "save", smsCode: " 123456 ", password: "secret12", confirmPassword: "secret12" }),
      { schema: loginPasswordSchema },
    );
    expect(login.status).toBe("success");
    const payment = parseWithZod(
      form({ intent: "save", smsCode: " 123456 ", assetPassword: "123456", confirmPassword: "123456" }),
      { schema: paymentPasswordSchema },
    );
    expect(payment.status).toBe("success");
  });
});

test("a money form's idempotency key is the one it posted when well formed, else a fresh one", () => {
  const posted = "0b6f2a52-3c1e-4f0e-9a57-6c1d2b3e4f50";
  expect(formIdempotencyKey(form({ idempotencyKey: posted }))).toBe(posted);
  expect(formIdempotencyKey(form({ idempotencyKey: "pledge-form-key-1" }))).toBe("pledge-form-key-1");
  for (const bad of ["", "short", "<script>alert(1)</script>", "a".repeat(81), "key with spaces"]) {
    const key = formIdempotencyKey(form({ idempotencyKey: bad }));
    expect(key).not.toBe(bad);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
  }
  const fresh = [formIdempotencyKey(form({})), formIdempotencyKey(form({}))];
  expect(fresh[0]).not.toBe(fresh[1]);
});
