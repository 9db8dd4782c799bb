// The kinds of a theme's elements (theme_elements.element_type): the themes, the products made from them and the demo
// catalog all name them.

export const THEME_ELEMENT_TYPES = [
  'FRONT_COVER_BACKGROUND',
  'BACK_COVER_BACKGROUND',
  'COVER_BACKGROUND',
  'SPINE_BACKGROUND',
  'PAGE_BACKGROUND',
  'FORMAT_STRIPE',
  'CORNER',
  'DESIGN_ELEMENT',
] as const;
export type ThemeElementType = (typeof THEME_ELEMENT_TYPES)[number];
