/** A visit fee in US dollars, in the reader's language. */
export function formatMoney(amount: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).format(amount);
}
