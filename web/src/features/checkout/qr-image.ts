import { create as createQr } from 'qrcode';

/**
 * A QR code's modules as an SVG image: one path of unit squares, black on white inside the quiet
 * zone, so that it reads on any screen and prints sharp at any size.
 */
export function qrImage(text: string): string {
  const { modules } = createQr(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const side = modules.size + 2 * quiet;
  let path = '';
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) path += `M${col + quiet} ${row + quiet}h1v1h-1z`;
    }
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges"><rect width="${side}" height="${side}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
