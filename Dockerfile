# Launchpad: one image for every replica. Build: docker build -t launchpad .
# Works with or without BuildKit, online or behind a registry mirror: nothing is downloaded but
# npm packages (no Electron binary, no Node headers: node-pty is compiled against the image's own).
# Behind a proxy that inspects TLS, give the build stage its certificate authority (and the proxy,
# when it is not transparent): both stay in the build stage, the image carries neither.
#   docker build --build-arg BUILD_CA="$(cat /usr/local/share/ca-certificates/*.crt)" \
#     --build-arg HTTPS_PROXY=http://proxy:3128 -t launchpad .

FROM node:20-bookworm AS build
WORKDIR /app
# Install scripts are skipped (Electron's would download its binary whatever the npm version: npm 10
# does not read package.json's allowScripts); the server's native modules are then built explicitly
# from the headers of the Node.js the image has (npm_config_nodedir).
ENV ELECTRON_SKIP_BINARY_DOWNLOAD=1 npm_config_nodedir=/usr/local npm_config_maxsockets=6 npm_config_fetch_retries=5 npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false
# PEM certificates npm trusts besides Node's own (HTTP(S)_PROXY/NO_PROXY are Docker's predefined
# build arguments: npm reads them and Docker keeps them out of the image's history).
ARG BUILD_CA=""
COPY package.json package-lock.json ./
RUN if [ -n "$BUILD_CA" ]; then printf '%s\n' "$BUILD_CA" >/tmp/build-ca.pem && export NODE_EXTRA_CA_CERTS=/tmp/build-ca.pem; fi \
 && npm ci --ignore-scripts && npm rebuild node-pty ssh2 cpu-features esbuild \
 && rm -f /tmp/build-ca.pem
COPY . .
# node-pty loads the build/Release compiled above: other platforms' prebuilds (58 MB) go.
RUN npm run build \
 && npm prune --omit=dev --ignore-scripts \
 && node scripts/prune-server-modules.mjs \
 && rm -rf node_modules/node-pty/build/Release/obj.target node_modules/node-pty/build/Release/.deps node_modules/node-pty/deps \
 && rm -rf node_modules/node-pty/prebuilds node_modules/node-pty/third_party

FROM node:20-bookworm-slim
# bash and procps: the local provider's bootstrap script and shells; bubblewrap: its sandbox
# (a Trial VM runs as processes of the container: single-host setups, see compose.yaml).
RUN apt-get update && apt-get install -y --no-install-recommends bash procps ca-certificates bubblewrap && rm -rf /var/lib/apt/lists/* /var/cache/apt/*
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
# glibc gives large freed blocks back to the system instead of keeping them (as npm start does): ~40 MB less idle RSS.
ENV MALLOC_MMAP_THRESHOLD_=131072 MALLOC_TRIM_THRESHOLD_=131072
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist/renderer ./dist/renderer
COPY --from=build /app/dist/ssr ./dist/ssr
COPY --from=build /app/dist/server ./dist/server
# Read beside the compiled server: migrations, the agent catalogue, the local provider's scripts.
COPY --from=build /app/server ./server
COPY --from=build /app/shared ./shared
# A numeric user (uid/gid 1000) so Kubernetes can check runAsNonRoot.
RUN mkdir -p /data && chown 1000:1000 /data
USER 1000:1000
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM: in-flight requests finish, terminals close with a reason, job claims are released (10 s budget).
STOPSIGNAL SIGTERM
# The compiled server (npm run build): no TypeScript loader at run time. Migrations: node dist/server/migrate.mjs.
CMD ["node", "dist/server/main.mjs"]
