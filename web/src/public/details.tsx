import type { ReactNode } from 'react';

/** '1200.00' → 'S/. 1,200.00', as the rest of the app writes soles. */
export const moneyText = (amount: string) => {
  const [soles = '', cents = '00'] = amount.split('.');
  return `S/. ${soles.replace(/\B(?=(\d{3})+$)/g, ',')}.${cents}`;
};

/** Terms and values, one pair a row. */
export function Details({ items }: { items: readonly (readonly [string, ReactNode] | false)[] }) {
  return (
    <dl className="details">
      {items
        .filter((item) => item !== false)
        .map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
