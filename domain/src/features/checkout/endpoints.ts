import { z } from 'zod';
import { pageOf, successOf } from '../../api';
import { defineEndpoints } from '../../endpoint';
import { exportQueryOf, IdParamSchema } from '../../list-query';
import { SaleInputSchema, SaleReissueSchema, SaleVoidSchema } from './sale-input';
import {
  ReceiptFileQuerySchema,
  ReceiptPdfQuerySchema,
  SaleListQuerySchema,
  SaleSchema,
  SaleSummarySchema,
} from './sale-record';
import {
  SalesReportExportQuerySchema,
  SalesReportQuerySchema,
  SalesReportSchema,
} from './sales-report';
import { GIFT_CARD_PATHS, GiftCardParamsSchema, GiftCardSchema } from './gift-cards';
import {
  CashCloseInputSchema,
  CashMovementInputSchema,
  CashOpenInputSchema,
  CashDayQuerySchema,
  CashDaySchema,
  CashReopenInputSchema,
} from './till';

/**
 * Checkout's feature name: the root of every sales query key in the web, so a sale or a void
 * refreshes them all.
 */
export const SALES_QUERY_KEY = 'ventas';

/**
 * Checkout's routes (decisions §numbering): a sale is issued and voided, never edited (a receipt
 * SUNAT rejected is issued again); the till of a day is read, closed and reopened; the sales
 * report. Charging is the cashier's (`caja.cobrar`); voiding, re-issuing, reopening a day and
 * the report are `caja.administrar`'s.
 */
export const SALE_ENDPOINTS = defineEndpoints(SALES_QUERY_KEY, {
  register: {
    method: 'POST',
    path: '/venta/register',
    body: SaleInputSchema,
    response: { 201: successOf(SaleSchema) },
    permission: 'caja.cobrar',
    jsonField: true,
  },
  list: {
    method: 'GET',
    path: '/ventas/',
    query: SaleListQuerySchema,
    response: successOf(pageOf(SaleSummarySchema)),
    permission: 'caja.cobrar',
  },
  report: {
    method: 'GET',
    path: '/ventas/reporte',
    query: SalesReportQuerySchema,
    response: successOf(SalesReportSchema),
    permission: 'caja.administrar',
  },
  reportExport: {
    method: 'GET',
    path: '/ventas/reporte/export',
    query: SalesReportExportQuerySchema,
    response: z
      .string()
      .describe('El reporte de ventas en CSV (UTF-8 con BOM, «;») o en xlsx, una hoja por tabla'),
    permission: 'caja.administrar',
  },
  export: {
    method: 'GET',
    path: '/ventas/export',
    query: exportQueryOf(SaleListQuerySchema),
    response: z
      .string()
      .describe('Las ventas que seleccionan los filtros: CSV (UTF-8 con BOM, «;») o xlsx'),
    permission: 'caja.cobrar',
  },
  one: {
    method: 'GET',
    path: '/venta/:id',
    params: IdParamSchema,
    response: successOf(SaleSchema),
    permission: 'caja.cobrar',
  },
  // The electronic receipt's files (DESIGN §11.1), read as the sale is: the signed XML of the
  // receipt or of its nota de crédito, and the PDF of either, whose content is the print view's.
  xml: {
    method: 'GET',
    path: '/venta/:id/xml',
    params: IdParamSchema,
    query: ReceiptFileQuerySchema,
    response: z
      .string()
      .describe('El XML firmado (UBL 2.1) del comprobante electrónico o de su nota de crédito'),
    permission: 'caja.cobrar',
  },
  pdf: {
    method: 'GET',
    path: '/venta/:id/pdf',
    params: IdParamSchema,
    query: ReceiptPdfQuerySchema,
    response: z
      .string()
      .describe('El comprobante o su nota de crédito en PDF, en A4 o en 80 mm, como se imprime'),
    permission: 'caja.cobrar',
  },
  void: {
    method: 'PATCH',
    path: '/venta/anular',
    body: SaleVoidSchema,
    response: successOf(SaleSchema),
    permission: 'caja.administrar',
  },
  // A receipt SUNAT rejected (issue 32 §2): voided without a note and issued again on a new
  // number, in one transaction; an administrator's, as a void is. Answers the new sale.
  reissue: {
    method: 'POST',
    path: '/venta/reemitir',
    body: SaleReissueSchema,
    response: { 201: successOf(SaleSchema) },
    permission: 'caja.administrar',
  },
  cash: {
    method: 'GET',
    path: '/caja',
    query: CashDayQuerySchema,
    response: successOf(CashDaySchema),
    permission: 'caja.cobrar',
  },
  close: {
    method: 'POST',
    path: '/caja/cierre',
    body: CashCloseInputSchema,
    response: { 201: successOf(CashDaySchema) },
    permission: 'caja.cobrar',
    jsonField: true,
  },
  open: {
    method: 'POST',
    path: '/caja/apertura',
    body: CashOpenInputSchema,
    response: { 201: successOf(CashDaySchema) },
    permission: 'caja.cobrar',
    jsonField: true,
  },
  movement: {
    method: 'POST',
    path: '/caja/movimiento',
    body: CashMovementInputSchema,
    response: { 201: successOf(CashDaySchema) },
    permission: 'caja.cobrar',
    jsonField: true,
  },
  /** A gift card's balance and movements, by its code (the counter reads it before charging). */
  giftCard: {
    method: 'GET',
    path: GIFT_CARD_PATHS.one,
    params: GiftCardParamsSchema,
    response: successOf(GiftCardSchema),
    permission: 'caja.cobrar',
  },
  // Reopening serves voiding or fixing a sale of that day, which is caja.administrar's, and
  // undoes the till's control as a void undoes a sale: the same permission guards both.
  reopen: {
    method: 'POST',
    path: '/caja/reapertura',
    body: CashReopenInputSchema,
    response: successOf(CashDaySchema),
    permission: 'caja.administrar',
    jsonField: true,
  },
});
