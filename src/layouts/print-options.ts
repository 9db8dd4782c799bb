// The print options a shopper picks when making a book (generate-layout's body): kept with the layout, shown in "my
// products". The front end's names and values; a value the service does not know is ignored, never refused.
import {
  BINDING_TYPES, type BindingType, COVER_LAMINATIONS, COVER_TYPES, type CoverLamination, type CoverType,
} from '../shared/layout-document';
import type { LayoutGenerate } from '../types/schemas';

export interface PrintOptions {
  coverType: CoverType | null;
  bindingType: BindingType | null;
  coverLamination: CoverLamination | null;
}

export const NO_PRINT_OPTIONS: PrintOptions = { coverType: null, bindingType: null, coverLamination: null };

const known = <T extends string>(values: readonly T[], value: unknown): T | null =>
  (values as readonly unknown[]).includes(value) ? value as T : null;

/** The front end sends cover_lamination_types as one value ("glance"); a list is read by its first known value. */
const lamination = (value: unknown): CoverLamination | null =>
  (Array.isArray(value) ? value : [value]).map((item) => known(COVER_LAMINATIONS, item)).find((item) => item !== null) ?? null;

export function printOptionsOf(body: LayoutGenerate): PrintOptions {
  return {
    coverType: known(COVER_TYPES, body.cover_type),
    bindingType: known(BINDING_TYPES, body.binding_type),
    coverLamination: lamination(body.cover_lamination_types),
  };
}
