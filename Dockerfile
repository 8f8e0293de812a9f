# One image for the API and the worker (the command differs), built from a clean checkout.
# The build stage compiles the server (`pnpm build`, issue 18 §1) and makes a production-only
# install of the API with `pnpm deploy`: no development dependencies and no TypeScript sources.
# The worker's compiled entry runs from the same install (it needs a subset of the API's packages).
FROM node:20-bookworm-slim AS build
WORKDIR /src
RUN npm i -g pnpm@10.34.9
COPY . .
RUN pnpm install --frozen-lockfile \
  && pnpm build \
  && pnpm --filter @signet/api --prod --legacy deploy /out/api \
  && cp -r apps/worker/dist /out/api/worker \
  && mkdir -p /out/web /out/signing-room \
  && cp -r apps/web/dist /out/web/dist \
  && cp -r apps/signing-room/dist /out/signing-room/dist

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/data
RUN useradd --system --uid 10001 signet && mkdir -p /data && chown signet /data
# the compiled API finds the web apps at ../../web/dist and ../../signing-room/dist
COPY --from=build /out /app
WORKDIR /app/api
USER signet
EXPOSE 8080 8017
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--conditions=signet-dist", "--enable-source-maps", "dist/main.js"]
