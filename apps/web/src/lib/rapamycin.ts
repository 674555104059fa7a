/** The two rapamycin templates between which the medication type switches (000 §4). */
export const RAPAMYCIN_SLUGS = { generic: 'generic-rapamycin', compounded: 'compounded-rapamycin' } as const;

export function rapamycinSiblingSlug(slug: string): string | null {
  if (slug === RAPAMYCIN_SLUGS.generic) return RAPAMYCIN_SLUGS.compounded;
  if (slug === RAPAMYCIN_SLUGS.compounded) return RAPAMYCIN_SLUGS.generic;
  return null;
}
