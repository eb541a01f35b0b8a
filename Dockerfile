# syntax=docker/dockerfile:1
# The app as a container (docs/operations.md "Deploying"): Next's standalone build
# (next.config.ts `output: 'standalone'`, completed by scripts/assemble-standalone.mjs) served by
# scripts/server.mjs — request ids, metrics, the draining shutdown — as a user without rights.
#
#   docker build -t ems .
#   docker run -p 3000:3000 -v ems-data:/data --env-file ems.env ems
ARG NODE_IMAGE=node:20-bookworm-slim

# 1. Dependencies, from the lock file only (patch-package applies patches/ on install).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --no-audit --no-fund

# 2. The build, and the standalone folder it leaves.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npx next build && node scripts/assemble-standalone.mjs

# 3. What runs: the standalone folder (about 95 MB), owned by root and read-only to the app's user.
FROM ${NODE_IMAGE} AS run
# pg_dump, pg_restore and psql for `npm run backup`/`restore` with DATABASE_URL: the client's major
# version must be at least the server's (bookworm: 15; use PostgreSQL's apt repository for newer).
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/* \
  && groupadd --system --gid 10001 ems \
  && useradd --system --uid 10001 --gid ems --home-dir /nonexistent --shell /usr/sbin/nologin ems \
  && mkdir -p /data \
  && chown ems:ems /data
WORKDIR /app
COPY --from=build /app/.next/standalone ./
# Next's own cache (optimised images) is the only place it writes under /app.
RUN mkdir -p .next/cache && chown ems:ems .next/cache
ENV NODE_ENV=production \
  PORT=3000 \
  DATA_DIR=/data \
  NEXT_TELEMETRY_DISABLED=1 \
  NODE_OPTIONS=--max-old-space-size=384 \
  GLIBC_TUNABLES=glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072 \
  SHUTDOWN_GRACE_MS=8000
USER ems
# The embedded database (DATA_DIR/pglite) when DATABASE_URL is not set.
VOLUME ["/data"]
EXPOSE 3000
# Liveness: answers at once and never touches the database (readiness is /api/v1/health/ready/).
HEALTHCHECK --interval=30s --timeout=5s --start-period=180s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/v1/health/').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM drains: new requests get 503, those in flight finish within SHUTDOWN_GRACE_MS (8 s, under
# `docker stop`'s default 10 s before SIGKILL; raise both together with --stop-timeout).
STOPSIGNAL SIGTERM
CMD ["node", "scripts/server.mjs"]
