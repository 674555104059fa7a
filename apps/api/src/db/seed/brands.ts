import type { OrganizationSettings, PolicySection } from '../schema/organizations';

export type BrandSeed = {
  slug: string;
  name: string;
  /** Host the brand is served on, without port. */
  domain: string;
  settings: OrganizationSettings;
  policies: { section: PolicySection; title: string; body: string }[];
};

type BrandFacts = {
  slug: string;
  name: string;
  legalName: string;
  medicalGroup: string;
  domain: string;
  primaryColor: string;
  supportEmail: string;
  privacyEmail: string;
  supportPhone: string;
  mailingAddress: string;
  testimonials: OrganizationSettings['login']['testimonials'];
  dropdownLinks: { name: string; url: string }[];
  communityUrl: string;
  moreLinks: NonNullable<OrganizationSettings['more_links']>;
  sideContent: NonNullable<OrganizationSettings['side_content']>;
};

/**
 * The welcome widget's introduction (001 §2), line by line: what the narrator says (and the captions read),
 * and what its slide shows. brand-media.ts makes the video and its captions from it.
 */
export function welcomeNarration(name: string): { title: string; slide: string; spoken: string }[] {
  return [
    { title: `Welcome to ${name}`, slide: 'Care for the decades ahead', spoken: `Welcome to ${name}.` },
    {
      title: 'Your physician',
      slide: 'reviews your visit, history and labs',
      spoken: 'Your physician reviews your visit, your history and your labs before prescribing anything.',
    },
    {
      title: 'Your treatments',
      slide: 'ship to your door',
      spoken: 'Your treatments ship to your door, and your protocol changes as your results come in.',
    },
    {
      title: 'Your care team',
      slide: 'is one message away',
      spoken: 'Your care team is one message away whenever you have a question.',
    },
  ];
}

const EFFECTIVE_DATE = 'March 1, 2025';

function consentPolicy(b: BrandFacts): string {
  return [
    `This Telehealth Consent explains how ${b.medicalGroup} ("the Practice"), the affiliated medical group whose licensed physicians and clinicians provide care through the ${b.name} portal, delivers care remotely, and what you agree to when you request a visit. Please read it carefully. Effective ${EFFECTIVE_DATE}.`,
    'Telehealth means the delivery of health care services using electronic communications, information technology or other means between a clinician in one location and a patient in another. Your care may be provided through secure questionnaires, photographs, messages, and audio or video calls, without an in-person examination.',
    'Your physician will review the medical history, answers and images you provide and decide whether a treatment is appropriate for you. A prescription is never guaranteed. Your physician may ask for more information, recommend an in-person evaluation or laboratory tests, or decline to prescribe if treatment through telehealth is not safe or appropriate.',
    'Benefits of telehealth include convenient access to clinicians, fewer trips to an office, and continuity of care. Possible risks include that the information you share may be incomplete or insufficient for a diagnosis, that technical failures may delay care, and that, in rare cases, security protections could fail and your information could be disclosed without authorization despite reasonable safeguards.',
    'You agree to give complete and truthful information about your health, medications, allergies and history, to keep it up to date, and to tell the care team about any change in your health. You confirm that you are at least 18 years old and that you are physically located in the state you selected whenever you receive care.',
    'Several of the treatments offered, including rapamycin (sirolimus) for healthy aging, are prescribed "off label": the medication is approved by the U.S. Food and Drug Administration for other uses, and its use to support longevity is based on emerging evidence. Your physician will explain expected benefits, known side effects and alternatives, and you may ask questions before starting any treatment.',
    `Telehealth is not a substitute for emergency care. If you have a medical emergency, call 911 or go to the nearest emergency room. Messages sent through the portal are answered during business hours and are not monitored continuously.`,
    'You may withdraw this consent at any time by contacting us, without affecting your right to future care or treatment. Withdrawal does not affect care already provided. Some states require a live audio or video visit before a prescription can be written; where that applies, we will ask you to schedule one.',
    `By checking the consent box you confirm that you have read and understood this Telehealth Consent, that your questions have been answered, and that you agree to receive care through telehealth. Questions? Contact us at ${b.supportEmail} or ${b.supportPhone}.`,
  ].join('\n\n');
}

function privacyPolicy(b: BrandFacts): string {
  return [
    `This Privacy Policy describes how ${b.legalName} ("${b.name}", "we", "us") and ${b.medicalGroup} collect, use and protect your information when you use the ${b.name} patient portal. Effective ${EFFECTIVE_DATE}.`,
    'Information we collect. We collect the information you give us: your name, e-mail address, mobile number, date of birth, biological sex, height, weight, state of residence, shipping address, the answers to your medical questionnaires, identity documents and photographs, messages to your care team, and laboratory results. Payment card details are entered directly with our payment processor; we receive only a token and the card brand, last four digits and expiry date, never the full card number.',
    'We also collect limited technical information automatically, such as the device and browser you use, pages visited and the time of your visits, to keep the service secure and working. We do not sell your personal information, and we do not use your health information for advertising.',
    'How we use your information. We use your information to provide telehealth visits and treatment, to let physicians review your history and prescribe when appropriate, to send prescriptions to our partner pharmacies and orders to our partner laboratories, to process payments and subscriptions, to communicate with you about your care, and to comply with the law.',
    'Protected health information. Health information that identifies you is protected health information under the Health Insurance Portability and Accountability Act (HIPAA). The Practice handles it as described in its Notice of Privacy Practices, and we handle it as its business associate. We share it only with those who need it to care for you: physicians and clinicians, pharmacies, laboratories, and service providers bound by written agreements that require them to protect it.',
    'Text messages and e-mail. If you give us your mobile number and agree to text notifications, we will send messages about your account and care, up to 10 a month. Consent is not a condition of purchase. Reply STOP to unsubscribe or HELP for help. Message and data rates may apply.',
    'Security and retention. We protect your information with encryption in transit and at rest, access controls, and an audit trail of every access to patient records. We keep medical records for as long as the law requires, and other information only as long as needed for the purposes described here.',
    `Your choices and rights. You may access, correct or download your information, ask for a copy of your medical record, and ask us to delete information we are not required to keep. Depending on where you live you may have additional rights. To exercise them, write to ${b.privacyEmail} or ${b.mailingAddress}. We will not discriminate against you for exercising your rights.`,
    'Changes. We may update this policy from time to time. If we make material changes we will tell you by e-mail or in the portal before they take effect.',
  ].join('\n\n');
}

function termsOfUse(b: BrandFacts): string {
  return [
    `These Terms of Use govern your use of the ${b.name} patient portal operated by ${b.legalName}. By creating an account you agree to them. Effective ${EFFECTIVE_DATE}.`,
    `${b.name} provides technology and administrative services. Medical services are provided by independent, licensed physicians and clinicians of ${b.medicalGroup}, who exercise their own professional judgement. Nothing on the portal is medical advice until a clinician reviews your information, and no physician-patient relationship is formed until a physician accepts your visit.`,
    'Eligibility and your account. You must be at least 18 years old and located in a state where we offer the service. You agree to give accurate information, to keep your password confidential, and to tell us at once about any unauthorized use of your account. You are responsible for activity under your account.',
    'Orders, subscriptions and payments. You will not be charged for, or shipped, any prescription medication until a physician approves it. Recurring plans renew automatically at the end of each billing period at the price shown at checkout, until you pause or cancel them in the portal or by contacting us. Laboratory tests and supplements may be charged when ordered. Discount codes have no cash value and cannot be combined unless stated.',
    "Prescriptions and pharmacies. Prescriptions are filled and shipped by licensed partner pharmacies. Availability of a medication, dose or plan may depend on your state and on your physician's assessment. Some treatments are not available in every state; laboratory testing is not offered in New York, New Jersey or Rhode Island.",
    "Acceptable use. You agree not to misuse the portal: not to share your account, upload someone else's identity documents, interfere with its security, or use it for any unlawful purpose. We may suspend accounts that do so.",
    'Disclaimers and limitation of liability. The portal is provided "as is". To the fullest extent permitted by law, we are not liable for indirect or consequential damages, and our total liability for any claim relating to the portal is limited to the amounts you paid us in the twelve months before the claim. Nothing in these terms limits liability that cannot be limited by law, or any right you have under the law of your state.',
    'Governing law and changes. These terms are governed by the laws of the State of Delaware, without regard to its conflict-of-law rules. We may change these terms; continued use after notice of a change means you accept it.',
    `Contact. ${b.legalName}, ${b.mailingAddress}. E-mail ${b.supportEmail} or call ${b.supportPhone}.`,
  ].join('\n\n');
}

function buildBrand(b: BrandFacts, appUrl: string): BrandSeed & { appUrl: string } {
  const asset = (file: string) => `/brands/${b.slug}/${file}`;
  return {
    slug: b.slug,
    name: b.name,
    domain: b.domain,
    appUrl,
    settings: {
      name: b.name,
      logo: asset('logo.svg'),
      logo_light_background: asset('logo.svg'),
      logo_dark_background: asset('logo-white.svg'),
      favicons: { icon: asset('favicon.svg') },
      brand: { primary_color: b.primaryColor },
      support_email: b.supportEmail,
      login: { image_v3: asset('hero.svg'), testimonials: b.testimonials },
      // the pictures are decorative (no alt): the screens' headings say what the pages are for
      product_signup: { image: asset('product-signup.webp') },
      signup: { image: asset('signup.webp') },
      dropdown_links: b.dropdownLinks.map((l, i) => ({ _id: `${b.slug}-link-${i + 1}`, ...l })),
      verification: { has_mobile_verification: true },
      community_url: b.communityUrl,
      welcome: {
        video: {
          url: asset('welcome.mp4'),
          captions_url: asset('welcome.en.vtt'),
          poster: asset('welcome-poster.webp'),
        },
      },
      more_links: b.moreLinks,
      side_content: b.sideContent,
    },
    policies: [
      { section: 'consent', title: 'Telehealth Consent', body: consentPolicy(b) },
      { section: 'privacy', title: 'Privacy Policy', body: privacyPolicy(b) },
      { section: 'tos', title: 'Terms of Use', body: termsOfUse(b) },
    ],
  };
}

export const EVERGREEN: BrandFacts = {
  slug: 'evergreen',
  name: 'Evergreen Longevity',
  legalName: 'Evergreen Longevity, Inc.',
  medicalGroup: 'Evergreen Medical Group, P.C.',
  domain: 'localhost',
  primaryColor: '#0f8a5f',
  supportEmail: 'support@evergreen.test',
  privacyEmail: 'privacy@evergreen.test',
  supportPhone: '(415) 555-0100',
  mailingAddress: '500 Market Street, Suite 400, San Francisco, CA 94105',
  testimonials: [
    {
      quote:
        'I finally have a physician who looks at my labs as a plan for the next thirty years, not just the next appointment. My energy is better than it was at forty.',
      author: 'Margaret L.',
      title: 'Patient since 2023',
    },
    {
      quote:
        'The whole visit took fifteen minutes from my couch, and the care team answered every question about rapamycin within a day.',
      author: 'David K.',
      title: 'Rapamycin protocol',
    },
    {
      quote:
        'Clear explanations of every biomarker and a doctor who actually adjusts the plan. It feels like having a longevity clinic in my pocket.',
      author: 'Sofia R.',
      title: 'Comprehensive Longevity Panel',
    },
  ],
  dropdownLinks: [
    { name: 'Longevity Library', url: 'https://evergreen.example.com/library' },
    { name: 'Help Center', url: 'https://help.evergreen.example.com' },
  ],
  communityUrl: 'https://community.evergreen.example.com',
  moreLinks: {
    pharmacy: { label: 'Evergreen Pharmacy', url: 'https://pharmacy.evergreen.example.com' },
    community: { label: 'Community', url: 'https://community.evergreen.example.com' },
    social: { label: 'Instagram', url: 'https://www.instagram.com/evergreenlongevity' },
  },
  sideContent: {
    title: 'Members’ live Q&A',
    body: 'On the first Tuesday of each month our physicians answer members’ questions live.',
    link: { label: 'Save your seat', url: 'https://evergreen.example.com/live' },
  },
};

export const BLUECREST: BrandFacts = {
  slug: 'bluecrest',
  name: 'Bluecrest Health',
  legalName: 'Bluecrest Health, Inc.',
  medicalGroup: 'Bluecrest Physicians, P.A.',
  domain: '127.0.0.1',
  primaryColor: '#2b4acb',
  supportEmail: 'support@bluecrest.test',
  privacyEmail: 'privacy@bluecrest.test',
  supportPhone: '(512) 555-0188',
  mailingAddress: '1100 Congress Avenue, Floor 7, Austin, TX 78701',
  testimonials: [
    {
      quote:
        'Bluecrest made preventive care feel proactive instead of reactive. My doctor walked me through every result and what to do next.',
      author: 'James T.',
      title: 'Member since 2024',
    },
    {
      quote:
        'Ordering labs, talking to my physician and managing refills all happen in one place. No waiting rooms.',
      author: 'Priya N.',
      title: 'Longevity Essentials Panel',
    },
    {
      quote:
        'The coaching sessions kept me accountable. Six months in, my ApoB and HbA1c are both in the optimal range.',
      author: 'Michael B.',
      title: 'Longevity Coaching',
    },
  ],
  dropdownLinks: [
    { name: 'Healthy Aging Guides', url: 'https://bluecrest.example.com/guides' },
    { name: 'Support', url: 'https://support.bluecrest.example.com' },
  ],
  communityUrl: 'https://community.bluecrest.example.com',
  moreLinks: {
    pharmacy: { label: 'Bluecrest Pharmacy', url: 'https://pharmacy.bluecrest.example.com' },
    community: { label: 'Member Forum', url: 'https://community.bluecrest.example.com' },
    social: { label: 'LinkedIn', url: 'https://www.linkedin.com/company/bluecrest-health' },
  },
  sideContent: {
    title: 'Bring a friend',
    body: 'Members who refer a friend get their next month of coaching free.',
    link: { label: 'Refer a friend', url: 'https://bluecrest.example.com/refer' },
  },
};

/** Brand 1 on localhost and brand 2 on 127.0.0.1, so both can be tried on one machine. */
export function buildBrands(appUrl: (host: string) => string): (BrandSeed & { appUrl: string })[] {
  return [EVERGREEN, BLUECREST].map((b) => buildBrand(b, appUrl(b.domain)));
}
