import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The signing room is served by the API's signing listener (default port 8017): its dist/ for every
// HTML path, hashed files under /assets and the JSON API under /api. In development Vite serves the
// app and forwards /api to that listener, so the session cookie stays on one origin.
const signingOrigin = "http://127.0.0.1:8017";

export default defineConfig({
  base: "/",
  plugins: [react()],
  server: {
    port: 5174,
    proxy: { "/api": { target: signingOrigin, changeOrigin: false } },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
  },
});
