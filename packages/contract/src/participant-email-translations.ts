import { DEFAULTS } from "./constants.ts";
import { button, type EmailTemplateContent } from "./email-templates.ts";
import type { ParticipantLanguage } from "./languages.ts";

// The built-in emails a participant receives, in the languages beyond English and Spanish (issue 33
// §6). Organizations write their own templates in English and Spanish only; a participant served in
// one of these languages gets these texts even when the organization has its own template of the
// kind, because a message the borrower can read matters more than the organization's wording.

/** Languages with built-in participant emails only (no organization templates). */
export type BuiltInOnlyLanguage = Exclude<ParticipantLanguage, "en" | "es">;

/** The kinds of email a participant receives. */
export const PARTICIPANT_EMAIL_KINDS = [
  "invitation",
  "reminder",
  "cancellation",
  "completion",
  "expiring-soon",
] as const;
export type ParticipantEmailKind = (typeof PARTICIPANT_EMAIL_KINDS)[number];

/** The invitation's subject when the sender wrote none in step 3. */
export const DEFAULT_INVITATION_SUBJECT: Record<ParticipantLanguage, string> = {
  en: DEFAULTS.emailSubject,
  es: "Sus documentos están listos",
  "zh-Hant": "您的文件已備妥",
  vi: "Tài liệu của quý vị đã sẵn sàng",
  ko: "문서가 준비되었습니다",
  tl: "Handa na ang inyong mga dokumento",
};

const small = '<p style="color:#4a5560;font-size:13px">';

export const PARTICIPANT_EMAIL_TRANSLATIONS: Record<
  ParticipantEmailKind,
  Record<BuiltInOnlyLanguage, EmailTemplateContent>
> = {
  invitation: {
    "zh-Hant": {
      subject: "{{subject}}",
      body: `<p>{{recipient.name}} 您好：</p>\n<p>{{organization.name}} 已將「{{package.name}}」的文件寄給您，請以電子方式審閱並簽署。</p>\n<p>{{introText}}</p>\n${button("signingLink")}審閱文件</a></p>\n${small}此連結僅供您本人使用，請勿轉寄。連結只能使用一次，有效期限至 {{expiresAt}}；如果連結失效，仍請開啟連結並申請新的連結。</p>\n<p>{{sender.name}}<br>{{organization.name}}</p>`,
    },
    vi: {
      subject: "{{subject}}",
      body: `<p>Kính gửi {{recipient.name}},</p>\n<p>{{organization.name}} đã gửi cho quý vị các tài liệu của "{{package.name}}" để xem xét và ký điện tử.</p>\n<p>{{introText}}</p>\n${button("signingLink")}Xem tài liệu</a></p>\n${small}Đường liên kết này chỉ dành riêng cho quý vị: xin đừng chuyển tiếp. Đường liên kết chỉ dùng được một lần và có hiệu lực đến {{expiresAt}}; nếu đường liên kết không còn hoạt động, quý vị vẫn hãy mở nó và yêu cầu một đường liên kết mới.</p>\n<p>{{sender.name}}<br>{{organization.name}}</p>`,
    },
    ko: {
      subject: "{{subject}}",
      body: `<p>{{recipient.name}} 님, 안녕하십니까.</p>\n<p>{{organization.name}}에서 "{{package.name}}" 문서를 보내 드렸습니다. 전자 방식으로 검토하고 서명해 주시기 바랍니다.</p>\n<p>{{introText}}</p>\n${button("signingLink")}문서 검토하기</a></p>\n${small}이 링크는 본인 전용이므로 다른 사람에게 전달하지 마십시오. 링크는 한 번만 사용할 수 있으며 {{expiresAt}}까지 유효합니다. 링크가 작동하지 않으면 링크를 열어 새 링크를 요청하십시오.</p>\n<p>{{sender.name}}<br>{{organization.name}}</p>`,
    },
    tl: {
      subject: "{{subject}}",
      body: `<p>Magandang araw po, {{recipient.name}},</p>\n<p>Ipinadala sa inyo ng {{organization.name}} ang mga dokumento ng "{{package.name}}" upang suriin at lagdaan sa elektronikong paraan.</p>\n<p>{{introText}}</p>\n${button("signingLink")}Suriin ang mga dokumento</a></p>\n${small}Para sa inyo lamang ang link na ito: huwag itong ipasa sa iba. Isang beses lamang ito magagamit at hanggang {{expiresAt}} lamang; kung hindi na ito gumagana, buksan pa rin ito at humingi ng bagong link.</p>\n<p>{{sender.name}}<br>{{organization.name}}</p>`,
    },
  },
  reminder: {
    "zh-Hant": {
      subject: "提醒：「{{package.name}}」正等待您處理",
      body: `<p>{{recipient.name}} 您好：</p>\n<p>這是 <strong>{{organization.name}}</strong> 的 {{sender.name}} 發出的提醒：<strong>{{package.name}}</strong> 的文件正等待您處理。</p>\n${button("signingLink")}審閱文件</a></p>\n<p>如有任何疑問，請聯絡 {{organization.name}}。</p>`,
    },
    vi: {
      subject: "Nhắc nhở: {{package.name}} đang chờ quý vị",
      body: `<p>Kính gửi {{recipient.name}},</p>\n<p>Đây là lời nhắc từ {{sender.name}} của <strong>{{organization.name}}</strong>: các tài liệu của <strong>{{package.name}}</strong> đang chờ quý vị.</p>\n${button("signingLink")}Xem tài liệu</a></p>\n<p>Nếu có thắc mắc, xin liên hệ {{organization.name}}.</p>`,
    },
    ko: {
      subject: "알림: {{package.name}} 문서를 확인해 주십시오",
      body: `<p>{{recipient.name}} 님, 안녕하십니까.</p>\n<p><strong>{{organization.name}}</strong>의 {{sender.name}} 님이 보내는 알림입니다. <strong>{{package.name}}</strong> 문서가 고객님의 처리를 기다리고 있습니다.</p>\n${button("signingLink")}문서 검토하기</a></p>\n<p>문의 사항이 있으시면 {{organization.name}}에 연락해 주십시오.</p>`,
    },
    tl: {
      subject: "Paalala: naghihintay sa inyo ang {{package.name}}",
      body: `<p>Magandang araw po, {{recipient.name}},</p>\n<p>Ito ay paalala mula kay {{sender.name}} ng <strong>{{organization.name}}</strong>: naghihintay sa inyo ang mga dokumento ng <strong>{{package.name}}</strong>.</p>\n${button("signingLink")}Suriin ang mga dokumento</a></p>\n<p>Kung may mga tanong kayo, makipag-ugnayan sa {{organization.name}}.</p>`,
    },
  },
  cancellation: {
    "zh-Hant": {
      subject: "「{{package.name}}」已取消",
      body: `<p>{{recipient.name}} 您好：</p>\n<p><strong>{{organization.name}}</strong> 的 {{sender.name}} 已取消文件包 <strong>{{package.name}}</strong>。您無須再審閱或簽署其中的文件，先前的連結也已失效。</p>\n<p>如有任何疑問，請聯絡 {{organization.name}}。</p>`,
    },
    vi: {
      subject: "{{package.name}} đã bị hủy",
      body: `<p>Kính gửi {{recipient.name}},</p>\n<p>{{sender.name}} của <strong>{{organization.name}}</strong> đã hủy bộ hồ sơ <strong>{{package.name}}</strong>. Quý vị không cần xem xét hoặc ký các tài liệu trong đó nữa, và các đường liên kết trước đây không còn hoạt động.</p>\n<p>Nếu có thắc mắc, xin liên hệ {{organization.name}}.</p>`,
    },
    ko: {
      subject: "{{package.name}} 문서 패키지가 취소되었습니다",
      body: `<p>{{recipient.name}} 님, 안녕하십니까.</p>\n<p><strong>{{organization.name}}</strong>의 {{sender.name}} 님이 문서 패키지 <strong>{{package.name}}</strong>을(를) 취소했습니다. 더 이상 해당 문서를 검토하거나 서명하실 필요가 없으며, 이전 링크는 더 이상 작동하지 않습니다.</p>\n<p>문의 사항이 있으시면 {{organization.name}}에 연락해 주십시오.</p>`,
    },
    tl: {
      subject: "Kinansela ang {{package.name}}",
      body: `<p>Magandang araw po, {{recipient.name}},</p>\n<p>Kinansela ni {{sender.name}} ng <strong>{{organization.name}}</strong> ang pakete ng mga dokumento na <strong>{{package.name}}</strong>. Hindi na ninyo kailangang suriin o lagdaan ang mga dokumento nito, at hindi na gumagana ang mga naunang link.</p>\n<p>Kung may mga tanong kayo, makipag-ugnayan sa {{organization.name}}.</p>`,
    },
  },
  completion: {
    "zh-Hant": {
      subject: "已完成：{{package.name}}",
      body: `<p>{{recipient.name}} 您好：</p>\n<p>所有參與者均已完成 <strong>{{package.name}}</strong>。文件已加上數位封印，完成證明書也已備妥。</p>\n${button("link")}開啟您的文件</a></p>\n<p>{{organization.name}}</p>`,
    },
    vi: {
      subject: "Đã hoàn tất: {{package.name}}",
      body: `<p>Kính gửi {{recipient.name}},</p>\n<p>Tất cả mọi người đã hoàn tất <strong>{{package.name}}</strong>. Các tài liệu đã được niêm phong điện tử và giấy chứng nhận hoàn tất đã sẵn sàng.</p>\n${button("link")}Mở tài liệu của quý vị</a></p>\n<p>{{organization.name}}</p>`,
    },
    ko: {
      subject: "완료: {{package.name}}",
      body: `<p>{{recipient.name}} 님, 안녕하십니까.</p>\n<p>모든 참여자가 <strong>{{package.name}}</strong>을(를) 완료했습니다. 문서는 전자 봉인되었으며 완료 증명서가 준비되었습니다.</p>\n${button("link")}내 문서 열기</a></p>\n<p>{{organization.name}}</p>`,
    },
    tl: {
      subject: "Nakumpleto na: {{package.name}}",
      body: `<p>Magandang araw po, {{recipient.name}},</p>\n<p>Natapos na ng lahat ang <strong>{{package.name}}</strong>. Naselyuhan na ang mga dokumento nito at handa na ang sertipiko ng pagkumpleto.</p>\n${button("link")}Buksan ang inyong mga dokumento</a></p>\n<p>{{organization.name}}</p>`,
    },
  },
  "expiring-soon": {
    "zh-Hant": {
      subject: "「{{package.name}}」即將到期",
      body: `<p>{{recipient.name}} 您好：</p>\n<p>{{organization.name}} 寄給您的 <strong>{{package.name}}</strong> 文件正等待您處理，將於 {{expiresAt}} 到期。</p>\n${button("signingLink")}審閱文件</a></p>`,
    },
    vi: {
      subject: "{{package.name}} sắp hết hạn",
      body: `<p>Kính gửi {{recipient.name}},</p>\n<p>Các tài liệu của <strong>{{package.name}}</strong> từ {{organization.name}} đang chờ quý vị và sẽ hết hạn vào {{expiresAt}}.</p>\n${button("signingLink")}Xem tài liệu</a></p>`,
    },
    ko: {
      subject: "{{package.name}} 문서의 기한이 곧 만료됩니다",
      body: `<p>{{recipient.name}} 님, 안녕하십니까.</p>\n<p>{{organization.name}}에서 보낸 <strong>{{package.name}}</strong> 문서가 고객님의 처리를 기다리고 있으며 {{expiresAt}}에 만료됩니다.</p>\n${button("signingLink")}문서 검토하기</a></p>`,
    },
    tl: {
      subject: "Malapit nang mag-expire ang {{package.name}}",
      body: `<p>Magandang araw po, {{recipient.name}},</p>\n<p>Naghihintay sa inyo ang mga dokumento ng <strong>{{package.name}}</strong> mula sa {{organization.name}}, at mag-e-expire ang mga ito sa {{expiresAt}}.</p>\n${button("signingLink")}Suriin ang mga dokumento</a></p>`,
    },
  },
};

/**
 * A reminder sent before the participant has a personal link (the package is not out yet): the
 * product's own words with no button, in every language but English (English has its own renderer).
 */
export const LINKLESS_REMINDER: Record<Exclude<ParticipantLanguage, "en">, EmailTemplateContent> = {
  es: {
    subject: "Recordatorio: {{package.name}} le espera",
    body: "<p>Hola {{recipient.name}}:</p>\n<p>Este es un recordatorio de {{sender.name}} de <strong>{{organization.name}}</strong>: los documentos de <strong>{{package.name}}</strong> le esperan. Abra el correo de invitación que recibió para este paquete para revisarlos.</p>\n<p>Si tiene preguntas, comuníquese con {{organization.name}}.</p>",
  },
  "zh-Hant": {
    subject: "提醒：「{{package.name}}」正等待您處理",
    body: "<p>{{recipient.name}} 您好：</p>\n<p>這是 <strong>{{organization.name}}</strong> 的 {{sender.name}} 發出的提醒：<strong>{{package.name}}</strong> 的文件正等待您處理。請開啟您收到的此文件包邀請郵件以審閱文件。</p>\n<p>如有任何疑問，請聯絡 {{organization.name}}。</p>",
  },
  vi: {
    subject: "Nhắc nhở: {{package.name}} đang chờ quý vị",
    body: "<p>Kính gửi {{recipient.name}},</p>\n<p>Đây là lời nhắc từ {{sender.name}} của <strong>{{organization.name}}</strong>: các tài liệu của <strong>{{package.name}}</strong> đang chờ quý vị. Xin mở email mời mà quý vị đã nhận cho bộ hồ sơ này để xem các tài liệu.</p>\n<p>Nếu có thắc mắc, xin liên hệ {{organization.name}}.</p>",
  },
  ko: {
    subject: "알림: {{package.name}} 문서를 확인해 주십시오",
    body: "<p>{{recipient.name}} 님, 안녕하십니까.</p>\n<p><strong>{{organization.name}}</strong>의 {{sender.name}} 님이 보내는 알림입니다. <strong>{{package.name}}</strong> 문서가 고객님의 처리를 기다리고 있습니다. 이 문서 패키지에 대해 받으신 초대 이메일을 열어 문서를 검토해 주십시오.</p>\n<p>문의 사항이 있으시면 {{organization.name}}에 연락해 주십시오.</p>",
  },
  tl: {
    subject: "Paalala: naghihintay sa inyo ang {{package.name}}",
    body: "<p>Magandang araw po, {{recipient.name}},</p>\n<p>Ito ay paalala mula kay {{sender.name}} ng <strong>{{organization.name}}</strong>: naghihintay sa inyo ang mga dokumento ng <strong>{{package.name}}</strong>. Buksan ang email ng imbitasyon na natanggap ninyo para sa paketeng ito upang masuri ang mga ito.</p>\n<p>Kung may mga tanong kayo, makipag-ugnayan sa {{organization.name}}.</p>",
  },
};
