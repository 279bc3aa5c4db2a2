import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  root: "src/web",
  publicDir: "public",
  plugins: [react()],
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    manifest: true,
    sourcemap: true,
  },
  server: {
    proxy: { "/api": { target: "http://localhost:3000", ws: true } },
  },
});
