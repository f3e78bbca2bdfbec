import DoneAllIcon from '@mui/icons-material/DoneAll';
import DoneIcon from '@mui/icons-material/Done';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  localNumber,
  MESSAGE_STATE_LABELS,
  MESSAGE_TEXT_MAX,
  MESSAGES_ENDPOINTS as E,
  MESSAGES_TEXTS,
  SendMessageSchema,
  type ConversationRow,
  type Message,
  type MessageState,
} from '@app/domain';
import { PageContainer } from '../../app/page-container';
import { listErrorMessage } from '../../crud';
import { showErrorDialog, toast } from '../../lib/alerts';
import { ApiError, call, callWithMessage, queryKey } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { usePermissions } from '../../lib/use-profile';

export const MESSAGES_PAGE_TEXTS = {
  title: 'Mensajes',
  conversations: 'Conversaciones',
  loading: 'Cargando los mensajes',
  loadError: 'No se pudieron cargar los mensajes',
  threadError: 'No se pudo cargar la conversación',
  notConfigured:
    'WhatsApp no está configurado: los mensajes de los clientes llegarán aquí cuando lo active.',
  configure: 'Configurar WhatsApp en Ajustes',
  choose: 'Elija una conversación para leerla y responder',
  unread: (n: number) => (n === 1 ? '1 mensaje sin responder' : `${n} mensajes sin responder`),
  you: 'Salón',
  client: 'Cliente',
  sentBy: (user: string) => `por ${user}`,
  thread: (who: string) => `Conversación con ${who}`,
  reply: 'Respuesta',
  send: 'Enviar',
  windowClosed:
    'WhatsApp solo permite escribir dentro de las 24 horas del último mensaje del cliente; fuera de ese plazo, use el recordatorio o llame',
  windowOpen: (until: string) => `Puede responder hasta el ${until}`,
  sendError: 'No se pudo enviar el mensaje',
} as const;

const T = MESSAGES_PAGE_TEXTS;

/** New messages arrive by the webhook: the screen asks again this often. */
const REFRESH_MS = 20_000;

const SETTINGS_ROUTE = '/ajustes#whatsapp';

/** Who a conversation is with: the client's name, or the number the salon does not know. */
const whoOf = (row: { cliente: string | null; telefono: string }) =>
  row.cliente ?? localNumber(row.telefono);

const STATE_ICONS: Record<MessageState, ReactNode> = {
  recibido: <DoneIcon fontSize="inherit" />,
  enviado: <DoneIcon fontSize="inherit" />,
  entregado: <DoneAllIcon fontSize="inherit" />,
  leido: <DoneAllIcon fontSize="inherit" color="info" />,
  fallido: <ErrorOutlineIcon fontSize="inherit" color="error" />,
};

/** An outgoing message's state: an icon with its word, never the icon alone. */
function MessageStateLabel({ state }: { state: MessageState }) {
  return (
    <Stack
      direction="row"
      spacing={0.5}
      component="span"
      sx={{ alignItems: 'center', display: 'inline-flex', fontSize: 14 }}
    >
      {STATE_ICONS[state]}
      <span>{MESSAGE_STATE_LABELS[state]}</span>
    </Stack>
  );
}

function Bubble({ message }: { message: Message }) {
  const outgoing = message.direccion === 'saliente';
  return (
    <Box
      component="li"
      sx={{ display: 'flex', justifyContent: outgoing ? 'flex-end' : 'flex-start', mb: 1 }}
    >
      <Box
        sx={{
          maxWidth: '80%',
          px: 1.5,
          py: 1,
          borderRadius: 2,
          bgcolor: outgoing ? 'primary.main' : 'action.selected',
          color: outgoing ? 'primary.contrastText' : 'text.primary',
        }}
      >
        <Box component="span" sx={visuallyHidden}>
          {outgoing ? T.you : T.client}:
        </Box>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.texto}
        </Typography>
        <Stack
          direction="row"
          spacing={1}
          sx={{ mt: 0.5, justifyContent: 'flex-end', alignItems: 'center', flexWrap: 'wrap' }}
        >
          <Typography variant="caption" component="span">
            {formatDateTime(message.fecha)}
            {outgoing && message.usuario ? ` ${T.sentBy(message.usuario)}` : ''}
          </Typography>
          {outgoing && (
            <Typography variant="caption" component="span">
              <MessageStateLabel state={message.estado} />
            </Typography>
          )}
        </Stack>
      </Box>
    </Box>
  );
}

interface ReplyBoxProps {
  telefono: string;
  canReply: boolean;
  until: string | null;
  onSent(): Promise<unknown>;
}

/** The reply: free text within 24 h of the client's last message; otherwise it says why not. */
function ReplyBox({ telefono, canReply, until, onSent }: ReplyBoxProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const helpId = 'mensaje-respuesta-ayuda';

  const send = async () => {
    const parsed = SendMessageSchema.safeParse({ texto: text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MESSAGES_TEXTS.textRequired);
      return;
    }
    setSending(true);
    try {
      const answer = await callWithMessage(E.send, { params: { telefono }, body: parsed.data });
      toast.success(answer.message ?? MESSAGES_TEXTS.sent);
      setText('');
      setError(undefined);
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.fieldError('texto') : undefined;
      if (field) setError(field);
      else await showErrorDialog(T.sendError, failure);
    } finally {
      setSending(false);
      await onSent();
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
      sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}
    >
      {!canReply && (
        <Alert severity="info" id={helpId} sx={{ mb: 2 }}>
          {T.windowClosed}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          id="mensaje-respuesta"
          label={T.reply}
          fullWidth
          multiline
          maxRows={6}
          value={text}
          disabled={!canReply || sending}
          error={Boolean(error)}
          helperText={error ?? (canReply && until ? T.windowOpen(formatDateTime(until)) : ' ')}
          onChange={(event) => {
            setText(event.target.value);
            if (error) setError(undefined);
          }}
          onKeyDown={(event) => {
            // Enter sends, Shift+Enter breaks the line, as in WhatsApp Web.
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              void send();
            }
          }}
          slotProps={{
            // Closed, the box is described by why; open, by its helper text (MUI's own).
            htmlInput: canReply
              ? { maxLength: MESSAGE_TEXT_MAX }
              : { maxLength: MESSAGE_TEXT_MAX, 'aria-describedby': helpId },
          }}
        />
        <Button
          type="submit"
          variant="contained"
          endIcon={<SendIcon />}
          disabled={!canReply}
          loading={sending}
          sx={{ flex: 'none', height: 56 }}
        >
          {T.send}
        </Button>
      </Stack>
    </Box>
  );
}

function Thread({ telefono, onChanged }: { telefono: string; onChanged(): Promise<unknown> }) {
  const thread = useQuery({
    queryKey: queryKey(E.conversation, { params: { telefono } }),
    queryFn: ({ signal }) => call(E.conversation, { params: { telefono }, signal }),
    refetchInterval: REFRESH_MS,
  });
  const end = useRef<HTMLDivElement>(null);
  const count = thread.data?.mensajes.length ?? 0;
  useEffect(() => {
    // The latest message in view, as in any chat.
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [count, telefono]);

  if (thread.isError) {
    return <Alert severity="warning">{listErrorMessage(thread.error, T.threadError)}</Alert>;
  }
  if (!thread.data) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label={T.loading} />
      </Box>
    );
  }
  const data = thread.data;
  const who = whoOf(data);
  return (
    <Stack sx={{ height: '100%' }}>
      <Box sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="h6" component="h3" id="mensajes-hilo">
          {T.thread(who)}
        </Typography>
        {data.cliente && (
          <Typography variant="body2" color="text.secondary">
            {localNumber(data.telefono)}
          </Typography>
        )}
      </Box>
      <Box
        role="log"
        aria-labelledby="mensajes-hilo"
        tabIndex={0}
        sx={{ flexGrow: 1, overflowY: 'auto', maxHeight: '60vh', minHeight: 240, p: 2 }}
      >
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {data.mensajes.map((message) => (
            <Bubble key={message.id} message={message} />
          ))}
        </Box>
        <div ref={end} />
      </Box>
      <ReplyBox
        key={telefono}
        telefono={telefono}
        canReply={data.puede_responder}
        until={data.responder_hasta}
        onSent={() => Promise.all([thread.refetch(), onChanged()])}
      />
    </Stack>
  );
}

interface ConversationListProps {
  rows: ConversationRow[];
  selected: string | null;
  onSelect(telefono: string): void;
}

function ConversationList({ rows, selected, onSelect }: ConversationListProps) {
  return (
    <List aria-label={T.conversations} disablePadding>
      {rows.map((row) => (
        <ListItem key={row.telefono} disablePadding divider>
          <ListItemButton
            selected={row.telefono === selected}
            aria-current={row.telefono === selected ? 'true' : undefined}
            onClick={() => onSelect(row.telefono)}
            sx={{ alignItems: 'flex-start' }}
          >
            <Box sx={{ minWidth: 0, flexGrow: 1 }}>
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
                <Typography variant="subtitle2" component="span" noWrap>
                  {whoOf(row)}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="span" noWrap>
                  {formatDateTime(row.ultimo.fecha)}
                </Typography>
              </Stack>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography
                  variant="body2"
                  color="text.secondary"
                  component="span"
                  noWrap
                  sx={{ flexGrow: 1, minWidth: 0 }}
                >
                  {row.ultimo.direccion === 'saliente' ? `${T.you}: ` : ''}
                  {row.ultimo.texto}
                </Typography>
                {row.sin_leer > 0 && (
                  <Chip
                    size="small"
                    color="success"
                    label={row.sin_leer}
                    aria-label={T.unread(row.sin_leer)}
                  />
                )}
              </Stack>
              {row.cliente === null && (
                <Typography variant="caption" color="text.secondary" component="span">
                  {MESSAGES_TEXTS.unknownNumber}
                </Typography>
              )}
            </Box>
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

/** Whether WhatsApp is on, for whoever may read Ajustes; null when unknown to this user. */
function useWhatsappActive(): boolean | null {
  const { can } = usePermissions();
  // The permission of E.settings: Ajustes are the admin's.
  const allowed = can('ajustes.escribir');
  const settings = useQuery({
    queryKey: queryKey(E.settings),
    queryFn: ({ signal }) => call(E.settings, { signal }),
    enabled: allowed,
  });
  return allowed && settings.data ? settings.data.activo : null;
}

/**
 * AGENDA › 'Mensajes' (DESIGN §11.5): the WhatsApp conversations, one per number, the latest
 * first, and the chosen one's thread with the reply box.
 */
export function MessagesPage() {
  const client = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const selected = search.get('telefono');
  const active = useWhatsappActive();
  const list = useQuery({
    queryKey: queryKey(E.conversations),
    queryFn: ({ signal }) => call(E.conversations, { signal }),
    refetchInterval: REFRESH_MS,
  });
  const select = (telefono: string) => setSearch({ telefono }, { replace: true });
  const refreshList = () => client.invalidateQueries({ queryKey: queryKey(E.conversations) });
  const rows = list.data;

  return (
    <PageContainer title={T.title}>
      {active === false && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button component={RouterLink} to={SETTINGS_ROUTE} color="inherit" size="small">
              {T.configure}
            </Button>
          }
        >
          {T.notConfigured}
        </Alert>
      )}
      {list.isError ? (
        <Alert severity="warning">{listErrorMessage(list.error, T.loadError)}</Alert>
      ) : rows && rows.length === 0 ? (
        <Alert severity="info">{MESSAGES_TEXTS.noConversations}</Alert>
      ) : (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Paper component="section" aria-label={T.conversations}>
              {list.isFetching && <LinearProgress aria-label={T.loading} />}
              {rows ? (
                <ConversationList rows={rows} selected={selected} onSelect={select} />
              ) : (
                <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
                  <CircularProgress aria-label={T.loading} />
                </Box>
              )}
            </Paper>
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <Paper component="section" aria-labelledby={selected ? 'mensajes-hilo' : undefined}>
              {selected ? (
                <Thread key={selected} telefono={selected} onChanged={refreshList} />
              ) : (
                <Typography color="text.secondary" sx={{ p: 3 }}>
                  {T.choose}
                </Typography>
              )}
            </Paper>
          </Grid>
        </Grid>
      )}
    </PageContainer>
  );
}
