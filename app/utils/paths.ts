/**
 * Paths of the pages, the one list the app and the tests use (the server uses LOGIN_PATH). They
 * copy the original app's paths (`/pages/<name>/<name>`), and each is the route of the file or
 * folder `app/routes/pages.<name>.<name>`. Kept out of *.server modules: the browser needs them.
 */
export const PAGES = {
  home: "/pages/home/home",
  login: "/pages/login/login",
  account: "/pages/account/account",
  myProfile: "/pages/myProfile/myProfile",
  loginPassword: "/pages/loginPassword/loginPassword",
  paymentPassword: "/pages/paymentPassword/paymentPassword",
  notice: "/pages/notice/notice",
  noticeDetail: "/pages/notice/noticeDetail/noticeDetail",
  gameList: "/pages/game/gameList",
  game: "/pages/game/game",
  rules: "/pages/game/rules",
  verify: "/pages/game/verify",
  fairness: "/pages/game/fairness",
  betRecord: "/pages/betRecord/betRecord",
  betDetails: "/pages/betRecord/betDetails/betDetails",
  assetRecords: "/pages/assetRecords/assetRecords",
  bankCard: "/pages/bankCard/bankCard",
  blogger: "/pages/blogger/blogger",
  bloggerDetails: "/pages/bloggerDetails/bloggerDetails",
  fansList: "/pages/bloggerDetails/fansList/fansList",
  exchange: "/pages/exchange/exchange",
  pledge: "/pages/pledge/pledge",
  followRecords: "/pages/followRecords/followRecords",
  jackpot: "/pages/jackpot/jackpot",
  yesterdayJackpot: "/pages/jackpot/yesterdayJackpot/yesterdayJackpot",
  recharge: "/pages/recharge/recharge",
  rechargeRecords: "/pages/recharge/rechargeRecords/rechargeRecords",
  rechargeURecords: "/pages/recharge/rechargeRecords/rechargeURecords",
  team: "/pages/team/team",
  claimBonus: "/pages/team/claimBonus/claimBonus",
  withdrawal: "/pages/withdrawal/withdrawal",
  withdrawalRecords: "/pages/withdrawal/withdrawalRecords/withdrawalRecords",
  withdrawalURecords: "/pages/withdrawal/withdrawalRecords/withdrawalURecords",
  responsiblePlay: "/pages/responsiblePlay/responsiblePlay",
} as const;

/** The round verifier, scripts/verify-round.mjs with its libraries bundled in (decision 071). */
export const VERIFIER_PATH = "/verify-round.mjs";

export const LOGIN_PATH = PAGES.login;
export const ACCOUNT_PATH = PAGES.account;
