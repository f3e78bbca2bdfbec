import { extname } from 'node:path';

/** The image types an upload may be, by extension, with the content type each is served with. */
export const IMAGE_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** The content type a stored file (`archivos.tipo`) is served with, by its extension. */
export function fileType(nombre: string) {
  return IMAGE_TYPES[extname(nombre).slice(1)] ?? 'application/octet-stream';
}
