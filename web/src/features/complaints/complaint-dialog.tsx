import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  COMPLAINT_DOC_TYPE_LABELS,
  COMPLAINT_ENDPOINTS,
  COMPLAINT_GOOD_LABELS,
  COMPLAINT_KIND_LABELS,
  COMPLAINT_LIMITS,
  COMPLAINT_MESSAGES,
  COMPLAINT_TEXTS,
  COMPLAINTS_QUERY_KEY,
  ComplaintAnswerSchema,
  fillPath,
  type Complaint,
  type ComplaintDocType,
  type ComplaintSummary,
} from '@app/domain';
import { DetailsList } from '../../app/details-list';
import { ResourceForm, type FieldDef } from '../../crud';
import { confirm, showErrorDialog, toast } from '../../lib/alerts';
import { call, callWithMessage, queryKey } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useLastShown } from '../../lib/use-last-shown';
import { ComplaintStateChip, DueDate } from './complaint-cells';
import { COMPLAINTS_TEXTS as T } from './complaints-texts';

export interface ComplaintDialogProps {
  /** The row opened; null closes the dialog. */
  summary: ComplaintSummary | null;
  onClose(): void;
}

/** The whole hoja as the consumer filed it, its due date, and its answer or the form to write it. */
export function ComplaintDialog({ summary, onClose }: ComplaintDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const shown = useLastShown(summary);
  return (
    // The answer's confirmation opens over this dialog and must keep the focus.
    <Dialog
      open={summary !== null}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      fullScreen={fullScreen}
      disableEnforceFocus
    >
      {shown && (
        <>
          <DialogTitle>{T.sheetTitle(shown.numero)}</DialogTitle>
          <DialogContent dividers>
            <Sheet id={shown.id} />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => void downloadPdf(shown)}>{T.pdf}</Button>
            <Button variant="contained" onClick={onClose}>
              {T.close}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

async function downloadPdf(complaint: ComplaintSummary) {
  try {
    await downloadFile(
      fillPath(COMPLAINT_ENDPOINTS.pdf.path, { id: complaint.id }),
      {},
      `hoja-reclamacion-${complaint.numero}.pdf`,
    );
  } catch (error) {
    await showErrorDialog(T.pdfError, error);
  }
}

const documentText = (type: ComplaintDocType, doc: string) =>
  `${COMPLAINT_DOC_TYPE_LABELS[type]} ${doc}`;

/** A minor's parent or guardian, as a details row (none for an adult). */
function guardianOf({ apoderado }: Complaint): [string, string][] {
  if (!apoderado) return [];
  const doc = documentText(apoderado.tipo_doc, apoderado.doc);
  return [[COMPLAINT_TEXTS.guardian, `${apoderado.nombre} (${doc})`]];
}

/** Keeps the consumer's line breaks. */
const paragraphs = (text: string) => <span style={{ whiteSpace: 'pre-line' }}>{text}</span>;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mt: 2.5, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </section>
  );
}

function Sheet({ id }: { id: number }) {
  const params = { id };
  const sheet = useQuery({
    queryKey: queryKey(COMPLAINT_ENDPOINTS.one, { params }),
    queryFn: ({ signal }) => call(COMPLAINT_ENDPOINTS.one, { params, signal }),
  });
  if (sheet.isPending) {
    return (
      <Stack sx={{ alignItems: 'center', py: 4 }}>
        <CircularProgress aria-label={T.sheetLoading} />
      </Stack>
    );
  }
  if (sheet.isError) return <Alert severity="warning">{T.sheetError}</Alert>;
  const c = sheet.data;
  return (
    <>
      <DetailsList
        items={[
          [COMPLAINT_TEXTS.date, formatDateTime(c.fecha)],
          [T.state, <ComplaintStateChip key="estado" state={c.estado} />],
          [COMPLAINT_TEXTS.due, <DueDate key="vence" complaint={c} />],
        ]}
      />
      <Section title={COMPLAINT_TEXTS.consumer}>
        <DetailsList
          items={[
            [T.names, `${c.nombres} ${c.apellidos}`],
            [T.document, documentText(c.tipo_doc, c.doc)],
            [T.address, c.direccion],
            [T.phone, c.telefono],
            [T.email, c.email],
            [T.minor, c.menor ? T.yes : T.no],
            ...guardianOf(c),
          ]}
        />
      </Section>
      <Section title={COMPLAINT_TEXTS.contracted}>
        <DetailsList
          items={[
            [T.good, COMPLAINT_GOOD_LABELS[c.bien]],
            [COMPLAINT_TEXTS.amount, c.monto === null ? T.noAmount : formatMoney(c.monto)],
            [T.description, paragraphs(c.descripcion)],
          ]}
        />
      </Section>
      <Section title={COMPLAINT_TEXTS.detail}>
        <DetailsList
          items={[
            [T.kind, COMPLAINT_KIND_LABELS[c.tipo]],
            [T.detail, paragraphs(c.detalle)],
            [T.request, paragraphs(c.pedido)],
          ]}
        />
      </Section>
      <Section title={COMPLAINT_TEXTS.provider}>
        {c.respuesta === null ? <AnswerForm complaint={c} /> : <Answer complaint={c} />}
      </Section>
    </>
  );
}

function Answer({ complaint }: { complaint: Complaint }) {
  return (
    <DetailsList
      items={[
        [T.answer, paragraphs(complaint.respuesta ?? '')],
        [COMPLAINT_TEXTS.answeredAt, formatDateTime(complaint.respondido_at)],
        [T.answeredBy, complaint.respondido_por ?? '—'],
      ]}
    />
  );
}

const answerFields: FieldDef<'respuesta'>[] = [
  {
    name: 'respuesta',
    label: T.answer,
    kind: 'textarea',
    maxLength: COMPLAINT_LIMITS.answer,
    hint: T.answerHint,
    width: 12,
  },
];

/** 'Responder y cerrar': confirmed, then written once; the hoja shows it at once. */
function AnswerForm({ complaint }: { complaint: Complaint }) {
  const client = useQueryClient();
  const params = { id: complaint.id };
  return (
    <ResourceForm<typeof ComplaintAnswerSchema>
      fields={answerFields}
      schema={ComplaintAnswerSchema}
      defaultValues={{ respuesta: '' }}
      submitLabel={T.answerSubmit}
      errorTitle={T.answerError}
      onSubmit={async (body) => {
        if (!(await confirm(T.answerConfirm(complaint.numero)))) return;
        const answer = await callWithMessage(COMPLAINT_ENDPOINTS.answer, { params, body });
        client.setQueryData(queryKey(COMPLAINT_ENDPOINTS.one, { params }), answer.data);
        toast.success(answer.message ?? COMPLAINT_MESSAGES.answered);
        void client.invalidateQueries({ queryKey: [COMPLAINTS_QUERY_KEY] });
      }}
    />
  );
}
