import { ACCENTS, type SidenavColor } from '../../app/theme';

/** Material Dashboard's gradient boxes (stat card icons, chart headers). */
export type Accent = SidenavColor;

const SHADOW_TINT: Record<Accent, string> = {
  primary: '233, 30, 99',
  dark: '52, 71, 103',
  info: '26, 115, 232',
  success: '76, 175, 80',
  warning: '251, 140, 0',
  danger: '244, 67, 53',
};

/** A gradient fill with white text and the soft coloured shadow under it. */
export function accentBoxSx(accent: Accent) {
  return {
    backgroundImage: ACCENTS[accent].gradient,
    color: '#fff',
    borderRadius: 2,
    boxShadow: `0 4px 20px 0 rgba(0, 0, 0, 0.14), 0 7px 10px -5px rgba(${SHADOW_TINT[accent]}, 0.4)`,
  };
}
