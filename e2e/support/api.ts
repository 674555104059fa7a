import { inject } from 'vitest';
import { url } from './browser';

export type IntakeQuestion = {
  _id: string;
  label: string;
  type: 'radio' | 'checkbox' | 'short-text' | 'long-text';
  options: { _id: string; label: string; include_none: boolean }[];
};

/**
 * The `i`-th of a series of Visa numbers the sandbox accepts (any Luhn-valid number but Stripe's failing
 * test numbers), each with its own last four digits.
 */
export function visaNumber(i: number): string {
  const body = `424242424242${String(i % 1000).padStart(3, '0')}`;
  let sum = 0;
  for (const [k, ch] of [...body].reverse().entries()) {
    let d = Number(ch);
    if (k % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

type Variant = { _id: string; pricing: { type: 'one_time' | 'recurring'; interval_count: number } };

/**
 * Direct API calls for the parts of a browser test that are not what it tests: creating the test's own
 * patient and the history it needs (a card, orders, subscriptions, an answered visit), reading the
 * catalogue, checking what was stored. Only the portal's public API, as the web app calls it.
 */
export class PortalApi {
  constructor(
    readonly org: string,
    readonly token = '',
    readonly userId = '',
    readonly port: number = inject('port'),
  ) {}

  /** The clinic of a host (localhost: Evergreen, 127.0.0.1: Bluecrest), on the shared portal or `port`. */
  static async forHost(host = 'localhost', port: number = inject('port')): Promise<PortalApi> {
    const res = await fetch(url(`/organization/search?domain=${host}`, host, port), {
      headers: { accept: 'application/json' },
    });
    return new PortalApi(((await res.json()) as { _id: string })._id, '', '', port);
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const res = await fetch(url(path, 'localhost', this.port), {
      method,
      headers: {
        accept: 'application/json',
        organization: this.org,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  }

  async ok<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.call<T>(method, path, body);
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  async signup(email: string, password = 'Secret123', firstName = 'Robin'): Promise<PortalApi> {
    const { token, user } = await this.ok<{ token: string; user: { _id: string } }>('POST', '/v2/users', {
      first_name: firstName,
      last_name: 'Checkout',
      email,
      password,
      organization: this.org,
      accepted_terms: true,
    });
    return new PortalApi(this.org, token, user._id, this.port);
  }

  async login(email: string, password: string): Promise<PortalApi> {
    const { token, user } = await this.ok<{ token: string; user: { _id: string } }>(
      'POST',
      `/login/${this.org}`,
      { email, password },
    );
    return new PortalApi(this.org, token, user._id, this.port);
  }

  async productTemplate(
    slug: string,
  ): Promise<{ _id: string; name: string; type: string; intake_template: string | null }> {
    const page = await this.ok<{
      docs: { _id: string; slug: string; name: string; type: string; intake_template: string | null }[];
    }>('GET', '/v2/products?page=1&limit=50');
    const found = page.docs.find((d) => d.slug === slug);
    if (!found) throw new Error(`no product ${slug} in the shop`);
    return found;
  }

  /** The priced variant of a product: sold once, or recurring every `months`. */
  async variant(templateId: string, months: number): Promise<Variant> {
    const variants = await this.ok<Variant[]>('GET', `/product/${this.org}/template/${templateId}/products`);
    const found = variants.find((v) => v.pricing.interval_count === months);
    if (!found) throw new Error(`no ${months}-month variant of product template ${templateId}`);
    return found;
  }

  /** The questions of a product's visit, in the order the visit asks them. */
  async intakeQuestions(productTemplateId: string): Promise<IntakeQuestion[]> {
    const template = await this.ok<{ questions: IntakeQuestion[] }>(
      'GET',
      `/intake-template/${this.org}/product/${productTemplateId}`,
    );
    return template.questions;
  }

  /** An adult Californian with a medical profile, as the profile and medical history steps leave them. */
  async completeProfile(): Promise<void> {
    await this.ok('PUT', `/users/${this.org}/${this.userId}`, {
      sex: 'male',
      birthday: '04-12-1978',
      state: 'CA',
      weight: 180,
      height: 70,
      medical_profile: {
        pregnant: false,
        planning_pregnancy: false,
        breastfeeding: false,
        has_allergies: false,
        has_medical_conditions: false,
        has_current_medications: false,
      },
    });
  }

  /** Opens a visit for a product and answers every question (No, None, a short text). */
  async answeredVisit(productTemplateId: string): Promise<string> {
    const template = await this.ok<{ _id: string; questions: IntakeQuestion[] }>(
      'GET',
      `/intake-template/${this.org}/product/${productTemplateId}`,
    );
    const intake = await this.ok<{ _id: string; intake_responses: { _id: string; question: string }[] }>(
      'POST',
      `/users/${this.org}/user/${this.userId}/template/${template._id}`,
      {},
    );
    for (const question of template.questions) {
      const response = intake.intake_responses.find((r) => r.question === question._id);
      if (!response) throw new Error('a question has no response slot');
      const pick =
        question.options.find((o) => o.include_none) ??
        question.options.find((o) => o.label === 'No') ??
        question.options[0];
      const body =
        question.type === 'radio' || question.type === 'checkbox'
          ? { response: [pick!._id] }
          : { free_format_response: 'Nothing to add.' };
      await this.ok(
        'PUT',
        `/intakes/${this.org}/patient/${this.userId}/intake/${intake._id}/response/${response._id}`,
        body,
      );
    }
    return intake._id;
  }

  async intake(intakeId: string) {
    return this.ok<{
      patient_complete: boolean;
      products: { product_template: string; product?: string | null }[];
    }>('GET', `/intakes/${this.org}/patient/${this.userId}/patient-intake/${intakeId}`);
  }

  /**
   * Saves a card as the patient's default through the sandbox (tokenised as the browser would): a new card
   * leaves a 'payment' notification, so does a declined one (which answers 402).
   */
  async saveCard(number = '4242424242424242'): Promise<{ status: number }> {
    const token = await this.ok<{ id: string }>('POST', '/sandbox/payments/tokens', {
      number,
      exp_month: '12',
      exp_year: '2034',
      cvc: '123',
    });
    return this.call('POST', `/billing/${this.org}/patient/${this.userId}/billing/profile/create`, {
      token: token.id,
    });
  }

  /** Buys a product once with the saved card: a paid order, with an invoice and an 'order' notification. */
  async buyOnce(templateId: string): Promise<{ _id: string; status: string }> {
    const variant = await this.variant(templateId, 0);
    const order = await this.ok<{ _id: string }>('POST', '/v2/orders/patient', {
      product_template: templateId,
      product: variant._id,
      quantity: 1,
    });
    return this.ok('POST', `/v2/orders/${order._id}/submit`);
  }

  /** Subscribes to a recurring product (awaiting physician review, not charged). */
  async subscribe(templateId: string, months: number): Promise<{ _id: string; status: string }> {
    const variant = await this.variant(templateId, months);
    return this.ok('POST', `/v2/subscriptions/product/${variant._id}`, { quantity: 1 });
  }

  /** Cancels a subscription with a reason: leaves a 'subscription' notification. */
  async cancelSubscription(id: string, reason = 'not_needed'): Promise<{ status: string }> {
    return this.ok('POST', `/v2/subscriptions/${id}/cancel`, { data: { cancel_reason: reason } });
  }

  /** The patient's notifications, newest first, as the notifications page lists them. */
  async notifications(limit = 50) {
    return this.ok<{
      totalDocs: number;
      unread: number;
      docs: { _id: string; message: string; category: string; read: boolean }[];
    }>('GET', `/v2/notifications?limit=${limit}`);
  }
}
