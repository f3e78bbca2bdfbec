import {
  COMPLAINT_PUBLIC_ENDPOINTS,
  type ComplaintCompany,
  type ComplaintFiled,
  type ComplaintInput,
} from '@app/domain';
import { useEffect, useState } from 'react';
import { ComplaintForm } from './complaint-form';
import { ComplaintSheet } from './complaint-sheet';
import { Details } from './details';
import { callPublic } from './public-api';

export const PAGE_TEXTS = {
  company: 'Datos del proveedor',
  businessName: 'Razón social',
  ruc: 'RUC',
  address: 'Dirección',
} as const;

/** How long the form waits for the company's data before it shows without them. */
const COMPANY_WAIT_MS = 3_000;

interface Filing {
  filed: ComplaintFiled;
  input: ComplaintInput;
}

/**
 * The company the book belongs to, as Ajustes has it: undefined while it is read, null when it
 * could not be (the form works without it: the hoja is the company's all the same).
 */
function useCompany(): ComplaintCompany | null | undefined {
  const [company, setCompany] = useState<ComplaintCompany | null>();
  useEffect(() => {
    // A slow answer does not keep the form away: after a few seconds it shows without them.
    const giveUp = setTimeout(() => setCompany((known) => known ?? null), COMPANY_WAIT_MS);
    callPublic(COMPLAINT_PUBLIC_ENDPOINTS.company)
      .then(setCompany, () => setCompany(null))
      .finally(() => clearTimeout(giveUp));
    return () => clearTimeout(giveUp);
  }, []);
  return company;
}

/** Razón social, RUC and address, those Ajustes has. */
function CompanyCard({ company }: { company: ComplaintCompany }) {
  const items: (readonly [string, string] | false)[] = [
    company.razon_social !== null && [PAGE_TEXTS.businessName, company.razon_social],
    company.ruc !== null && [PAGE_TEXTS.ruc, company.ruc],
    company.direccion !== null && [PAGE_TEXTS.address, company.direccion],
  ];
  if (!items.some(Boolean)) return null;
  return (
    <section className="card company" aria-label={PAGE_TEXTS.company}>
      <Details items={items} />
    </section>
  );
}

/**
 * The public Libro de Reclamaciones (DESIGN §11.3), `/libro-reclamaciones`: the company's data,
 * the form, and once filed the numbered hoja in its place. The page's heading and legal note
 * are in libro-reclamaciones.html itself.
 */
export function ComplaintsPage() {
  const company = useCompany();
  const [filing, setFiling] = useState<Filing | null>(null);
  // The form waits for the company's data (one short call), so they do not push it down when
  // they arrive: the page's heading and legal note are already painted meanwhile.
  if (company === undefined) return null;
  return (
    <>
      {filing === null && company && <CompanyCard company={company} />}
      {filing === null ? (
        <ComplaintForm onFiled={(filed, input) => setFiling({ filed, input })} />
      ) : (
        <ComplaintSheet filed={filing.filed} input={filing.input} company={company} />
      )}
    </>
  );
}
