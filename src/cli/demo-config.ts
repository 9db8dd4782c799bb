// The demo's configuration: theme e-mails need a recipient to be seen at all, so the demo gives them one; and it
// listens on this machine only unless HOST says otherwise, so that its sandbox login (anyone may become an
// administrator) is on for the newcomer at localhost and for nobody else.
import type { Config, Env } from '../config';

/** Variables the demo sets when they are unset. */
export const DEMO_ENVIRONMENT: Env = { HOST: '127.0.0.1' };

/** Where the demo's theme e-mails go when NOTIFY_EMAILS is unset (written to DATA_DIR/outbox without SMTP_URL). */
export const DEMO_NOTIFY_EMAIL = 'demo-admin@example.com';

export function demoConfig(config: Config): Config {
  if (config.mail.notifyEmails.length > 0) return config;
  return Object.freeze({ ...config, mail: { ...config.mail, notifyEmails: [DEMO_NOTIFY_EMAIL] } });
}
