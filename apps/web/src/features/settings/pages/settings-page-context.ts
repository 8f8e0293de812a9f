import { createContext, useContext } from "react";

/** What a settings page tells the Settings page around it. */
export interface SettingsPageContext {
  /** spec §4: the settings could not be loaded — show why and go back to ORGANIZATION */
  loadFailed: (message: string) => void;
}

export const SettingsPageContextValue = createContext<SettingsPageContext>({ loadFailed: () => undefined });

export const useSettingsPageContext = () => useContext(SettingsPageContextValue);
