// The current spread on a Konva stage: pages side by side, photos dropped onto frames, crops dragged and zoomed.
import type Konva from 'konva';
import { useEffect, useRef, useState } from 'react';
import { Layer, Stage } from 'react-konva';
import { draggedCrop, zoomedCrop, zoomOf } from './crop-gestures';
import { words } from './i18n';
import { blockAt, blockRect, layoutSpread, type PageFrame } from './page-geometry';
import { PageShapes } from './PageShapes';
import type { Block, Page, PlacedPhoto } from './types';

export const PHOTO_DRAG_TYPE = 'application/x-photobook-photo';

export interface SpreadViewProps {
  spread: Page[];
  fontSize: number;
  pageHeightMm: number;
  readOnly: boolean;
  selectedBlockId: string | null;
  /** focusText false: the frame was reached by the keyboard, which keeps the focus on the frames. */
  onSelect(block: Block | null, focusText?: boolean): void;
  onPhotoDropped(block: Block, photoId: number): void;
  onFilesDropped(files: File[]): void;
  onCrop(block: Block, photo: PlacedPhoto): void;
  /** Drawn over the pages where they are on screen (who else is there, comment pins). */
  overlay?(frames: PageFrame[]): React.ReactNode;
}

function useSize(element: HTMLElement | null) {
  const [size, setSize] = useState({ width: 800, height: 500 });
  useEffect(() => {
    if (!element) return;
    const observer = new ResizeObserver(() => setSize({ width: element.clientWidth, height: element.clientHeight }));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return size;
}

export function SpreadView(props: SpreadViewProps) {
  const { spread, readOnly, onSelect, onCrop } = props;
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const [dropping, setDropping] = useState(false);
  const [draft, setDraft] = useState<{ blockId: string; photo: PlacedPhoto } | null>(null);
  const wheelTimer = useRef<number>();
  const size = useSize(container);
  const frames = layoutSpread(spread, size.width, size.height);

  const hitAt = (event: MouseEvent) => {
    const box = container!.getBoundingClientRect();
    return blockAt(frames, { x: event.clientX - box.left, y: event.clientY - box.top }, ['PHOTO', 'TEXT']);
  };

  const pointerDown = (event: Konva.KonvaEventObject<MouseEvent>) => {
    const hit = hitAt(event.evt);
    onSelect(hit?.block ?? null);
    if (hit) startCropDrag(hit.block, hit.frame, event);
  };

  const startCropDrag = (block: Block, frame: PageFrame, event: Konva.KonvaEventObject<MouseEvent>) => {
    const photo = block.content.photo;
    if (readOnly || block.type !== 'PHOTO' || !photo?.size) return;
    const rect = blockRect(frame, block);
    const start = { x: event.evt.clientX, y: event.evt.clientY };
    let moved: PlacedPhoto | null = null;
    const move = (pointer: MouseEvent) => {
      moved = { ...photo, crop: draggedCrop(block, frame.page, photo, rect, pointer.clientX - start.x, pointer.clientY - start.y) };
      setDraft({ blockId: block.id, photo: moved });
    };
    const end = () => {
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', end);
      if (moved) onCrop(block, moved);
      setDraft(null);
    };
    window.addEventListener('mousemove', move);
    window.addEventListener('mouseup', end);
  };

  const zoomWithWheel = (event: Konva.KonvaEventObject<WheelEvent>) => {
    const hit = hitAt(event.evt);
    if (!hit) return;
    const { block, frame } = hit;
    const base = draft?.blockId === block.id ? draft.photo : block.content.photo;
    if (readOnly || block.type !== 'PHOTO' || !base?.size) return;
    event.evt.preventDefault();
    const zoom = Math.min(4, Math.max(1, zoomOf(block, frame.page, base) * Math.exp(-event.evt.deltaY / 500)));
    const zoomed = { ...base, crop: zoomedCrop(block, frame.page, base, zoom) };
    setDraft({ blockId: block.id, photo: zoomed });
    window.clearTimeout(wheelTimer.current);
    wheelTimer.current = window.setTimeout(() => {
      onCrop(block, zoomed);
      setDraft(null);
    }, 250);
  };

  const drop = (event: React.DragEvent) => {
    event.preventDefault();
    setDropping(false);
    if (readOnly) return;
    const files = [...event.dataTransfer.files];
    if (files.length > 0) return props.onFilesDropped(files);
    const photoId = Number(event.dataTransfer.getData(PHOTO_DRAG_TYPE));
    const box = container!.getBoundingClientRect();
    const hit = blockAt(frames, { x: event.clientX - box.left, y: event.clientY - box.top }, ['PHOTO']);
    if (hit && photoId) props.onPhotoDropped(hit.block, photoId);
  };

  return (
    <div className={`spread-view${dropping ? ' dropping' : ''}`} ref={setContainer} data-testid="spread"
      onDragOver={(event) => { event.preventDefault(); setDropping(event.dataTransfer.types.includes('Files')); }}
      onDragLeave={() => setDropping(false)} onDrop={drop}>
      <Stage width={size.width} height={size.height} onMouseDown={pointerDown} onWheel={zoomWithWheel}>
        <Layer>
          {frames.map((frame) => (
            <PageShapes key={frame.page.id} frame={frame} fontSize={props.fontSize} pageHeightMm={props.pageHeightMm} selectedBlockId={props.selectedBlockId}
              draft={draft} />
          ))}
        </Layer>
      </Stage>
      <div className="block-overlay">
        {frames.flatMap((frame) => frame.page.blocks.filter((block) => block.type !== 'BACKGROUND').map((block) => {
          const rect = blockRect(frame, block);
          const where = frame.page.type === 'COVER' ? words.cover : `${words.page} ${frame.page.num}`;
          const name = `${block.type === 'PHOTO' ? words.photoFrame : words.textFrame}, ${where}`;
          return (
            <button type="button" key={block.id} aria-label={name} aria-pressed={block.id === props.selectedBlockId}
              data-block-id={block.id} style={{ left: rect.x, top: rect.y, width: rect.width, height: rect.height }}
              onFocus={() => block.id !== props.selectedBlockId && onSelect(block, false)} onClick={() => onSelect(block)} />
          );
        }))}
      </div>
      {props.overlay?.(frames)}
      {dropping && <div className="drop-hint">{words.dropHere}</div>}
    </div>
  );
}
