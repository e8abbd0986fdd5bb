# Production image: the app on an external PostgreSQL (DATABASE_URL).
# Build:  docker build -t freight-portal .
# Run:    docker run -p 3000:3000 -e DATABASE_URL=postgresql://... -e SESSION_SECRET=... freight-portal
# Prisma's native schema engine applies the migrations: the Prisma CLI fetches
# it during `npm ci` (postinstall: prisma generate), and PRISMA_ENGINE=native
# makes scripts/prisma.mjs fail the build when it is missing. The build
# machines' stand-in (tools/) is never part of the image (.dockerignore).
FROM node:24-bookworm-slim AS deps
# The native engine links OpenSSL, which the slim image lacks.
RUN apt-get update -y && apt-get install -y --no-install-recommends openssl ca-certificates && rm -rf /var/lib/apt/lists/*
ENV PRISMA_ENGINE=native
WORKDIR /app
COPY package.json package-lock.json .npmrc* ./
COPY scripts ./scripts
COPY prisma ./prisma
COPY prisma.config.ts ./
# The one upstream backport (patches/README.md), applied by postinstall (patch-package)
COPY patches ./patches
RUN npm ci
RUN node scripts/prisma.mjs --version

FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
RUN apt-get update -y && apt-get install -y --no-install-recommends openssl ca-certificates && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production PORT=3000 UPLOAD_DIR=/data/uploads PRISMA_ENGINE=native
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY --from=build /app/app/generated ./app/generated
COPY --from=build /app/server ./server
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/prisma ./prisma
COPY --from=build /app/prisma.config.ts /app/package.json ./
RUN mkdir -p /data/uploads && chown -R node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Applies pending migrations (RUN_MIGRATIONS=0 to skip), then serves.
CMD ["node", "--max-semi-space-size=32", "server/index.js"]
