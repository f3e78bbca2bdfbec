import {
  COMPLAINT_DOC_TYPE_LABELS,
  COMPLAINT_DUE_WORKING_DAYS,
  COMPLAINT_GOOD_LABELS,
  COMPLAINT_KIND_LABELS,
  COMPLAINT_MESSAGES,
  COMPLAINT_TEXTS,
  type ComplaintCompany,
  type ComplaintDocType,
  type ComplaintFiled,
  type ComplaintInput,
} from '@app/domain';
import { useEffect, useRef } from 'react';
import { Details, moneyText } from './details';

export const SHEET_TEXTS = {
  title: 'Hoja de reclamación N°',
  sentTo: (email: string) => `Enviada a: ${email}`,
  provider: 'Proveedor',
  ruc: 'RUC',
  address: 'Dirección',
  names: 'Nombres y apellidos',
  document: 'Documento',
  home: 'Domicilio',
  phone: 'Teléfono',
  email: 'E-mail',
  minor: 'Menor de edad',
  yes: 'Sí',
  good: 'Bien contratado',
  description: 'Descripción',
  noAmount: 'No indicado',
  kind: 'Tipo',
  detail: 'Detalle',
  request: 'Pedido del consumidor',
  answerBy: (due: string) =>
    `Le responderemos en un plazo no mayor a ${COMPLAINT_DUE_WORKING_DAYS} días hábiles, a más tardar el ${due}.`,
  print: 'Imprimir',
} as const;

/** '2026-07-24' → '24/07/2026'. */
export const dayText = (day: string) => day.split('-').reverse().join('/');

const LIMA_DATE_TIME = new Intl.DateTimeFormat('es-PE', {
  timeZone: 'America/Lima',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** When the hoja was filed, in Lima: '24/07/2026 10:30'. */
export const dateTimeText = (iso: string) => LIMA_DATE_TIME.format(new Date(iso)).replace(',', '');

const documentText = (type: ComplaintDocType, doc: string) =>
  `${COMPLAINT_DOC_TYPE_LABELS[type]} ${doc}`;

export interface ComplaintSheetProps {
  filed: ComplaintFiled;
  input: ComplaintInput;
  company: ComplaintCompany | null;
}

/**
 * The answer page: the numbered hoja with everything the consumer wrote, its legal due date and
 * the note that the copy went to their e-mail; 'Imprimir' prints the hoja alone (its CSS
 * leaves the buttons out). It takes the focus, so a screen reader starts reading it.
 */
export function ComplaintSheet({ filed, input, company }: ComplaintSheetProps) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => titleRef.current?.focus(), []);
  const { apoderado } = input;
  return (
    <article className="card sheet" aria-labelledby="hoja-titulo">
      <h2 id="hoja-titulo" ref={titleRef} tabIndex={-1}>
        {SHEET_TEXTS.title} <span className="nowrap">{filed.numero}</span>
      </h2>
      <div className="success" role="status">
        <p>{COMPLAINT_MESSAGES.filed(filed.numero)}</p>
        <p>{SHEET_TEXTS.sentTo(input.email)}</p>
      </div>
      <Details
        items={[
          [COMPLAINT_TEXTS.date, dateTimeText(filed.fecha)],
          company?.razon_social ? [SHEET_TEXTS.provider, company.razon_social] : false,
          company?.ruc ? [SHEET_TEXTS.ruc, company.ruc] : false,
          company?.direccion ? [SHEET_TEXTS.address, company.direccion] : false,
        ]}
      />

      <h3>{COMPLAINT_TEXTS.consumer}</h3>
      <Details
        items={[
          [SHEET_TEXTS.names, `${input.nombres} ${input.apellidos}`],
          [SHEET_TEXTS.document, documentText(input.tipo_doc, input.doc)],
          [SHEET_TEXTS.home, input.direccion],
          [SHEET_TEXTS.phone, input.telefono],
          [SHEET_TEXTS.email, input.email],
          input.menor && [SHEET_TEXTS.minor, SHEET_TEXTS.yes],
          apoderado !== null && [
            COMPLAINT_TEXTS.guardian,
            `${apoderado.nombre} (${documentText(apoderado.tipo_doc, apoderado.doc)})`,
          ],
        ]}
      />

      <h3>{COMPLAINT_TEXTS.contracted}</h3>
      <Details
        items={[
          [SHEET_TEXTS.good, COMPLAINT_GOOD_LABELS[input.bien]],
          [COMPLAINT_TEXTS.amount, input.monto ? moneyText(input.monto) : SHEET_TEXTS.noAmount],
          [SHEET_TEXTS.description, input.descripcion],
        ]}
      />

      <h3>{COMPLAINT_TEXTS.detail}</h3>
      <Details
        items={[
          [SHEET_TEXTS.kind, COMPLAINT_KIND_LABELS[input.tipo]],
          [SHEET_TEXTS.detail, input.detalle],
          [SHEET_TEXTS.request, input.pedido],
        ]}
      />

      <p className="due">{SHEET_TEXTS.answerBy(dayText(filed.vence))}</p>
      <p className="legal">{COMPLAINT_TEXTS.otherRemedies}</p>
      <button type="button" className="primary no-print" onClick={() => window.print()}>
        {SHEET_TEXTS.print}
      </button>
    </article>
  );
}
