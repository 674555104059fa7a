import type { PriceTier } from '@portal/domain/pricing/price-scheme';
import type { Db } from '../client';
import { newId } from '../ids';
import { coupons } from '../schema/billing';
import { labPanels } from '../schema/labs';
import { membershipPrices, memberships } from '../schema/memberships';
import {
  type DosageFrequency,
  type PricingType,
  type ProductType,
  products,
  productTemplates,
  type ShippingFrequency,
} from '../schema/products';
import type { IntakeTemplateIds } from './intake-templates';
import { COMPREHENSIVE_MARKERS, ESSENTIALS_MARKERS, PREPARATION_GUIDELINES } from './lab-markers';

export type CatalogueIds = {
  genericRapamycin: string;
  compoundedRapamycin: string;
  metformin: string;
  nad: string;
  acarbose: string;
  essentialsPanel: string;
  comprehensivePanel: string;
  omega3: string;
  urolithin: string;
  coaching: string;
};

export const newCatalogueIds = (): CatalogueIds => ({
  genericRapamycin: newId(),
  compoundedRapamycin: newId(),
  metformin: newId(),
  nad: newId(),
  acarbose: newId(),
  essentialsPanel: newId(),
  comprehensivePanel: newId(),
  omega3: newId(),
  urolithin: newId(),
  coaching: newId(),
});

/** The monthly coaching plan's enrolment fee, charged with the first payment only (cents). */
export const COACHING_ENROLMENT_FEE = 4900;
/** Urolithin A's monthly plan: billing starts after this free trial. */
export const UROLITHIN_TRIAL_DAYS = 14;
/** Omega-3 bought once, priced by volume: 1-2 bottles $39.00 each, 3-5 $35.00, 6 or more $31.00. */
export const OMEGA3_VOLUME_TIERS: PriceTier[] = [
  { up_to: 2, unit_amount: 3900 },
  { up_to: 5, unit_amount: 3500 },
  { up_to: null, unit_amount: 3100 },
];

export type SeededProduct = {
  id: string;
  templateId: string;
  name: string;
  pricingType: PricingType;
  intervalCount: number;
  unitAmount: number;
  strength: string | null;
};

export type SeededCatalogue = {
  templates: CatalogueIds;
  products: SeededProduct[];
  membershipId: string;
  membershipPriceIds: { monthly: string; quarterly: string };
  labPanels: { essentials: string; comprehensive: string };
  coupons: { welcome: string; labs: string; expired: string };
};

/** Finds the seeded variant of a template for a plan length and, where there are several, a strength. */
export function findProduct(
  catalogue: SeededCatalogue,
  templateId: string,
  months: number,
  strength?: string,
): SeededProduct {
  const found = catalogue.products.find(
    (p) =>
      p.templateId === templateId && p.intervalCount === months && (!strength || p.strength === strength),
  );
  if (!found)
    throw new Error(`No seeded product for ${templateId}, ${months} months, ${strength ?? 'any strength'}`);
  return found;
}

/** Per-month price in cents by strength and plan length; longer plans cost less per month. */
const GENERIC_RAPAMYCIN: Record<string, Record<number, number>> = {
  '1 mg': { 1: 11900, 3: 10900, 6: 9900, 12: 8700 },
  '2 mg': { 1: 14900, 3: 13500, 6: 12500, 12: 10900 },
  '5 mg': { 1: 19900, 3: 17900, 6: 16500, 12: 14500 },
};
const COMPOUNDED_RAPAMYCIN: Record<string, Record<number, number>> = {
  '3 mg': { 1: 7900, 3: 6900, 6: 5900, 12: 5200 },
  '6 mg': { 1: 9900, 3: 8900, 6: 7900, 12: 6900 },
};
const RAPAMYCIN_PLANS: ShippingFrequency[] = [
  { months: 1, type: 'recurring' },
  { months: 3, type: 'recurring' },
  { months: 6, type: 'recurring' },
  // The Best Value badge marks the default plan.
  { months: 12, type: 'recurring', default: true, best_value: true },
];
const ADDON_PLANS: ShippingFrequency[] = [
  { months: 1, type: 'recurring' },
  { months: 3, type: 'recurring', default: true, best_value: true },
];
const SUPPLEMENT_PLANS: ShippingFrequency[] = [
  { months: 0, type: 'one_time', non_recurring: true },
  { months: 1, type: 'recurring' },
  { months: 3, type: 'recurring', default: true, best_value: true },
];
const ONE_TIME: ShippingFrequency[] = [{ months: 0, type: 'one_time', default: true, non_recurring: true }];

const weekly = (
  instructions: string,
  custom: { min: number; max: number; default: number },
  unitsPerMonth = 4,
): DosageFrequency => ({
  frequency: { label: 'Once weekly', count: 1 },
  instructions,
  has_custom_quantity: true,
  custom_quantity: custom,
  monthly_units: unitsPerMonth,
  count: unitsPerMonth,
});

const fixed = (
  label: string,
  count: number,
  instructions: string,
  monthlyUnits: number,
): DosageFrequency => ({
  frequency: { label, count },
  instructions,
  has_custom_quantity: false,
  monthly_units: monthlyUnits,
  count: monthlyUnits,
});

type ProductRow = typeof products.$inferInsert;

const planLabel = (months: number) => (months === 0 ? 'one-time purchase' : `${months}-month plan`);

/**
 * The same catalogue for every seeded brand: two rapamycin protocols, three add-ons, two lab panels,
 * two supplements and a coaching membership, with priced variants, discount codes and lab panels.
 */
export async function seedCatalogue(
  tx: Db,
  opts: {
    organizationId: string;
    brandSlug: string;
    brandName: string;
    ids: CatalogueIds;
    intakeTemplates: IntakeTemplateIds;
  },
): Promise<SeededCatalogue> {
  const { organizationId, brandSlug, brandName, ids, intakeTemplates } = opts;
  const image = (file: string) => `/brands/${brandSlug}/products/${file}`;
  const membershipId = newId();
  const membershipPriceIds = { monthly: newId(), quarterly: newId() };

  await tx.insert(memberships).values({
    id: membershipId,
    organizationId,
    name: `${brandName} Coaching`,
    description:
      'One-to-one longevity coaching with a certified health coach, working alongside your physician on sleep, nutrition, movement and stress.',
    features: [
      {
        title: 'Monthly 1:1 sessions',
        description: 'A 45-minute video session with your dedicated coach every month.',
      },
      {
        title: 'Personal plan',
        description: "Goals and habits built around your labs and your physician's protocol.",
      },
      { title: 'Unlimited messaging', description: 'Ask your coach anything between sessions.' },
      {
        title: 'Member pricing',
        description: '15% off lab panels and supplements while your membership is active.',
      },
    ],
    includedProducts: [
      {
        name: 'Longevity Essentials Panel',
        image: image('essentials-panel.svg'),
        features: ['Twice a year', '12 key biomarkers', 'Reviewed by your physician'],
      },
      {
        name: 'Quarterly protocol review',
        image: image('coaching.svg'),
        features: ['Dose adjustments', 'Progress report'],
      },
    ],
    eventLink: `https://booking.example.com/${brandSlug}/coaching-session`,
  });
  await tx.insert(membershipPrices).values([
    { id: membershipPriceIds.monthly, membershipId, unitAmount: 14900, intervalCount: 1, isDefault: false },
    { id: membershipPriceIds.quarterly, membershipId, unitAmount: 39900, intervalCount: 3, isDefault: true },
  ]);

  const rapamycinTestimonials = [
    {
      quote:
        'Six months in, my recovery after training is noticeably faster and my labs look better than ever.',
      author: 'Chris M.',
      title: 'Generic Rapamycin, 12-month plan',
    },
    {
      quote: 'The dose was adjusted twice based on my bloodwork. It feels like a real medical program.',
      author: 'Elaine W.',
      title: 'Rapamycin protocol',
    },
  ];
  const rapamycinGuide = {
    name: 'Rapamycin patient guide (PDF)',
    url: `/brands/${brandSlug}/guides/rapamycin-patient-guide.pdf`,
  };
  const longevityTags = (main: string) => [{ label: main, main: true }, { label: 'Longevity' }];

  await tx.insert(productTemplates).values([
    {
      id: ids.genericRapamycin,
      organizationId,
      type: 'medication',
      slug: 'generic-rapamycin',
      name: 'Generic Rapamycin',
      productName: 'Generic Rapamycin (Sirolimus)',
      description:
        'Pharmacy-grade generic sirolimus, the FDA-approved form of rapamycin, taken once weekly at a low dose. Rapamycin inhibits mTOR, a central regulator of cellular ageing, and is among the most studied compounds in longevity research. Your physician sets and adjusts your dose based on your history and labs.',
      medicationType: 'generic',
      dosageType: 'tablet',
      productImages: [image('generic-rapamycin.svg')],
      productFeatures: [
        {
          title: 'FDA-approved generic',
          description: 'Made by licensed manufacturers and dispensed by U.S. pharmacies.',
        },
        { title: 'Once weekly', description: 'A low, intermittent dose designed for healthy ageing.' },
        { title: 'Physician-guided', description: 'Dose reviewed against your labs and how you feel.' },
      ],
      testimonials: rapamycinTestimonials,
      doseQuantity: 1,
      doseRecommendation: 24,
      doseSelectionText: {
        starter: 'Start low: an introductory dose while your body adjusts.',
        recommended: 'The dose most patients take once established on the protocol.',
        custom: 'Choose your own monthly quantity; your physician will review it.',
      },
      dosageStrengths: [{ strength: '1 mg' }, { strength: '2 mg' }, { strength: '5 mg' }],
      dosageFrequencies: [
        weekly(
          'Take {{weekly_dosage}} mg by mouth once a week, on the same day each week, with or without food. Pause for one week before and after any surgery or dental procedure.',
          { min: 4, max: 24, default: 4 },
        ),
      ],
      shippingFrequencies: RAPAMYCIN_PLANS,
      settings: {
        alternate_image: image('generic-rapamycin.svg'),
        details_image: image('generic-rapamycin.svg'),
        product_type: 'Prescription',
        short_description: 'FDA-approved generic sirolimus, once weekly.',
        promotional_text: 'Our most effective protocol',
        recommendation_request: true,
        exclusive_group: 'rapamycin',
        protocol: { featured: true, order: 1 },
      },
      shop: {
        benefits: [
          { title: 'High Quality', description: 'FDA-approved generic made by licensed manufacturers.' },
          {
            title: '3x Bioavailability',
            description: 'About three times the absorption of compounded capsules.',
          },
          {
            title: 'More Clinically Effective',
            description: 'The form used in most published rapamycin research.',
          },
        ],
        tags: longevityTags('Longevity'),
      },
      attachments: [rapamycinGuide],
      intakeTemplateId: intakeTemplates.generic,
      featured: true,
      sortOrder: 1,
    },
    {
      id: ids.compoundedRapamycin,
      organizationId,
      type: 'medication',
      slug: 'compounded-rapamycin',
      name: 'Compounded Rapamycin',
      productName: 'Compounded Rapamycin (Enteric-Coated)',
      description:
        'Rapamycin compounded by a licensed U.S. pharmacy into enteric-coated capsules. Absorption is lower than the generic tablet, so doses are higher, but the monthly cost is lower. A good entry point to a weekly rapamycin protocol.',
      medicationType: 'compounded',
      dosageType: 'capsule',
      productImages: [image('compounded-rapamycin.svg')],
      productFeatures: [
        { title: 'Enteric-coated', description: 'Capsules protect the medication from stomach acid.' },
        { title: 'Accessible price', description: 'The lowest monthly cost of our protocols.' },
      ],
      testimonials: [rapamycinTestimonials[1]!],
      doseQuantity: 1,
      doseRecommendation: 16,
      doseSelectionText: {
        starter: 'Start low: an introductory dose while your body adjusts.',
        recommended:
          'The dose most patients take once established; compounded doses are about three times the generic dose.',
        custom: 'Choose your own monthly quantity; your physician will review it.',
      },
      dosageStrengths: [{ strength: '3 mg' }, { strength: '6 mg' }],
      dosageFrequencies: [
        weekly(
          'Take {{compounded_dosage}} mg by mouth once a week, on the same day each week, on an empty stomach. Pause for one week before and after any surgery or dental procedure.',
          { min: 4, max: 16, default: 4 },
        ),
      ],
      shippingFrequencies: RAPAMYCIN_PLANS,
      settings: {
        alternate_image: image('compounded-rapamycin.svg'),
        details_image: image('compounded-rapamycin.svg'),
        product_type: 'Prescription',
        short_description: 'Enteric-coated compounded capsules, once weekly.',
        recommendation_request: true,
        exclusive_group: 'rapamycin',
        protocol: { order: 2 },
      },
      shop: {
        benefits: [
          { title: 'Enteric-coated capsules', description: 'Protected from stomach acid.' },
          { title: 'Lower Bioavailability', description: 'Higher doses are needed for the same effect.' },
          { title: 'Lower Clinical Efficacy', description: 'Less studied than the generic tablet.' },
        ],
        tags: longevityTags('Longevity'),
      },
      attachments: [rapamycinGuide],
      intakeTemplateId: intakeTemplates.compounded,
      sortOrder: 2,
    },
    {
      id: ids.metformin,
      organizationId,
      type: 'medication',
      slug: 'metformin-er',
      name: 'Metformin ER',
      productName: 'Metformin Extended-Release',
      description:
        'Extended-release metformin, a decades-old diabetes medication now studied for healthy ageing. It improves insulin sensitivity and is often paired with rapamycin.',
      medicationType: 'generic',
      dosageType: 'tablet',
      productImages: [image('metformin.svg')],
      productFeatures: [{ title: 'Metabolic support', description: 'Improves insulin sensitivity.' }],
      dosageStrengths: [{ strength: '500 mg' }, { strength: '750 mg' }],
      dosageFrequencies: [
        fixed('Once daily', 7, 'Take one tablet by mouth once daily with your evening meal.', 30),
      ],
      shippingFrequencies: ADDON_PLANS,
      settings: { short_description: 'Insulin-sensitising add-on.', product_type: 'Prescription' },
      shop: {
        benefits: [{ title: 'Metabolic health', description: 'Lowers fasting glucose and insulin.' }],
        tags: [{ label: 'Metabolic', main: true }],
      },
      intakeTemplateId: intakeTemplates.global,
      sortOrder: 3,
    },
    {
      id: ids.nad,
      organizationId,
      type: 'medication',
      slug: 'nad-nasal-spray',
      name: 'NAD+ Nasal Spray',
      productName: 'NAD+ Nasal Spray',
      description:
        'Nicotinamide adenine dinucleotide (NAD+), a coenzyme that declines with age, delivered as a compounded nasal spray for easy daily use.',
      medicationType: 'compounded',
      dosageType: 'spray',
      productImages: [image('nad.svg')],
      productFeatures: [{ title: 'Cellular energy', description: 'Supports mitochondrial function.' }],
      dosageStrengths: [{ strength: '300 mg' }],
      dosageFrequencies: [fixed('Daily', 7, 'Use one spray in each nostril every morning.', 1)],
      shippingFrequencies: ADDON_PLANS,
      settings: { short_description: 'Daily NAD+ support.', product_type: 'Prescription' },
      shop: {
        benefits: [{ title: 'Energy', description: 'Supports cellular energy production.' }],
        tags: [{ label: 'Energy', main: true }],
      },
      intakeTemplateId: intakeTemplates.global,
      sortOrder: 4,
    },
    {
      id: ids.acarbose,
      organizationId,
      type: 'medication',
      slug: 'acarbose',
      name: 'Acarbose',
      productName: 'Acarbose',
      description:
        'Acarbose slows the digestion of carbohydrates and blunts blood sugar spikes after meals. It extended lifespan in the NIH Interventions Testing Program.',
      medicationType: 'generic',
      dosageType: 'tablet',
      productImages: [image('acarbose.svg')],
      dosageStrengths: [{ strength: '25 mg' }, { strength: '50 mg' }],
      dosageFrequencies: [
        fixed('With meals', 21, 'Take one tablet with the first bite of each main meal.', 90),
      ],
      shippingFrequencies: ADDON_PLANS,
      settings: { short_description: 'Blunts post-meal glucose spikes.', product_type: 'Prescription' },
      shop: {
        benefits: [{ title: 'Glucose control', description: 'Smaller blood sugar spikes after meals.' }],
        tags: [{ label: 'Metabolic', main: true }],
      },
      intakeTemplateId: intakeTemplates.global,
      // Offered only as an add-on inside a visit.
      showInShop: false,
      sortOrder: 5,
    },
    {
      id: ids.essentialsPanel,
      organizationId,
      type: 'lab',
      slug: 'longevity-essentials-panel',
      name: 'Longevity Essentials Panel',
      productName: 'Longevity Essentials Panel',
      description:
        'Twelve key biomarkers of heart, metabolic, liver, kidney and thyroid health, reviewed by a physician, at more than 2,000 partner lab locations.',
      productImages: [image('essentials-panel.svg')],
      productFeatures: [
        { title: '12 biomarkers', description: 'ApoB, HbA1c, fasting insulin, hs-CRP and more.' },
        { title: 'Physician review', description: 'A written analysis from your clinical team.' },
      ],
      shippingFrequencies: ONE_TIME,
      settings: { short_description: 'The core longevity biomarkers.', product_type: 'Lab test' },
      shop: {
        benefits: [
          { title: 'Know your baseline', description: 'Track what matters for a long, healthy life.' },
        ],
        tags: [{ label: 'Labs', main: true }],
      },
      sortOrder: 6,
    },
    {
      id: ids.comprehensivePanel,
      organizationId,
      type: 'lab',
      slug: 'comprehensive-longevity-panel',
      name: 'Comprehensive Longevity Panel',
      productName: 'Comprehensive Longevity Panel',
      description:
        "Thirty-two biomarkers including ApoB, Lp(a), homocysteine, cystatin C and a full blood count, with a biological age estimate and a physician's analysis.",
      productImages: [image('comprehensive-panel.svg')],
      productFeatures: [
        { title: '32 biomarkers', description: 'Everything in Essentials plus advanced markers.' },
        { title: 'Biological age', description: 'An estimate of how fast you are ageing.' },
      ],
      shippingFrequencies: ONE_TIME,
      settings: { short_description: 'Our most complete panel.', product_type: 'Lab test' },
      shop: {
        benefits: [{ title: 'Biological age', description: 'See how your body is ageing.' }],
        tags: [{ label: 'Labs', main: true }],
      },
      sortOrder: 7,
    },
    {
      id: ids.omega3,
      organizationId,
      type: 'supplement',
      slug: 'omega-3-longevity-blend',
      name: 'Omega-3 Longevity Blend',
      productName: 'Omega-3 Longevity Blend',
      description:
        'High-potency EPA and DHA from sustainably sourced fish oil, third-party tested for purity, in easy softgels.',
      dosageType: 'softgel',
      productImages: [image('omega-3.svg')],
      dosageStrengths: [{ strength: '1000 mg' }],
      dosageFrequencies: [fixed('Twice daily', 14, 'Take one softgel twice daily with food.', 60)],
      shippingFrequencies: SUPPLEMENT_PLANS,
      settings: { short_description: 'EPA and DHA for heart and brain.', product_type: 'Supplement' },
      shop: {
        benefits: [{ title: 'Heart health', description: 'Supports healthy triglycerides.' }],
        tags: [{ label: 'Supplements', main: true }, { label: 'Heart health' }],
      },
      sortOrder: 8,
    },
    {
      id: ids.urolithin,
      organizationId,
      type: 'supplement',
      slug: 'urolithin-a',
      name: 'Urolithin A',
      productName: 'Urolithin A Cellular Renewal',
      description:
        'Urolithin A supports mitophagy, the renewal of mitochondria, and has been shown to improve muscle endurance in clinical trials.',
      dosageType: 'capsule',
      productImages: [image('urolithin-a.svg')],
      dosageStrengths: [{ strength: '500 mg' }],
      dosageFrequencies: [fixed('Once daily', 7, 'Take two capsules once daily with breakfast.', 60)],
      shippingFrequencies: SUPPLEMENT_PLANS,
      settings: { short_description: 'Mitochondrial renewal.', product_type: 'Supplement' },
      shop: {
        benefits: [{ title: 'Energy', description: 'Supports muscle endurance.' }],
        tags: [{ label: 'Supplements', main: true }, { label: 'Energy' }],
      },
      sortOrder: 9,
    },
    {
      id: ids.coaching,
      organizationId,
      type: 'coaching_membership',
      slug: 'longevity-coaching',
      name: 'Longevity Coaching',
      productName: `${brandName} Coaching Membership`,
      description:
        'Monthly one-to-one coaching with a certified health coach who works with your physician to turn your labs and protocol into daily habits.',
      productImages: [image('coaching.svg')],
      productFeatures: [
        { title: 'Your own coach', description: 'Monthly video sessions and unlimited messages.' },
      ],
      shippingFrequencies: [
        { months: 1, type: 'recurring' },
        { months: 3, type: 'recurring', default: true, best_value: true },
      ],
      settings: { short_description: 'A coach for your longevity plan.', product_type: 'Membership' },
      shop: {
        benefits: [{ title: 'Accountability', description: 'Build habits that last.' }],
        tags: [{ label: 'Coaching', main: true }],
      },
      intakeTemplateId: intakeTemplates.global,
      membershipId,
      sortOrder: 10,
    },
  ]);

  const rows: (ProductRow & { id: string; strength: string | null })[] = [];
  const add = (
    templateId: string,
    type: ProductType,
    baseName: string,
    variants: { strength: string | null; months: number; amount: number; isDefault: boolean }[],
    planProperties: (strength: string | null) => ProductRow['planProperties'],
  ) => {
    variants.forEach((v, i) => {
      rows.push({
        id: newId(),
        productTemplateId: templateId,
        organizationId,
        type,
        name: `${baseName}${v.strength ? ` ${v.strength}` : ''}, ${planLabel(v.months)}`,
        pricingType: v.months === 0 ? 'one_time' : 'recurring',
        unitAmount: v.amount,
        intervalCount: v.months,
        isDefault: v.isDefault,
        planProperties: planProperties(v.strength),
        sortOrder: i,
        strength: v.strength,
      });
    });
  };
  const byStrengthAndMonths = (table: Record<string, Record<number, number>>, defaultMonths: number) =>
    Object.entries(table).flatMap(([strength, perMonth]) =>
      Object.entries(perMonth).map(([months, cents]) => ({
        strength,
        months: Number(months),
        amount: cents * Number(months),
        isDefault: Number(months) === defaultMonths,
      })),
    );
  const weeklyProps = (unitForm: string) => (strength: string | null) => ({
    dosage_frequency: 'weekly',
    frequency: 'Once weekly',
    dosage_size: strength ?? undefined,
    units_per_month: 4,
    dosage_units: 'mg',
    unit_form: unitForm,
  });

  add(
    ids.genericRapamycin,
    'medication',
    'Generic Rapamycin',
    byStrengthAndMonths(GENERIC_RAPAMYCIN, 12),
    weeklyProps('tablet'),
  );
  add(
    ids.compoundedRapamycin,
    'medication',
    'Compounded Rapamycin',
    byStrengthAndMonths(COMPOUNDED_RAPAMYCIN, 12),
    weeklyProps('capsule'),
  );
  add(
    ids.metformin,
    'medication',
    'Metformin ER',
    byStrengthAndMonths({ '500 mg': { 1: 2500, 3: 2200 }, '750 mg': { 1: 2900, 3: 2600 } }, 3),
    (strength) => ({
      dosage_frequency: 'daily',
      dosage_size: strength ?? undefined,
      units_per_month: 30,
      unit_form: 'tablet',
    }),
  );
  add(
    ids.nad,
    'medication',
    'NAD+ Nasal Spray',
    byStrengthAndMonths({ '300 mg': { 1: 9900, 3: 8900 } }, 3),
    () => ({
      dosage_frequency: 'daily',
      units_per_month: 1,
      unit_form: 'spray bottle',
    }),
  );
  add(
    ids.acarbose,
    'medication',
    'Acarbose',
    byStrengthAndMonths({ '25 mg': { 1: 3500, 3: 3100 }, '50 mg': { 1: 3900, 3: 3500 } }, 3),
    (strength) => ({
      dosage_frequency: 'with meals',
      dosage_size: strength ?? undefined,
      units_per_month: 90,
      unit_form: 'tablet',
    }),
  );
  add(
    ids.essentialsPanel,
    'lab',
    'Longevity Essentials Panel',
    [{ strength: null, months: 0, amount: 19900, isDefault: true }],
    () => ({}),
  );
  add(
    ids.comprehensivePanel,
    'lab',
    'Comprehensive Longevity Panel',
    [{ strength: null, months: 0, amount: 44900, isDefault: true }],
    () => ({}),
  );
  const supplementVariants = (oneTime: number, monthly: number, quarterly: number) => [
    { strength: null, months: 0, amount: oneTime, isDefault: false },
    { strength: null, months: 1, amount: monthly, isDefault: false },
    { strength: null, months: 3, amount: quarterly, isDefault: true },
  ];
  add(ids.omega3, 'supplement', 'Omega-3 Longevity Blend', supplementVariants(3900, 3500, 9900), () => ({
    units_per_month: 60,
    unit_form: 'softgel',
  }));
  add(ids.urolithin, 'supplement', 'Urolithin A', supplementVariants(6900, 5900, 15900), () => ({
    units_per_month: 60,
    unit_form: 'capsule',
  }));
  add(
    ids.coaching,
    'coaching_membership',
    'Longevity Coaching',
    [
      { strength: null, months: 1, amount: 14900, isDefault: false },
      { strength: null, months: 3, amount: 39900, isDefault: true },
    ],
    () => ({ tier: 'coaching' }),
  );
  // 002 §3's broader pricing fields, one demo of each: the monthly coaching plan carries a one-time enrolment
  // fee (waived on the quarterly plan), Urolithin A's monthly plan starts with a 14-day free trial, and
  // Omega-3 bought once is priced by volume (the more bottles, the lower the price of each).
  const variantOf = (templateId: string, months: number) =>
    rows.find((r) => r.productTemplateId === templateId && r.intervalCount === months)!;
  Object.assign(variantOf(ids.coaching, 1), { oneTimeFee: COACHING_ENROLMENT_FEE });
  Object.assign(variantOf(ids.urolithin, 1), { trialPeriodDays: UROLITHIN_TRIAL_DAYS });
  Object.assign(variantOf(ids.omega3, 0), {
    billingScheme: 'tiered',
    tiersMode: 'volume',
    tiers: OMEGA3_VOLUME_TIERS,
  });
  await tx.insert(products).values(rows.map(({ strength: _, ...row }) => row));

  const panelIds = { essentials: newId(), comprehensive: newId() };
  await tx.insert(labPanels).values([
    {
      id: panelIds.essentials,
      organizationId,
      productTemplateId: ids.essentialsPanel,
      name: 'Longevity Essentials Panel',
      slug: 'longevity-essentials',
      description: 'Twelve key biomarkers of heart, metabolic, liver, kidney and thyroid health.',
      markers: ESSENTIALS_MARKERS,
      preparationGuidelines: PREPARATION_GUIDELINES,
    },
    {
      id: panelIds.comprehensive,
      organizationId,
      productTemplateId: ids.comprehensivePanel,
      name: 'Comprehensive Longevity Panel',
      slug: 'comprehensive-longevity',
      description:
        'Thirty-two biomarkers with advanced cardiovascular, liver, kidney, nutrient and blood markers.',
      markers: COMPREHENSIVE_MARKERS,
      preparationGuidelines: PREPARATION_GUIDELINES,
    },
  ]);

  const couponIds = { welcome: newId(), labs: newId(), expired: newId() };
  await tx.insert(coupons).values([
    {
      id: couponIds.welcome,
      organizationId,
      code: 'WELCOME20',
      description: '20% off your first rapamycin protocol.',
      percentOff: 20,
      appliesTo: [ids.genericRapamycin, ids.compoundedRapamycin],
    },
    {
      // Valid, but for lab panels only: in a medication checkout it is "not applicable".
      id: couponIds.labs,
      organizationId,
      code: 'LABS15',
      description: '15% off a lab panel.',
      percentOff: 15,
      appliesTo: [ids.essentialsPanel, ids.comprehensivePanel],
    },
    {
      id: couponIds.expired,
      organizationId,
      code: 'SPRING10',
      description: 'Spring promotion (ended).',
      percentOff: 10,
      appliesTo: [ids.genericRapamycin, ids.compoundedRapamycin],
      expiresAt: new Date('2024-06-01T00:00:00Z'),
    },
  ]);

  return {
    templates: ids,
    products: rows.map((r) => ({
      id: r.id,
      templateId: r.productTemplateId,
      name: r.name,
      pricingType: r.pricingType,
      intervalCount: r.intervalCount,
      unitAmount: r.unitAmount,
      strength: r.strength,
    })),
    membershipId,
    membershipPriceIds,
    labPanels: panelIds,
    coupons: couponIds,
  };
}
