import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { copyWithToast } from '../../lib/clipboard';

export interface CopyableAddressTexts {
  title: string;
  intro: string;
  /** The address field's label. */
  label: string;
  copy: string;
  copied: string;
  copyFailed: string;
}

export interface CopyableAddressProps {
  /** The heading's id, which names the section; the address field's is `${id}-url`. */
  id: string;
  texts: CopyableAddressTexts;
  url: string;
  /** What follows the address in the same section (the booking link's QR code). */
  children?: ReactNode;
}

/**
 * An address to paste elsewhere (the booking link, the webhook): read-only and selected on focus,
 * with a button that copies it.
 */
export function CopyableAddress({ id, texts, url, children }: CopyableAddressProps) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 4 }}>
      <Typography id={id} variant="subtitle1" component="h4" sx={{ mb: 0.5 }}>
        {texts.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {texts.intro}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <TextField
          fullWidth
          id={`${id}-url`}
          label={texts.label}
          value={url}
          slotProps={{ htmlInput: { readOnly: true } }}
          onFocus={(event) => event.target.select()}
        />
        <Button
          variant="outlined"
          startIcon={<ContentCopyIcon />}
          onClick={() =>
            void copyWithToast(url, { copied: texts.copied, failed: texts.copyFailed })
          }
          sx={{ flex: 'none', height: 56 }}
        >
          {texts.copy}
        </Button>
      </Stack>
      {children}
    </Box>
  );
}
