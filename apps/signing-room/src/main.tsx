import "@fontsource/dancing-script/400.css";
import "./styles/base.css";
import "./styles/pages.css";
import "./styles/room.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App.tsx";
import { browserLanguage, setupI18n } from "./i18n/index.ts";

setupI18n(browserLanguage());

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
