// The contract of the send-theme-email job, handled in jobs/send-theme-email.ts: its name, its payload's schema and type, its retries.
import { defineJobContract } from '../queue/job';

export interface SendThemeEmailPayload {
  themeId: number;
}

export const sendThemeEmail = defineJobContract<SendThemeEmailPayload>({
  name: 'send-theme-email',
  // One SMTP delivery, whose connection, greeting and socket each time out after 10 s.
  expireInSeconds: 60,
  // A notice to the staff: worth sending through a mail outage of hours (at least 4.2 h), stale after that.
  retry: { limit: 8, delaySeconds: 60, backoff: true },
  payloadSchema: {
    type: 'object',
    required: ['themeId'],
    properties: { themeId: { type: 'integer', minimum: 1 } },
    additionalProperties: false,
  },
});
