// The demo's configuration: theme e-mails need a recipient to be seen at all, so the demo gives them one.
import type { Config } from '../config';

/** Where the demo's theme e-mails go when NOTIFY_EMAILS is unset (written to DATA_DIR/outbox without SMTP_URL). */
export const DEMO_NOTIFY_EMAIL = 'demo-admin@example.com';

export function demoConfig(config: Config): Config {
  if (config.mail.notifyEmails.length > 0) return config;
  return Object.freeze({ ...config, mail: { ...config.mail, notifyEmails: [DEMO_NOTIFY_EMAIL] } });
}
