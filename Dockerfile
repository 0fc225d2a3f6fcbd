# Mailgate: one process serving REST, (later) SMTP submission and MCP, with its delivery worker.
# better-sqlite3 compiles from source, so the build stage carries a toolchain.
FROM node:20-bookworm-slim AS deps
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
# The SDK is a workspace: npm needs its package.json; without the compiler (a dev dependency) its build says so and skips.
COPY sdk/package.json sdk/build.mjs ./sdk/
# postinstall runs scripts/build-web.mjs: without Vite (a dev dependency) it says so and skips.
COPY scripts/build-web.mjs ./scripts/
RUN npm ci --omit=dev --no-audit --no-fund

# The dashboard (web/, served at /app) is built with the dev dependencies (Vite, React), in a stage of its own:
# only its output reaches the image: static files, and the renderer of the busiest pages (one module that
# imports nothing but Node's own). No install scripts: the build needs no native module.
FROM node:20-bookworm-slim AS web
WORKDIR /app
COPY package.json package-lock.json ./
COPY sdk/package.json sdk/build.mjs ./sdk/
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY sdk/src ./sdk/src
COPY web ./web
COPY scripts/build-web.mjs ./scripts/
RUN node scripts/build-web.mjs --force

FROM node:20-bookworm-slim
WORKDIR /app
# BASE_URL defaults to http://localhost:$PORT here (HOST is every interface), which the console prints:
# set it to the address clients use when they reach the container at another one.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    SMTP_PORT=2587 \
    INBOUND_SMTP_PORT=2525 \
    DATA_DIR=/data
COPY --from=deps /app/node_modules ./node_modules
COPY package.json ./
COPY bin ./bin
COPY src ./src
COPY servers ./servers
COPY docs ./docs
COPY --from=web /app/web/dist ./web/dist
COPY scripts/build.mjs ./scripts/build.mjs
# Compiled to plain JavaScript (dist/), as `npm start` does: no TypeScript loader at run time (web/dist is copied in).
RUN node scripts/build.mjs
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000 2587 2525
STOPSIGNAL SIGTERM
# The same flags as `npm start` (bench/README.md has the measurements behind them).
CMD ["node", "--heap-growing-percent=25", "--no-allocation-site-pretenuring", "dist/servers/main.js"]
