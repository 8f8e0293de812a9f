import "@fontsource/dancing-script/400.css";
import "./styles/base.css";
import "./styles/pages.css";
import "./styles/room.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App.tsx";
import { browserLanguage, setupI18n } from "./i18n/index.ts";

// a Spanish-speaking browser waits for the Spanish texts, so the first screen is already in Spanish
void setupI18n(browserLanguage()).then(() =>
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
