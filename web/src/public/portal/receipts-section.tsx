import { PORTAL_ENDPOINTS, type PortalReceipt } from '@app/domain';
import { Details, moneyText } from '../details';
import { Problem } from '../booking/step';
import { limaDayAndTime } from '../booking/booking-dates';
import { dateText, Section } from './section';
import { useDownload, usePortalApi } from './portal-api';
import { useLoaded } from './use-loaded';

export const RECEIPTS_TEXTS = {
  none: 'Aún no tiene comprobantes.',
  loading: 'Cargando sus comprobantes…',
  date: 'Fecha',
  total: 'Total',
  voided: 'Anulado',
  pdf: 'Descargar PDF',
  xml: 'Descargar XML',
  downloading: 'Descargando…',
  /** The buttons' names for a screen reader: which receipt. */
  pdfOf: (receipt: string) => `Descargar PDF de ${receipt}`,
  xmlOf: (receipt: string) => `Descargar XML de ${receipt}`,
} as const;

type Format = 'pdf' | 'xml';

function ReceiptCard({ receipt }: { receipt: PortalReceipt }) {
  const { busy, problem, download } = useDownload<Format>();
  const { fecha } = limaDayAndTime(receipt.fecha);
  const title = `${receipt.tipo} ${receipt.comprobante}`;
  const headingId = `comprobante-${receipt.id_venta}`;
  const options = { params: { id: receipt.id_venta } };
  const name = (format: Format) => `${receipt.comprobante}.${format}`;

  const button = (format: Format) => (
    <button
      type="button"
      className="secondary"
      aria-disabled={busy !== null || undefined}
      aria-label={format === 'pdf' ? RECEIPTS_TEXTS.pdfOf(title) : RECEIPTS_TEXTS.xmlOf(title)}
      onClick={() =>
        void (format === 'pdf'
          ? download(format, PORTAL_ENDPOINTS.receiptPdf, name(format), options)
          : download(format, PORTAL_ENDPOINTS.receiptXml, name(format), options))
      }
    >
      {busy === format
        ? RECEIPTS_TEXTS.downloading
        : format === 'pdf'
          ? RECEIPTS_TEXTS.pdf
          : RECEIPTS_TEXTS.xml}
    </button>
  );

  return (
    <li className="item" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {title}
        {receipt.anulada && <span className="tag">{RECEIPTS_TEXTS.voided}</span>}
      </h3>
      <Details
        items={[
          [RECEIPTS_TEXTS.date, dateText(fecha)],
          [RECEIPTS_TEXTS.total, moneyText(receipt.total)],
        ]}
      />
      <Problem message={problem} />
      <div className="step-buttons">
        {button('pdf')}
        {receipt.xml && button('xml')}
      </div>
    </li>
  );
}

/** 'Comprobantes': the client's receipts, each one's PDF and, once electronic, its XML. */
export function ReceiptsSection({ focus }: { focus: boolean }) {
  const api = usePortalApi();
  const receipts = useLoaded(() => api.call(PORTAL_ENDPOINTS.receipts));
  return (
    <Section id="comprobantes" focus={focus}>
      <Problem message={receipts.problem} />
      {receipts.data === undefined ? (
        !receipts.problem && <p className="hint">{RECEIPTS_TEXTS.loading}</p>
      ) : receipts.data.length === 0 ? (
        <p className="empty">{RECEIPTS_TEXTS.none}</p>
      ) : (
        <ul className="items">
          {receipts.data.map((receipt) => (
            <ReceiptCard key={receipt.id_venta} receipt={receipt} />
          ))}
        </ul>
      )}
    </Section>
  );
}
