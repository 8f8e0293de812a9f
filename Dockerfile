# One image for the API and the worker (the command differs). Built from a clean checkout.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN npm i -g pnpm@10.34.9
COPY . .
RUN pnpm install --frozen-lockfile && pnpm build:web

FROM node:20-bookworm-slim
WORKDIR /app
RUN npm i -g pnpm@10.34.9 && useradd --system --uid 10001 signet
COPY --from=build --chown=signet /app /app
USER signet
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080
EXPOSE 8080 8017
CMD ["pnpm", "--filter", "@signet/api", "start"]
