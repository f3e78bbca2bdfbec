import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import type { FieldRenderProps } from '../crud';
import {
  CLIENT_LOOKUP_TEXTS,
  clientVisitsText,
  useClientByDni,
  type FoundClient,
} from './client-by-dni';

export interface ClientDniFieldProps extends FieldRenderProps {
  label: string;
  /** Told the client found for the DNI (or undefined), e.g. to fill the pet select. */
  onClient?(client: FoundClient | undefined): void;
}

/**
 * A client's DNI, looked up as it reaches 8 digits: 'Cliente: nombre apellido' with a check
 * mark, 'Cliente no encontrado' or 'Error al buscar el cliente' (spec §001-2, §001-5).
 */
export function ClientDniField({ field, error, disabled, label, onClient }: ClientDniFieldProps) {
  const dni = typeof field.value === 'string' ? field.value : '';
  const lookup = useClientByDni(dni);
  const client = lookup.state === 'found' ? lookup.client : undefined;
  useEffect(() => onClient?.(client), [client, onClient]);

  const lookupText =
    lookup.state === 'found'
      ? CLIENT_LOOKUP_TEXTS.found(lookup.client.nom_cli, lookup.client.ape_cli)
      : lookup.state === 'not-found'
        ? CLIENT_LOOKUP_TEXTS.notFound
        : lookup.state === 'error'
          ? CLIENT_LOOKUP_TEXTS.failed
          : lookup.state === 'loading'
            ? 'Buscando...'
            : undefined;
  const failed = lookup.state === 'not-found' || lookup.state === 'error';
  const visits = client && clientVisitsText(client);
  const warnNoShows = (client?.inasistencias ?? 0) > 0;
  return (
    <TextField
      fullWidth
      id={`field-${field.name}`}
      label={label}
      name={field.name}
      inputRef={field.ref}
      value={dni}
      disabled={disabled}
      error={Boolean(error) || failed}
      helperText={
        error ??
        (visits ? (
          <>
            <span>{lookupText}</span>
            <Box component="span" sx={{ display: 'block', fontWeight: warnNoShows ? 600 : 400 }}>
              {visits}
            </Box>
          </>
        ) : (
          (lookupText ?? ' ')
        ))
      }
      onChange={(e) => field.onChange(e.target.value.replace(/\D/g, '').slice(0, 8))}
      onBlur={field.onBlur}
      slotProps={{
        htmlInput: { maxLength: 8, inputMode: 'numeric' },
        formHelperText: { sx: client ? { color: 'success.main' } : undefined },
        input: client
          ? {
              endAdornment: (
                <InputAdornment position="end">
                  <CheckCircleIcon color="success" aria-label="Cliente encontrado" />
                </InputAdornment>
              ),
            }
          : undefined,
      }}
    />
  );
}
