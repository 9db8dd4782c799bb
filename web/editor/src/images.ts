// Pictures for the canvas, loaded once per URL and kept while the page lives; a hook redraws when one arrives.
import { useEffect, useState } from 'react';

const loaded = new Map<string, HTMLImageElement>();
const loading = new Map<string, Promise<HTMLImageElement>>();

function load(url: string): Promise<HTMLImageElement> {
  let promise = loading.get(url);
  if (!promise) {
    promise = new Promise((resolve, reject) => {
      const image = new Image();
      image.onload = () => {
        loaded.set(url, image);
        resolve(image);
      };
      image.onerror = () => {
        loading.delete(url);
        reject(new Error(`image ${url} did not load`));
      };
      image.src = url;
    });
    loading.set(url, promise);
  }
  return promise;
}

export function useImage(url: string | null | undefined): HTMLImageElement | undefined {
  const [, setVersion] = useState(0);
  useEffect(() => {
    if (!url || loaded.has(url)) return;
    let live = true;
    load(url).then(() => live && setVersion((version) => version + 1), () => undefined);
    return () => {
      live = false;
    };
  }, [url]);
  return url ? loaded.get(url) : undefined;
}

/** A shopper's photo at a width the service keeps (it snaps to 200, 400, 800 or 1600). */
export const photoAt = (base: string | null | undefined, width: number) => (base ? `${base}=w${width <= 200 ? 200 : width <= 400 ? 400 : width <= 800 ? 800 : 1600}` : null);

/** A theme image (backgrounds): its medium derivative. */
export const themeImageAt = (base: string | null | undefined) => (base ? `${base}_md.jpg` : null);
