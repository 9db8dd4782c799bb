// libheif-js ships no types for its WASM bundle: the parts the HEIC decoding worker uses.
declare module 'libheif-js/wasm-bundle' {
  interface HeifImage {
    get_width(): number;
    get_height(): number;
    is_primary(): boolean;
    /** Decodes into target.data as interleaved RGBA, then calls back with target (null when decoding failed). */
    display(target: { data: Uint8ClampedArray; width: number; height: number }, done: (result: unknown) => void): void;
    free(): void;
  }
  interface HeifDecoder {
    decoder: { delete(): void } | null;
    /** The file's top-level images, in file order; empty when libheif cannot read the file. */
    decode(file: Uint8Array): HeifImage[];
  }
  const libheif: { HeifDecoder: new () => HeifDecoder };
  export = libheif;
}
