// Controls for what is selected on the page: a photo (zoom, rotate, mirror, clear, its print quality) or a text
// (its words, font, size, colour, alignment). Every control is a labelled form element, reachable by keyboard.
import { useEffect, useRef } from 'react';
import { TEXT_ALIGNMENTS, TEXT_FONTS } from '../../../src/shared/layout-document';
import { nextRotation, zoomedCrop, zoomOf } from './crop-gestures';
import { words } from './i18n';
import type { Block, Page, PlacedPhoto, TextStyle } from './types';

/** A click (or Enter) on a text frame asks for its text field to take the focus; count makes each request new. */
export interface FocusRequest {
  blockId: string;
  count: number;
}

export interface InspectorProps {
  block: Block;
  page: Page;
  fontSize: number;
  readOnly: boolean;
  /** Bumped when a text block is clicked, to put the caret in its field. */
  focusRequest: FocusRequest | null;
  onCrop(photo: PlacedPhoto): void;
  onClear(): void;
  onText(change: Partial<TextStyle> & { text?: string }): void;
  onTyping(text: string): void;
}

function PhotoControls({ block, page, readOnly, onCrop, onClear }: InspectorProps) {
  const photo = block.content.photo;
  if (!photo) return <p className="hint">{words.emptyFrame}</p>;
  return (
    <div className="controls">
      <label>{words.zoom}
        <input type="range" min={1} max={4} step={0.05} value={zoomOf(block, page, photo)} disabled={readOnly || !photo.size}
          onChange={(event) => onCrop({ ...photo, crop: zoomedCrop(block, page, photo, Number(event.target.value)) })} />
      </label>
      <div className="row">
        <button type="button" disabled={readOnly} onClick={() => onCrop({ ...photo, rotation: nextRotation(photo.rotation) })}>{words.rotate}</button>
        <button type="button" disabled={readOnly} aria-pressed={photo.mirror} onClick={() => onCrop({ ...photo, mirror: !photo.mirror })}>{words.mirror}</button>
        <button type="button" disabled={readOnly} onClick={onClear}>{words.clear}</button>
      </div>
      {photo.dpi != null && (
        <p className={`dpi ${photo.quality ?? ''}`}>
          {photo.quality === 'cannot_print' ? words.cannotPrint : photo.quality === 'low' ? words.lowQuality : ''} {photo.dpi} {words.dpi}
        </p>
      )}
    </div>
  );
}

function TextControls({ block, fontSize, readOnly, focusRequest, onText, onTyping, onClear }: InspectorProps) {
  const field = useRef<HTMLTextAreaElement>(null);
  const style = block.content.style ?? { font: 'DejaVu Sans', size: fontSize, color: '#2b2b2b', align: 'center' as const };
  useEffect(() => {
    if (focusRequest?.blockId === block.id) field.current?.focus();
    // Only a new request moves the focus: tabbing from one text frame to another must leave it on the frames.
  }, [focusRequest]);
  return (
    <div className="controls">
      <label>{words.text}
        <textarea ref={field} rows={3} key={block.id} defaultValue={block.content.text} readOnly={readOnly}
          onChange={(event) => onTyping(event.target.value)} />
      </label>
      {block.content.fits === false && <p className="overflow" role="status">{words.overflow}</p>}
      <label>{words.font}
        <select value={style.font} disabled={readOnly} onChange={(event) => onText({ font: event.target.value })}>
          {Object.keys(TEXT_FONTS).map((font) => <option key={font} value={font}>{font}</option>)}
        </select>
      </label>
      <div className="row">
        <label>{words.size}
          <input type="number" min={4} max={200} value={style.size} disabled={readOnly}
            onChange={(event) => {
              const size = Number(event.target.value);
              if (size >= 4 && size <= 200) onText({ size });
            }} />
        </label>
        <label>{words.color}
          <input type="color" value={style.color} disabled={readOnly} onChange={(event) => onText({ color: event.target.value })} />
        </label>
      </div>
      <div className="row" role="group" aria-label={words.align}>
        {TEXT_ALIGNMENTS.map((align) => (
          <button type="button" key={align} aria-label={words[align]} aria-pressed={style.align === align} disabled={readOnly}
            onClick={() => onText({ align })}>{{ left: '⇤', center: '⇔', right: '⇥' }[align]}</button>
        ))}
      </div>
      <button type="button" disabled={readOnly} onClick={onClear}>{words.clear}</button>
    </div>
  );
}

export function Inspector(props: InspectorProps) {
  return (
    <section className="inspector" aria-label={props.block.type === 'TEXT' ? words.text : words.photoLabel}>
      {props.block.type === 'TEXT' ? <TextControls {...props} /> : <PhotoControls {...props} />}
    </section>
  );
}
