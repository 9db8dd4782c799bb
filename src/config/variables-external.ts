// The declared variables of the parties outside the service: identity providers, media storage, mail, the delivery
// aggregator and the payment provider (see variables.ts).
import { defineGroup } from './values';

const HTTP = ['http:', 'https:'] as const;

export const IDENTITY_PROVIDERS = defineGroup({
  title: 'Identity providers',
  intro: 'A provider is on when its client id is set; its secret is then required (see ["Registering the service at each provider"](#registering-the-service-at-each-provider)).',
  commented: true,
}, {
  OAUTH_TIMEOUT_MS: {
    kind: 'integer', default: 10_000, min: 100, max: 60_000,
    description: 'the longest a call to an identity provider may take; slower: 502',
  },
  GOOGLE_CLIENT_ID: { kind: 'text', description: 'enables Google login (OpenID Connect)' },
  GOOGLE_CLIENT_SECRET: { kind: 'text', description: 'Google\'s client secret, required with `GOOGLE_CLIENT_ID`' },
  GOOGLE_DISCOVERY_URL: {
    kind: 'url', protocols: HTTP, default: 'https://accounts.google.com/.well-known/openid-configuration',
    description: 'OpenID Connect discovery document (any OpenID Connect provider can stand in)',
  },
  VK_CLIENT_ID: { kind: 'text', description: 'enables VK login (the app id)' },
  VK_CLIENT_SECRET: { kind: 'text', description: 'the VK app\'s protected key, required with `VK_CLIENT_ID`' },
  VK_AUTHORIZE_URL: { kind: 'url', protocols: HTTP, default: 'https://oauth.vk.com/authorize', description: 'VK\'s authorization page' },
  VK_TOKEN_URL: { kind: 'url', protocols: HTTP, default: 'https://oauth.vk.com/access_token', description: 'VK\'s token endpoint' },
  VK_API_URL: { kind: 'url', protocols: HTTP, default: 'https://api.vk.com/method', description: 'VK\'s API base' },
  VK_API_VERSION: { kind: 'text', default: '5.131', description: 'the VK API version the service speaks' },
  INSTAGRAM_CLIENT_ID: {
    kind: 'text',
    description: 'enables the legacy Instagram login (a contract Meta switched off in 2020; any server speaking it can be configured)',
  },
  INSTAGRAM_CLIENT_SECRET: { kind: 'text', description: 'the client secret, required with `INSTAGRAM_CLIENT_ID`' },
  INSTAGRAM_AUTHORIZE_URL: {
    kind: 'url', protocols: HTTP, default: 'https://api.instagram.com/oauth/authorize',
    description: 'authorization page of the legacy Instagram contract (Instagram\'s former one by default)',
  },
  INSTAGRAM_TOKEN_URL: {
    kind: 'url', protocols: HTTP, default: 'https://api.instagram.com/oauth/access_token',
    description: 'token endpoint of the legacy Instagram contract (Instagram\'s former one by default)',
  },
});

export const MEDIA = defineGroup({ title: 'Media storage' }, {
  MEDIA_STORAGE: {
    kind: 'choice', choices: ['disk', 's3'], default: 'disk',
    description: 'where images and print files are kept: `disk` (`DATA_DIR/media` and `DATA_DIR/private`) or `s3` (an S3-compatible object store: AWS S3, MinIO, Ceph, R2, ...; see ["Media storage"](#media-storage))',
  },
  MEDIA_PUBLIC_URL: {
    kind: 'url', protocols: HTTP, defaultText: '`PUBLIC_BASE_URL/media`', sample: 'https://cdn.example/media',
    description: 'public media URLs become `MEDIA_PUBLIC_URL/<key>` (a CDN, or the bucket\'s public address plus `/media`); unset: `PUBLIC_BASE_URL/media/<key>`, served by this service from either storage',
  },
});

export const OBJECT_STORE = defineGroup({
  title: 'S3-compatible object store (`MEDIA_STORAGE=s3`)',
  intro: 'Read with `MEDIA_STORAGE=s3` only (see ["Media storage"](#media-storage)). One bucket holds `media/` (may be public-read) and `private/` (print files: never make it public).',
  commented: true,
}, {
  S3_ENDPOINT: {
    kind: 'url', protocols: HTTP, sample: 'http://minio:9000',
    description: 'the store\'s address (`http://minio:9000`, `https://storage.yandexcloud.net`); unset: AWS S3 of `S3_REGION`',
  },
  S3_BUCKET: {
    kind: 'text', sample: 'photobook', allowed: 'an S3 bucket name: 3-63 lower-case letters, digits, dots and dashes',
    description: 'the bucket; required, like the key and its secret (a missing one stops start-up with one line naming every missing one)',
  },
  S3_ACCESS_KEY_ID: { kind: 'text', description: 'the store\'s access key id; required' },
  S3_SECRET_ACCESS_KEY: { kind: 'text', description: 'the access key\'s secret; required' },
  S3_REGION: {
    kind: 'text', default: 'us-east-1', allowed: 'a region name such as `us-east-1` (lower-case letters, digits, dashes)',
    description: 'the bucket\'s region (MinIO and most other stores accept the default)',
  },
  S3_FORCE_PATH_STYLE: {
    kind: 'flag', defaultText: '`1` with `S3_ENDPOINT`, else `0`', sample: '1',
    description: '`1`: `<endpoint>/<bucket>/<key>` addresses, which most S3-compatible servers need; `0`: `<bucket>.<endpoint>/<key>`',
  },
  S3_TIMEOUT_MS: {
    kind: 'integer', default: 10_000, min: 100, max: 600_000,
    description: 'the longest one call to the store may take, its retries included, until its answer starts; also the longest a connection may stay silent mid-transfer. Past it: `503` (see ["Media storage"](#media-storage))',
  },
});

export const MAIL = defineGroup({ title: 'Mail' }, {
  SMTP_URL: {
    kind: 'url', protocols: ['smtp:', 'smtps:'],
    description: '`smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://...:465`; unset: mail is written to `DATA_DIR/outbox` as `.eml` files',
  },
  MAIL_FROM: { kind: 'text', default: 'photobook@localhost', allowed: 'an e-mail address', description: 'sender of the service\'s mail' },
  NOTIFY_EMAILS: {
    kind: 'text', default: '', allowed: 'e-mail addresses, comma-separated',
    description: 'who is told when a theme is created; empty: nothing is sent, and the job logs `send-theme-email: nothing sent: NOTIFY_EMAILS is empty` at info',
  },
});

export const DELIVERY = defineGroup({
  title: 'Delivery',
  intro: 'The `DDELIVERY_*` settings are read with `DELIVERY_PROVIDER=ddelivery` only.',
  commented: true,
}, {
  DELIVERY_PROVIDER: {
    kind: 'choice', choices: ['sandbox', 'ddelivery'], default: 'sandbox',
    description: 'the delivery aggregator: `sandbox` (a built-in tariff table) or `ddelivery`; required when `NODE_ENV=production`, so that a shop never takes orders through the sandbox by accident',
  },
  DDELIVERY_URL: {
    kind: 'url', protocols: HTTP, default: 'https://ddelivery.ru/api/v1',
    description: 'DDelivery (SafeRoute) API base; requests go to `DDELIVERY_URL/<DDELIVERY_API_KEY>/<method>.json`',
  },
  DDELIVERY_API_KEY: { kind: 'text', description: 'the shop\'s DDelivery key; required' },
  DDELIVERY_TIMEOUT_MS: {
    kind: 'integer', default: 5000, min: 100, max: 60_000, description: 'the longest one call to DDelivery may take',
  },
});

export const PAYMENT = defineGroup({
  title: 'Payment',
  intro: 'The `YOOKASSA_*` settings are read with `PAYMENT_PROVIDER=yookassa` only.',
  commented: true,
}, {
  PAYMENT_PROVIDER: {
    kind: 'choice', choices: ['sandbox', 'yookassa'], default: 'sandbox',
    description: 'the payment provider: `sandbox` (a payment page of this service) or `yookassa`; required when `NODE_ENV=production`',
  },
  PAYMENT_RETURN_URL: {
    kind: 'url', protocols: HTTP, defaultText: '`FRONTEND_URL/`', sample: 'https://shop.example/order/done/',
    description: 'where the payment page sends the shopper back',
  },
  PAYMENT_WEBHOOK_RATE_LIMIT_PER_MINUTE: {
    kind: 'integer', default: 120, min: 1, max: 100_000,
    description: 'payment notifications (`POST /api/merch/payment/webhook/`) per source address per minute, per process; more: `429` with `Retry-After` (the provider sends a notification again later)',
  },
  YOOKASSA_SHOP_ID: { kind: 'text', description: 'the YooKassa shop id (the Basic auth user); required' },
  YOOKASSA_SECRET_KEY: { kind: 'text', description: 'the YooKassa secret key (the Basic auth password); required' },
  YOOKASSA_URL: { kind: 'url', protocols: HTTP, default: 'https://api.yookassa.ru/v3', description: 'YooKassa API base' },
  YOOKASSA_TIMEOUT_MS: {
    kind: 'integer', default: 10_000, min: 100, max: 60_000,
    description: 'the longest one call to YooKassa may take (each retry has its own)',
  },
});
