# Multi-stage build: dependencies and the web build in one stage, a slim non-root runtime in the other.
# Node 24 runs the server's TypeScript directly (type stripping), so only the web app is built, plus
# the embedded database's template (a first start on an empty /data loads it instead of running
# initdb); it is made by the same PGlite the runtime stage gets.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# Test files stay out of the image (only what the server runs ships).
RUN npx vite build --logLevel warn && node scripts/build-pglite-template.ts \
  && npm prune --omit=dev --no-audit --no-fund && find src -name '*.test.ts' -delete

FROM node:24-bookworm-slim
# PUBLIC_ORIGIN (or ALLOWED_HOSTS) must be given at run time: production refuses to start without it.
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/migrations ./migrations
COPY --from=build /app/src/server ./src/server
COPY --from=build /app/src/shared ./src/shared
COPY --from=build /app/dist/web ./dist/web
COPY --from=build /app/dist/pglite-template ./dist/pglite-template
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "src/server/main.ts"]
