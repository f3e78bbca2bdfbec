import { useQuery } from '@tanstack/react-query';
import { clientsResource, RECEIPT_PRINT_TEXTS as T, receiptTitle, type Sale } from '@app/domain';
import { call, queryKey } from '../../lib/api';
import { formatDateTime, formatMoney } from '../../lib/format';
import { usePermissions } from '../../lib/use-profile';

/** The client's phone, for WhatsApp; null when unknown or not a mobile. */
export function useClientPhone(id: number | null) {
  const { can } = usePermissions();
  const { data } = useQuery({
    queryKey: queryKey(clientsResource.endpoints.one, { params: { id: id ?? 0 } }),
    queryFn: ({ signal }) =>
      call(clientsResource.endpoints.one, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null && can('clientes.leer'),
    retry: false,
    staleTime: 60_000,
  });
  const phone = [data?.tel1_cli, data?.tel2_cli].find((p) => p && /^9\d{8}$/.test(p));
  return phone ?? null;
}

/** The WhatsApp message: who, which receipt, when, what, how much, and thanks. */
export function whatsappLink(sale: Sale, phone: string | null): string {
  const lines = [
    sale.emisor_nombre,
    `${receiptTitle(sale)} ${sale.comprobante}`,
    ...(sale.anulada ? [T.voided] : []),
    `${T.date}: ${formatDateTime(sale.fecha)}`,
    '',
    ...sale.items.map(
      (line) => `${line.cantidad} x ${line.descripcion}: ${formatMoney(line.total)}`,
    ),
    '',
    `Total: ${formatMoney(sale.total)}`,
    ...(sale.propina !== '0.00' ? [`Propina: ${formatMoney(sale.propina)}`] : []),
    '',
    T.thanks,
  ];
  return `https://wa.me/${phone ? `51${phone}` : ''}?text=${encodeURIComponent(lines.join('\n'))}`;
}
