// When a theme is created: a notification to NOTIFY_EMAILS. A failure is retried (the theme stays saved); after the
// last retry the queue logs it as an error and GET /api/admin/jobs/ lists it.
import { defineJob } from './job-context';
import { sendThemeEmail as contract } from '../jobs/send-theme-email';

export const sendThemeEmail = defineJob(contract, ({ themeId }, { themesAdmin }) => themesAdmin.notifyCreated(themeId));
