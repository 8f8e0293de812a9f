import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const apiTarget = "http://127.0.0.1:8080";

export default defineConfig({
  // The router plugin must run before react(): it generates the route tree and splits route code.
  plugins: [
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      // The sign-in page is what a first visit shows: its component goes in the entry rather than in a
      // lazy chunk of its own, which with its share of Mantine made 16 more requests (issue 17).
      codeSplittingOptions: { splitBehavior: ({ routeId }) => (routeId === "/sign-in" ? [] : undefined) },
    }),
    react(),
  ],
  server: {
    proxy: {
      "/api": { target: apiTarget, changeOrigin: false },
      "/cas": { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rolldownOptions: {
      // Everything the entry imports statically in one chunk: left alone, rolldown cuts what the entry shares
      // with lazy routes (react-dom, the router, Mantine's Box...) into ~15 chunks, whose import/export glue
      // and separate gzip cost ~5 KB of the first download (issue 17). "$initial" holds only the modules
      // the entry's static imports reach, so no lazy route's code is pulled forward.
      output: { codeSplitting: { groups: [{ name: "index", tags: ["$initial"] }] } },
    },
  },
});
