import { describe, expect, it } from "vitest";
import { DEFAULT_REMINDER_SETTINGS } from "./notification-rules.ts";
import { DEFAULT_SECURITY_SETTINGS } from "./security-settings.ts";
import { DEFAULT_SESSION_SETTINGS, DEFAULT_SIGNER_UPLOAD_SETTINGS } from "./session-upload-settings.ts";
import {
  isSettingName,
  parseSettingInput,
  parseSettingText,
  SETTING_NAMES,
  SETTING_PAGE_IDS,
  SETTING_REGISTRY,
  SETTING_REGISTRY_MESSAGES,
  SETTING_SECTION_IDS,
  type SettingName,
  settingAllowedValues,
  settingDefaultText,
  settingDefinition,
  settingsOfPage,
  settingValueOrDefault,
} from "./setting-registry.ts";
import { DEFAULT_PACKAGE_SETTINGS } from "./settings.ts";
import { DEFAULT_SIGNING_ROOM_SETTINGS } from "./signing-admin.ts";
import { DEFAULT_TRID_SETTINGS } from "./trid.ts";

describe("setting registry", () => {
  it("declares every key of the typed settings views", () => {
    // the typed views read their keys through the registry; a key outside it would read nothing
    for (const key of [
      ...Object.keys(DEFAULT_PACKAGE_SETTINGS),
      ...Object.keys(DEFAULT_SIGNING_ROOM_SETTINGS),
      ...Object.keys(DEFAULT_SECURITY_SETTINGS),
      ...Object.keys(DEFAULT_SESSION_SETTINGS),
      ...Object.keys(DEFAULT_SIGNER_UPLOAD_SETTINGS),
      ...Object.keys(DEFAULT_REMINDER_SETTINGS),
      ...Object.keys(DEFAULT_TRID_SETTINGS),
    ]) {
      expect(isSettingName(key), key).toBe(true);
    }
    expect(SETTING_REGISTRY.mfa_required).toMatchObject({ type: "BOOLEAN", category: "SECURITY", defaultValue: false });
  });

  it("puts every setting on one web settings page, and every page and section holds some", () => {
    const pages = new Set<string>(SETTING_PAGE_IDS);
    const sections = new Set<string>(SETTING_SECTION_IDS);
    for (const name of SETTING_NAMES) {
      const { page, section } = settingDefinition(name);
      expect(pages.has(page), `${name}: page ${page}`).toBe(true);
      if (section !== undefined) expect(sections.has(section), `${name}: section ${section}`).toBe(true);
    }
    const usedPages = new Set(SETTING_NAMES.map((name) => settingDefinition(name).page));
    expect(SETTING_PAGE_IDS.filter((page) => !usedPages.has(page))).toEqual([]);
    const usedSections = new Set(SETTING_NAMES.map((name) => settingDefinition(name).section));
    expect(SETTING_SECTION_IDS.filter((section) => !usedSections.has(section))).toEqual([]);
  });

  it("lists a page's settings by form: each setting on exactly one, in registry order", () => {
    const forms = SETTING_PAGE_IDS.flatMap((page) => [
      settingsOfPage(page),
      ...SETTING_SECTION_IDS.map((section) => settingsOfPage(page, section)),
    ]);
    expect(forms.flat().sort()).toEqual([...SETTING_NAMES].sort());
    expect(settingsOfPage("session", "session-exit")).toEqual([
      "session_exit_finish_url",
      "session_exit_decline_url",
      "session_exit_timeout_url",
    ]);
    // the session page has no main form; the branding form leaves the uploaded logo to the upload
    expect(settingsOfPage("session")).toEqual([]);
    expect(settingsOfPage("branding")).toEqual(["primary_color", "primary_font_color", "logo_url"]);
    expect(settingsOfPage("branding", "logo-upload")).toEqual(["default_logo"]);
    expect(settingsOfPage("trid", "session-entry")).toEqual([]);
  });

  it("refuses names it does not declare (also inherited object keys)", () => {
    for (const name of ["unknown_setting", "toString", "__proto__", "TIMEZONE"])
      expect(isSettingName(name)).toBe(false);
    expect(SETTING_REGISTRY_MESSAGES.unknownNames(["a", "b"])).toMatch(/^Unknown settings: a, b\. Known settings: /);
  });

  it.each(SETTING_NAMES)("%s: its default passes its own rules and survives the text round trip", (name) => {
    const text = settingDefaultText(name);
    const parsed = parseSettingText(name, text);
    expect(parsed).toEqual({ ok: true, value: SETTING_REGISTRY[name].defaultValue, text });
    expect(settingValueOrDefault(name, undefined)).toEqual(SETTING_REGISTRY[name].defaultValue);
  });

  // name, input (text or typed), the stored text (null: refused)
  const CASES: [SettingName, unknown, string | null][] = [
    ["session_exit_finish_url", "https://lender.example.com/done", "https://lender.example.com/done"],
    ["session_exit_finish_url", "http://lender.example.com/done", null],
    ["session_exit_finish_url", "javascript:alert(1)", null],
    ["session_exit_timeout_url", "", ""],
    ["session_idle_minutes", 4, null],
    ["session_idle_minutes", "120", "120"],
    ["signer_upload_allowed_types", ["PDF", "PNG"], '["PDF","PNG"]'],
    ["signer_upload_allowed_types", [], null],
    ["signer_upload_allowed_types", ["PDF", "PDF"], null],
    ["signer_upload_allowed_types", ["SVG"], null],
    ["signer_upload_max_mb", 21, null],
    ["default_logo", `${"a".repeat(64)}.png`, `${"a".repeat(64)}.png`],
    ["default_logo", "https://evil.example.com/logo.svg", null],
    ["enable_pkg_collaboration", "true", "true"],
    ["enable_pkg_collaboration", false, "false"],
    ["enable_pkg_collaboration", "yes", null],
    ["enable_pkg_collaboration", 1, null],
    ["mfa_required", true, "true"],
    ["mfa_required", "TRUE", null],
    ["default_relative_expiration_days", "007", "7"],
    ["default_relative_expiration_days", 30, "30"],
    ["default_relative_expiration_days", "-1", null],
    ["default_relative_expiration_days", "3651", null],
    ["default_relative_expiration_days", 1.5, null],
    ["default_relative_expiration_days", "1e3", null],
    ["default_relative_expiration_time", "17:30", "17:30"],
    ["default_relative_expiration_time", "7pm", null],
    ["default_expiration_type", "RELATIVE", "RELATIVE"],
    ["default_expiration_type", "SOMETIMES", null],
    ["timezone", "America/Chicago", "America/Chicago"],
    ["timezone", "Mars/Olympus", null],
    ["timezone", 5, null],
    ["participant_types", '["Buyer","Seller"]', '["Buyer","Seller"]'],
    ["participant_types", ["Buyer"], '["Buyer"]'],
    ["participant_types", "[]", null],
    ["participant_types", '["Buyer","buyer"]', null],
    ["participant_types", "not json", null],
    ["embedded_allowed_origins", ["https://lender.example/app/page"], '["https://lender.example"]'],
    ["embedded_allowed_origins", '["not a url"]', null],
    ["primary_color", "#112233", "#112233"],
    ["primary_color", "red", null],
    ["email_reply_to", "", ""],
    ["email_reply_to", "not-an-email", null],
    ["esign_consent_type", "CUSTOM", "CUSTOM"],
    ["esign_consent_type", "OTHER", null],
  ];
  it.each(CASES)("%s: %j → %s", (name, input, text) => {
    const parsed = parseSettingInput(name, input);
    if (text === null) {
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.message.length).toBeGreaterThan(0);
    } else {
      expect(parsed).toMatchObject({ ok: true, text });
    }
  });

  it("reads a stored text that no longer passes as the default", () => {
    expect(settingValueOrDefault("default_relative_expiration_days", "-5")).toBe(30);
    expect(settingValueOrDefault("default_relative_expiration_days", "12")).toBe(12);
  });

  it("names the choices of choice settings only", () => {
    expect(settingAllowedValues("default_id_verification")).toEqual(["NONE", "SMS_CODE", "KBA"]);
    expect(settingAllowedValues("timezone")).toBeNull();
  });

  it("puts expiration keys under PACKAGE_EXPIRATION and colours under BRANDING", () => {
    const by = (sub: string) => SETTING_NAMES.filter((name) => SETTING_REGISTRY[name].subCategory === sub).sort();
    expect(by("PACKAGE_EXPIRATION")).toEqual([
      "default_expiration_type",
      "default_relative_expiration_days",
      "default_relative_expiration_time",
      "enable_default_expiration_date",
      "enable_edit_default_expiration_type",
    ]);
    expect(by("BRANDING")).toEqual(["default_logo", "logo_url", "primary_color", "primary_font_color"]);
    expect(by("SIGNER_UPLOAD")).toEqual(["signer_upload_allowed_types", "signer_upload_max_mb"]);
  });
});
