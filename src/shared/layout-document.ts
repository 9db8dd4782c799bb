// A layout as a document: its pages, the blocks on them and what a scheme change took off, as stored in jsonb and
// drawn by src/render/; the page schemes' slots; the print options kept with it.

/** As stored: OPEN: editable; IN_WORK: ordered and frozen (delivered too); DELETED: in the bin. */
export type LayoutStatus = 'OPEN' | 'IN_WORK' | 'DELETED';
/**
 * As the shop's front end reads it (src/const/myProducts of the shop): OPEN being made, COMPLETED finished and ready
 * to order, INORDER in the cart, IN_WORK ordered, DELETED in the bin. Derived from the stored status, the finished
 * flag and the cart (layouts/repository.ts, BOOK_STATUS).
 */
export type BookStatus = 'OPEN' | 'COMPLETED' | 'INORDER' | 'IN_WORK' | 'DELETED';
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

/**
 * Fonts a TEXT block may use, by the name the editing channel takes, with their files in the dejavu-fonts-ttf package
 * (Latin, Cyrillic and Greek; the Bitstream Vera licence allows embedding). The renderer embeds the glyphs it uses.
 */
export const TEXT_FONTS = {
  'DejaVu Sans': 'DejaVuSans.ttf',
  'DejaVu Sans Bold': 'DejaVuSans-Bold.ttf',
  'DejaVu Sans Oblique': 'DejaVuSans-Oblique.ttf',
  'DejaVu Sans Condensed': 'DejaVuSansCondensed.ttf',
  'DejaVu Serif': 'DejaVuSerif.ttf',
  'DejaVu Serif Bold': 'DejaVuSerif-Bold.ttf',
  'DejaVu Serif Italic': 'DejaVuSerif-Italic.ttf',
  'DejaVu Sans Mono': 'DejaVuSansMono.ttf',
} as const;
export type TextFont = keyof typeof TEXT_FONTS;
export const DEFAULT_TEXT_FONT: TextFont = 'DejaVu Sans';
export const TEXT_ALIGNMENTS = ['left', 'center', 'right'] as const;
export type TextAlignment = (typeof TEXT_ALIGNMENTS)[number];

/** How a TEXT block's text is set. Absent on a block nobody styled: the layout's font size, centred, DejaVu Sans. */
export interface TextStyle {
  font: TextFont;
  /** Points. */
  size: number;
  /** #rrggbb */
  color: string;
  align: TextAlignment;
}

/** Quarter turns only: a placed photo is turned with its frame's proportions in mind (see PhotoPlacement). */
export const PLACEMENT_ROTATIONS = [0, 90, 180, 270] as const;
export type PlacementRotation = (typeof PLACEMENT_ROTATIONS)[number];

/**
 * A shopper's photo in a PHOTO block. The picture drawn is the photo's print master (upright, sRGB): `crop` of it, in
 * fractions of the master's width and height (0..1), turned clockwise by `rotation`, then mirrored left to right when
 * `mirror`; the result fills the block exactly. The editing channel keeps crop inside the photo and in the block's
 * proportions (turned by rotation), so the photo always covers the block.
 */
export interface PhotoPlacement {
  photo_id: number;
  crop: Box;
  rotation: PlacementRotation;
  mirror: boolean;
}

/**
 * As stored: content.image is a media key (or an absolute URL) of a theme image; presenters turn keys into URLs.
 * A PHOTO block holding a shopper's photo has `photo` (and image null: the photo's own URLs are given by the
 * presenters); a TEXT block may have `style`.
 */
export interface Block extends Box {
  id: string;
  type: BlockType;
  theme_element_type: string | null;
  content_warp: Box;
  content: { image: string | null; text: string; link: string | null; photo?: PhotoPlacement; style?: TextStyle };
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

/** The size the front end shows on the "Размер" line: "20x20 см" (it reads "см" off it for an order's format). */
export const formatNameOf = (widthCm: number, heightCm: number) => `${widthCm}x${heightCm} см`;
