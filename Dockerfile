FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund
COPY bin ./bin
COPY src ./src
COPY jobs ./jobs
COPY schemas ./schemas
COPY web ./web
COPY fixtures ./fixtures
COPY tsconfig.json ./
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8000
ENTRYPOINT ["node", "bin/photobook"]
CMD ["serve"]
