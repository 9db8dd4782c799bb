// The response language: Russian (the shop's) unless the client prefers English.
import type { Context } from 'koa';

export type Language = 'ru' | 'en';

export function languageOf(ctx: Context): Language {
  ctx.vary('Accept-Language');
  return ctx.acceptsLanguages('ru', 'en') === 'en' ? 'en' : 'ru';
}

export function localizedName(row: { nameRu: string; nameEn: string }, language: Language): string {
  return language === 'en' ? row.nameEn : row.nameRu;
}
