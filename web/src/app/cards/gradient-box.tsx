import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { ACCENTS } from '../theme';

/**
 * Material Dashboard's gradients: the boxes of the stat cards' icons, the chart cards' headers
 * and the demonstration screens' cards and buttons.
 */

export type GradientColor =
  'primary' | 'secondary' | 'info' | 'success' | 'warning' | 'error' | 'dark' | 'light';

export const GRADIENTS: Record<GradientColor, string> = {
  primary: ACCENTS.primary.gradient,
  secondary: 'linear-gradient(195deg, #646a82, #495361)',
  info: ACCENTS.info.gradient,
  success: ACCENTS.success.gradient,
  warning: ACCENTS.warning.gradient,
  error: ACCENTS.danger.gradient,
  dark: ACCENTS.dark.gradient,
  light: 'linear-gradient(195deg, #ebeff4, #ced4da)',
};

const SHADOW_TINT: Record<GradientColor, string> = {
  primary: '233, 30, 99',
  secondary: '116, 123, 138',
  info: '26, 115, 232',
  success: '76, 175, 80',
  warning: '251, 140, 0',
  error: '244, 67, 53',
  dark: '52, 71, 103',
  light: '206, 212, 218',
};

/** The soft coloured shadow Material Dashboard puts under gradient boxes. */
export function coloredShadow(color: GradientColor): string {
  return `0 4px 20px 0 rgba(0, 0, 0, 0.14), 0 7px 10px -5px rgba(${SHADOW_TINT[color]}, 0.4)`;
}

/** A gradient fill, white text (dark on the light one), rounded, with its coloured shadow. */
export function gradientSx(color: GradientColor) {
  return {
    backgroundImage: GRADIENTS[color],
    color: color === 'light' ? '#344767' : '#fff',
    borderRadius: 2,
    boxShadow: coloredShadow(color),
  };
}

type SxEntry = Extract<SxProps<Theme>, readonly unknown[]>[number];

/** A caller's `sx` as a list, to append after a component's own styles. */
export function sxEntries(sx: SxProps<Theme> | undefined): readonly SxEntry[] {
  if (sx === undefined) return [];
  return Array.isArray(sx) ? (sx as readonly SxEntry[]) : [sx as SxEntry];
}

export interface GradientBoxProps {
  color: GradientColor;
  children?: ReactNode;
  sx?: SxProps<Theme>;
}

/** A box filled with one of the gradients. */
export function GradientBox({ color, children, sx }: GradientBoxProps) {
  return <Box sx={[gradientSx(color), ...sxEntries(sx)]}>{children}</Box>;
}
