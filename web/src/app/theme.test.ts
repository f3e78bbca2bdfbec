import { alpha, decomposeColor, getContrastRatio, recomposeColor } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { STATUSES } from '@app/domain';
import { dialogColours } from '../lib/alerts';
import { GRADIENTS } from './cards/gradient-box';
import { ACCENTS, buildTheme, SIDENAV_COLORS, SIDENAV_TYPES, sidenavSurface } from './theme';

/** WCAG 2.2 AA for text of normal size. */
const AA = 4.5;

const stops = (gradient: string) => gradient.match(/#[0-9a-f]{6}/gi) ?? [];

/** A translucent colour as it shows over an opaque one. */
function over(background: string, color: string): string {
  const top = decomposeColor(color);
  const base = decomposeColor(background);
  const opacity = top.values[3] ?? 1;
  const values = base.values
    .slice(0, 3)
    .map((value, i) => Math.round(value * (1 - opacity) + (top.values[i] ?? 0) * opacity));
  return recomposeColor({ type: 'rgb', values: [values[0], values[1], values[2]] });
}

describe('every text meets WCAG 2.2 AA contrast', () => {
  for (const dark of [false, true]) {
    const mode = dark ? 'dark' : 'light';
    const { palette } = buildTheme(dark);

    it(`${mode}: body and secondary text on the page and on cards`, () => {
      for (const text of [palette.text.primary, palette.text.secondary]) {
        for (const background of [palette.background.default, palette.background.paper]) {
          const solid = over(background, text);
          expect(
            getContrastRatio(solid, background),
            `${text} on ${background}`,
          ).toBeGreaterThanOrEqual(AA);
        }
      }
    });

    it(`${mode}: the status badges, buttons and alerts write legibly on their colour`, () => {
      const colours = new Set(STATUSES.map((s) => s.color).filter((c) => c !== 'default'));
      for (const name of [...colours, 'primary', 'info', 'success', 'warning', 'error'] as const) {
        const { main, contrastText } = palette[name];
        expect(
          getContrastRatio(contrastText, main),
          `${name}: ${contrastText} on ${main}`,
        ).toBeGreaterThanOrEqual(AA);
      }
    });

    it(`${mode}: the confirmation dialog's text and its confirm and cancel buttons`, () => {
      const { dialog, confirm, cancel } = dialogColours(mode);
      expect(dialog.background).toBe(palette.background.paper);
      expect(confirm.background).toBe(palette.primary.main);
      expect(cancel.background).toBe(palette.secondary.main);
      for (const [name, pair] of Object.entries({ dialog, confirm, cancel })) {
        const text = over(pair.background, pair.text);
        expect(
          getContrastRatio(text, pair.background),
          `${name}: ${pair.text} on ${pair.background}`,
        ).toBeGreaterThanOrEqual(AA);
      }
    });

    for (const type of SIDENAV_TYPES) {
      it(`${mode}: the ${type} sidenav's entries and section titles`, () => {
        const surface = sidenavSurface(type, dark);
        // Transparent: the page shows through.
        const backgrounds =
          surface.background === 'transparent'
            ? [palette.background.default]
            : stops(surface.background).length > 0
              ? stops(surface.background)
              : [surface.background];
        for (const background of backgrounds) {
          expect(getContrastRatio(surface.text, background)).toBeGreaterThanOrEqual(AA);
          const title = over(background, alpha(surface.text, 0.8));
          expect(
            getContrastRatio(title, background),
            `title on ${background}`,
          ).toBeGreaterThanOrEqual(AA);
        }
      });
    }
  }

  it.each(SIDENAV_COLORS)('white on the %s accent: the active sidenav entry', (color) => {
    for (const stop of stops(ACCENTS[color].gradient)) {
      expect(getContrastRatio('#fff', stop), stop).toBeGreaterThanOrEqual(AA);
    }
  });

  it.each(Object.entries(GRADIENTS))('text on the %s gradient of the cards', (name, gradient) => {
    const text = name === 'light' ? '#344767' : '#fff';
    for (const stop of stops(gradient)) {
      expect(getContrastRatio(text, stop), stop).toBeGreaterThanOrEqual(AA);
    }
  });
});
