// A PDF written to a file as it is made, for a document too large to hold whole (a 200-page book of 300 dpi photos is
// hundreds of megabytes). pdf-lib stays the maker of the objects (pages, drawing operators, pictures, subset fonts);
// this writes them out instead of its save(), which builds the whole file in memory. After each page every finished
// object (the page's content, its pictures) is written and let go of; what may still change stays in memory and is
// written last: the catalog, the page tree (its kids grow), the document information, each page's leaf dictionary
// (small: pdf-lib's page tree walks the leaves to add a page) and the fonts (subset to the glyphs of every page, so
// embedded at the end). A classic cross-reference table closes the file.
import { type FileHandle, open, rm } from 'node:fs/promises';
import {
  PDFCatalog, PDFCrossRefSection, type PDFDocument, PDFHeader, PDFName, type PDFObject, PDFPageLeaf, PDFPageTree, PDFRef, PDFTrailer,
  PDFTrailerDict,
} from 'pdf-lib';

export interface PdfFile {
  /** Writes every finished object to the file and lets go of it: call after each page. */
  flush(): Promise<void>;
  /** Writes what is left, the cross-reference table and the trailer, and closes the file; the file's size in bytes. */
  finish(): Promise<number>;
  /** Closes and removes an unfinished file. */
  abort(): Promise<void>;
}

/** Whether the object may still change before the end (kept in memory until finish). */
function stillChanging(document: PDFDocument, ref: PDFRef, object: PDFObject): boolean {
  return object instanceof PDFCatalog || object instanceof PDFPageTree || object instanceof PDFPageLeaf || ref === document.context.trailerInfo.Info;
}

/** A new file at path (never an existing one) that the document's objects are written to as they are finished. */
export async function openPdfFile(document: PDFDocument, path: string): Promise<PdfFile> {
  const file: FileHandle = await open(path, 'wx');
  const { context } = document;
  let length = 0;
  const offsets = new Map<number, number>();

  const write = async (bytes: Uint8Array) => {
    let written = 0;
    while (written < bytes.length) written += (await file.write(bytes, written, bytes.length - written)).bytesWritten;
    length += bytes.length;
  };
  const serialized = (object: { sizeInBytes(): number; copyBytesInto(buffer: Uint8Array, offset: number): number }) => {
    const bytes = Buffer.allocUnsafe(object.sizeInBytes());
    object.copyBytesInto(bytes, 0);
    return bytes;
  };
  const writeObject = async (ref: PDFRef, object: PDFObject) => {
    offsets.set(ref.objectNumber, length);
    await write(Buffer.from(`${ref.objectNumber} ${ref.generationNumber} obj\n`, 'latin1'));
    await write(serialized(object));
    await write(Buffer.from('\nendobj\n\n', 'latin1'));
  };
  const writeObjects = async (all: boolean) => {
    for (const [ref, object] of context.enumerateIndirectObjects()) {
      if (!all && stillChanging(document, ref, object)) continue;
      await writeObject(ref, object);
      context.delete(ref);
    }
  };

  try {
    await write(serialized(PDFHeader.forVersion(1, 7)));
    await write(Buffer.from('\n\n', 'latin1'));
  } catch (error) {
    await file.close();
    await rm(path, { force: true });
    throw error;
  }

  return {
    flush: () => writeObjects(false),
    async finish() {
      try {
        await writeObjects(true);
        const xref = PDFCrossRefSection.create();
        // Entries in ascending object numbers (a gap starts a subsection of its own).
        for (const number of [...offsets.keys()].sort((a, b) => a - b)) xref.addEntry(PDFRef.of(number), offsets.get(number)!);
        const xrefOffset = length;
        await write(serialized(xref));
        const { Root, Info, ID } = context.trailerInfo;
        const trailer = context.obj({ Size: context.largestObjectNumber + 1 });
        if (Root) trailer.set(PDFName.of('Root'), Root);
        if (Info) trailer.set(PDFName.of('Info'), Info);
        if (ID) trailer.set(PDFName.of('ID'), ID);
        await write(Buffer.from('\n', 'latin1'));
        await write(serialized(PDFTrailerDict.of(trailer)));
        await write(Buffer.from('\n\n', 'latin1'));
        await write(serialized(PDFTrailer.forLastCrossRefSectionOffset(xrefOffset)));
        return length;
      } finally {
        await file.close();
      }
    },
    async abort() {
      await file.close().catch(() => undefined);
      await rm(path, { force: true });
    },
  };
}
