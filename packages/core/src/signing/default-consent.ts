import { createHash } from "node:crypto";

// The product's own e-sign disclosure (ESIGN Act 15 U.S.C. 7001(c), DOMAIN.md §3): the right to
// paper and how to get it, withdrawal and its consequences, scope, keeping contact details current,
// and the hardware and software needed. Changing any word is a new version: participants consent again.

// Version 2 (issue 33 §6 and the consent option): Chinese (Traditional), Vietnamese, Korean and
// Tagalog join English and Spanish, and the SHA-256 covers every language a participant may read.
export const DEFAULT_CONSENT_VERSION = "default-2";

// The day the default texts last changed, shown to participants as "last updated" (version 2: the
// code instructions left the disclosure, since the code is now an organization option).
export const DEFAULT_CONSENT_UPDATED_ON = "2026-11-29";

export const DEFAULT_CONSENT_TEXT = {
  en: [
    "Before you sign electronically, please read this disclosure. It explains your rights when you use electronic records and signatures instead of paper.",
    "Scope. Your consent covers the documents of this transaction only: the package the sender shared with you. It does not cover other transactions.",
    "Paper copies. You may ask the sender for a paper copy of any document at any time, at no charge. Contact the sender using the details in your invitation.",
    "Withdrawing consent. You may withdraw your consent at any time before you finish, using 'Withdraw consent' in the signing room. What you already signed stays valid; the sender is told and the remaining documents can be completed on paper. Withdrawing may delay the transaction.",
    "Keeping your details current. If your email address or phone number changes, tell the sender so that notices reach you.",
    "What you need. A current web browser (Chrome, Edge, Firefox or Safari) with cookies and JavaScript on, a PDF reader to open the documents, an email address or mobile phone to receive your link, and a printer or storage to keep copies.",
    "By agreeing, you consent to use electronic records and signatures for this transaction.",
  ],
  es: [
    "Antes de firmar electrónicamente, lea esta divulgación. Explica sus derechos al usar registros y firmas electrónicos en lugar de papel.",
    "Alcance. Su consentimiento cubre solo los documentos de esta transacción: el paquete que el remitente compartió con usted. No cubre otras transacciones.",
    "Copias en papel. Puede pedir al remitente una copia en papel de cualquier documento en cualquier momento, sin costo. Comuníquese con el remitente con los datos de su invitación.",
    "Retirar el consentimiento. Puede retirar su consentimiento en cualquier momento antes de terminar, con 'Retirar consentimiento' en la sala de firma. Lo que ya firmó sigue siendo válido; se avisa al remitente y los documentos restantes pueden completarse en papel. Retirarlo puede retrasar la transacción.",
    "Mantener sus datos al día. Si cambia su correo electrónico o su teléfono, avise al remitente para que los avisos le lleguen.",
    "Lo que necesita. Un navegador actual (Chrome, Edge, Firefox o Safari) con cookies y JavaScript activados, un lector de PDF para abrir los documentos, un correo electrónico o teléfono móvil para recibir su enlace, y una impresora o almacenamiento para guardar copias.",
    "Al aceptar, usted consiente usar registros y firmas electrónicos para esta transacción.",
  ],
  "zh-Hant": [
    "在您以電子方式簽署之前，請閱讀本聲明。本聲明說明您使用電子記錄和電子簽名代替紙本時所享有的權利。",
    "範圍。您的同意僅適用於本交易的文件，即寄件人與您分享的文件包，不適用於其他交易。",
    "紙本副本。您可隨時免費向寄件人索取任何文件的紙本副本。請使用邀請中的聯絡資料與寄件人聯絡。",
    "撤回同意。在您完成之前，您可隨時在簽署室中使用「撤回同意」撤回您的同意。您已簽署的內容仍然有效；寄件人會收到通知，其餘文件可以紙本方式完成。撤回同意可能會延誤交易。",
    "更新您的聯絡資料。如果您的電子郵件地址或電話號碼有所變更，請告知寄件人，以確保您能收到通知。",
    "所需設備。已啟用 Cookie 和 JavaScript 的最新版網頁瀏覽器（Chrome、Edge、Firefox 或 Safari）、用於開啟文件的 PDF 閱讀器、用於接收連結的電子郵件地址或行動電話，以及用於保存副本的印表機或儲存空間。",
    "您表示同意，即代表您同意在本交易中使用電子記錄和電子簽名。",
  ],
  vi: [
    "Trước khi ký điện tử, xin quý vị đọc bản thông báo này. Bản thông báo giải thích các quyền của quý vị khi sử dụng hồ sơ và chữ ký điện tử thay cho giấy tờ.",
    "Phạm vi. Sự đồng ý của quý vị chỉ áp dụng cho các tài liệu của giao dịch này: bộ hồ sơ mà người gửi đã chia sẻ với quý vị. Sự đồng ý không áp dụng cho các giao dịch khác.",
    "Bản sao giấy. Quý vị có thể yêu cầu người gửi cung cấp bản sao giấy của bất kỳ tài liệu nào vào bất cứ lúc nào, miễn phí. Xin liên hệ người gửi theo thông tin trong thư mời của quý vị.",
    "Rút lại sự đồng ý. Quý vị có thể rút lại sự đồng ý vào bất cứ lúc nào trước khi hoàn tất, bằng cách chọn 'Rút lại sự đồng ý' trong phòng ký. Những gì quý vị đã ký vẫn có hiệu lực; người gửi sẽ được thông báo và các tài liệu còn lại có thể được hoàn tất trên giấy. Việc rút lại sự đồng ý có thể làm chậm giao dịch.",
    "Cập nhật thông tin liên lạc. Nếu địa chỉ email hoặc số điện thoại của quý vị thay đổi, xin báo cho người gửi để quý vị nhận được các thông báo.",
    "Những gì quý vị cần. Một trình duyệt web hiện hành (Chrome, Edge, Firefox hoặc Safari) có bật cookie và JavaScript, một chương trình đọc PDF để mở tài liệu, một địa chỉ email hoặc điện thoại di động để nhận đường liên kết, và một máy in hoặc nơi lưu trữ để giữ bản sao.",
    "Khi đồng ý, quý vị chấp thuận sử dụng hồ sơ và chữ ký điện tử cho giao dịch này.",
  ],
  ko: [
    "전자 서명을 하시기 전에 이 고지 사항을 읽어 주십시오. 종이 대신 전자 기록과 전자 서명을 사용할 때 고객님이 갖는 권리를 설명합니다.",
    "적용 범위. 고객님의 동의는 이 거래의 문서, 즉 발송인이 고객님과 공유한 문서 패키지에만 적용됩니다. 다른 거래에는 적용되지 않습니다.",
    "종이 사본. 고객님은 언제든지 무료로 발송인에게 모든 문서의 종이 사본을 요청하실 수 있습니다. 초대장에 있는 연락처로 발송인에게 연락하십시오.",
    "동의 철회. 완료하시기 전에는 언제든지 서명실의 '동의 철회'를 사용하여 동의를 철회하실 수 있습니다. 이미 서명하신 내용은 계속 유효하며, 발송인에게 통지되고 나머지 문서는 종이로 완료할 수 있습니다. 동의를 철회하시면 거래가 지연될 수 있습니다.",
    "연락처 최신 유지. 이메일 주소나 전화번호가 변경되면 통지를 받으실 수 있도록 발송인에게 알려 주십시오.",
    "필요한 사항. 쿠키와 JavaScript가 활성화된 최신 웹 브라우저(Chrome, Edge, Firefox 또는 Safari), 문서를 열기 위한 PDF 리더, 링크를 받기 위한 이메일 주소 또는 휴대전화, 그리고 사본을 보관하기 위한 프린터 또는 저장 공간이 필요합니다.",
    "동의하시면 이 거래에 전자 기록과 전자 서명을 사용하는 데 동의하시는 것입니다.",
  ],
  tl: [
    "Bago kayo lumagda sa elektronikong paraan, pakibasa ang paunawang ito. Ipinapaliwanag nito ang inyong mga karapatan kapag gumagamit kayo ng mga elektronikong rekord at lagda sa halip na papel.",
    "Saklaw. Ang inyong pahintulot ay para lamang sa mga dokumento ng transaksyong ito: ang paketeng ibinahagi sa inyo ng nagpadala. Hindi nito saklaw ang ibang mga transaksyon.",
    "Mga kopyang papel. Maaari kayong humingi sa nagpadala ng kopyang papel ng anumang dokumento anumang oras, nang walang bayad. Makipag-ugnayan sa nagpadala gamit ang mga detalye sa inyong imbitasyon.",
    "Pagbawi ng pahintulot. Maaari ninyong bawiin ang inyong pahintulot anumang oras bago kayo matapos, gamit ang 'Bawiin ang pahintulot' sa silid ng paglagda. Mananatiling may bisa ang mga nalagdaan na ninyo; aabisuhan ang nagpadala at maaaring tapusin sa papel ang natitirang mga dokumento. Maaaring maantala ang transaksyon kapag binawi ninyo ang pahintulot.",
    "Panatilihing napapanahon ang inyong mga detalye. Kung magbago ang inyong email address o numero ng telepono, ipaalam ito sa nagpadala upang makarating sa inyo ang mga abiso.",
    "Ang kailangan ninyo. Isang napapanahong web browser (Chrome, Edge, Firefox o Safari) na naka-on ang cookies at JavaScript, isang PDF reader upang mabuksan ang mga dokumento, isang email address o mobile phone upang matanggap ang inyong link, at isang printer o storage upang makapagtabi ng mga kopya.",
    "Sa pagsang-ayon, pumapayag kayong gumamit ng mga elektronikong rekord at lagda para sa transaksyong ito.",
  ],
} as const;

/** SHA-256 of the exact texts, stored with every consent given to this version. */
export const DEFAULT_CONSENT_SHA256 = createHash("sha256").update(JSON.stringify(DEFAULT_CONSENT_TEXT)).digest("hex");

// A participant who only reviews (reviewsOnly, issue 11 §2) still consents: ESIGN 7001(c) covers
// records provided electronically instead of on paper, and they receive records. The same rights,
// worded for receiving and reviewing; its own version, so its agreement is told apart in the record.
export const DEFAULT_REVIEW_CONSENT_VERSION = "default-review-2";

export const DEFAULT_REVIEW_CONSENT_TEXT = {
  en: [
    "Before you receive and review your documents electronically, please read this disclosure. It explains your rights when you receive electronic records instead of paper.",
    "Scope. Your consent covers the documents of this transaction only: the package the sender shared with you. It does not cover other transactions.",
    "Paper copies. You may ask the sender for a paper copy of any document at any time, at no charge. Contact the sender using the details in your invitation.",
    "Withdrawing consent. You may withdraw your consent at any time before you finish, using 'Withdraw consent' in the menu. The sender is told and can send you the documents on paper. Withdrawing may delay the transaction.",
    "Keeping your details current. If your email address or phone number changes, tell the sender so that notices reach you.",
    "What you need. A current web browser (Chrome, Edge, Firefox or Safari) with cookies and JavaScript on, a PDF reader to open the documents, an email address or mobile phone to receive your link, and a printer or storage to keep copies.",
    "By agreeing, you consent to receive and review the records of this transaction electronically.",
  ],
  es: [
    "Antes de recibir y revisar sus documentos electrónicamente, lea esta divulgación. Explica sus derechos al recibir registros electrónicos en lugar de papel.",
    "Alcance. Su consentimiento cubre solo los documentos de esta transacción: el paquete que el remitente compartió con usted. No cubre otras transacciones.",
    "Copias en papel. Puede pedir al remitente una copia en papel de cualquier documento en cualquier momento, sin costo. Comuníquese con el remitente con los datos de su invitación.",
    "Retirar el consentimiento. Puede retirar su consentimiento en cualquier momento antes de terminar, con 'Retirar consentimiento' en el menú. Se avisa al remitente, que puede enviarle los documentos en papel. Retirarlo puede retrasar la transacción.",
    "Mantener sus datos al día. Si cambia su correo electrónico o su teléfono, avise al remitente para que los avisos le lleguen.",
    "Lo que necesita. Un navegador actual (Chrome, Edge, Firefox o Safari) con cookies y JavaScript activados, un lector de PDF para abrir los documentos, un correo electrónico o teléfono móvil para recibir su enlace, y una impresora o almacenamiento para guardar copias.",
    "Al aceptar, usted consiente recibir y revisar electrónicamente los registros de esta transacción.",
  ],
  "zh-Hant": [
    "在您以電子方式接收和審閱文件之前，請閱讀本聲明。本聲明說明您接收電子記錄代替紙本時所享有的權利。",
    "範圍。您的同意僅適用於本交易的文件，即寄件人與您分享的文件包，不適用於其他交易。",
    "紙本副本。您可隨時免費向寄件人索取任何文件的紙本副本。請使用邀請中的聯絡資料與寄件人聯絡。",
    "撤回同意。在您完成之前，您可隨時使用選單中的「撤回同意」撤回您的同意。寄件人會收到通知，並可將文件以紙本寄給您。撤回同意可能會延誤交易。",
    "更新您的聯絡資料。如果您的電子郵件地址或電話號碼有所變更，請告知寄件人，以確保您能收到通知。",
    "所需設備。已啟用 Cookie 和 JavaScript 的最新版網頁瀏覽器（Chrome、Edge、Firefox 或 Safari）、用於開啟文件的 PDF 閱讀器、用於接收連結的電子郵件地址或行動電話，以及用於保存副本的印表機或儲存空間。",
    "您表示同意，即代表您同意以電子方式接收和審閱本交易的記錄。",
  ],
  vi: [
    "Trước khi nhận và xem xét tài liệu dưới dạng điện tử, xin quý vị đọc bản thông báo này. Bản thông báo giải thích các quyền của quý vị khi nhận hồ sơ điện tử thay cho giấy tờ.",
    "Phạm vi. Sự đồng ý của quý vị chỉ áp dụng cho các tài liệu của giao dịch này: bộ hồ sơ mà người gửi đã chia sẻ với quý vị. Sự đồng ý không áp dụng cho các giao dịch khác.",
    "Bản sao giấy. Quý vị có thể yêu cầu người gửi cung cấp bản sao giấy của bất kỳ tài liệu nào vào bất cứ lúc nào, miễn phí. Xin liên hệ người gửi theo thông tin trong thư mời của quý vị.",
    "Rút lại sự đồng ý. Quý vị có thể rút lại sự đồng ý vào bất cứ lúc nào trước khi hoàn tất, bằng cách chọn 'Rút lại sự đồng ý' trong trình đơn. Người gửi sẽ được thông báo và có thể gửi tài liệu cho quý vị trên giấy. Việc rút lại sự đồng ý có thể làm chậm giao dịch.",
    "Cập nhật thông tin liên lạc. Nếu địa chỉ email hoặc số điện thoại của quý vị thay đổi, xin báo cho người gửi để quý vị nhận được các thông báo.",
    "Những gì quý vị cần. Một trình duyệt web hiện hành (Chrome, Edge, Firefox hoặc Safari) có bật cookie và JavaScript, một chương trình đọc PDF để mở tài liệu, một địa chỉ email hoặc điện thoại di động để nhận đường liên kết, và một máy in hoặc nơi lưu trữ để giữ bản sao.",
    "Khi đồng ý, quý vị chấp thuận nhận và xem xét hồ sơ của giao dịch này dưới dạng điện tử.",
  ],
  ko: [
    "문서를 전자 방식으로 받아 검토하시기 전에 이 고지 사항을 읽어 주십시오. 종이 대신 전자 기록을 받을 때 고객님이 갖는 권리를 설명합니다.",
    "적용 범위. 고객님의 동의는 이 거래의 문서, 즉 발송인이 고객님과 공유한 문서 패키지에만 적용됩니다. 다른 거래에는 적용되지 않습니다.",
    "종이 사본. 고객님은 언제든지 무료로 발송인에게 모든 문서의 종이 사본을 요청하실 수 있습니다. 초대장에 있는 연락처로 발송인에게 연락하십시오.",
    "동의 철회. 완료하시기 전에는 언제든지 메뉴의 '동의 철회'를 사용하여 동의를 철회하실 수 있습니다. 발송인에게 통지되며, 발송인은 문서를 종이로 보내 드릴 수 있습니다. 동의를 철회하시면 거래가 지연될 수 있습니다.",
    "연락처 최신 유지. 이메일 주소나 전화번호가 변경되면 통지를 받으실 수 있도록 발송인에게 알려 주십시오.",
    "필요한 사항. 쿠키와 JavaScript가 활성화된 최신 웹 브라우저(Chrome, Edge, Firefox 또는 Safari), 문서를 열기 위한 PDF 리더, 링크를 받기 위한 이메일 주소 또는 휴대전화, 그리고 사본을 보관하기 위한 프린터 또는 저장 공간이 필요합니다.",
    "동의하시면 이 거래의 기록을 전자 방식으로 받아 검토하는 데 동의하시는 것입니다.",
  ],
  tl: [
    "Bago ninyo tanggapin at suriin ang inyong mga dokumento sa elektronikong paraan, pakibasa ang paunawang ito. Ipinapaliwanag nito ang inyong mga karapatan kapag tumatanggap kayo ng mga elektronikong rekord sa halip na papel.",
    "Saklaw. Ang inyong pahintulot ay para lamang sa mga dokumento ng transaksyong ito: ang paketeng ibinahagi sa inyo ng nagpadala. Hindi nito saklaw ang ibang mga transaksyon.",
    "Mga kopyang papel. Maaari kayong humingi sa nagpadala ng kopyang papel ng anumang dokumento anumang oras, nang walang bayad. Makipag-ugnayan sa nagpadala gamit ang mga detalye sa inyong imbitasyon.",
    "Pagbawi ng pahintulot. Maaari ninyong bawiin ang inyong pahintulot anumang oras bago kayo matapos, gamit ang 'Bawiin ang pahintulot' sa menu. Aabisuhan ang nagpadala at maaari niyang ipadala sa inyo ang mga dokumento sa papel. Maaaring maantala ang transaksyon kapag binawi ninyo ang pahintulot.",
    "Panatilihing napapanahon ang inyong mga detalye. Kung magbago ang inyong email address o numero ng telepono, ipaalam ito sa nagpadala upang makarating sa inyo ang mga abiso.",
    "Ang kailangan ninyo. Isang napapanahong web browser (Chrome, Edge, Firefox o Safari) na naka-on ang cookies at JavaScript, isang PDF reader upang mabuksan ang mga dokumento, isang email address o mobile phone upang matanggap ang inyong link, at isang printer o storage upang makapagtabi ng mga kopya.",
    "Sa pagsang-ayon, pumapayag kayong tanggapin at suriin sa elektronikong paraan ang mga rekord ng transaksyong ito.",
  ],
} as const;

export const DEFAULT_REVIEW_CONSENT_SHA256 = createHash("sha256")
  .update(JSON.stringify(DEFAULT_REVIEW_CONSENT_TEXT))
  .digest("hex");

/** The default disclosure a participant reads: the review wording when they only review. */
export function defaultConsentText(reviewOnly: boolean) {
  return reviewOnly ? DEFAULT_REVIEW_CONSENT_TEXT : DEFAULT_CONSENT_TEXT;
}
