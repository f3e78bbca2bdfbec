import Avatar, { type AvatarProps } from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { GradientBox, sxEntries, type GradientColor } from '../app/cards/gradient-box';

/**
 * Small pieces shared by the demonstration screens (spec §000-1): Material Dashboard's card with a
 * floating gradient header and its initials avatars. Static content only.
 */

export interface HeaderCardProps {
  title: string;
  color?: GradientColor;
  /** Shown at the end of the header, such as a button. */
  action?: ReactNode;
  children: ReactNode;
}

/** Material Dashboard's card whose gradient header floats over its top edge. */
export function HeaderCard({ title, color = 'info', action, children }: HeaderCardProps) {
  return (
    <Card sx={{ overflow: 'visible', mt: 3 }}>
      <GradientBox color={color} sx={{ mx: 2, mt: -3, py: 2.5, px: 2 }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700, color: 'inherit' }}>
            {title}
          </Typography>
          {action}
        </Stack>
      </GradientBox>
      <Box sx={{ pt: 2 }}>{children}</Box>
    </Card>
  );
}

// Each writes white initials at 4.5:1 or more (WCAG 2.2 AA).
const AVATAR_COLORS = ['#1A73E8', '#C2185B', '#2E7D32', '#A85000', '#344767', '#7b1fa2', '#00796B'];

/** First letters of the first two words: 'John Michael' → 'JM'. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => word !== '')
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

function colorFor(name: string): string {
  let sum = 0;
  for (const char of name) sum += char.codePointAt(0) ?? 0;
  return AVATAR_COLORS[sum % AVATAR_COLORS.length] ?? '#344767';
}

export interface InitialsAvatarProps extends Omit<AvatarProps, 'children' | 'alt'> {
  name: string;
  size?: number;
  /** Square with rounded corners (logos) instead of a circle (people). */
  rounded?: boolean;
}

/**
 * A picture-less avatar: the name's initials on a colour derived from the name. Other Avatar
 * props pass through, so it works inside an AvatarGroup.
 */
export function InitialsAvatar({
  name,
  size = 36,
  rounded = false,
  sx,
  ...rest
}: InitialsAvatarProps) {
  return (
    <Avatar
      alt={name}
      variant={rounded ? 'rounded' : 'circular'}
      {...rest}
      sx={[
        {
          width: size,
          height: size,
          fontSize: size * 0.4,
          fontWeight: 700,
          bgcolor: colorFor(name),
          color: '#fff',
        },
        ...sxEntries(sx),
      ]}
    >
      {initials(name)}
    </Avatar>
  );
}
