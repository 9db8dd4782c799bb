// The print partner's settings (issue 53): the hold after payment, which partner prints which format, Lulu's
// credentials, the sandbox partner's clock. Declared here (a group of the reference) and parsed by printPartnerConfig.
import { createHmac } from 'node:crypto';
import { ConfigError, defineGroup, type Env, integer, isChoice, oneOf, required, text, urlValue } from './values';

const HTTP = ['http:', 'https:'] as const;
export const PRINT_PARTNER_NAMES = ['sandbox', 'lulu'] as const;
export type PrintPartnerName = (typeof PRINT_PARTNER_NAMES)[number];
/** `none`: no partner; administrators move the books by hand and print files follow the shop's own rules. */
const PRINT_PARTNER_CHOICES = [...PRINT_PARTNER_NAMES, 'none'] as const;
const partnerOrNone = (choice: (typeof PRINT_PARTNER_CHOICES)[number]): PrintPartnerName | null => (choice === 'none' ? null : choice);

export const PRINT_PARTNER = defineGroup({
  title: 'Print partner',
  intro: 'The `LULU_*` settings are read when a route names `lulu` (docs/operations.md, "Print partner").',
  commented: true,
}, {
  ORDER_HOLD_MINUTES: {
    kind: 'integer', default: 60, min: 0, max: 7 * 24 * 60,
    description: 'how long a paid order set waits before its books go to the print partner; inside it the shopper may cancel or take a book back',
  },
  PRINT_PARTNER: {
    kind: 'choice', choices: PRINT_PARTNER_CHOICES, default: 'sandbox',
    description: 'the print partner of every format no route names: `sandbox` (a partner served by this service under `/print-partner/sandbox/`), `lulu` (Lulu\'s Print API) or `none` (administrators move such orders by hand, print files by the shop\'s own rules); unset when `NODE_ENV=production`: `none`',
  },
  PRINT_PARTNER_ROUTES: {
    kind: 'text', default: '', sample: '3=lulu,7=none', allowed: '`<format id>=<partner>` pairs separated by commas',
    description: 'a partner per product format; formats not named go to `PRINT_PARTNER`',
  },
  PRINT_PARTNER_SHIPPING_LEVEL: {
    kind: 'choice', choices: ['MAIL', 'PRIORITY_MAIL', 'GROUND', 'EXPEDITED', 'EXPRESS'], default: 'MAIL',
    description: 'the shipping level asked of the partner (Lulu\'s `shipping_level`)',
  },
  PRINT_PARTNER_POLL_AFTER_MINUTES: {
    kind: 'integer', default: 60, min: 1, max: 7 * 24 * 60,
    description: 'a partner job not heard of for this long is asked about (a lost webhook); the poll runs every 10 minutes',
  },
  PRINT_PARTNER_WEBHOOK_MAX_AGE_HOURS: {
    kind: 'integer', default: 72, min: 1, max: 30 * 24,
    description: 'a signed webhook whose status changed longer ago than this is refused as a replay (Lulu retries for less)',
  },
  SANDBOX_PRINT_STEP_MS: {
    kind: 'integer', default: 5000, min: 10, max: 3_600_000,
    description: 'the sandbox partner\'s clock: the time between two statuses of a print job',
  },
  LULU_URL: { kind: 'url', protocols: HTTP, default: 'https://api.lulu.com', description: 'Lulu Print API base (`https://api.sandbox.lulu.com` for Lulu\'s own sandbox)' },
  LULU_CLIENT_KEY: { kind: 'text', description: 'the Lulu client key; required with `lulu`' },
  LULU_CLIENT_SECRET: { kind: 'text', description: 'the Lulu client secret; required with `lulu`; also the key of the webhooks\' `Lulu-HMAC-SHA256`' },
  LULU_TIMEOUT_MS: { kind: 'integer', default: 15_000, min: 100, max: 120_000, description: 'the longest one call to Lulu may take' },
});

export interface LuluConfig {
  url: string;
  clientKey: string;
  clientSecret: string;
  timeoutMs: number;
}

export interface PrintPartnerConfig {
  holdMinutes: number;
  /** The partner of each format id named in PRINT_PARTNER_ROUTES; every other format goes to defaultPartner. */
  routes: ReadonlyMap<number, PrintPartnerName | null>;
  /** null: `none`, or in production with PRINT_PARTNER unset, formats no route names are not sent to any partner. */
  defaultPartner: PrintPartnerName | null;
  shippingLevel: string;
  pollAfterMinutes: number;
  webhookMaxAgeHours: number;
  /** The built-in partner: its clock, and the secret it signs webhooks with (derived from JWT_SECRET). */
  sandbox: { stepMs: number; secret: string };
  /** Present when a route (or PRINT_PARTNER) names lulu. */
  lulu: LuluConfig | undefined;
}

const V = PRINT_PARTNER.variables;

function routesOf(env: Env): Map<number, PrintPartnerName | null> {
  const routes = new Map<number, PrintPartnerName | null>();
  for (const pair of text(env, V.PRINT_PARTNER_ROUTES).split(',').map((part) => part.trim()).filter(Boolean)) {
    const match = /^(\d{1,9})=([a-z]+)$/.exec(pair);
    if (!match || !isChoice(PRINT_PARTNER_CHOICES, match[2])) {
      throw new ConfigError(`PRINT_PARTNER_ROUTES must be <format id>=${PRINT_PARTNER_CHOICES.join('|')} pairs separated by commas, got "${pair}"`);
    }
    routes.set(Number(match[1]), partnerOrNone(match[2]));
  }
  return routes;
}

/**
 * The sandbox never prints a production shop's books unless named: in production an unset PRINT_PARTNER means no
 * partner (books of formats no route names are walked through production by administrators, as before issue 53).
 */
export function printPartnerConfig(env: Env, production: boolean, jwtSecret: string): PrintPartnerConfig {
  const defaultPartner = production && !env[V.PRINT_PARTNER.name] ? null : partnerOrNone(oneOf(env, V.PRINT_PARTNER));
  const routes = routesOf(env);
  const usesLulu = defaultPartner === 'lulu' || [...routes.values()].includes('lulu');
  return {
    holdMinutes: integer(env, V.ORDER_HOLD_MINUTES),
    routes,
    defaultPartner,
    shippingLevel: oneOf(env, V.PRINT_PARTNER_SHIPPING_LEVEL),
    pollAfterMinutes: integer(env, V.PRINT_PARTNER_POLL_AFTER_MINUTES),
    webhookMaxAgeHours: integer(env, V.PRINT_PARTNER_WEBHOOK_MAX_AGE_HOURS),
    sandbox: {
      stepMs: integer(env, V.SANDBOX_PRINT_STEP_MS),
      secret: createHmac('sha256', jwtSecret).update('print partner sandbox webhooks').digest('hex'),
    },
    lulu: usesLulu ? {
      url: urlValue(env, V.LULU_URL).replace(/\/+$/, ''),
      clientKey: required(env, V.LULU_CLIENT_KEY, 'when a print partner route names lulu'),
      clientSecret: required(env, V.LULU_CLIENT_SECRET, 'when a print partner route names lulu'),
      timeoutMs: integer(env, V.LULU_TIMEOUT_MS),
    } : undefined,
  };
}
