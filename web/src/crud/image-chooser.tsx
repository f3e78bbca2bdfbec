import BrokenImageIcon from '@mui/icons-material/BrokenImage';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';

/**
 * An image picked for upload (a logo, a profile picture): select, change, remove, with a
 * preview. The browser checks the type and size before anything is sent; the server checks the
 * bytes again.
 */

export interface ImageRules {
  /** MIME types the file input offers and the check accepts. */
  types: readonly string[];
  maxBytes: number;
  typeMessage: string;
  sizeMessage: string;
}

export interface ImageChoice {
  /** The newly picked file, not yet saved. */
  file: File | null;
  /** A local address showing the picked file. */
  preview: string | null;
  /** The stored image is to be removed on the next save. */
  removed: boolean;
  error: string | undefined;
  pick(file: File): void;
  remove(): void;
  /** After a save, or to show a server error under the chooser. */
  reset(error?: string): void;
  /** Shows a server error under the chooser (or clears it) and keeps the picked file. */
  showError(error: string | undefined): void;
}

export function useImageChoice(rules: ImageRules): ImageChoice {
  const [picked, setPicked] = useState<{ file: File; url: string } | null>(null);
  const [removed, setRemoved] = useState(false);
  const [error, setError] = useState<string>();
  // A preview holds the file in memory until its address is released: when replaced, or gone.
  useEffect(() => {
    if (!picked) return;
    return () => URL.revokeObjectURL(picked.url);
  }, [picked]);
  return {
    file: picked?.file ?? null,
    preview: picked?.url ?? null,
    removed,
    error,
    pick(chosen) {
      if (!rules.types.includes(chosen.type)) {
        setError(rules.typeMessage);
      } else if (chosen.size > rules.maxBytes) {
        setError(rules.sizeMessage);
      } else {
        setError(undefined);
        setPicked({ file: chosen, url: URL.createObjectURL(chosen) });
        setRemoved(false);
      }
    },
    remove() {
      setPicked(null);
      setRemoved(true);
      setError(undefined);
    },
    reset(nextError) {
      setPicked(null);
      setRemoved(false);
      setError(nextError);
    },
    showError: setError,
  };
}

export interface ImageChooserProps {
  choice: ImageChoice;
  rules: ImageRules;
  /** Address of the saved image, or null. */
  stored: string | null;
  /** Accessible name of the file input, and alternative text of a logo's preview. */
  label: string;
  texts: { select: string; change: string; remove: string };
  /** A logo shows whole in a square frame; an avatar is a person's round picture. */
  shape?: 'logo' | 'avatar';
  disabled?: boolean;
  /** On a phone, open its camera (`environment`: the back one) instead of the files. */
  capture?: 'environment' | 'user';
}

export function ImageChooser({
  choice,
  rules,
  stored,
  label,
  texts,
  shape = 'logo',
  disabled = false,
  capture,
}: ImageChooserProps) {
  const input = useRef<HTMLInputElement>(null);
  const shown = choice.preview ?? (choice.removed ? null : stored);
  const open = () => input.current?.click();
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = '';
    if (chosen) choice.pick(chosen);
  };

  return (
    <Stack spacing={shape === 'avatar' ? 1 : 1.5} sx={{ alignItems: 'center' }}>
      {shape === 'avatar' ? (
        // The label names the file input; the picture beside it adds nothing to read.
        <Avatar src={shown ?? undefined} alt="" sx={{ width: 120, height: 120 }} />
      ) : (
        <LogoFrame shown={shown} label={label} />
      )}
      <input
        ref={input}
        type="file"
        hidden
        accept={rules.types.join(',')}
        capture={capture}
        aria-label={label}
        onChange={onChange}
      />
      {shown ? (
        <Stack direction="row" spacing={1}>
          <Button color="error" onClick={choice.remove} disabled={disabled}>
            {texts.remove}
          </Button>
          <Button variant="outlined" onClick={open} disabled={disabled}>
            {texts.change}
          </Button>
        </Stack>
      ) : (
        <Button variant="outlined" onClick={open} disabled={disabled}>
          {texts.select}
        </Button>
      )}
      {choice.error && <FormHelperText error>{choice.error}</FormHelperText>}
    </Stack>
  );
}

function LogoFrame({ shown, label }: { shown: string | null; label: string }) {
  return (
    <Box
      sx={{
        width: 160,
        height: 160,
        borderRadius: 2,
        border: 1,
        borderColor: 'divider',
        borderStyle: shown ? 'solid' : 'dashed',
        display: 'grid',
        placeItems: 'center',
        overflow: 'hidden',
        bgcolor: 'action.hover',
      }}
    >
      {shown ? (
        <Box
          component="img"
          src={shown}
          alt={label}
          sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
        />
      ) : (
        <BrokenImageIcon sx={{ fontSize: 56, color: 'text.disabled' }} />
      )}
    </Box>
  );
}
