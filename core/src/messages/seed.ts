import type { Language } from "#contract/languages";
import type { Sql } from "../platform/db";

interface NoticeText {
  title: string;
  content: string;
}

/** The welcome notices: their own text (English) and the five other languages (sys_message_texts). */
export const NOTICES: Array<NoticeText & { texts: Record<Exclude<Language, "en-US">, NoticeText> }> = [
  {
    title: "Welcome to Colour Lottery",
    content:
      "Pick a colour, a number, Big or Small, and watch the draw at the end of each round. " +
      "Every result can be verified: the seed's hash is shown before betting opens.",
    texts: {
      "zh-CN": {
        title: "欢迎来到 Colour Lottery",
        content:
          "选择颜色、数字、大或小，在每期结束时观看开奖。每个结果都可以验证：投注开始前会公布种子的哈希值。",
      },
      "ja-JP": {
        title: "Colour Lotteryへようこそ",
        content:
          "色、数字、大・小を選んで、各回の終わりの抽選をご覧ください。すべての結果は検証できます。シードのハッシュはベット受付の前に公開されます。",
      },
      "fr-FR": {
        title: "Bienvenue sur Colour Lottery",
        content:
          "Choisissez une couleur, un chiffre, Grand ou Petit, et suivez le tirage à la fin de chaque tour. " +
          "Chaque résultat est vérifiable : l’empreinte de la graine est affichée avant l’ouverture des paris.",
      },
      "de-DE": {
        title: "Willkommen bei Colour Lottery",
        content:
          "Wählen Sie eine Farbe, eine Zahl, Groß oder Klein, und verfolgen Sie die Ziehung am Ende jeder Runde. " +
          "Jedes Ergebnis ist überprüfbar: Der Hash des Seeds wird angezeigt, bevor die Wetten öffnen.",
      },
      "ko-KR": {
        title: "Colour Lottery에 오신 것을 환영합니다",
        content:
          "색상, 숫자, 대 또는 소를 고르고 매 회차가 끝날 때 추첨을 확인하세요. 모든 결과는 검증할 수 있습니다. 베팅이 열리기 전에 시드의 해시가 공개됩니다.",
      },
    },
  },
  {
    title: "Play responsibly",
    content:
      "Set deposit and loss limits, take a break with cool-off, or exclude yourself in your account settings. " +
      "Only bet what you can afford to lose.",
    texts: {
      "zh-CN": {
        title: "理性游戏",
        content: "您可以在账户设置中设定充值和亏损限额、暂停一段时间或自我排除。只用您输得起的钱投注。",
      },
      "ja-JP": {
        title: "責任あるプレイを",
        content:
          "アカウント設定で入金・損失の上限を決めたり、休止したり、自己排除したりできます。失っても困らない金額だけを賭けてください。",
      },
      "fr-FR": {
        title: "Jouez de manière responsable",
        content:
          "Fixez des limites de dépôt et de pertes, faites une pause ou excluez-vous dans les paramètres de votre compte. " +
          "Ne misez que ce que vous pouvez vous permettre de perdre.",
      },
      "de-DE": {
        title: "Verantwortungsvoll spielen",
        content:
          "Legen Sie Einzahlungs- und Verlustlimits fest, machen Sie eine Pause oder sperren Sie sich selbst in Ihren Kontoeinstellungen. " +
          "Setzen Sie nur, was Sie sich leisten können zu verlieren.",
      },
      "ko-KR": {
        title: "책임감 있게 즐기세요",
        content:
          "계정 설정에서 충전·손실 한도를 정하거나, 휴식을 취하거나, 스스로 이용을 제한할 수 있습니다. 잃어도 괜찮은 금액만 베팅하세요.",
      },
    },
  },
  {
    title: "Keep your account safe",
    content:
      "We never ask for your password or SMS code. Set a payment password before your first withdrawal.",
    texts: {
      "zh-CN": {
        title: "保护您的账户安全",
        content: "我们绝不会索要您的密码或短信验证码。请在首次提现前设置支付密码。",
      },
      "ja-JP": {
        title: "アカウントを安全に",
        content:
          "当社がパスワードやSMSコードを尋ねることはありません。初めての出金の前に支払いパスワードを設定してください。",
      },
      "fr-FR": {
        title: "Protégez votre compte",
        content:
          "Nous ne vous demandons jamais votre mot de passe ni votre code SMS. Définissez un mot de passe de paiement avant votre premier retrait.",
      },
      "de-DE": {
        title: "Schützen Sie Ihr Konto",
        content:
          "Wir fragen nie nach Ihrem Passwort oder SMS-Code. Legen Sie vor Ihrer ersten Auszahlung ein Zahlungspasswort fest.",
      },
      "ko-KR": {
        title: "계정을 안전하게 지키세요",
        content:
          "저희는 절대 비밀번호나 SMS 인증번호를 묻지 않습니다. 첫 출금 전에 결제 비밀번호를 설정하세요.",
      },
    },
  },
];

/** Writes a notice's text in `lang` (added or replaced). */
export async function setNoticeText(tx: Sql, messageId: number, lang: Language, text: NoticeText) {
  await tx.query(
    `INSERT INTO sys_message_texts (message_id, lang, title, content) VALUES ($1, $2, $3, $4)
     ON CONFLICT (message_id, lang) DO UPDATE SET title = EXCLUDED.title, content = EXCLUDED.content`,
    [messageId, lang, text.title, text.content],
  );
}

/**
 * The welcome notices, each added once (by title), with their texts in the other languages; a
 * database seeded before the texts existed gets them, and an operator's own edit of one is kept.
 */
export async function seedNotices(tx: Sql) {
  for (const notice of NOTICES) {
    let [row] = await tx.query<{ id: number }>(
      "SELECT id FROM sys_messages WHERE user_id IS NULL AND title = $1 ORDER BY id LIMIT 1",
      [notice.title],
    );
    if (!row) {
      [row] = await tx.query<{ id: number }>(
        "INSERT INTO sys_messages (title, content) VALUES ($1, $2) RETURNING id",
        [notice.title, notice.content],
      );
    }
    for (const [lang, text] of Object.entries(notice.texts)) {
      await tx.query(
        `INSERT INTO sys_message_texts (message_id, lang, title, content) VALUES ($1, $2, $3, $4)
         ON CONFLICT (message_id, lang) DO NOTHING`,
        [row.id, lang, text.title, text.content],
      );
    }
  }
}
