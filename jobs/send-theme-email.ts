// When a theme is created: a notification to NOTIFY_EMAILS. A failure is retried (the theme stays saved); after the
// last retry the queue logs it as an error and GET /api/admin/jobs/ lists it.
import { defineJob } from './job-context';
import { sendThemeEmail as contract } from './contracts/send-theme-email';

export const sendThemeEmail = defineJob(contract, async ({ themeId }, { db, mailer, mail, log }) => {
  if (mail.notifyEmails.length === 0) return log.info({ themeId }, 'send-theme-email: nothing sent: NOTIFY_EMAILS is empty');
  const { rows: [theme] } = await db.sql.query<{ name: string; description: string; approved: boolean }>(
    'SELECT name, description, approved FROM themes WHERE id = $1', [themeId]);
  if (!theme) return log.warn({ themeId }, 'send-theme-email: the theme is gone');
  await mailer.send({
    to: mail.notifyEmails,
    subject: `Новая тема: ${theme.name}`,
    text: [
      `Создана тема «${theme.name}» (id ${themeId}).`,
      theme.description ? `Описание: ${theme.description}` : '',
      theme.approved ? 'Тема одобрена: для неё будут созданы товары.' : 'Тема ждёт одобрения.',
    ].filter(Boolean).join('\n'),
    messageId: `<theme-${themeId}-created@photobook>`,
  });
});
