/** The first of a person's names ('Rosa' of 'Rosa María'), as mails and pages greet them. */
export const firstName = (names: string | null | undefined) => names?.trim().split(/\s+/)[0] ?? '';
