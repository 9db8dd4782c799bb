// One page drawn on the canvas from its blocks: background images, photos (crop, rotation, mirror) and texts.
import { Group, Image, Rect, Text } from 'react-konva';
import { words } from './i18n';
import { photoAt, themeImageAt, useImage } from './images';
import { blockRect, type PageFrame, pixelsPerMm, type Rect as ScreenRect } from './page-geometry';
import type { Block, PlacedPhoto } from './types';

const POINT_MM = 25.4 / 72;

export interface PageShapesProps {
  frame: PageFrame;
  fontSize: number;
  /** The printed page's height, from the cover template. */
  pageHeightMm: number;
  selectedBlockId: string | null;
  /** A crop being dragged or zoomed, drawn instead of the block's own until it is sent. */
  draft: { blockId: string; photo: PlacedPhoto } | null;
}

function BackgroundShape({ frame, block }: { frame: PageFrame; block: Block }) {
  const image = useImage(themeImageAt(block.content.image));
  const clip = blockRect(frame, block);
  if (!image) return null;
  const fill = blockRect(frame, block.content_warp);
  return (
    <Group clipX={clip.x} clipY={clip.y} clipWidth={clip.width} clipHeight={clip.height} listening={false}>
      <Image image={image} x={fill.x} y={fill.y} width={fill.width} height={fill.height} />
    </Group>
  );
}

export function PhotoPicture({ rect, photo }: { rect: ScreenRect; photo: PlacedPhoto }) {
  const image = useImage(photoAt(photo.image, Math.max(rect.width, rect.height) * window.devicePixelRatio));
  if (!image) return null;
  const turned = photo.rotation === 90 || photo.rotation === 270;
  const crop = {
    x: photo.crop.x * image.naturalWidth, y: photo.crop.y * image.naturalHeight,
    width: photo.crop.width * image.naturalWidth, height: photo.crop.height * image.naturalHeight,
  };
  const width = turned ? rect.height : rect.width;
  const height = turned ? rect.width : rect.height;
  return (
    <Group clipX={rect.x} clipY={rect.y} clipWidth={rect.width} clipHeight={rect.height} listening={false}>
      <Group x={rect.x + rect.width / 2} y={rect.y + rect.height / 2} scaleX={photo.mirror ? -1 : 1}>
        <Image image={image} crop={crop} width={width} height={height} offsetX={width / 2} offsetY={height / 2} rotation={photo.rotation} />
      </Group>
    </Group>
  );
}

function QualityBadge({ rect, photo }: { rect: ScreenRect; photo: PlacedPhoto }) {
  if (photo.quality !== 'low' && photo.quality !== 'cannot_print') return null;
  const label = `${photo.quality === 'low' ? words.lowQuality : words.cannotPrint}: ${photo.dpi ?? '?'} ${words.dpi}`;
  const colour = photo.quality === 'low' ? '#c77700' : '#c62828';
  return (
    <Group x={rect.x + 4} y={rect.y + 4} listening={false}>
      <Rect width={Math.min(rect.width - 8, label.length * 6.4 + 10)} height={18} fill={colour} cornerRadius={3} />
      <Text text={label} fill="#fff" fontSize={11} padding={4} fontFamily="DejaVu Sans" />
    </Group>
  );
}

function TextShape({ frame, block, fontSize, pageHeightMm }: { frame: PageFrame; block: Block; fontSize: number; pageHeightMm: number }) {
  const rect = blockRect(frame, block);
  const style = block.content.style ?? { font: 'DejaVu Sans', size: fontSize, color: '#2b2b2b', align: 'center' as const };
  const perMm = pixelsPerMm(frame, pageHeightMm);
  // As the renderer sets a text nobody styled: a cover's title at a third of its block's height at least.
  const unstyledCover = !block.content.style && frame.page.type === 'COVER';
  const size = (unstyledCover ? Math.max(style.size * POINT_MM, (rect.height / perMm) * 0.3) : style.size * POINT_MM) * perMm;
  const inner = rect.width * 0.92;
  if (!block.content.text) {
    return <Text x={rect.x} y={rect.y} width={rect.width} height={rect.height} text={words.emptyText} align="center" verticalAlign="middle" fill="#9aa0a6" fontSize={12} fontFamily="DejaVu Sans" listening={false} />;
  }
  // Clipped to its block: what does not fit is the service's to judge (content.fits), shown by the overflow mark.
  return (
    <Group clipX={rect.x} clipY={rect.y} clipWidth={rect.width} clipHeight={rect.height} listening={false}>
      <Text x={rect.x + (rect.width - inner) / 2} y={rect.y} width={inner} height={rect.height} text={block.content.text}
        fontFamily={style.font} fontSize={size} fill={style.color} align={style.align} verticalAlign="middle" lineHeight={1.2} wrap="word" />
    </Group>
  );
}

// Nothing here listens for the pointer: the stage finds the block under it from the layout (page-geometry.ts), so a
// click right after a change never meets a hit graph not yet redrawn.
export function PageShapes({ frame, fontSize, pageHeightMm, selectedBlockId, draft }: PageShapesProps) {
  const { page } = frame;
  return (
    <Group listening={false}>
      <Rect x={frame.x} y={frame.y} width={frame.width} height={frame.height} fill="#fff" stroke="#d0d4da" strokeWidth={1} />
      {page.blocks.map((block) => {
        if (block.type === 'BACKGROUND') return <BackgroundShape key={block.id} frame={frame} block={block} />;
        const rect = blockRect(frame, block);
        const photo = draft?.blockId === block.id ? draft.photo : block.content.photo;
        const selected = block.id === selectedBlockId;
        const overflows = block.type === 'TEXT' && block.content.fits === false;
        return (
          <Group key={block.id}>
            {block.type === 'PHOTO' && !photo && (
              <Text x={rect.x} y={rect.y} width={rect.width} height={rect.height} text={words.emptyFrame} align="center" verticalAlign="middle" fill="#8a9099" fontSize={12} fontFamily="DejaVu Sans" listening={false} />
            )}
            {block.type === 'PHOTO' && photo && <PhotoPicture rect={rect} photo={photo} />}
            {block.type === 'TEXT' && <TextShape frame={frame} block={block} fontSize={fontSize} pageHeightMm={pageHeightMm} />}
            <Rect
              name={`block-${block.id}`} x={rect.x} y={rect.y} width={rect.width} height={rect.height}
              fill="rgba(0,0,0,0)" stroke={overflows ? '#c62828' : selected ? '#1a73e8' : '#b7bcc4'} strokeWidth={selected || overflows ? 2 : 1}
              strokeEnabled={selected || overflows || !(photo || block.content.text)} dash={selected || overflows ? undefined : [6, 4]}
            />
            {overflows && <Text x={rect.x + rect.width - 18} y={rect.y + 2} text="!" fontSize={16} fontStyle="bold" fill="#c62828" listening={false} />}
            {photo && <QualityBadge rect={rect} photo={photo} />}
          </Group>
        );
      })}
    </Group>
  );
}
