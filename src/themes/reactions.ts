// What the jobs run when a theme is saved: its products generated once it is approved, the notification e-mail once
// it is created. Part of the themes administration service (admin-service.ts).
import type { Logger } from 'pino';
import type { Database } from '../db/database';
import type { Mailer } from '../mail/mailer';
import type { ProductsService } from '../products/service';
import { createThemesAdminRepository } from './admin-repository';
import { createThemesRepository } from './repository';

export interface ThemeReactionDependencies {
  db: Database;
  products: ProductsService;
  mailer: Mailer;
  /** NOTIFY_EMAILS: who hears of a new theme (nobody when empty). */
  notifyEmails: string[];
  log: Logger;
}

const PHOTOBOOK_TYPE = 1;

export function createThemeReactions({ db, products, mailer, notifyEmails, log }: ThemeReactionDependencies) {
  return {
    /**
     * One product per format, each with its layout (and so, by render-previews, its preview), when the theme is
     * approved and has none; returns how many. Exactly once: the "no products yet" check is made under the theme's
     * lock, so two saves, two jobs or two workers make the products once.
     */
    async generateProducts(themeId: number): Promise<number> {
      return db.transaction(async (tx) => {
        const repository = createThemesAdminRepository(tx.sql);
        const theme = await repository.lock(themeId);
        // A statement of its own, after the lock: its snapshot sees the products a run that held the lock committed.
        if (!theme?.approved || (await repository.hasProducts(themeId))) return 0;
        const formats = await repository.formats();
        for (const [index, format] of formats.entries()) {
          await products.createWithLayout(tx, {
            themeId, formatId: format.id, productTypeId: PHOTOBOOK_TYPE, schemeOffset: themeId + index,
            name: `Фотокнига «${theme.name}» ${format.name}`, description: theme.description,
          });
        }
        return formats.length;
      });
    },

    /** Sends the notification of a created theme to NOTIFY_EMAILS; a failure rejects, for the job to retry. */
    async notifyCreated(themeId: number): Promise<void> {
      if (notifyEmails.length === 0) return log.info({ themeId }, 'send-theme-email: nothing sent: NOTIFY_EMAILS is empty');
      const theme = await createThemesRepository(db.sql).findTheme(themeId);
      if (!theme) return log.warn({ themeId }, 'send-theme-email: the theme is gone');
      await mailer.send({
        to: notifyEmails,
        subject: `Новая тема: ${theme.name}`,
        text: [
          `Создана тема «${theme.name}» (id ${themeId}).`,
          theme.description ? `Описание: ${theme.description}` : '',
          theme.approved ? 'Тема одобрена: для неё будут созданы товары.' : 'Тема ждёт одобрения.',
        ].filter(Boolean).join('\n'),
        messageId: `<theme-${themeId}-created@photobook>`,
      });
    },
  };
}
