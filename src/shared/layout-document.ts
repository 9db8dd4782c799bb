// A layout as a document: its pages, the blocks on them and what a scheme change took off, as stored in jsonb and
// drawn by src/render/; the page schemes' slots; the print options kept with it.

/** OPEN: editable; IN_WORK: ordered and frozen; COMPLETED: delivered; DELETED: in the bin. */
export type LayoutStatus = 'OPEN' | 'IN_WORK' | 'COMPLETED' | 'DELETED';
export type PageType = 'COVER' | 'PAGE';
export type BlockType = 'BACKGROUND' | 'PHOTO' | 'TEXT';
/** The shop's print options, as its front end names them (generate-layout's body). */
export const COVER_TYPES = ['HARD_COVER', 'SOFT_COVER'] as const;
export const BINDING_TYPES = ['glue', 'clip', 'spring'] as const;
export const COVER_LAMINATIONS = ['glance', 'mat'] as const;
export type CoverType = (typeof COVER_TYPES)[number];
export type BindingType = (typeof BINDING_TYPES)[number];
export type CoverLamination = (typeof COVER_LAMINATIONS)[number];

/** A rectangle in percent of the page (or, for content_warp, of the block). */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** As stored: content.image is a media key (or an absolute URL); presenters turn keys into URLs. */
export interface Block extends Box {
  id: string;
  type: BlockType;
  theme_element_type: string | null;
  content_warp: Box;
  content: { image: string | null; text: string; link: string | null };
}

/** A photo or text a scheme change took off a page, kept on the layout. */
export interface UnplacedContent {
  id: string;
  type: 'PHOTO' | 'TEXT';
  page_id: string;
  content_warp: Box;
  content: Block['content'];
}

/** A place for a photo or a text on a page scheme, in fractions of the page. */
export interface TemplateSlot {
  kind: 'photo' | 'text';
  x: number;
  y: number;
  w: number;
  h: number;
}
