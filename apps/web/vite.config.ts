import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const apiTarget = "http://127.0.0.1:8080";

export default defineConfig({
  // The router plugin must run before react(): it generates the route tree and splits route code.
  plugins: [tanstackRouter({ target: "react", autoCodeSplitting: true }), react()],
  server: {
    proxy: {
      "/api": { target: apiTarget, changeOrigin: false },
      "/cas": { target: apiTarget, changeOrigin: false },
    },
  },
  build: { outDir: "dist", emptyOutDir: true },
});
