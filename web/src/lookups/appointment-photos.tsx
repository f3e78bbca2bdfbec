import AddAPhotoIcon from '@mui/icons-material/AddAPhoto';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent } from 'react';
import {
  isPeruMobile,
  LOGO_MAX_BYTES,
  LOGO_MIME_TYPES,
  PHOTO_ENDPOINTS,
  PHOTO_MESSAGES,
  PHOTO_MOMENTS,
  PHOTOS_PER_APPOINTMENT,
  whatsappUrl,
  clientsResource,
  type Photo,
  type PhotoMoment,
} from '@app/domain';
import { confirm, toast } from '../lib/alerts';
import { api, ApiError, call, callWithMessage, queryKey } from '../lib/api';
import { usePermissions } from '../lib/use-profile';

/**
 * A visit's before and after photos (decisions §photos): up to four, taken with the phone's camera
 * (the file input asks for it) or chosen from the files, and sent to the client by WhatsApp as
 * links. The agenda's details and the history's show it.
 */

export const PHOTOS_TEXTS = {
  title: 'Fotos antes y después',
  add: (moment: string) => `Agregar foto de ${moment.toLowerCase()}`,
  none: 'Sin fotos',
  photoOf: (moment: string, n: number) => `Foto ${n} de ${moment.toLowerCase()}`,
  remove: (moment: string, n: number) => `Eliminar foto ${n} de ${moment.toLowerCase()}`,
  confirmRemove: '¿Está seguro de eliminar esta foto?',
  share: 'Compartir por WhatsApp',
  noMobile: 'El cliente no tiene un celular válido para WhatsApp',
  message: (pet: string, links: string[]) =>
    [`¡Hola! Así quedó ${pet} en su visita de hoy:`, ...links].join('\n'),
} as const;

const T = PHOTOS_TEXTS;

export interface AppointmentPhotosProps {
  id_cita: number;
  id_cli: number;
  petName: string;
}

export function AppointmentPhotos({ id_cita, id_cli, petName }: AppointmentPhotosProps) {
  const { can } = usePermissions();
  const client = useQueryClient();
  const key = queryKey(PHOTO_ENDPOINTS.ofAppointment, { params: { id: id_cita } });
  const photos = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      call(PHOTO_ENDPOINTS.ofAppointment, { params: { id: id_cita }, signal }),
  });
  const owner = useQuery({
    queryKey: queryKey(clientsResource.endpoints.one, { params: { id: id_cli } }),
    queryFn: ({ signal }) =>
      call(clientsResource.endpoints.one, { params: { id: id_cli }, signal }),
  });
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const inputs = useRef<Partial<Record<PhotoMoment, HTMLInputElement | null>>>({});
  const rows = photos.data ?? [];
  const full = rows.length >= PHOTOS_PER_APPOINTMENT;
  const mayAttend = can('agenda.atender');

  const upload = async (momento: PhotoMoment, event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!LOGO_MIME_TYPES.includes(file.type as (typeof LOGO_MIME_TYPES)[number])) {
      setError(PHOTO_MESSAGES.photoNotImage);
      return;
    }
    if (file.size > LOGO_MAX_BYTES) {
      setError(PHOTO_MESSAGES.photoTooLarge);
      return;
    }
    const form = new FormData();
    form.append('json', JSON.stringify({ id_cita, momento }));
    form.append('foto', file);
    setSending(true);
    try {
      // Multipart: `call` sends JSON, so the upload goes by the contract's method and path.
      const { method, path } = PHOTO_ENDPOINTS.add;
      const answer = await api.request<Photo>(method, path, { body: form });
      setError(undefined);
      toast.success(answer.message ?? PHOTO_MESSAGES.added);
      await client.invalidateQueries({ queryKey: key });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : PHOTO_MESSAGES.photoNotImage);
    } finally {
      setSending(false);
    }
  };

  const remove = async (photo: Photo) => {
    if (!(await confirm(T.confirmRemove))) return;
    const answer = await callWithMessage(PHOTO_ENDPOINTS.remove, {
      params: { id: photo.id_foto },
    });
    toast.success(answer.message ?? PHOTO_MESSAGES.removed);
    await client.invalidateQueries({ queryKey: key });
  };

  const phone = owner.data?.tel1_cli;
  const links = rows.map((p) => `${window.location.origin}${p.url}`);
  const share =
    isPeruMobile(phone) && rows.length > 0 ? whatsappUrl(phone, T.message(petName, links)) : null;

  return (
    <Stack spacing={2}>
      {PHOTO_MOMENTS.map((moment) => {
        const ofMoment = rows.filter((p) => p.momento === moment.id);
        return (
          <Box key={moment.id}>
            <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
              {moment.nombre}
            </Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              {ofMoment.length === 0 && (
                <Typography variant="body2" color="text.secondary">
                  {T.none}
                </Typography>
              )}
              {ofMoment.map((photo, i) => (
                <Box key={photo.id_foto} sx={{ position: 'relative' }}>
                  <Box
                    component="a"
                    href={photo.url}
                    target="_blank"
                    rel="noopener"
                    sx={{ display: 'block' }}
                  >
                    <Box
                      component="img"
                      src={photo.url}
                      alt={T.photoOf(moment.nombre, i + 1)}
                      sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1 }}
                    />
                  </Box>
                  {mayAttend && (
                    <IconButton
                      size="small"
                      aria-label={T.remove(moment.nombre, i + 1)}
                      onClick={() => void remove(photo)}
                      sx={{ position: 'absolute', top: 2, right: 2, bgcolor: 'background.paper' }}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  )}
                </Box>
              ))}
              {mayAttend && !full && (
                <>
                  <input
                    ref={(el) => {
                      inputs.current[moment.id] = el;
                    }}
                    type="file"
                    hidden
                    accept="image/*"
                    capture="environment"
                    aria-label={T.add(moment.nombre)}
                    onChange={(e) => void upload(moment.id, e)}
                  />
                  <Button
                    variant="outlined"
                    size="small"
                    startIcon={<AddAPhotoIcon />}
                    disabled={sending}
                    onClick={() => inputs.current[moment.id]?.click()}
                  >
                    {T.add(moment.nombre)}
                  </Button>
                </>
              )}
            </Stack>
          </Box>
        );
      })}
      {full && mayAttend && <FormHelperText>{PHOTO_MESSAGES.full}</FormHelperText>}
      {error && <FormHelperText error>{error}</FormHelperText>}
      {rows.length > 0 &&
        (share ? (
          <Button
            variant="contained"
            color="success"
            startIcon={<WhatsAppIcon />}
            href={share}
            target="_blank"
            rel="noopener"
            sx={{ alignSelf: 'flex-start' }}
          >
            {T.share}
          </Button>
        ) : (
          owner.isSuccess && <Typography variant="body2">{T.noMobile}</Typography>
        ))}
    </Stack>
  );
}
