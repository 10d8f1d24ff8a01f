/** Paths the browser code needs too (kept out of *.server modules, which the client build empties). */
export const LOGIN_PATH = "/pages/login/login";
export const HOME_PATH = "/";
export const ACCOUNT_PATH = "/pages/account/account";
