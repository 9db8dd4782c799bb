// Response bodies for themes and theme elements (schemas/theme.json, schemas/theme-element.json).
import type { MediaStorage } from '../media/storage';
import type { Theme, ThemeElement } from './repository';

export function presentElement(element: ThemeElement, media: MediaStorage) {
  return {
    id: element.id,
    theme: element.themeId,
    element_type: element.elementType,
    image_type: element.imageType,
    position: element.position,
    format: element.format,
    is_pattern: element.isPattern,
    scale: element.scale,
    image: media.publicUrl(element.image),
    width: element.width,
    height: element.height,
  };
}

export function presentTheme(theme: Theme, elements: ThemeElement[], media: MediaStorage) {
  return {
    id: theme.id,
    name: theme.name,
    description: theme.description,
    approved: theme.approved,
    author: theme.authorId,
    color: theme.colorId,
    style: theme.styleId,
    theme_elements: elements.map((element) => presentElement(element, media)),
  };
}
