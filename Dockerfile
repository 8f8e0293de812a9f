# One image for the API and the worker (the command differs), built from a clean checkout.
# The build stage compiles the server (`pnpm build`, issue 18 §1) and makes a production-only
# install of the API with `pnpm deploy`: no development dependencies and no TypeScript sources.
# The worker's compiled entry runs from the same install (it needs a subset of the API's packages).
FROM node:20-bookworm-slim AS build
WORKDIR /src
RUN npm i -g pnpm@10.34.9
# dependencies first, from the lockfile alone: this layer is reused until the lockfile changes
COPY pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
RUN pnpm fetch
COPY . .
RUN pnpm install --offline --frozen-lockfile \
  && pnpm build \
  && pnpm --filter @signet/api --prod --legacy deploy /out/api \
  && cp -r apps/worker/dist /out/api/worker \
  && mkdir -p /out/web /out/signing-room \
  && cp -r apps/web/dist /out/web/dist \
  && cp -r apps/signing-room/dist /out/signing-room/dist

# The reference eVault (apps/evault, issue 15 §1): a stand-in electronic vault with its own small
# image, built with `--target evault` (docker-compose service `evault`). The default target (the
# last stage, below) does not build these two stages.
FROM build AS evault-build
RUN pnpm --filter @signet/evault --prod --legacy deploy /out/evault

FROM node:20-bookworm-slim AS evault
ENV NODE_ENV=production EVAULT_HOST=0.0.0.0 EVAULT_PORT=8020 EVAULT_DATA_DIR=/data/evault
RUN useradd --system --uid 10001 evault && mkdir -p /data/evault && chown evault /data/evault
COPY --from=evault-build /out/evault /app/evault
WORKDIR /app/evault
USER evault
EXPOSE 8020
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.EVAULT_PORT||8020)+'/openapi.json').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--conditions=signet-dist", "--enable-source-maps", "dist/main.js"]

# The reference print vendor (apps/print-vendor, issue 16 §4): a stand-in print and mail provider,
# built with `--target print-vendor` (docker-compose service `print-vendor`).
FROM build AS print-vendor-build
RUN pnpm --filter @signet/print-vendor --prod --legacy deploy /out/print-vendor

FROM node:20-bookworm-slim AS print-vendor
ENV NODE_ENV=production PRINT_VENDOR_HOST=0.0.0.0 PRINT_VENDOR_PORT=8021 PRINT_VENDOR_DATA_DIR=/data/print-vendor
RUN useradd --system --uid 10001 printer && mkdir -p /data/print-vendor && chown printer /data/print-vendor
COPY --from=print-vendor-build /out/print-vendor /app/print-vendor
WORKDIR /app/print-vendor
USER printer
EXPOSE 8021
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PRINT_VENDOR_PORT||8021)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--conditions=signet-dist", "--enable-source-maps", "dist/main.js"]

# The reference identity-proofing provider (apps/idproof, issue 16 §2): fictitious people and
# knowledge quizzes for A/V signers, built with `--target idproof` (docker-compose service `idproof`).
FROM build AS idproof-build
RUN pnpm --filter @signet/idproof --prod --legacy deploy /out/idproof

FROM node:20-bookworm-slim AS idproof
ENV NODE_ENV=production IDPROOF_HOST=0.0.0.0 IDPROOF_PORT=8022
RUN useradd --system --uid 10001 idproof
COPY --from=idproof-build /out/idproof /app/idproof
WORKDIR /app/idproof
USER idproof
EXPOSE 8022
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.IDPROOF_PORT||8022)+'/openapi.json').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--conditions=signet-dist", "--enable-source-maps", "dist/main.js"]

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
