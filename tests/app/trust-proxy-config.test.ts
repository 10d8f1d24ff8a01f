import express from "express";
import { loadConfig } from "../../server/config";

/** TRUST_PROXY as the server reads it at start (server/env-schema.ts). */
const trustProxyOf = (value: string | undefined) =>
  loadConfig({ NODE_ENV: "development", TRUST_PROXY: value }).TRUST_PROXY;

describe("TRUST_PROXY", () => {
  test("takes a number of proxies or their addresses and ranges, each as express takes it", () => {
    for (const value of [
      "1",
      "2",
      "loopback",
      "loopback, 10.0.0.0/8",
      "203.0.113.7",
      "10.0.0.0/255.0.0.0",
      "::1,fd00::/8",
      "uniquelocal",
    ]) {
      expect(trustProxyOf(value), value).toBe(value);
      // express takes it too: it used to be refused only when the server started.
      expect(
        () => express().set("trust proxy", /^\d+$/.test(value) ? Number(value) : value),
        value,
      ).not.toThrow();
    }
  });

  test("unset, empty or false: no proxy", () => {
    for (const value of [undefined, "", " ", "false", "FALSE"])
      expect(trustProxyOf(value), String(value)).toBeUndefined();
  });

  test("refuses true, which would trust any client's X-Forwarded-For, and says what to write", () => {
    for (const value of ["true", "TRUE", " true "]) {
      expect(() => trustProxyOf(value), value).toThrow(
        /TRUST_PROXY=true would believe any client's X-Forwarded-For: give the number of proxies in front of the app \(such as 1\)/,
      );
    }
  });

  test("refuses what is neither a count nor addresses, before the server starts", () => {
    for (const value of ["yes", "proxy.example", "10.0.0.0/40", "10.0.0.1/8/1", "1.2.3", "loopback,,"]) {
      expect(() => trustProxyOf(value), value).toThrow(
        /TRUST_PROXY must be the number of proxies in front of the app/,
      );
    }
  });
});
